#pragma once
// What a parameter means and which values are valid. Checked when a user sets it by name.
#include "core/model/spec_text.h"

#include <limits>
#include <string>
#include <vector>

namespace lied {

struct ParameterSpec {
    SpecText unit;
    SpecText description;
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool min_exclusive = false;   // e.g. "> 0" for a reference flow that divides
    bool whole = false;           // a count (volumes, ports): fractions are refused
    // Read while the component describes itself (it sizes the structure, or becomes a start value there): a new
    // value takes effect through a rebuild, and an FMU offers it as fixed, not tunable.
    bool structural = false;

    static ParameterSpec positive(SpecText unit, SpecText description) {
        return {std::move(unit), std::move(description), 0.0, std::numeric_limits<double>::infinity(), true};
    }
    static ParameterSpec positive_up_to(double max, SpecText unit, SpecText description) {
        return {std::move(unit), std::move(description), 0.0, max, true};
    }
    static ParameterSpec non_negative(SpecText unit, SpecText description) {
        return {std::move(unit), std::move(description), 0.0, std::numeric_limits<double>::infinity(), false};
    }
    static ParameterSpec any(SpecText unit, SpecText description) {
        return {std::move(unit), std::move(description)};
    }
    // A count that sizes the structure: a whole number from 1 to `max`.
    static ParameterSpec count_up_to(double max, SpecText description) {
        ParameterSpec s{"", std::move(description), 1.0, max, false};
        s.whole = true;
        s.structural = true;
        return s;
    }
    ParameterSpec&& read_at_build() && {
        structural = true;
        return std::move(*this);
    }
    bool admits(double v) const {
        if (!(v - v == 0.0)) return false;  // NaN and ±Inf are never valid parameter values
        if (whole && v != static_cast<double>(static_cast<long long>(v))) return false;
        if (min_exclusive ? !(v > min) : !(v >= min)) return false;
        return v <= max;
    }
    std::string range_text() const;
    // Why `v` is refused, after the value: "is out of range [0, inf) [m] (level)", "is not a whole number ...".
    std::string refusal_text(double v) const;
};

// A parameter whose value is one of named options (a medium, a loss law, a valve characteristic). Changing it
// may change the structure, so a built simulator applies it with a rebuild. A component declares its choices
// with specs that outlive every model (static: Meta::choice keeps their address).
struct ChoiceSpec {
    std::vector<std::string> options;
    SpecText description;
    // A file path instead of named options (a time table's CSV file): any printable text up to 4096 characters.
    // A system file resolves a relative path against its own folder.
    bool file_path = false;
    static ChoiceSpec path(SpecText description) { return {{}, std::move(description), true}; }
    bool admits(const std::string& v) const;
    std::string options_text() const;   // "a, b, c"
    int index_of(const std::string& v) const;   // the option's position, or -1
};

}  // namespace lied
