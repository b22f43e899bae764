#include "core/simulation/crossing_locator.h"

#include <algorithm>
#include <cmath>

namespace lied {

void CrossingLocator::configure(std::size_t crossings, Eigen::Index states) {
    for (auto* v : {&g_end_, &g_trial_, &g_start_}) v->assign(crossings, 0.0);
    due_.assign(crossings, kNone);
    x_trial_.setZero(states);
}

bool CrossingLocator::any_due() const {
    return std::any_of(due_.begin(), due_.end(), [](char c) { return c != kNone; });
}

void CrossingLocator::clear() { std::fill(due_.begin(), due_.end(), kNone); }

void CrossingLocator::take_roots(const Integrator& integrator) {
    if (!integrator.root_found()) return;
    for (std::size_t i = 0; i < due_.size(); ++i) due_[i] = integrator.roots()[i] > 0 ? kRising : integrator.roots()[i] < 0 ? kFalling : kNone;
}

bool CrossingLocator::mark_changed_sides(ZeroCrossings& crossings, double t, const double* x) {
    if (!crossings.values(t, x, g_trial_.data())) return false;
    for (std::size_t i = 0; i < g_trial_.size(); ++i) due_[i] = crossings.crossed(i, g_trial_[i]) ? kSideChanged : kNone;
    return true;
}

bool CrossingLocator::evaluate_trial(ZeroCrossings& crossings, double t, const double* x) { return crossings.values(t, x, g_trial_.data()); }

void CrossingLocator::add_changed_sides_from_trial(const ZeroCrossings& crossings) {
    for (std::size_t i = 0; i < g_trial_.size(); ++i)
        if (due_[i] == kNone && crossings.crossed(i, g_trial_[i])) due_[i] = kSideChanged;
}

StepStatus CrossingLocator::locate(ZeroCrossings& crossings, StepInterpolant& step, double& t, Eigen::VectorXd& x, double tolerance) {
    const double t0 = step.t0, t1 = t;
    if (!crossings.values(t1, x.data(), g_end_.data())) return StepStatus::EvaluationFailed;
    bool any = false;
    for (std::size_t i = 0; i < g_end_.size(); ++i) any |= crossings.crossed(i, g_end_[i]);
    if (!any) return StepStatus::Ok;

    step.t1 = t1;
    step.k1 = Eigen::Map<const Eigen::VectorXd>(crossings.derivatives().data(), x.size());
    step.x1 = x;
    if (!crossings.values(t0, step.x0.data(), g_start_.data())) return StepStatus::EvaluationFailed;
    step.k0 = Eigen::Map<const Eigen::VectorXd>(crossings.derivatives().data(), x.size());
    double first = t1;
    for (std::size_t i = 0; i < g_end_.size(); ++i) {
        if (!crossings.crossed(i, g_end_[i]) || crossings.crossed(i, g_start_[i])) continue;
        double a = t0, b = t1, ga = g_start_[i], gb = g_end_[i];
        int stale = 0;   // which end stayed last time: −1 a, +1 b
        for (int iteration = 0; b - a > tolerance && iteration < 200; ++iteration) {
            double tm = (a * gb - b * ga) / (gb - ga);
            if (!(tm > a && tm < b)) tm = 0.5 * (a + b);
            step.at(tm, x_trial_);
            if (!crossings.values(tm, x_trial_.data(), g_trial_.data())) return StepStatus::EvaluationFailed;
            if (crossings.crossed(i, g_trial_[i])) {
                b = tm, gb = g_trial_[i];
                if (stale == -1) ga *= 0.5;
                stale = -1;
            } else {
                a = tm, ga = g_trial_[i];
                if (stale == 1) gb *= 0.5;
                stale = 1;
            }
        }
        if (b < first) {
            first = b;
            first_located_ = i;
        }
    }
    if (first < t1) {
        step.at(first, x);
        t = first;
    }
    return mark_changed_sides(crossings, t, x.data()) ? StepStatus::Ok : StepStatus::EvaluationFailed;
}

}  // namespace lied
