#include "core/solve/evaluator.h"

#include <algorithm>
#include <cmath>

namespace lied {

void Evaluator::configure(const Model& model, const Schedule& schedule, Out<double>& time, LinearPolicy policy,
                          LinearSolverKind solver, bool affine_outputs) {
    schedule_ = &schedule;
    time_ = &time;
    values_.clear();
    derivatives_.clear();
    for (auto& s : model.states) {
        values_.push_back(&s.state->value.value);
        derivatives_.push_back(&s.state->der.value);
    }
    failed_x_.assign(values_.size(), 0.0);
    linear_.configure(model, schedule, policy, solver, affine_outputs);
}

void Evaluator::set_point(double t, const double* x) {
    time_->value = t;
    for (std::size_t i = 0; i < values_.size(); ++i) *values_[i] = x[i];
}

void Evaluator::prepare(double t, const double* x) {
    set_point(t, x);
    for (const Block& b : schedule_->independent) b();
}

bool Evaluator::fail(double t, const double* x) {
    failed_time_ = t;
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

bool Evaluator::evaluate_after_checks(double t, const double* x) {
    ++evaluations_;
    const bool solved = linear_.solve_after_checks();
    for (const Block& b : schedule_->passed_through) b();
    return solved || fail(t, x);
}

bool Evaluator::derivatives(double t, const double* x, double* xdot) {
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
