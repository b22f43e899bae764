#include "core/solve/evaluator.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace lied {

void Evaluator::configure(const Model& model, const Schedule& schedule, Out<double>& time, LinearPolicy policy,
                          LinearSolverKind solver, bool affine_outputs) {
    schedule_ = &schedule;
    time_ = &time;
    values_.clear();
    derivatives_.clear();
    for (auto& s : model.states) {
        values_.push_back(&s.state->value.value());
        derivatives_.push_back(&s.state->der.value());
    }
    indicators_.clear();
    for (auto& z : model.zero_crossings) indicators_.push_back(&z.indicator->value());
    failed_x_.assign(values_.size(), 0.0);
    kept_x_.assign(values_.size(), 0.0);
    kept_xdot_.assign(values_.size(), 0.0);
    kept_g_.assign(indicators_.size(), 0.0);
    kept_ = false;
    linear_.configure(model, schedule, policy, solver, affine_outputs);
}

void Evaluator::set_point(double t, const double* x) {
    kept_ = false;   // the signals leave the kept point
    time_->value() = t;
    for (std::size_t i = 0; i < values_.size(); ++i) *values_[i] = x[i];
}

void Evaluator::prepare(double t, const double* x) {
    set_point(t, x);
    for (const Block& b : schedule_->independent) b();
}

bool Evaluator::fail(double t, const double* x) {
    failed_time_ = t;
    ++failures_;
    std::copy(x, x + failed_x_.size(), failed_x_.begin());
    return false;
}

bool Evaluator::evaluate(double t, const double* x) {
    ++evaluations_;
    prepare(t, x);
    const bool solved = linear_.solve();
    for (const Block& b : schedule_->passed_through) b();   // their Outs hold what their readers read
    return solved || fail(t, x);
}

bool Evaluator::evaluate_and_keep(double t, const double* x) {
    // ẋ by the derivatives' own path, bit for bit what a stage computes (with affine outputs that is y(0) + D·z, not
    // the blocks run again); then the rest of the model at the same z for the readers of variables; then the
    // derivatives and indicators put back as that path left them.
    if (!is_kept(t, x) && !derivatives(t, x, kept_xdot_.data())) {
        evaluate(t, x);   // the readers of variables get what a full evaluation leaves, as without the kept derivatives
        return false;
    }
    for (std::size_t k = 0; k < indicators_.size(); ++k) kept_g_[k] = *indicators_[k];
    linear_.complete();
    for (const Block& b : schedule_->passed_through) b();
    for (std::size_t i = 0; i < derivatives_.size(); ++i) *derivatives_[i] = kept_xdot_[i];
    for (std::size_t k = 0; k < indicators_.size(); ++k) *indicators_[k] = kept_g_[k];
    std::copy(x, x + kept_x_.size(), kept_x_.begin());
    kept_t_ = t;
    kept_ = true;
    return true;
}

bool Evaluator::evaluate_after_checks(double t, const double* x) {
    kept_ = false;
    ++evaluations_;
    const bool solved = linear_.solve_after_checks();
    for (const Block& b : schedule_->passed_through) b();
    return solved || fail(t, x);
}

bool Evaluator::is_kept(double t, const double* x) const {   // bit for bit
    return kept_ && t == kept_t_ && (kept_x_.empty() || std::memcmp(x, kept_x_.data(), kept_x_.size() * sizeof(double)) == 0);
}

bool Evaluator::derivatives_and_keep(double t, const double* x, double* xdot) {
    if (is_kept(t, x)) {
        std::copy(kept_xdot_.begin(), kept_xdot_.end(), xdot);
        return true;
    }
    if (!derivatives(t, x, xdot)) return false;
    std::copy(xdot, xdot + kept_xdot_.size(), kept_xdot_.begin());
    for (std::size_t k = 0; k < indicators_.size(); ++k) kept_g_[k] = *indicators_[k];
    std::copy(x, x + kept_x_.size(), kept_x_.begin());
    kept_t_ = t;
    kept_ = true;
    return true;
}

bool Evaluator::derivatives(double t, const double* x, double* xdot) {
    if (is_kept(t, x)) {
        std::copy(kept_xdot_.begin(), kept_xdot_.end(), xdot);
        return true;
    }
    ++evaluations_;
    prepare(t, x);
    if (!linear_.solve(/*only_derivatives=*/true)) return fail(t, x);
    bool finite = true;
    for (std::size_t i = 0; i < derivatives_.size(); ++i) {
        xdot[i] = *derivatives_[i];
        finite &= std::isfinite(xdot[i]);
    }
    return finite || fail(t, x);
}

}  // namespace lied
