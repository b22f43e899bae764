#include "components/input_table.h"

#include "core/model/introspection.h"
#include "core/model/model.h"
#include "core/support/closest_name.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace lied::components {
namespace {

constexpr std::uintmax_t kMaxBytes = 256u << 20;
constexpr const char* kRule = "an input table is a header 'time, <input>, ...' and rows of finite numbers, the time non-decreasing";

std::vector<std::string> cells_of(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    std::istringstream in(line);
    while (std::getline(in, cell, line.find(';') != std::string::npos ? ';' : ',')) {
        const auto a = cell.find_first_not_of(" \t\r\""), b = cell.find_last_not_of(" \t\r\"");
        cells.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
    }
    return cells;
}

bool number_of(const std::string& text, double& out) {
    if (text.empty()) return false;
    char* end = nullptr;
    errno = 0;
    out = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && errno == 0 && std::isfinite(out);
}

// A cell as a message shows it: short, unprintable characters as '?'.
std::string excerpt(const std::string& cell) {
    std::string out;
    for (std::size_t i = 0; i < cell.size() && i < 32; ++i) {
        const auto c = static_cast<unsigned char>(cell[i]);
        out += c < 0x20 || c >= 0x7f ? '?' : static_cast<char>(c);
    }
    return cell.size() > 32 ? out + "..." : out;
}

}  // namespace

InputTable read_input_table(const std::string& path) {
    const std::string where = "input table '" + excerpt(path) + "'";
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) throw std::invalid_argument(where + ": cannot open the file");
    if (!std::filesystem::is_regular_file(status)) throw std::invalid_argument(where + ": not a regular file (rule: an input table is a regular file)");
    if (std::filesystem::file_size(path, ec) > kMaxBytes) throw std::invalid_argument(where + ": larger than 256 MiB");
    std::ifstream in(path);
    if (!in) throw std::invalid_argument(where + ": cannot open the file");
    InputTable table;
    table.source = path;
    std::string line;
    bool header = false;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
        const auto cells = cells_of(line);
        const std::string at = where + ", line " + std::to_string(number);
        if (!header) {
            header = true;
            if (cells.size() < 2 || cells[0] != "time")
                throw std::invalid_argument(at + ": the header is '" + excerpt(line) + "' (rule: " + kRule + ")");
            for (std::size_t c = 1; c < cells.size(); ++c) {
                if (cells[c].empty()) throw std::invalid_argument(at + ": column " + std::to_string(c + 1) + " has no name (rule: " + kRule + ")");
                for (auto& earlier : table.names)
                    if (earlier == cells[c]) throw std::invalid_argument(at + ": the input '" + excerpt(cells[c]) + "' has two columns");
                table.names.push_back(cells[c]);
            }
            table.values.resize(table.names.size());
            continue;
        }
        if (cells.size() != table.names.size() + 1)
            throw std::invalid_argument(at + ": " + std::to_string(cells.size()) + " cells, the header has " + std::to_string(table.names.size() + 1) +
                                        " (rule: " + kRule + ")");
        double t = 0;
        if (!number_of(cells[0], t)) throw std::invalid_argument(at + ": '" + excerpt(cells[0]) + "' is not a time (rule: " + kRule + ")");
        if (!table.time.empty() && t < table.time.back())
            throw std::invalid_argument(at + ": time " + excerpt(cells[0]) + " s comes after " + std::to_string(table.time.back()) + " s (rule: " + kRule + ")");
        table.time.push_back(t);
        for (std::size_t c = 1; c < cells.size(); ++c) {
            double v = 0;
            if (!number_of(cells[c], v))
                throw std::invalid_argument(at + ": '" + excerpt(cells[c]) + "' for " + table.names[c - 1] + " is not a finite number (rule: " + kRule + ")");
            table.values[c - 1].push_back(v);
        }
    }
    if (!header || table.time.empty()) throw std::invalid_argument(where + ": no rows (rule: " + std::string(kRule) + ")");
    return table;
}

void drive_inputs(Component& root, const InputTable& table, Input::Interpolation interpolation) {
    const Model model = describe(root);
    std::vector<std::string> known;
    for (auto& in : model.inputs) known.push_back(in.path);
    for (std::size_t c = 0; c < table.names.size(); ++c) {
        const std::string& name = table.names[c];
        const InputInfo* found = nullptr;
        for (auto& in : model.inputs)
            if (in.path == name) found = &in;
        if (!found)
            throw std::invalid_argument(table.source + ": column '" + excerpt(name) + "' names no input of the system" +
                                        (known.empty() ? std::string(" (it has none)") : did_you_mean(name, known)));
        auto* input = dynamic_cast<Input*>(model.components[static_cast<std::size_t>(found->component)].component);
        if (!input) throw std::invalid_argument(table.source + ": input '" + name + "' is not an Input component; a table drives Input components");
        input->table.clear();
        for (std::size_t r = 0; r < table.time.size(); ++r) input->table.emplace_back(table.time[r], table.values[c][r]);
        input->interpolation = interpolation;
    }
}

void release_input_tables(Component& root) {
    const Model model = describe(root);
    for (auto& in : model.inputs)
        if (auto* input = dynamic_cast<Input*>(model.components[static_cast<std::size_t>(in.component)].component)) input->table.clear();
}

}  // namespace lied::components
