#include "components/input.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "core/model/parameter_spec.h"
#include "core/model/system_io.h"
#include "core/model/valid_range.h"

#include <cmath>
#include <sstream>
#include <string>

namespace lied::components {

namespace {
constexpr const char* kTableRule = "an input's table has finite rows with non-decreasing times";
}  // namespace

// The rows at or before now, and when the next comes: a function of the time alone, so that running it again at the
// same instant (a rebuild, another simulator taking the tree back) changes nothing.
void Input::follow_table() {
    if (t_.empty()) return;
    const double t = time_.value();
    std::size_t k = 0;
    while (k < t_.size() && t_[k] <= t) ++k;   // rows 0 .. k-1 have come
    row_.value() = static_cast<double>(k) - 1.0;
    next_row_time_.value() = k < t_.size() ? t_[k] : std::numeric_limits<double>::infinity();
}

void Input::update() {
    if (t_.empty()) {
        y.value() = value_.value();
        return;
    }
    const auto r = static_cast<long>(row_.value());
    const auto last = static_cast<long>(t_.size()) - 1;
    if (r < 0) y.value() = v_.front();
    else if (r >= last || interpolation.value() == Interpolation::Hold) y.value() = v_[static_cast<std::size_t>(r)];
    else {
        const auto k = static_cast<std::size_t>(r);
        const double t0 = t_[k], t1 = t_[k + 1];
        // Within [t0, t1): the next row's event ends every step at t1, so the interpolation never reaches past it.
        y.value() = v_[k] + (v_[k + 1] - v_[k]) * std::min(1.0, (time_.value() - t0) / (t1 - t0));
    }
}

void Input::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(y, "y");
    meta.signal(time_, "time");
    meta.time(time_);
    meta.parameter(start, "start", ParameterSpec::any(unit, "the value from t = 0 until set").read_at_build());
    static const ChoiceSpec kInterpolationChoice{{"linear", "hold"}, "between a table's rows: a straight line, or the row's value until the next"};
    meta.choice(interpolation, "interpolation", kInterpolationChoice);
    // Messages print numbers as a person writes them (300, 1e-3), with the unit; made only when a rule is broken.
    auto unit_text = [&] { return unit.empty() || unit == "1" ? std::string() : " " + unit; };
    auto number = [](double v) {
        std::ostringstream s;
        s << v;
        return s.str();
    };
    auto range = [&] { return interval_text(min, max, false) + unit_text(); };
    meta.require(min <= max, [&] { return "min = " + number(min) + unit_text() + " > max = " + number(max) + unit_text(); }, "an input's range has min <= max");
    meta.require(start >= min && start <= max, [&] { return "start = " + number(start) + unit_text() + " is outside " + range(); },
                 "an input starts inside its range");
    t_.clear();
    v_.clear();
    for (auto& [time, value] : table) {
        meta.require(std::isfinite(time) && std::isfinite(value) && (t_.empty() || time >= t_.back()),
                     [&] { return "the table's value " + number(value) + unit_text() + " at t = " + number(time) + " s is not finite or out of order"; },
                     kTableRule);
        meta.require(value >= min && value <= max,
                     [&] { return "the table's value " + number(value) + unit_text() + " at t = " + number(time) + " s is outside its range " + range(); },
                     "an input stays in its declared range");
        t_.push_back(time);
        v_.push_back(value);
    }
    if (std::isnan(value_.value())) value_.value() = start;   // a new input holds its start until set
    meta.input(value_, {&y.value(), &start, &min, &max, unit, description, !t_.empty()});
    meta.discrete_signal(row_, "row");
    meta.discrete_signal(next_row_time_, "next_row_time");
    if (!t_.empty()) {
        follow_table();
        meta.time_event<&Input::follow_table>(this, next_row_time_.value(), "row");
        meta.block<&Input::update>(this, "update", {&time_, &row_}, {&y});
    } else {
        meta.block<&Input::update>(this, "update", {&value_}, {&y});
    }
    meta.variable(y.value(), "y", unit);
}

LIED_REGISTER_COMPONENT(Input, "system input: a signal y set from outside between steps (or driven by a time table), within [min, max]");

}  // namespace lied::components
