#include "core/evaluator.h"

namespace lied {

void Evaluator::configure(const Model& model, const Schedule& schedule, Out<double>& time, LinearPolicy policy) {
    schedule_ = &schedule;
    time_ = &time;
    values_.clear();
    derivatives_.clear();
    for (auto& s : model.states) {
        values_.push_back(&s.state->value.value);
        derivatives_.push_back(&s.state->der.value);
    }
    linear_.configure(model, schedule, policy);
}

void Evaluator::prepare(double t, const double* x) {
    time_->value = t;
    for (std::size_t i = 0; i < values_.size(); ++i) *values_[i] = x[i];
    for (const Block& b : schedule_->independent) b();
}

bool Evaluator::evaluate(double t, const double* x) {
    prepare(t, x);
    return linear_.solve();
}

bool Evaluator::derivatives(double t, const double* x, double* xdot) {
    prepare(t, x);
    const bool ok = linear_.solve(/*only_derivatives=*/true);
    for (std::size_t i = 0; i < derivatives_.size(); ++i) xdot[i] = *derivatives_[i];
    return ok;
}

}  // namespace lied
