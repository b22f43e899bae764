#pragma once
// Integrators advance x over [t, t+h]. Fixed-step ones take exactly one step (the real-time path); adaptive
// ones take as many error-controlled steps as needed. After resize(), advance() allocates nothing.
#include "core/solve/linear_policy.h"
#include "core/solve/ode_function.h"
#include "core/build/sparsity_pattern.h"
#include "core/support/state_archive.h"

#include <Eigen/Core>
#include <complex>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace lied {

// Why a step did not happen. EvaluationFailed: f(t, x) could not be evaluated (a non-finite value or a
// singular L); the simulator's describe() names the value or the tearing variables and the likely cause.
// SolverFailed: the integrator itself gave up (a singular iteration matrix, a CVODE error); its failure()
// says why.
enum class StepStatus { Ok, EvaluationFailed, NonFiniteState, NonFiniteValue, OutOfRange, StepSizeTooSmall, InvalidStep, NotBuilt,
                        SolverFailed, Chattering, StructureRefused, StepTooLarge, BalanceBroken };

struct IntegratorStats {
    long steps = 0;
    long rejected = 0;
    long rhs_calls = 0;          // evaluations of f, those for Jacobians included
    long jacobians = 0;
    long factorizations = 0;     // LU factorisations of an iteration matrix
};

struct Tolerances {
    double relative = 1e-6;
    double absolute = 1e-6;              // multiplied by each state's nominal value
    double max_step = 0.0;               // adaptive solvers: the largest step (0: no limit)
};

// Zero-crossing functions g(t, x) for an integrator that locates their roots itself (CVODE).
class RootFunction {
public:
    virtual ~RootFunction() = default;
    virtual std::size_t count() const = 0;
    virtual bool values(double t, const double* x, double* g) = 0;
};

class Integrator {
public:
    virtual ~Integrator() = default;
    virtual const char* name() const = 0;
    virtual bool adaptive() const { return false; }
    // The order p of the local error, O(h^(p+1)) (fixed-step methods; the step error monitor scales by it).
    virtual int order() const = 0;
    // Sizes buffers for n states; `nominal` scales the absolute tolerance of adaptive methods.
    virtual void resize(std::size_t n, const std::vector<double>& nominal) = 0;
    // Forget history that a discontinuity (event, rebuild, parameter change) invalidates.
    virtual void reset() {}
    // A saved simulation state (Simulator::save_state): the history the next step depends on (a step size, a
    // Jacobian and its age), so that the steps after a restore are the steps after the save, bit for bit. A method
    // whose history cannot be read out (CVODE keeps it inside SUNDIALS) says so, and starts afresh when it is saved
    // and when it is restored instead: both go on from the same fresh start.
    virtual void archive_history(StateArchive& archive) { (void)archive; }
    virtual bool history_archivable() const { return true; }
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
    void clear_stats() { stats_ = {}; }

    // Implicit methods: the structure of ∂f/∂x (given before resize(); without it J counts as dense), how
    // often J is renewed (every k steps; an event, a rejected step or reset() renews it at once), and the
    // linear solver of the iteration matrix.
    virtual bool uses_jacobian() const { return false; }
    virtual void set_jacobian_pattern(SparsityPattern) {}
    virtual std::size_t jacobian_colours() const { return 0; }
    void set_jacobian_interval(int k) { jacobian_interval_ = k < 1 ? 1 : k; }
    void set_linear_solver(LinearSolverKind kind) { linear_solver_ = kind; }

    // Adaptive methods: stop after one accepted step (for the event locator, which checks every step);
    // advanced() tells how far the last advance() got (h unless it stopped early).
    void set_single_step(bool single) { single_step_ = single; }
    double advanced() const { return advanced_; }

    // The next time the solution must not be integrated across (a time event, the end of the run): adaptive
    // methods that interpolate their output (CVODE) may step beyond an output time, never beyond this.
    void set_hard_stop(double t) { hard_stop_ = t; }
    // Methods that interpolate their output (CVODE) step past an output time and interpolate there: output times as
    // close as their internal steps cost no extra steps and do not change the solution (the books use them to see
    // every internal step). internal_step() is the size of the last one, 0 before the first.
    virtual bool interpolates_output() const { return false; }
    virtual double internal_step() const { return 0.0; }

    // Methods that locate zero crossings themselves: advance() stops at the first root; root_found() and
    // roots() (per function: +1 rising, −1 falling, 0 none) say which.
    virtual bool finds_roots() const { return false; }
    void set_root_function(RootFunction* g) {   // sizes roots() here: a root found while stepping allocates nothing
        roots_function_ = g;
        roots_.assign(g ? g->count() : 0, 0);
    }
    bool root_found() const { return root_found_; }
    const std::vector<int>& roots() const { return roots_; }

    // Why the last advance() returned SolverFailed (a static text, so that failing allocates nothing).
    const char* failure() const { return failure_; }

protected:
    Tolerances tolerances_;
    IntegratorStats stats_;
    int jacobian_interval_ = 1;
    LinearSolverKind linear_solver_ = LinearSolverKind::Automatic;
    bool single_step_ = false;
    double advanced_ = 0.0;
    double hard_stop_ = std::numeric_limits<double>::infinity();
    RootFunction* roots_function_ = nullptr;
    bool root_found_ = false;
    std::vector<int> roots_;
    const char* failure_ = "";
};

// "euler", "rk4", "dopri5", "linearly-implicit-euler", "ros2", "cvode-bdf", "cvode-adams". Throws std::invalid_argument listing the known names.
std::unique_ptr<Integrator> make_integrator(std::string_view name);
const std::vector<std::string>& integrator_names();

}  // namespace lied
