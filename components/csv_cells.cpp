#include "components/csv_cells.h"

#include "core/model/build_error.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace lied::components {

std::ifstream open_table_file(const std::string& path, const std::string& where, const std::string& noun) {
    constexpr std::uintmax_t kMaxBytes = 256u << 20;   // 10⁷ rows of a few numbers each fit comfortably
    const std::string rule = "a " + noun + "'s file";
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        throw BuildError(where + ": cannot open the file (rule: " + rule + " exists and is readable)", noun + " file");
    if (!std::filesystem::is_regular_file(status)) throw BuildError(where + ": not a regular file (rule: " + rule + " is a regular file)", noun + " file");
    if (const auto bytes = std::filesystem::file_size(path, ec); ec || bytes > kMaxBytes)
        throw BuildError(where + ": " + (ec ? ec.message() : std::to_string(bytes) + " bytes") + " (rule: " + rule + " has at most 256 MiB)",
                         noun + " size");
    std::ifstream in(path);
    if (!in) throw BuildError(where + ": cannot open the file (rule: " + rule + " exists and is readable)", noun + " file");
    return in;
}

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
