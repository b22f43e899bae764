#pragma once
// State events inside a step: which zero-crossing functions changed side, where (the earliest crossing on the step's
// interpolant), and what is due for the handlers at that instant. Allocation-free after configure().
#include "core/integrators/integrator.h"
#include "core/simulation/step_interpolant.h"
#include "core/simulation/zero_crossings.h"

#include <Eigen/Core>

#include <vector>

namespace lied {

class CrossingLocator {
public:
    // What due() holds per crossing: nothing, a side change seen by the locator, or a root a solver found rising or
    // falling (which knows the direction better than the side when the indicator sat on zero at the last event).
    enum Due : char { kNone = 0, kSideChanged = 1, kRising = 2, kFalling = 3 };

    void configure(std::size_t crossings, Eigen::Index states);
    // After a step from (step.t0, step.x0) to (t, x): if an indicator changed side, finds the earliest crossing on
    // the step's cubic Hermite interpolant by the Illinois method (regula falsi that halves a stale end) to
    // `tolerance` in time, and moves (t, x) there, just past the crossing; crossings at that instant are due with
    // it. A pair of crossings inside one step (there and back) goes unseen, as with every solver that checks signs
    // at step ends. Fills the interpolant's ends from the crossings' derivative evaluations.
    StepStatus locate(ZeroCrossings& crossings, StepInterpolant& step, double& t, Eigen::VectorXd& x, double tolerance);
    // The roots a solver found (CVODE's root info: +1 rising, −1 falling).
    void take_roots(const Integrator& integrator);
    // Every indicator on the other side at (t, x) is due (an external integrator's event). False if not evaluable.
    bool mark_changed_sides(ZeroCrossings& crossings, double t, const double* x);

    bool any_due() const;
    const std::vector<char>& due() const { return due_; }
    void clear();

private:
    std::vector<char> due_;
    std::vector<double> g_start_, g_end_, g_trial_;
    Eigen::VectorXd x_trial_;
};

}  // namespace lied
