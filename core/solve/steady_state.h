#pragma once
// Steady-state initialisation by pseudo-transient continuation (Kelley & Keyes 1998): implicit Euler steps
// x ← x + (I/τ − J)⁻¹·f(x) whose pseudo time step τ grows as the derivatives shrink (switched evolution
// relaxation), ending in Newton's method. Unlike plain Newton it converges from far away, and, because implicit
// Euler keeps every linear invariant, a system with a conserved quantity (the water of communicating vessels)
// lands on the equilibrium that keeps it, where Newton's Jacobian is singular.
#include "core/solve/ode_function.h"
#include "core/build/sparsity_pattern.h"

#include <Eigen/Core>
#include <string>
#include <vector>

namespace lied {

struct SteadyStateSettings {
    double tolerance = 1e-10;     // largest |ẋ_i| / nominal_i accepted as zero [1/s]; also accepted: a Newton step
                                  // (τ ≥ 1e6 s) below 1e-13 of the states while |ẋ_i| / nominal_i ≤ 1e-6 (rounding)
    int max_iterations = 500;
};

struct SteadyStateResult {
    bool converged = false;
    int iterations = 0;
    double residual = 0.0;        // largest |ẋ_i| / nominal_i at the end [1/s]
    int worst = -1;               // the state (index into x) with that residual
    long evaluations = 0;
    long jacobians = 0;
};

// Solves f(t, x)_i = 0 for the states in `free` (indices into x); the others keep their values. `pattern` is
// the structure of ∂f/∂x for all states. With `targets` (one per free state) it solves f(t, x)_i = target_i instead:
// a start where a state's derivative has a given value (Modelica's initial equation der(x) = a).
SteadyStateResult solve_steady_state(OdeFunction& f, const SparsityPattern& pattern, const std::vector<double>& nominal,
                                     double t, Eigen::VectorXd& x, const std::vector<int>& free, SteadyStateSettings settings,
                                     const std::vector<double>& targets = {});

}  // namespace lied
