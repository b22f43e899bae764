#pragma once
// A table component's matrix read from a CSV file: rows of numbers, all of one length; lines that are empty or start
// with '#' are skipped. For a table of one variable a first row that does not start with a number is a header; for a
// table of two variables the first row holds the second variable's grid after a corner cell that may be any text.
// The file must be a regular file of at most 256 MiB with at most ArrayParameter::kMaxElements numbers. Errors are
// BuildErrors naming `where`, the line and the rule.
#include "core/model/array_parameter.h"

#include <string>

namespace lied::components {

enum class CsvLayout { Rows, GridWithCorner };

ArrayParameter read_csv_matrix(const std::string& path, const std::string& where, CsvLayout layout);

}  // namespace lied::components
