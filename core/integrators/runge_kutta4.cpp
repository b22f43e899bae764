#include "core/integrators/runge_kutta4.h"

namespace lied {

void RungeKutta4::resize(std::size_t n, const std::vector<double>&) {
    const auto m = static_cast<Eigen::Index>(n);
    k1_.setZero(m); k2_.setZero(m); tmp_.setZero(m);
}

StepStatus RungeKutta4::advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) {
    ++stats_.steps;
    stats_.rhs_calls += 4;
    // Plain loops that fuse the stages' updates: the sum of the slopes is gathered in k1 as they come.
    // Stop at the first stage that cannot be evaluated: that point is the one worth explaining.
    const auto n = x.size();
    double* xv = x.data();
    double *k1 = k1_.data(), *k = k2_.data(), *tmp = tmp_.data();
    if (!f.derivatives(t, xv, k1)) return StepStatus::EvaluationFailed;
    for (Eigen::Index i = 0; i < n; ++i) tmp[i] = xv[i] + 0.5 * h * k1[i];
    if (!f.derivatives(t + 0.5 * h, tmp, k)) return StepStatus::EvaluationFailed;
    for (Eigen::Index i = 0; i < n; ++i) {
        k1[i] += 2.0 * k[i];
        tmp[i] = xv[i] + 0.5 * h * k[i];
    }
    if (!f.derivatives(t + 0.5 * h, tmp, k)) return StepStatus::EvaluationFailed;
    for (Eigen::Index i = 0; i < n; ++i) {
        k1[i] += 2.0 * k[i];
        tmp[i] = xv[i] + h * k[i];
    }
    if (!f.derivatives(t + h, tmp, k)) return StepStatus::EvaluationFailed;
    for (Eigen::Index i = 0; i < n; ++i) xv[i] += (h / 6.0) * (k1[i] + k[i]);
    return StepStatus::Ok;
}

}  // namespace lied

namespace lied {
bool RungeKutta4::stability_function(std::complex<double> z, std::complex<double>& r) const {
    r = 1.0 + z * (1.0 + z / 2.0 * (1.0 + z / 3.0 * (1.0 + z / 4.0)));
    return true;
}
}  // namespace lied
