#include "components/input_table.h"

#include "components/csv_cells.h"

#include "core/model/build_error.h"
#include "core/model/introspection.h"
#include "core/model/model.h"
#include "core/model/valid_range.h"
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
constexpr const char* kRangeRule = "an input stays in its declared range";
constexpr const char* kRule = "an input table is a header 'time, <input>, ...' and rows of finite numbers, the time non-decreasing";

}  // namespace

InputTable read_input_table(const std::string& path) {
    const std::string where = "input table '" + cell_excerpt(path, 256) + "'";
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
        if (number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);   // a UTF-8 byte order mark (spreadsheets write one)
        if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
        const auto cells = csv_cells(line);
        const std::string at = where + ", line " + std::to_string(number);
        if (!header) {
            header = true;
            if (cells.size() < 2 || cells[0] != "time")
                throw std::invalid_argument(at + ": the header is '" + cell_excerpt(line, 32) + "' (rule: " + kRule + ")");
            for (std::size_t c = 1; c < cells.size(); ++c) {
                if (cells[c].empty()) throw std::invalid_argument(at + ": column " + std::to_string(c + 1) + " has no name (rule: " + kRule + ")");
                for (auto& earlier : table.names)
                    if (earlier == cells[c]) throw std::invalid_argument(at + ": the input '" + cell_excerpt(cells[c], 32) + "' has two columns");
                table.names.push_back(cells[c]);
            }
            table.values.resize(table.names.size());
            continue;
        }
        if (cells.size() != table.names.size() + 1)
            throw std::invalid_argument(at + ": " + std::to_string(cells.size()) + " cells, the header has " + std::to_string(table.names.size() + 1) +
                                        " (rule: " + kRule + ")");
        double t = 0;
        if (!finite_number(cells[0], t)) throw std::invalid_argument(at + ": '" + cell_excerpt(cells[0], 32) + "' is not a time (rule: " + kRule + ")");
        if (!table.time.empty() && t < table.time.back())
        {
            std::ostringstream previous;
            previous << table.time.back();
            throw std::invalid_argument(at + ": time " + cell_excerpt(cells[0], 32) + " s is before the previous row's " + previous.str() + " s (rule: " +
                                        kRule + ")");
        }
        table.time.push_back(t);
        table.lines.push_back(number);
        for (std::size_t c = 1; c < cells.size(); ++c) {
            double v = 0;
            if (!finite_number(cells[c], v))
                throw std::invalid_argument(at + ": '" + cell_excerpt(cells[c], 32) + "' for " + table.names[c - 1] + " is not a finite number (rule: " + kRule + ")");
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
    // Every column is checked before any input changes: a table that does not fit changes nothing.
    std::vector<Input*> driven;
    for (const std::string& name : table.names) {
        const InputInfo* found = nullptr;
        for (auto& in : model.inputs)
            if (in.path == name) found = &in;
        if (!found)
            throw std::invalid_argument(table.source + ": column '" + cell_excerpt(name, 32) + "' names no input of the system" +
                                        (known.empty() ? std::string(" (it has none)") : did_you_mean(name, known)));
        auto* input = dynamic_cast<Input*>(model.components[static_cast<std::size_t>(found->component)].component);
        if (!input) throw std::invalid_argument(table.source + ": input '" + name + "' is not an Input component; a table drives Input components");
        // Each value inside the input's range, named by the file's line (the Input would refuse it too, without the line).
        const std::vector<double>& column = table.values[driven.size()];
        for (std::size_t r = 0; r < column.size(); ++r) {
            if (column[r] >= *found->min && column[r] <= *found->max) continue;
            if (!std::isfinite(column[r]))   // a table given from Python may hold one
                throw std::invalid_argument(table.source + (r < table.lines.size() ? ", line " + std::to_string(table.lines[r]) : ", row " + std::to_string(r + 1)) +
                                            ": " + name + " is not a finite number");
            const std::string unit = found->unit.empty() || found->unit == "1" ? "" : " " + found->unit;
            std::ostringstream s;
            s << table.source << (r < table.lines.size() ? ", line " + std::to_string(table.lines[r]) : ", row " + std::to_string(r + 1)) << ": " << name
              << " = " << column[r] << unit << " at t = " << table.time[r] << " s is outside its range " << interval_text(*found->min, *found->max, false)
              << unit << " (rule: " << kRangeRule << ")";
            throw BuildError(s.str(), kRangeRule);   // a broken rule, as the Input itself would report it
        }
        driven.push_back(input);
    }
    for (std::size_t c = 0; c < driven.size(); ++c) {
        driven[c]->table.clear();
        for (std::size_t r = 0; r < table.time.size(); ++r) driven[c]->table.emplace_back(table.time[r], table.values[c][r]);
        driven[c]->interpolation = interpolation;
    }
}

Input::Interpolation interpolation_named(const std::string& name) {
    if (name == "linear") return Input::Interpolation::Linear;
    if (name == "hold") return Input::Interpolation::Hold;
    throw std::invalid_argument("the interpolation between an input table's rows is linear or hold, got '" + cell_excerpt(name, 32) + "'");
}

void release_input_tables(Component& root) {
    const Model model = describe(root);
    for (auto& in : model.inputs)
        if (auto* input = dynamic_cast<Input*>(model.components[static_cast<std::size_t>(in.component)].component)) input->table.clear();
}

}  // namespace lied::components
