#pragma once
// Why a fixed-step run may have diverged: the eigenvalues of the Jacobian ∂ẋ/∂x at the last good state
// (finite differences, outside the step path) against the stability function of the integrator.
#include "core/integrators/integrator.h"

#include <complex>
#include <string>
#include <vector>

namespace lied {

// "" when the step is within the stable limit (or the method is adaptive, or n is too large to analyse);
// otherwise a sentence naming the fastest mode, its eigenvalue and time scale, and a step that is stable.
std::string stability_note(OdeFunction& f, const Integrator& integrator, double t, const Eigen::VectorXd& x, double h,
                           const std::vector<double>& nominal);

// For `lied info`: the fastest mode of ∂ẋ/∂x at (t, x) and the fixed steps it allows RK4 (`rk4`, for its stability
// function): about ten steps per period (or per 0.63 of a time constant) resolve it, `stable` is the limit beyond
// which RK4 diverges. analysed = false when the model is too large to analyse or cannot be evaluated.
struct StepAdvice {
    bool analysed = false;
    // Why not, when not analysed: "no states", "more than 400 states", "the start cannot be evaluated", or no mode
    // with a rate (every eigenvalue 0: a drive train's free inertias in their backlash, whose stiff mode appears only
    // when the contact closes).
    const char* why_not = "no states";
    std::complex<double> fastest;
    double accurate = 0.0, stable = 0.0;   // s
};
StepAdvice step_advice(OdeFunction& f, const Integrator& rk4, double t, const Eigen::VectorXd& x, const std::vector<double>& nominal);

}  // namespace lied
