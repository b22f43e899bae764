#include "components/csv_cells.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace lied::components {

std::vector<std::string> csv_cells(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream in(line);
    while (std::getline(in, cell, line.find(';') != std::string::npos ? ';' : ',')) {
        const auto a = cell.find_first_not_of(" \t\r\""), b = cell.find_last_not_of(" \t\r\"");
        cells.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
    }
    return cells;
}

bool finite_number(const std::string& text, double& out) {
    if (text.empty()) return false;
    char* end = nullptr;
    errno = 0;
    out = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && errno == 0 && std::isfinite(out);
}

std::string cell_excerpt(const std::string& cell, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < cell.size() && i < max; ++i) {
        const auto c = static_cast<unsigned char>(cell[i]);
        out += c < 0x20 || c >= 0x7f ? '?' : static_cast<char>(c);
    }
    return cell.size() > max ? out + "..." : out;
}

}  // namespace lied::components
