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
    std::vector<std::pair<std::string, long>> events;   // by name: time, sampled and state events that fired

    long total_events() const {
        long n = 0;
        for (auto& e : events) n += e.second;
        return n;
    }
    std::string text() const;        // several lines, for a person
};

}  // namespace lied
