#pragma once
// Consistent start positions and velocities for mechanisms with cut kinematic loops. The user's start values are a
// guess; the conditions components declared (Meta::assembly_condition: a loop's gap, its rate) say what must hold.
// Positions first: Gauss–Newton on the conditions, each step the smallest change of the states (scaled by their
// nominal values) that meets the linearised conditions, so the result is the consistent configuration nearest the
// guess. Then velocities: the same, moving only states that no position condition depends on. If the conditions
// cannot be met (a loop whose joints cannot reach), the start is refused with the component, the condition and how
// far from zero it stays.
#include "core/model/model.h"
#include "core/solve/evaluator.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace lied {

struct AssemblyOutcome {
    bool needed = false;        // some condition was not met by the start values
    int iterations = 0;         // Gauss–Newton steps, positions and velocities
    int largest_state = -1;     // the state moved most (relative to its nominal value)
    double largest_change = 0;  // by how much (in its unit)
};

// Moves x (the start states at time t) onto the declared conditions. Throws BuildError when they cannot be met.
// Does nothing when no component declared a condition, or when the model cannot be evaluated at x (the start's own
// checks then say why).
AssemblyOutcome assemble_start(const Model& model, Evaluator& evaluator, double t, Eigen::VectorXd& x, const std::vector<double>& nominal);

}  // namespace lied
