#include "components/csv_matrix.h"

#include "components/csv_cells.h"
#include "core/model/build_error.h"

#include <filesystem>
#include <fstream>

namespace lied::components {

namespace {
constexpr const char* kRule = "a table's file has rows of numbers, all of the same length";
}  // namespace

ArrayParameter read_csv_matrix(const std::string& path, const std::string& where, CsvLayout layout) {
    std::ifstream in = open_table_file(path, where, "table");
    std::vector<double> values;
    std::size_t rows = 0, cols = 0;
    bool header_seen = false;
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
        const std::vector<std::string> cells = csv_cells(line);
        const std::string at = where + ", line " + std::to_string(number);
        const bool first = rows == 0;
        double v = 0.0;
        if (first && !header_seen && layout == CsvLayout::Rows && !cells.empty() && !finite_number(cells[0], v)) {   // one header row
            header_seen = true;
            continue;
        }
        if (first) cols = cells.size();
        else if (cells.size() != cols)
            throw BuildError(at + ": " + std::to_string(cells.size()) + " cells, the first row has " + std::to_string(cols) + " (rule: " + kRule + ")", kRule);
        for (std::size_t k = 0; k < cells.size(); ++k) {
            if (first && k == 0 && layout == CsvLayout::GridWithCorner) {   // the corner: not part of either grid
                values.push_back(0.0);
                continue;
            }
            if (!finite_number(cells[k], v))
                throw BuildError(at + ", cell " + std::to_string(k + 1) + ": '" + cell_excerpt(cells[k], 24) + "' is not a number (rule: " + kRule + ")", kRule);
            values.push_back(v);
        }
        ++rows;
        if (values.size() > ArrayParameter::kMaxElements)
            throw BuildError(where + ": more than " + std::to_string(ArrayParameter::kMaxElements) + " numbers (rule: a table holds at most that many)", "table size");
    }
    if (rows == 0) throw BuildError(where + ": no rows of numbers (rule: " + std::string(kRule) + ")", kRule);
    return ArrayParameter::matrix(rows, cols, std::move(values));
}

}  // namespace lied::components
