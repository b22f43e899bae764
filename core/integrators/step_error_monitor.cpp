#include "core/integrators/step_error_monitor.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace lied {

const char* to_string(CheckMode mode) {
    switch (mode) {
        case CheckMode::Error: return "error";
        case CheckMode::Warn: return "warn";
        case CheckMode::Off: return "off";
    }
    return "?";
}

CheckMode check_mode_from_string(std::string_view text) {
    if (text == "error") return CheckMode::Error;
    if (text == "warn") return CheckMode::Warn;
    if (text == "off") return CheckMode::Off;
    std::string message = "'";
    message.append(text).append("' is not a check mode (error, warn or off)");
    throw std::invalid_argument(message);
}

StepErrorMonitor::StepErrorMonitor() = default;
StepErrorMonitor::~StepErrorMonitor() = default;

void StepErrorMonitor::configure(const Integrator& solver, const StepMonitorSettings& settings, std::size_t states,
                                 const std::vector<double>& nominal, const SparsityPattern* pattern, LinearSolverKind linear_solver) {
    twin_.reset();
    clear();
    if (solver.adaptive() || settings.mode == CheckMode::Off || states == 0) return;
    if (!(settings.tolerance > 0) || settings.interval < 1 || settings.confirm_steps < 1)
        throw std::invalid_argument("the step error monitor needs a tolerance > 0, an interval of at least 1 step and at least 1 step to confirm");
    twin_ = make_integrator(solver.name());
    order_ = solver.order();
    tolerance_ = settings.tolerance;
    interval_ = settings.interval;
    confirm_steps_ = settings.confirm_steps;
    richardson_ = std::ldexp(1.0, order_) / (std::ldexp(1.0, order_) - 1.0);
    countdown_ = 0;
    // A W-method keeps its order with a Jacobian of the step's start, so the two half steps share one.
    twin_->set_jacobian_interval(2);
    twin_->set_linear_solver(linear_solver);
    if (twin_->uses_jacobian() && pattern) twin_->set_jacobian_pattern(*pattern);
    twin_->resize(states, nominal);
    nominal_ = nominal;
    halves_.setZero(static_cast<Eigen::Index>(states));
}

void StepErrorMonitor::clear() {
    last_ = worst_ = confirmed_ = {};
    checks_ = absorbed_ = exceeded_ = 0;
    countdown_ = 0;
    following_ = false;
}

// The largest ratio of Richardson's error estimate (x − reference)·2^p/(2^p − 1) to the accepted error, and where.
double StepErrorMonitor::worst_ratio(const Eigen::VectorXd& x, const Eigen::VectorXd& reference, int& state, double& error) const {
    double worst = 0.0;
    state = -1;
    for (Eigen::Index i = 0; i < x.size(); ++i) {
        const double e = richardson_ * std::abs(x[i] - reference[i]);
        const double ratio = e / (tolerance_ * (nominal_[static_cast<std::size_t>(i)] + std::abs(x[i])));
        if (!(ratio <= worst) || state < 0) {   // a NaN estimate counts as the worst
            worst = std::isnan(ratio) ? INFINITY : ratio;
            state = static_cast<int>(i);
            error = e;
        }
    }
    return worst;
}

bool StepErrorMonitor::observe(OdeFunction& f, double t, double h, const Eigen::VectorXd& x0, const Eigen::VectorXd& x1) {
    if (!following_ && !due()) return true;   // most steps: one counter, nothing else
    if (!x1.allFinite()) return true;   // the caller's check names the state that overflowed, more precisely than an estimate
    if (following_) {
        // The twin's half-step solution goes on next to the solver's: their difference is the error carried now.
        twin_->reset();
        if (twin_->advance(f, t, 0.5 * h, halves_) != StepStatus::Ok || twin_->advance(f, t + 0.5 * h, 0.5 * h, halves_) != StepStatus::Ok) {
            following_ = false;   // the twin cannot go on: no evidence either way
            return true;
        }
        ++last_.followed_steps;
        int state = -1;
        double error = 0.0;
        if (worst_ratio(x1, halves_, state, error) <= 1.0) {
            following_ = false;
            ++absorbed_;
            return true;
        }
        last_.persisting_error = error;
        last_.persisting_state = state;
        if (last_.followed_steps < confirm_steps_) return true;
        following_ = false;
        ++exceeded_;
        confirmed_ = last_;
        return false;
    }
    if (!estimate(f, t, h, x0, x1) || last_.ratio <= 1.0) return true;
    following_ = true;   // halves_ holds the half-step solution at t + h
    return true;
}

bool StepErrorMonitor::estimate(OdeFunction& f, double t, double h, const Eigen::VectorXd& x0, const Eigen::VectorXd& x1) {
    halves_ = x0;
    twin_->reset();
    if (twin_->advance(f, t, 0.5 * h, halves_) != StepStatus::Ok) return false;
    if (twin_->advance(f, t + 0.5 * h, 0.5 * h, halves_) != StepStatus::Ok) return false;
    StepErrorEstimate e;
    e.time = t;
    e.step = h;
    e.ratio = worst_ratio(x1, halves_, e.state, e.error);
    // Local error ∝ h^(p+1) for small h: the step that meets the tolerance, with a safety factor of 2 (a large step is
    // not yet in the asymptotic range, and the error is followed over several steps).
    e.suggested_step = e.ratio > 0 && std::isfinite(e.ratio) ? 0.5 * h * std::pow(e.ratio, -1.0 / (order_ + 1)) : 0.0;
    last_ = e;
    ++checks_;
    if (e.ratio > worst_.ratio || worst_.state < 0) worst_ = e;
    return true;
}

void StepErrorMonitor::archive(StateArchive& a) {
    if (!twin_) return;
    twin_->archive_history(a);
    const auto states = static_cast<int>(halves_.size());
    a.values(halves_.data(), static_cast<std::size_t>(states));
    a.value(countdown_);
    a.flag(following_);
    for (StepErrorEstimate* e : {&last_, &worst_, &confirmed_}) {   // field by field: no padding bytes in the state
        for (double* v : {&e->ratio, &e->error, &e->time, &e->step, &e->suggested_step, &e->persisting_error}) a.value(*v);
        for (int* i : {&e->state, &e->followed_steps, &e->persisting_state}) a.value(*i);
        if (a.restoring())   // an index names a state of this structure, or none
            for (int* i : {&e->state, &e->persisting_state}) *i = std::clamp(*i, -1, states - 1);
    }
    a.value(checks_);
    a.value(absorbed_);
    a.value(exceeded_);
    if (a.restoring()) countdown_ = std::clamp(countdown_, 0, interval_);
}

}  // namespace lied
