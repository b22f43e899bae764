#include "core/runge_kutta4.h"

namespace lied {

void RungeKutta4::resize(std::size_t n, const std::vector<double>&) {
    const auto m = static_cast<Eigen::Index>(n);
    k1_.setZero(m); k2_.setZero(m); k3_.setZero(m); k4_.setZero(m); tmp_.setZero(m);
}

StepStatus RungeKutta4::advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) {
    ++stats_.steps;
    stats_.rhs_calls += 4;
    // Stop at the first stage that cannot be evaluated: that point is the one worth explaining.
    if (!f.derivatives(t, x.data(), k1_.data())) return StepStatus::EvaluationFailed;
    tmp_ = x + 0.5 * h * k1_;
    if (!f.derivatives(t + 0.5 * h, tmp_.data(), k2_.data())) return StepStatus::EvaluationFailed;
    tmp_ = x + 0.5 * h * k2_;
    if (!f.derivatives(t + 0.5 * h, tmp_.data(), k3_.data())) return StepStatus::EvaluationFailed;
    tmp_ = x + h * k3_;
    if (!f.derivatives(t + h, tmp_.data(), k4_.data())) return StepStatus::EvaluationFailed;
    x += (h / 6.0) * (k1_ + 2.0 * k2_ + 2.0 * k3_ + k4_);
    return StepStatus::Ok;
}

}  // namespace lied

namespace lied {
bool RungeKutta4::stability_function(std::complex<double> z, std::complex<double>& r) const {
    r = 1.0 + z * (1.0 + z / 2.0 * (1.0 + z / 3.0 * (1.0 + z / 4.0)));
    return true;
}
}  // namespace lied
