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
    // For a step redone up to its located crossing: the indicators at (t, x) (false if not evaluable), one of them, and
    // every indicator on the other side there made due, keeping what is due already.
    bool evaluate_trial(ZeroCrossings& crossings, double t, const double* x);
    double trial_value(std::size_t i) const { return g_trial_[i]; }
    void add_changed_sides_from_trial(const ZeroCrossings& crossings);
    // The crossing the last locate() stopped at (the earliest), and its effective value at the step's start.
    std::size_t first_located() const { return first_located_; }
    double start_value(std::size_t i) const { return g_start_[i]; }

    bool any_due() const;
    const std::vector<char>& due() const { return due_; }
    void clear();

private:
    std::vector<char> due_;
    std::vector<double> g_start_, g_end_, g_trial_;
    Eigen::VectorXd x_trial_;
    std::size_t first_located_ = 0;
};

}  // namespace lied
