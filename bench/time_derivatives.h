#pragma once
// Times one derivative evaluation of a built simulator at (t, x). The engine keeps the derivatives of the point it
// evaluated last (a step's end is the next step's start), so evaluating one point again would time that copy: the
// loop alternates between t and t + 1 ns, which costs a full evaluation each time.
#include "core/simulation/simulator.h"

#include <Eigen/Dense>
#include <benchmark/benchmark.h>

namespace lied::bench {

inline void time_derivatives_at(benchmark::State& state, Simulator& sim, double t, const Eigen::VectorXd& x) {
    Eigen::VectorXd xdot(x.size());
    const double times[2] = {t, t + 1e-9};
    int k = 0;
    for (auto _ : state) {
        sim.derivatives(times[k ^= 1], x.data(), xdot.data());
        benchmark::DoNotOptimize(xdot.data());
    }
}

}  // namespace lied::bench
