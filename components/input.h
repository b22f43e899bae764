#pragma once
// A system input (core/model/system_io.h): the signal y is set from outside between steps (Simulator::input or
// set_input, an FMU importer, the Python module) and holds its value until set again; reset() puts `start` back.
// Instead of being set it can follow a time table (`lied run --inputs table.csv`, or `table` in C++): linearly
// between rows or holding each row's value until the next. Every row is a time event, so a jump or a kink happens
// exactly at its time, whatever the solver's steps.
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/signal.h"

#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lied::components {

class Input final : public Component {
public:
    enum class Interpolation { Linear, Hold };

    Input() = default;
    Input(double start, std::string unit, double min = -std::numeric_limits<double>::infinity(),
          double max = std::numeric_limits<double>::infinity(), std::string description = {})
        : start(start), min(min), max(max), unit(std::move(unit)), description(std::move(description)) {}

    Out<double> y;
    double start = 0.0;                                      // the value from t = 0 until set
    // A set value must lie in [min, max] (not parameters: unbounded is the default, and a parameter is finite).
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    std::string unit;          // of y, as importers and plots show it
    std::string description;   // what the input means, for `lied describe` and an FMU's modelDescription
    // Rows (t in s, value) that drive the input instead of sets, time non-decreasing; two rows at one time make a jump.
    // Before the first row the first value holds, after the last the last. Read when the system is built.
    std::vector<std::pair<double, double>> table;
    Choice<Interpolation> interpolation{Interpolation::Linear};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Input"; }

private:
    void update();
    void follow_table();   // the time event at each row: where the table stands now
    In<double> time_;
    Out<double> value_{std::numeric_limits<double>::quiet_NaN()};   // what a set writes (NaN: never set, start it)
    Out<double> row_;                                               // table: the last row at or before now (−1: before the first)
    Out<double> next_row_time_{std::numeric_limits<double>::infinity()};   // table: when the next row comes
    std::vector<double> t_, v_;   // the table as read at the last crawl
};

}  // namespace lied::components
