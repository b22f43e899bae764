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
    // Bounds that move with another value (a fluid's enthalpy limits at its current pressure), kept up to date by
    // the component and read where the range is checked; null where min and max hold.
    const double* moving_min = nullptr;
    const double* moving_max = nullptr;

    static ValidRange at_least(double min, SpecText rule) {
        return {min, std::numeric_limits<double>::infinity(), false, std::move(rule)};
    }
    static ValidRange above(double min, SpecText rule) {
        return {min, std::numeric_limits<double>::infinity(), true, std::move(rule)};
    }
    static ValidRange moving(const double& min, const double& max, SpecText rule) {
        ValidRange r{min, max, false, std::move(rule)};
        r.moving_min = &min;
        r.moving_max = &max;
        return r;
    }
    double lower() const { return moving_min ? *moving_min : min; }
    double upper() const { return moving_max ? *moving_max : max; }
    bool admits(double v) const {
        const double lo = lower();
        return (min_exclusive ? v > lo : v >= lo) && v <= upper();
    }
    std::string text() const { return interval_text(lower(), upper(), min_exclusive); }
};

}  // namespace lied
