#pragma once
// What a run cost and what happened in it, for `--verbose` and the API.
#include <string>
#include <utility>
#include <vector>

namespace lied {

struct RunStatistics {
    std::string solver;
    long steps = 0;
    long rejected_steps = 0;
    long solver_evaluations = 0;     // evaluations of f by the integrator, those for Jacobians included
    long model_evaluations = 0;      // all evaluations of the model (also for events, samples, checks)
    long jacobians = 0;
    long jacobian_colours = 0;       // evaluations per Jacobian (0 if the solver needs none)
    long factorizations = 0;         // LU factorisations of an iteration matrix
    // Fixed-step solvers: steps whose error was estimated, those found too large, and the worst estimate.
    long step_checks = 0;
    long steps_too_large = 0;
    long large_errors_absorbed = 0;  // large local errors that decayed within a few steps (a fast, damped mode)
    double worst_error_ratio = 0.0;  // estimated local error / accepted error (above 1: too large)
    std::string worst_error_text;    // where and when the worst estimate was, and the step that would do
    // The mass and energy books (lines like "energy: stored 10 → 12 J, supplied +3 / −1 J, dissipated 0 J, changes 0 J,
    // residual 1e-9 J of 0.05 J allowed"), or why they were not kept (components that declare nothing).
    std::vector<std::string> balance_lines;
    long balance_violations = 0;
    std::vector<std::pair<std::string, long>> events;   // by name: time, sampled and state events that fired

    long total_events() const {
        long n = 0;
        for (auto& e : events) n += e.second;
        return n;
    }
    std::string text() const;        // several lines, for a person
};

}  // namespace lied
