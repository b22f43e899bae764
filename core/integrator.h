#pragma once
// Integrators advance x over [t, t+h]. Fixed-step ones take exactly one step (the real-time path); adaptive
// ones take as many error-controlled steps as needed. After resize(), advance() allocates nothing.
#include "core/ode_function.h"

#include <Eigen/Core>
#include <complex>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lied {

// Why a step did not happen. EvaluationFailed: f(t, x) could not be evaluated (a non-finite value or a
// singular L); the simulator's describe() names the value or the tearing variables and the likely cause.
enum class StepStatus { Ok, EvaluationFailed, NonFiniteState, NonFiniteValue, OutOfRange, StepSizeTooSmall, InvalidStep, NotBuilt };

struct IntegratorStats {
    long steps = 0;
    long rejected = 0;
    long rhs_calls = 0;
};

struct Tolerances {
    double relative = 1e-6;
    double absolute = 1e-6;              // multiplied by each state's nominal value
};

class Integrator {
public:
    virtual ~Integrator() = default;
    virtual const char* name() const = 0;
    virtual bool adaptive() const { return false; }
    // Sizes buffers for n states; `nominal` scales the absolute tolerance of adaptive methods.
    virtual void resize(std::size_t n, const std::vector<double>& nominal) = 0;
    // Forget history that a discontinuity (event, rebuild, parameter change) invalidates.
    virtual void reset() {}
    virtual StepStatus advance(OdeFunction& f, double t, double h, Eigen::Ref<Eigen::VectorXd> x) = 0;
    // Fixed-step explicit methods: the stability function R(z) with x_{n+1} = R(hλ)·x_n for ẋ = λx, so a
    // failed run can say whether the step was beyond the stable limit. Adaptive methods return false.
    virtual bool stability_function(std::complex<double> z, std::complex<double>& r) const {
        (void)z;
        (void)r;
        return false;
    }
    void set_tolerances(Tolerances tol) { tolerances_ = tol; }
    const IntegratorStats& stats() const { return stats_; }

protected:
    Tolerances tolerances_;
    IntegratorStats stats_;
};

// "euler", "rk4", "dopri5". Throws std::invalid_argument listing the known names.
std::unique_ptr<Integrator> make_integrator(std::string_view name);
const std::vector<std::string>& integrator_names();

}  // namespace lied
