#include "systems/results/result_table.h"

#include "core/support/closest_name.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"

#include <cmath>
#include <charconv>
#include <fstream>
#include <limits>
#include <stdexcept>

namespace lied::systems {
namespace {

// "t1 (OutTank, first tank)": which component a value belongs to, as the model knows it.
std::string owner(const Model& m, int component) {
    if (component <= 0 || static_cast<std::size_t>(component) >= m.components.size()) return "the system";
    const ComponentInfo& c = m.components[static_cast<std::size_t>(component)];
    std::string s = c.path + " (" + c.component->type_name();
    if (!c.description.empty()) s += ", " + c.description;
    return s + ")";
}

// What a recorded name is, for a reader who sees only the name: a state, a variable or a parameter, and whose.
std::string describe_value(const Model& m, const std::string& name) {
    for (auto& s : m.states)
        if (s.path == name) return "state of " + owner(m, s.component);
    for (auto& v : m.variables)
        if (v.path == name) return "variable of " + owner(m, v.component);
    for (auto& p : m.parameters)
        if (p.path == name) return p.spec.description.empty() ? "parameter of " + owner(m, p.component) : p.spec.description.str();
    return "exists in some structure segments only";
}

std::vector<std::string> split_csv_line(const std::string& line) {
    std::vector<std::string> cells(1);
    for (char c : line) {
        if (c == ',') cells.emplace_back();
        else if (c != '\r') cells.back() += c;
    }
    return cells;
}

}  // namespace

std::size_t ResultTable::series_index(const std::string& name) const {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < series.size(); ++i) {
        if (series[i].name == name) return i;
        names.push_back(series[i].name);
    }
    throw std::invalid_argument("'" + name + "' is not in the results" + did_you_mean(name, names));
}

std::vector<ParameterSnapshot> snapshot_parameters(const Simulator& sim) {
    std::vector<ParameterSnapshot> out;
    for (auto& p : sim.model().parameters)
        out.push_back({{p.path, p.spec.description.str(), p.spec.unit.str()}, *p.value});
    return out;
}

ResultTable result_table(const Recorder& recorder, const Simulator& sim, const std::vector<ParameterSnapshot>& parameters,
                         double t_start) {
    ResultTable t;
    for (auto& p : parameters) {
        t.constants.push_back(p.variable);
        t.constant_values.push_back(p.value);
    }
    const Model& m = sim.model();
    for (std::size_t i = 0; i < recorder.names().size(); ++i) {
        const std::string& name = recorder.names()[i];
        t.series.push_back({name, describe_value(m, name), i < recorder.units().size() ? recorder.units()[i] : std::string()});
    }
    t.times = recorder.times();
    t.rows.reserve(t.times.size());
    for (std::size_t k = 0; k < t.times.size(); ++k) t.rows.push_back(recorder.row(k));
    t.t_start = t_start;
    t.t_end = sim.time();
    const auto& segments = sim.segments();
    for (std::size_t s = 0; s < segments.size(); ++s)
        t.segments.push_back({segments[s].start, s + 1 < segments.size() ? segments[s + 1].start : sim.time(), segments[s].states,
                              segments[s].change});
    return t;
}

ResultTable read_csv_results(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read '" + path + "'");
    std::string line;
    if (!std::getline(in, line)) throw std::runtime_error(path + ": the file is empty (expected the header `time,<names>`)");
    const std::vector<std::string> header = split_csv_line(line);
    if (header[0] != "time") throw std::runtime_error(path + ":1: the first column must be `time`, got '" + header[0] + "'");
    ResultTable t;
    for (std::size_t i = 1; i < header.size(); ++i) {
        ResultVariable v{header[i], "", ""};
        const auto open = header[i].rfind(" [");
        if (open != std::string::npos && header[i].back() == ']') {
            v.name = header[i].substr(0, open);
            v.unit = header[i].substr(open + 2, header[i].size() - open - 3);
        }
        t.series.push_back(v);
    }
    std::size_t line_number = 1;
    while (std::getline(in, line)) {
        ++line_number;
        if (line.empty() || line == "\r") continue;
        const std::vector<std::string> cells = split_csv_line(line);
        if (cells.size() != header.size())
            throw std::runtime_error(path + ":" + std::to_string(line_number) + ": " + std::to_string(cells.size()) + " cells, the header has " +
                                     std::to_string(header.size()));
        std::vector<double> values(cells.size());
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (cells[i].empty() && i > 0) {
                values[i] = std::numeric_limits<double>::quiet_NaN();   // did not exist in this segment
                continue;
            }
            const char* end = cells[i].data() + cells[i].size();
            auto [ptr, ec] = std::from_chars(cells[i].data(), end, values[i]);
            if (ec != std::errc() || ptr != end)
                throw std::runtime_error(path + ":" + std::to_string(line_number) + ": column '" + header[i] + "' is not a number: '" +
                                         cells[i] + "'");
        }
        t.times.push_back(values[0]);
        t.rows.emplace_back(values.begin() + 1, values.end());
    }
    if (!t.times.empty()) t.t_start = t.times.front(), t.t_end = t.times.back();
    return t;
}

}  // namespace lied::systems
