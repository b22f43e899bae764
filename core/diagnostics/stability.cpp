#include "core/diagnostics/stability.h"

#include <Eigen/Eigenvalues>

#include <cmath>
#include <complex>
#include <sstream>

namespace lied {
namespace {

constexpr std::size_t kMaxAnalysedStates = 400;   // a dense eigen-decomposition stays well below a second (StepAdvice says 400)

// The largest |R(h·λ)| over the eigenvalues, and the eigenvalue that attains it.
double worst_amplification(const Integrator& integrator, const Eigen::VectorXcd& lambda, double h, Eigen::Index& worst) {
    double max_abs = 0.0;
    for (Eigen::Index i = 0; i < lambda.size(); ++i) {
        std::complex<double> r;
        integrator.stability_function(h * lambda[i], r);
        if (std::abs(r) > max_abs) {
            max_abs = std::abs(r);
            worst = i;
        }
    }
    return max_abs;
}

// The eigenvalues of ∂ẋ/∂x at (t, x) by forward differences, each state perturbed relative to its size or nominal
// value. False if the model cannot be evaluated there or is too large to analyse.
bool jacobian_eigenvalues(OdeFunction& f, double t, const Eigen::VectorXd& x, const std::vector<double>& nominal, Eigen::VectorXcd& lambda) {
    const auto n = static_cast<std::size_t>(x.size());
    if (n == 0 || n > kMaxAnalysedStates) return false;
    Eigen::MatrixXd J(x.size(), x.size());
    Eigen::VectorXd f0(x.size()), f1(x.size()), xp = x;
    if (!f.derivatives(t, x.data(), f0.data())) return false;
    for (Eigen::Index j = 0; j < x.size(); ++j) {
        const double scale = std::max(std::abs(x[j]), j < static_cast<Eigen::Index>(nominal.size()) ? std::abs(nominal[static_cast<std::size_t>(j)]) : 1.0);
        const double d = std::sqrt(1e-16) * std::max(scale, 1e-8);
        xp[j] = x[j] + d;
        if (!f.derivatives(t, xp.data(), f1.data())) return false;
        J.col(j) = (f1 - f0) / d;
        xp[j] = x[j];
    }
    if (!J.allFinite()) return false;
    Eigen::EigenSolver<Eigen::MatrixXd> eigen(J, /*computeEigenvectors=*/false);
    if (eigen.info() != Eigen::Success) return false;
    lambda = eigen.eigenvalues();
    return true;
}

// The largest step at which |R(h·λ)| ≤ 1 for every eigenvalue: halve from `h` until stable (the limit may be hundreds
// of decades below), then bisect.
double largest_stable_step(const Integrator& integrator, const Eigen::VectorXcd& lambda, double h) {
    auto stable = [&](double step) {
        Eigen::Index ignored = 0;
        return worst_amplification(integrator, lambda, step, ignored) <= 1.0 + 1e-9;
    };
    double lo = h, hi = h;
    for (int k = 0; k < 1100 && lo > 0 && !stable(lo); ++k) {
        hi = lo;
        lo *= 0.5;
    }
    if (hi == lo) return lo;   // stable at h already
    for (int k = 0; k < 60; ++k) (stable(0.5 * (lo + hi)) ? lo : hi) = 0.5 * (lo + hi);
    return lo;
}

}  // namespace

StepAdvice step_advice(OdeFunction& f, const Integrator& rk4, double t, const Eigen::VectorXd& x, const std::vector<double>& nominal) {
    StepAdvice advice;
    Eigen::VectorXcd lambda;
    if (x.size() > static_cast<Eigen::Index>(kMaxAnalysedStates)) advice.why_not = "more than 400 states";
    else if (x.size() > 0) advice.why_not = "the start cannot be evaluated";
    if (!jacobian_eigenvalues(f, t, x, nominal, lambda)) return advice;
    Eigen::Index fastest = 0;
    if (lambda.cwiseAbs().maxCoeff(&fastest) <= 0.0) {   // nothing moves: the start says nothing about the step
        advice.why_not = "no mode has a rate at the start: every eigenvalue of ∂ẋ/∂x is 0 there (free inertias, a contact still open)";
        return advice;
    }
    advice.analysed = true;
    advice.fastest = lambda[fastest];
    const double rate = std::abs(advice.fastest);
    advice.accurate = 2.0 * M_PI / (10.0 * rate);   // ten steps per period (or 0.63 of a time constant)
    // Modes that grow by themselves (a pendulum started away from its equilibrium has one) grow under any step: the
    // stability limit is the decaying and oscillating modes'.
    Eigen::VectorXcd damped(lambda.size());
    Eigen::Index kept = 0;
    for (Eigen::Index i = 0; i < lambda.size(); ++i)
        if (lambda[i].real() <= 1e-6 * std::abs(lambda[i])) damped[kept++] = lambda[i];
    advice.stable = kept == 0 ? INFINITY : largest_stable_step(rk4, damped.head(kept), 100.0 / rate);
    return advice;
}

std::string stability_note(OdeFunction& f, const Integrator& integrator, double t, const Eigen::VectorXd& x, double h,
                           const std::vector<double>& nominal) {
    std::complex<double> probe;
    const auto n = static_cast<std::size_t>(x.size());
    if (!integrator.stability_function(0.0, probe) || n == 0 || n > kMaxAnalysedStates || !(h > 0)) return "";

    Eigen::VectorXcd lambda;
    if (!jacobian_eigenvalues(f, t, x, nominal, lambda)) return "";
    Eigen::Index worst = 0;
    if (worst_amplification(integrator, lambda, h, worst) <= 1.0 + 1e-9) return "";
    const std::complex<double> l = lambda[worst];
    std::ostringstream mode;
    mode.precision(3);
    mode << "eigenvalue " << l.real();
    if (std::abs(l.imag()) > 0) mode << " ± " << std::abs(l.imag()) << "i";
    mode << " 1/s (";
    if (std::abs(l.imag()) > 1e-9 * std::abs(l)) mode << "period " << 2 * M_PI / std::abs(l.imag()) << " s";
    else mode << "time constant " << 1.0 / std::abs(l.real()) << " s";
    mode << ")";
    std::ostringstream s;
    s.precision(3);
    if (l.real() > 1e-9 * std::abs(l)) {
        s << "likely cause: the model itself is unstable there: a mode with " << mode.str()
          << " grows by itself, whatever the step";
        return s.str();
    }
    s << "likely cause: numerical instability of " << integrator.name() << ": the fastest mode has " << mode.str();
    const double lo = largest_stable_step(integrator, lambda, h);
    const bool undamped = std::abs(l.real()) <= 1e-6 * std::abs(l);
    if (undamped && lo * std::abs(l) < 1e-3) {   // only steps far below the oscillation's own time scale are stable
        s << "; " << integrator.name() << " is unstable for every practical step on this undamped oscillation: use rk4 with "
          << "a step below " << 2.0 * std::sqrt(2.0) / std::abs(l) << " s (2.83/|λ|), or an implicit solver (ros2 at a fixed step, cvode-bdf)";
    } else {
        s << "; the step " << h << " s is beyond the stable limit of about " << lo << " s: use a step below that, or an implicit solver (ros2 at a fixed step, cvode-bdf)";
    }
    return s.str();
}

}  // namespace lied
