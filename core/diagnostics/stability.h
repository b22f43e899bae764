#pragma once
// Why a fixed-step run may have diverged: the eigenvalues of the Jacobian ∂ẋ/∂x at the last good state
// (finite differences, outside the step path) against the stability function of the integrator.
#include "core/integrators/integrator.h"

#include <string>
#include <vector>

namespace lied {

// "" when the step is within the stable limit (or the method is adaptive, or n is too large to analyse);
// otherwise a sentence naming the fastest mode, its eigenvalue and time scale, and a step that is stable.
std::string stability_note(OdeFunction& f, const Integrator& integrator, double t, const Eigen::VectorXd& x, double h,
                           const std::vector<double>& nominal);

}  // namespace lied
