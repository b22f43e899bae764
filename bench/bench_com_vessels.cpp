// ComVessels in the engine against the same ODE written by hand (tests/support/vessels_ode.h uses the same
// physics). The ratio of the two is the engine's overhead: crawled blocks, probing, the LU solve.
#include "core/simulation/simulator.h"
#include "support/vessels_ode.h"
#include "time_derivatives.h"
#include "systems/examples/com_vessels.h"
#include "thermofluid/processes/pressure_drop.h"

#include <benchmark/benchmark.h>

using lied::Simulator;
using lied::SimulatorOptions;
using lied::systems::ComVessels;
using lied::testing::VesselsOde;

namespace {

// A state in the middle of the transient (t = 3 s of the default run).
Eigen::VectorXd midway_state(Simulator& sim) {
    sim.simulate(3.0);
    return sim.states();
}

void EngineDerivatives(benchmark::State& state, lied::LinearPolicy policy) {
    ComVessels v;
    SimulatorOptions o;
    o.policy = policy;
    Simulator sim(v, o);
    lied::bench::time_derivatives_at(state, sim, 3.0, midway_state(sim));
}
BENCHMARK_CAPTURE(EngineDerivatives, factor_once, lied::LinearPolicy::FactorOnChange);
BENCHMARK_CAPTURE(EngineDerivatives, reprobe_every_call, lied::LinearPolicy::ReprobeEveryCall);

void HandWrittenDerivatives(benchmark::State& state) {
    VesselsOde ode;
    ComVessels v;
    Simulator sim(v);
    const Eigen::VectorXd x = midway_state(sim);
    // Engine state order: t1.level, t1.m_flow, t2.level, t3.level, s.m_flow_1.
    VesselsOde::Y y{x[0], x[2], x[3], x[1], x[4]};
    for (auto _ : state) {
        benchmark::DoNotOptimize(y);
        auto d = ode.rhs(0.5, y);
        benchmark::DoNotOptimize(d);
    }
}
BENCHMARK(HandWrittenDerivatives);

void EngineRk4Step(benchmark::State& state) {
    ComVessels v;
    SimulatorOptions o;
    o.step_monitor.mode = lied::CheckMode::Off;   // the step against the hand-written one; the checks' cost: bench_trust_checks.cpp
    o.balance.mode = lied::CheckMode::Off;
    Simulator sim(v, o);
    midway_state(sim);
    for (auto _ : state) {
        sim.step(1e-3);
        benchmark::DoNotOptimize(sim.states().data());
    }
}
BENCHMARK(EngineRk4Step);

void HandWrittenRk4Step(benchmark::State& state) {
    VesselsOde ode;
    double t = 0;
    auto y = ode.initial();
    ode.integrate(t, y, 3.0, 1e-2);
    const double h = 1e-3;
    for (auto _ : state) {   // one classic RK4 step, nothing else
        auto add = [](const VesselsOde::Y& a, const VesselsOde::Y& b, double s) {
            VesselsOde::Y r;
            for (int i = 0; i < 5; ++i) r[i] = a[i] + s * b[i];
            return r;
        };
        const auto k1 = ode.rhs(0.5, y), k2 = ode.rhs(0.5, add(y, k1, h / 2)), k3 = ode.rhs(0.5, add(y, k2, h / 2)),
                   k4 = ode.rhs(0.5, add(y, k3, h));
        for (int i = 0; i < 5; ++i) y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
        benchmark::DoNotOptimize(y);
    }
}
BENCHMARK(HandWrittenRk4Step);

// Swap valve p2 for a new one and rebuild: crawl, validate, order, probe, check L; states carried over.
void RebuildAfterValveReplace(benchmark::State& state) {
    ComVessels v;
    Simulator sim(v);
    midway_state(sim);
    double dp_ref = 1000;
    for (auto _ : state) {
        dp_ref = dp_ref == 1000 ? 2000 : 1000;
        v.replace_valve("p2", std::make_unique<lied::thermofluid::PressureDrop>(0.01, dp_ref, 100.0));
        sim.rebuild();
    }
}
BENCHMARK(RebuildAfterValveReplace)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
