#pragma once
// A fixed-step solver takes the step the user chose, however large it is for the model: a run can end with exit 0
// and a mechanism that gained energy, a contact that never pushed, a speed of 1e77 m/s. The monitor estimates the
// local error of the steps the solver takes, by step doubling (Richardson extrapolation): a twin of the solver goes
// from the same start in two half steps, and for a method of order p the full step's local error is about
//     e = (x_full − x_halves) · 2^p / (2^p − 1).
// It needs nothing from the method (no embedded pair, no Jacobian), so it is the same for every fixed-step solver,
// and it sees what a step-start Jacobian does not: a contact that closes inside the step changes the half steps.
// The error is weighed per state against tolerance · (nominal + |x|).
//
// A large local error is not yet a wrong result: in a stable, dissipative system (the first steps of a cooling loop,
// a fast thermal mode) it decays within a few steps and the run is right. So a step found too large is followed:
// the twin goes on with half steps next to the solver, and only if the two still differ beyond the tolerance after
// `confirm_steps` steps (the error persisted: an undamped oscillation, a contact in the wrong regime, a blow-up) is
// the step reported as too large. If the difference falls below the tolerance, the error was absorbed.
// After configure(), observe() allocates nothing.
#include "core/integrators/integrator.h"

#include <memory>
#include <string_view>
#include <vector>

namespace lied {

// What a check does when it finds a problem: stop the run with a named error, warn and go on, or not check at all.
enum class CheckMode { Error, Warn, Off };
const char* to_string(CheckMode mode);
CheckMode check_mode_from_string(std::string_view text);   // "error", "warn", "off"; throws std::invalid_argument

struct StepMonitorSettings {
    CheckMode mode = CheckMode::Error;
    // Every k-th step is checked, and always the first step after a discontinuity (an event, a change, a reset).
    int interval = 4;
    // The error a state may carry, relative to its nominal value + |x|. Loose on purpose: the monitor is there to
    // catch a step that is wrong for the model (a result no one would accept), not to tune accuracy, which is the
    // adaptive solvers' job.
    double tolerance = 1e-2;
    // How many steps a large error is followed before it counts as persistent.
    int confirm_steps = 10;
};

struct StepErrorEstimate {
    double ratio = 0.0;   // estimated local error / accepted error of the worst state (above 1: the step is too large)
    int state = -1;       // the worst state's index, −1 before the first check
    double error = 0.0;   // its estimated local error
    double time = 0.0;    // the start of the checked step
    double step = 0.0;    // its size
    double suggested_step = 0.0;   // the step that would have met the tolerance, from the order of the method
    // For a step found too large and followed: the difference to the half-step solution `followed_steps` steps later.
    int followed_steps = 0;
    int persisting_state = -1;
    double persisting_error = 0.0;
};

class StepErrorMonitor {
public:
    StepErrorMonitor();
    ~StepErrorMonitor();
    // For the fixed-step `solver` (adaptive solvers control their error themselves: the monitor stays inactive).
    // `pattern` is ∂f/∂x's structure for an implicit twin.
    void configure(const Integrator& solver, const StepMonitorSettings& settings, std::size_t states, const std::vector<double>& nominal,
                   const SparsityPattern* pattern, LinearSolverKind linear_solver);
    bool active() const { return twin_ != nullptr; }
    // After every accepted step x0 → x1 over [t, t + h]: checks it if due, or follows an error found earlier.
    // False when a step is confirmed too large (last() says which and by how much).
    bool observe(OdeFunction& f, double t, double h, const Eigen::VectorXd& x0, const Eigen::VectorXd& x1);
    // After a discontinuity (an event, a new parameter value): the next step is checked. An error being followed is
    // followed on: the model changed for both solutions alike.
    void check_next() { countdown_ = 0; }
    // Event handlers moved the states from `before` to `after`: the followed half-step solution jumps alike.
    void shift(const Eigen::VectorXd& before, const Eigen::VectorXd& after) {
        if (following_) halves_ += after - before;   // fixed sizes: Eigen evaluates this in place
    }
    // States set from outside: what is followed is no longer comparable; the next step is checked.
    void forget() {
        countdown_ = 0;
        following_ = false;
    }
    bool following() const { return following_; }
    // At the end of a run: an error still followed (it has not decayed) counts as too large. False if so.
    bool conclude() {
        if (!following_) return true;
        following_ = false;
        ++exceeded_;
        confirmed_ = last_;
        return false;
    }
    // The parts of observe(), for tests: counts a step and says whether it is to be checked; estimates the local error
    // of one step (false if the twin could not evaluate a stage: no estimate, the solver's own step stands).
    bool due() {
        if (--countdown_ > 0) return false;
        countdown_ = interval_;
        return true;
    }
    bool estimate(OdeFunction& f, double t, double h, const Eigen::VectorXd& x0, const Eigen::VectorXd& x1);
    const StepErrorEstimate& last() const { return last_; }
    const StepErrorEstimate& worst() const { return worst_; }   // the largest local estimate since clear()
    const StepErrorEstimate& last_confirmed() const { return confirmed_; }   // the last step confirmed too large (if exceeded() > 0)
    long checks() const { return checks_; }
    long absorbed() const { return absorbed_; }   // large local errors that decayed while followed
    long exceeded() const { return exceeded_; }   // steps confirmed too large
    void clear();
    double tolerance() const { return tolerance_; }
    int order() const { return order_; }
    // A saved simulation state (core/support/state_archive.h): the check's phase, what is being followed and what
    // was found so far.
    void archive(StateArchive& a);

private:
    double worst_ratio(const Eigen::VectorXd& x, const Eigen::VectorXd& reference, int& state, double& error) const;

    std::unique_ptr<Integrator> twin_;
    Eigen::VectorXd halves_;
    std::vector<double> nominal_;
    double tolerance_ = 1e-2, richardson_ = 2.0;
    int interval_ = 4, countdown_ = 0, order_ = 1, confirm_steps_ = 10;
    bool following_ = false;
    StepErrorEstimate last_, worst_, confirmed_;
    long checks_ = 0, absorbed_ = 0, exceeded_ = 0;
};

}  // namespace lied
