#pragma once
// The component author's contract for parameters: a parameter that the component reads while it describes itself
// (metainfo sizes a plug array by it, turns it into a start value or a valid range) must be declared
// read at build (ParameterSpec::structural), so that setting it by name rebuilds instead of being silently ignored.
//
// How: the component is described, then each parameter in turn is moved to another valid value and the component
// described again; if the structure (blocks, signals, states, tearing variables, events), a start value or a declared
// range changed, the parameter was read at build. (A parameter that is itself a state's start value is not: setting
// it sets the start. A nominal value derived from a parameter only scales tolerances and is not counted.)
#include "core/model/component.h"

#include <string>
#include <vector>

namespace lied {

struct ParameterReport {
    std::vector<std::string> undeclared;     // read at build but not declared so: the rule is broken
    std::vector<std::string> without_effect; // declared read at build, but no change seen (may be true: a no-op value)
    int parameters_checked = 0;
    bool ok() const { return undeclared.empty(); }
};

ParameterReport check_parameters_read_at_build(Component& component, const std::string& path = {});

}  // namespace lied
