// The CoolingLoop example in the engine: one derivative evaluation and one RK4 step at a state in the controlled
// phase (t = 400 s). A hand-written version of the same equations for the ratio is still to come (see the README).
#include "core/simulator.h"
#include "systems/cooling_loop.h"

#include <benchmark/benchmark.h>

using lied::Simulator;
using lied::SimulatorOptions;
using lied::systems::CoolingLoop;

namespace {

void CoolingLoopDerivatives(benchmark::State& state) {
    CoolingLoop loop;
    Simulator sim(loop);
    sim.simulate(400.0);
    const Eigen::VectorXd x = sim.states();
    Eigen::VectorXd xdot(x.size());
    for (auto _ : state) {
        sim.derivatives(400.0, x.data(), xdot.data());
        benchmark::DoNotOptimize(xdot.data());
    }
}
BENCHMARK(CoolingLoopDerivatives);

void CoolingLoopRk4Step(benchmark::State& state) {
    CoolingLoop loop;
    Simulator sim(loop, SimulatorOptions{.solver = "rk4", .dt = 1e-3});
    sim.simulate(1.0);
    for (auto _ : state) {
        if (sim.step(1e-3) != lied::StepStatus::Ok) state.SkipWithError("step failed");
        benchmark::DoNotOptimize(sim.states().data());
    }
}
BENCHMARK(CoolingLoopRk4Step);

void CoolingLoopRun600s(benchmark::State& state) {
    for (auto _ : state) {
        CoolingLoop loop;
        Simulator sim(loop, SimulatorOptions{.solver = "cvode-bdf"});   // as registered for lied run
        sim.simulate(600.0);
        benchmark::DoNotOptimize(sim.states().data());
    }
}
BENCHMARK(CoolingLoopRun600s)->Unit(benchmark::kMillisecond);

}  // namespace
