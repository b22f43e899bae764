#include "components/time_table.h"

#include "components/csv_cells.h"

#include "core/model/build_error.h"
#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace lied::components {
namespace {

constexpr std::size_t kMaxRows = 10'000'000;

constexpr const char* kRule = "a time table has rows of numbers, the first column a non-decreasing time";

}  // namespace

void TimeTable::load(const Meta& meta) {
    const int col = static_cast<int>(column);
    const std::string key = fileName + "#" + std::to_string(col);
    if (key == loaded_) return;
    const std::string where = meta.path_of("fileName") + " = '" + fileName + "'";
    std::ifstream in = open_table_file(fileName, where, "time table");
    std::vector<double> t, v;
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
        const auto cells = csv_cells(line);
        double time = 0, value = 0;
        const bool numeric = !cells.empty() && finite_number(cells[0], time);
        if (!numeric && t.empty() && number == 1) continue;   // a header
        const std::string at = where + ", line " + std::to_string(number);
        if (!numeric) throw BuildError(at + ": '" + cell_excerpt(cells[0], 24) + "' is not a time (rule: " + kRule + ")", kRule);
        if (static_cast<int>(cells.size()) < col)
            throw BuildError(at + ": has " + std::to_string(cells.size()) + " columns, column = " + std::to_string(col) +
                                 " (rule: every row has the output column)", "time table column");
        if (!finite_number(cells[col - 1], value)) throw BuildError(at + ": '" + cell_excerpt(cells[col - 1], 24) + "' is not a number (rule: " + kRule + ")", kRule);
        if (!t.empty() && time < t.back())
            throw BuildError(at + ": time " + cell_excerpt(cells[0], 24) + " s comes after " + std::to_string(t.back()) + " s (rule: " + kRule + ")", kRule);
        if (t.size() >= kMaxRows) throw BuildError(where + ": more than 10⁷ rows (rule: a time table has at most 10⁷ rows)", "time table size");
        t.push_back(time);
        v.push_back(value);
    }
    if (t.empty()) throw BuildError(where + ": no rows (rule: " + std::string(kRule) + ")", kRule);
    t_ = std::move(t);
    v_ = std::move(v);
    loaded_ = key;
    row_ = 0;
}

void TimeTable::update() {
    const double t = time_.value();
    const std::size_t n = t_.size();
    if (t <= t_[0]) { y.value() = v_[0]; return; }
    if (t >= t_[n - 1]) { y.value() = v_[n - 1]; return; }
    // Steps move forward or back by few rows: walk from the last interval rather than bisect.
    if (row_ >= n - 1) row_ = n - 2;
    while (row_ + 1 < n - 1 && t >= t_[row_ + 1]) ++row_;
    while (row_ > 0 && t < t_[row_]) --row_;
    const double t0 = t_[row_], t1 = t_[row_ + 1];
    y.value() = t1 > t0 ? v_[row_] + (v_[row_ + 1] - v_[row_]) * (t - t0) / (t1 - t0) : v_[row_ + 1];
}

void TimeTable::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(y, "y");
    meta.signal(time_, "time");
    meta.time(time_);
    static const ChoiceSpec kFileNameChoice = ChoiceSpec::path("CSV file: time in s in the first column (relative to the system file)");
    meta.choice(fileName, "fileName", kFileNameChoice);
    meta.parameter(column, "column", ParameterSpec{"", "1-based column of the output (1 is the time)", 2, 1000});
    if (!fileName.empty()) load(meta);
    else if (!table.empty()) {
        t_.clear(), v_.clear();
        for (auto& [time, value] : table) {
            meta.require(t_.empty() || time >= t_.back(), [&] { return std::string("table row at t = " + std::to_string(time) + " s is out of order"); }, kRule);
            t_.push_back(time), v_.push_back(value);
        }
        loaded_.clear();
    }
    meta.require(!t_.empty(), "no table: set fileName (a CSV file) or, in C++, table", "a time table has rows");
    meta.require(column == std::floor(column), [&] { return std::string("column = " + std::to_string(column)); }, "a column number is a whole number");
    meta.block<&TimeTable::update>(this, "update", {&time_}, {&y});
    meta.variable(y.value(), "y", "");
}

LIED_REGISTER_COMPONENT(TimeTable, "signal source: a time series from a CSV file, linearly interpolated");

}  // namespace lied::components
