#pragma once
// The cells of the CSV tables that components read (time tables, input tables): one line split at commas (or at
// semicolons, if it has any), each cell trimmed of spaces, tabs, a carriage return and quotes; numbers parsed whole
// and finite; a cell shown in a message as a short, printable excerpt (a file named by mistake is never echoed).
#include <cstddef>
#include <fstream>
#include <string>
#include <vector>

namespace lied::components {

std::vector<std::string> csv_cells(const std::string& line);
// True, and `out` set, if `text` is a finite number and nothing else.
bool finite_number(const std::string& text, double& out);
// A table's file opened for reading: a regular file (a FIFO or a device would block or never end) of at most 256 MiB.
// Otherwise a BuildError "<where>: … (rule: a <noun>'s file …)", e.g. noun "time table".
std::ifstream open_table_file(const std::string& path, const std::string& where, const std::string& noun);
// At most `max` characters, anything unprintable as '?', "..." if cut.
std::string cell_excerpt(const std::string& cell, std::size_t max);

}  // namespace lied::components
