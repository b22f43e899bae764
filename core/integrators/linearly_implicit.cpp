#include "core/integrators/linearly_implicit.h"

#include <cmath>

namespace lied {

void LinearlyImplicitMethod::resize(std::size_t n, const std::vector<double>& nominal) {
    const auto m = static_cast<Eigen::Index>(n);
    for (auto* v : {&f0_, &k1_, &k2_, &tmp_}) v->setZero(m);
    if (pattern_.columns != static_cast<int>(n)) pattern_ = SparsityPattern::dense(static_cast<int>(n));
    jacobian_.configure(pattern_, nominal);
    values_.assign(jacobian_.pattern().nonzeros(), 0.0);
    matrix_.configure(jacobian_.pattern(), linear_solver_);
    jacobian_age_ = -1;
    factored_ = false;
}

StepStatus LinearlyImplicitMethod::prepare(OdeFunction& f, double t, const double* x, const double* f0, double c) {
    bool refactor = !factored_ || c != factored_c_;
    if (jacobian_age_ < 0 || jacobian_age_ >= jacobian_interval_) {
        ++stats_.jacobians;
        stats_.rhs_calls += static_cast<long>(jacobian_.colours());
        if (!jacobian_.compute(f, t, x, f0, values_.data())) return StepStatus::EvaluationFailed;
        jacobian_age_ = 0;
        refactor = true;
    }
    ++jacobian_age_;
    if (refactor) {
        ++stats_.factorizations;
        factored_ = matrix_.factor(1.0, c, values_.data());
        factored_c_ = c;
        if (!factored_) {
            jacobian_age_ = -1;
            failure_ = "the iteration matrix I - gamma*h*J is singular (a step size at an eigenvalue of J, or J not finite)";
            return StepStatus::SolverFailed;
        }
    }
    return StepStatus::Ok;
}

StepStatus LinearlyImplicitEuler::advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) {
    ++stats_.steps;
    ++stats_.rhs_calls;
    if (!f.derivatives(t, x.data(), f0_.data())) return StepStatus::EvaluationFailed;
    if (auto s = prepare(f, t, x.data(), f0_.data(), h); s != StepStatus::Ok) return s;
    k1_ = h * f0_;
    matrix_.solve(k1_.data());
    x += k1_;
    return StepStatus::Ok;
}

namespace {
const double kGamma = 1.0 + 1.0 / std::sqrt(2.0);
}

StepStatus Rosenbrock2::advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) {
    ++stats_.steps;
    stats_.rhs_calls += 2;
    if (!f.derivatives(t, x.data(), f0_.data())) return StepStatus::EvaluationFailed;
    if (auto s = prepare(f, t, x.data(), f0_.data(), kGamma * h); s != StepStatus::Ok) return s;
    k1_ = f0_;
    matrix_.solve(k1_.data());
    tmp_ = x + h * k1_;
    if (!f.derivatives(t + h, tmp_.data(), k2_.data())) return StepStatus::EvaluationFailed;
    k2_ -= 2.0 * k1_;
    matrix_.solve(k2_.data());
    x += h * (1.5 * k1_ + 0.5 * k2_);
    return StepStatus::Ok;
}

// For ẋ = λx with J = λ (k1 = λa, k2 = λb): R(z) = 1 + z·(3/2·a + 1/2·b), a = 1/(1 − γz),
// b = (1 + z·a − 2a)/(1 − γz).
bool Rosenbrock2::stability_function(std::complex<double> z, std::complex<double>& r) const {
    const std::complex<double> d = 1.0 - kGamma * z;
    const std::complex<double> a = 1.0 / d;
    const std::complex<double> b = (1.0 + z * a - 2.0 * a) / d;
    r = 1.0 + z * (1.5 * a + 0.5 * b);
    return true;
}

}  // namespace lied
