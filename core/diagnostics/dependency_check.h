#pragma once
// The component author's contract, checked: a block reads only the signals it declares as read, and writes only
// those it declares as written. The schedule orders blocks by these declarations alone, so an undeclared read makes
// a block run before its input is computed (stale values, wrong answers, no error), and an undeclared write makes
// two blocks fight over a value.
//
// How: the component is described on its own (its Ins unbound; each reads a value of its own while the check runs). Every signal whose value
// type has a layout (core/model/value_layout.h) is set to a typical value (real numbers of order one, or, where a
// block's outputs are not finite there, of the order of a temperature in kelvin); each block runs once there. Then each
// signal the block does not declare is perturbed in turn, and the block runs again: if a declared output changes,
// the block reads that signal without saying so. A signal that changes although the block does not declare writing
// it is an undeclared write. A block whose outputs differ between two runs at the same point keeps memory the
// engine does not know of. Blocks whose outputs are not finite at the test point, and signals of value types
// without a layout, cannot be checked and are listed as such.
#include "core/model/component.h"

#include <string>
#include <vector>

namespace lied {

struct DependencyFinding {
    enum class Kind { UndeclaredRead, UndeclaredWrite, HiddenMemory };
    Kind kind;
    std::string block;    // "p1.evalState"
    std::string signal;   // the signal read or written without a declaration (empty for HiddenMemory)
    std::string message;  // names the block, the signal and the rule
};

struct DependencyReport {
    std::vector<DependencyFinding> findings;   // broken rules: the component's declarations are wrong
    std::vector<std::string> unchecked;        // what could not be checked, and why
    int blocks_checked = 0;
    int signals_perturbed = 0;
    bool ok() const { return findings.empty(); }
};

// Checks every block of `component` and its subcomponents. `path` prefixes the names in the report (a type name,
// for instance). The component's signal values are changed; its structure and bindings are not.
DependencyReport check_dependencies(Component& component, const std::string& path = {});

}  // namespace lied
