#include "core/solve/steady_state.h"

#include "core/solve/coloured_jacobian.h"
#include "core/solve/iteration_matrix.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace lied {
namespace {

// f restricted to the free states, less their targets: the others are held at their values.
class RestrictedFunction final : public OdeFunction {
public:
    RestrictedFunction(OdeFunction& f, Eigen::VectorXd& x, const std::vector<int>& free, const std::vector<double>& targets)
        : f_(f), x_(x), free_(free), targets_(targets), full_(static_cast<std::size_t>(x.size())) {}
    std::size_t size() const override { return free_.size(); }
    bool derivatives(double t, const double* y, double* ydot) override {
        Eigen::VectorXd point = x_;
        for (std::size_t k = 0; k < free_.size(); ++k) point[free_[k]] = y[k];
        ++evaluations;
        if (!f_.derivatives(t, point.data(), full_.data())) return false;
        for (std::size_t k = 0; k < free_.size(); ++k)
            ydot[k] = full_[static_cast<std::size_t>(free_[k])] - (targets_.empty() ? 0.0 : targets_[k]);
        return true;
    }
    long evaluations = 0;

private:
    OdeFunction& f_;
    Eigen::VectorXd& x_;
    const std::vector<int>& free_;
    const std::vector<double>& targets_;
    std::vector<double> full_;
};

SparsityPattern restrict_pattern(const SparsityPattern& p, const std::vector<int>& free) {
    std::vector<int> position(static_cast<std::size_t>(p.columns), -1);
    for (std::size_t k = 0; k < free.size(); ++k) position[static_cast<std::size_t>(free[k])] = static_cast<int>(k);
    SparsityPattern r;
    r.rows = r.columns = static_cast<int>(free.size());
    for (int j : free) {
        for (int i : p.column(static_cast<std::size_t>(j)))
            if (position[static_cast<std::size_t>(i)] >= 0) r.row_index.push_back(position[static_cast<std::size_t>(i)]);
        r.start.push_back(static_cast<int>(r.row_index.size()));
    }
    return r;
}

}  // namespace

SteadyStateResult solve_steady_state(OdeFunction& f, const SparsityPattern& pattern, const std::vector<double>& nominal,
                                     double t, Eigen::VectorXd& x, const std::vector<int>& free, SteadyStateSettings settings,
                                     const std::vector<double>& targets) {
    SteadyStateResult result;
    const auto n = static_cast<Eigen::Index>(free.size());
    if (!targets.empty() && targets.size() != free.size())
        throw std::invalid_argument("solve_steady_state: one target per free state (" + std::to_string(free.size()) + "), not " +
                                    std::to_string(targets.size()));
    RestrictedFunction g(f, x, free, targets);
    std::vector<double> scale(free.size(), 1.0);
    for (std::size_t k = 0; k < free.size(); ++k) {
        const double s = nominal[static_cast<std::size_t>(free[k])];
        scale[k] = s > 0 && std::isfinite(s) ? s : 1.0;
    }
    ColouredJacobian jacobian;
    jacobian.configure(restrict_pattern(pattern, free), scale);
    IterationMatrix matrix;
    matrix.configure(jacobian.pattern());
    std::vector<double> values(jacobian.pattern().nonzeros());

    Eigen::VectorXd y(n), fy(n), step(n);
    for (Eigen::Index k = 0; k < n; ++k) y[k] = x[free[static_cast<std::size_t>(k)]];
    auto norm = [&](const Eigen::VectorXd& v, int* worst) {
        double m = 0.0;
        for (Eigen::Index k = 0; k < n; ++k) {
            const double r = std::abs(v[k]) / scale[static_cast<std::size_t>(k)];
            if (!(r <= m)) {   // NaN wins, so that it is reported
                m = r;
                if (worst) *worst = free[static_cast<std::size_t>(k)];
            }
        }
        return m;
    };
    auto finish = [&](bool converged) {
        for (Eigen::Index k = 0; k < n; ++k) x[free[static_cast<std::size_t>(k)]] = y[k];
        result.converged = converged;
        result.evaluations = g.evaluations;
        return result;
    };
    if (!g.derivatives(t, y.data(), fy.data())) return finish(false);
    double residual = result.residual = norm(fy, &result.worst);
    // First pseudo time step: a tenth of the time the largest derivative needs to move its state by its nominal.
    double tau = 0.1 / std::max(residual, 1e-12);
    for (result.iterations = 0; result.iterations < settings.max_iterations; ++result.iterations) {
        if (residual <= settings.tolerance) return finish(true);
        if (!jacobian.compute(g, t, y.data(), fy.data(), values.data())) return finish(false);
        ++result.jacobians;
        if (!matrix.factor(1.0 / tau, 1.0, values.data())) {
            tau *= 0.1;   // τ at an eigenvalue of J: step back and try again
            continue;
        }
        step = fy;
        matrix.solve(step.data());
        // Near Newton (large τ) with a step at the rounding level of the states: the states cannot get closer, and
        // what is left of ẋ is rounding (a pressure of 1e5 Pa over a small inertance leaves |ẋ| ~ 1e-9 1/s).
        if (tau >= 1e6 && residual <= 1e-6) {
            double relative_step = 0.0;
            for (Eigen::Index k = 0; k < n; ++k)
                relative_step = std::max(relative_step, std::abs(step[k]) / std::max(std::abs(y[k]), scale[static_cast<std::size_t>(k)]));
            if (relative_step <= 1e-13) return finish(true);
        }
        Eigen::VectorXd y_new = y + step, f_new(n);
        if (!g.derivatives(t, y_new.data(), f_new.data()) || !(norm(f_new, nullptr) <= 100 * residual)) {
            tau *= 0.1;   // left the domain or blew up: a smaller pseudo time step
            continue;
        }
        const double new_residual = norm(f_new, &result.worst);
        spdlog::trace("steady state iteration {}: tau {:.3g} s, residual {:.3g} -> {:.3g} 1/s", result.iterations, tau, residual, new_residual);
        // Switched evolution relaxation, τ ← τ·|f_old|/|f_new|, but at least doubling while the residual falls:
        // a slow system (seconds to settle) would otherwise creep at its first, cautious τ for ever.
        const double ratio = residual / std::max(new_residual, 1e-300);
        tau = std::min(tau * (new_residual < residual ? std::max(ratio, 2.0) : std::max(ratio, 0.5)), 1e15);
        y = y_new;
        fy = f_new;
        residual = result.residual = new_residual;
    }
    return finish(residual <= settings.tolerance);
}

}  // namespace lied
