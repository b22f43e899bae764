#pragma once
// The values a state or variable may physically take, declared by its component ("a level is not negative",
// "an absolute pressure is positive"). A run that leaves the range stops with an error naming the value, the
// time and the rule, instead of going on with an impossible result.
#include "core/model/spec_text.h"

#include <limits>
#include <string>

namespace lied {

// "[0, inf)", "(0, 1e+08]": the text form shared by valid ranges and parameter ranges.
std::string interval_text(double min, double max, bool min_exclusive);

struct ValidRange {
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool min_exclusive = false;
    SpecText rule;   // why, in the component's words (a literal is not copied at every crawl)

    static ValidRange at_least(double min, SpecText rule) {
        return {min, std::numeric_limits<double>::infinity(), false, std::move(rule)};
    }
    static ValidRange above(double min, SpecText rule) {
        return {min, std::numeric_limits<double>::infinity(), true, std::move(rule)};
    }
    bool admits(double v) const { return (min_exclusive ? v > min : v >= min) && v <= max; }
    std::string text() const { return interval_text(min, max, min_exclusive); }
};

}  // namespace lied
