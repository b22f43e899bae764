// The CoolingLoop example in the engine against the same equations written by hand (tests/support/cooling_loop_ode.h,
// checked against the engine's derivatives in tests/systems/examples/test_cooling_loop.cpp), side by side: one derivative
// evaluation at a state in the controlled phase (t = 400 s) and one RK4 step; and a whole run with CVODE.
#include "core/simulation/simulator.h"
#include "support/cooling_loop_ode.h"
#include "time_derivatives.h"
#include "systems/examples/cooling_loop.h"

#include <benchmark/benchmark.h>

#include <array>

using lied::Simulator;
using lied::SimulatorOptions;
using lied::systems::CoolingLoop;

namespace {

void CoolingLoopDerivatives(benchmark::State& state) {
    CoolingLoop loop;
    Simulator sim(loop);
    sim.simulate(400.0);
    lied::bench::time_derivatives_at(state, sim, 400.0, sim.states());
}
BENCHMARK(CoolingLoopDerivatives);

// The engine's state at t = 400 s in the twin's order.
std::array<double, lied::testing::CoolingLoopOde::kStates> state_at_400s() {
    CoolingLoop loop;
    Simulator sim(loop, SimulatorOptions{.solver = "cvode-bdf"});
    sim.simulate(400.0);
    std::array<double, lied::testing::CoolingLoopOde::kStates> x{};
    for (int k = 0; k < lied::testing::CoolingLoopOde::kStates; ++k) x[static_cast<std::size_t>(k)] = sim.value(lied::testing::CoolingLoopOde::names[k]);
    return x;
}

void CoolingLoopDerivativesHandWritten(benchmark::State& state) {
    lied::testing::CoolingLoopOde ode;
    const auto x = state_at_400s();
    std::array<double, lied::testing::CoolingLoopOde::kStates> dx{};
    for (auto _ : state) {
        ode.rhs(400.0, x.data(), dx.data());
        benchmark::DoNotOptimize(dx.data());
    }
}
BENCHMARK(CoolingLoopDerivativesHandWritten);

void CoolingLoopRk4StepHandWritten(benchmark::State& state) {
    lied::testing::CoolingLoopOde ode;
    using X = std::array<double, lied::testing::CoolingLoopOde::kStates>;
    X x = state_at_400s(), k1{}, k2{}, k3{}, k4{}, tmp{};
    double t = 400.0;
    const double h = 1e-3;
    auto stage = [&](const X& base, const X& k, double s) {
        for (std::size_t i = 0; i < x.size(); ++i) tmp[i] = base[i] + s * k[i];
        return tmp.data();
    };
    for (auto _ : state) {
        ode.rhs(t, x.data(), k1.data());
        ode.rhs(t + h / 2, stage(x, k1, h / 2), k2.data());
        ode.rhs(t + h / 2, stage(x, k2, h / 2), k3.data());
        ode.rhs(t + h, stage(x, k3, h), k4.data());
        for (std::size_t i = 0; i < x.size(); ++i) x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
        t += h;
        benchmark::DoNotOptimize(x.data());
    }
}
BENCHMARK(CoolingLoopRk4StepHandWritten);

void CoolingLoopRk4Step(benchmark::State& state) {
    CoolingLoop loop;
    // Against the hand-written step: the run's checks off (their cost: bench_trust_checks.cpp).
    Simulator sim(loop, SimulatorOptions{.solver = "cvode-bdf", .dt = 1e-3, .step_monitor = {lied::CheckMode::Off}, .balance = {lied::CheckMode::Off}});
    sim.simulate(400.0);   // to the state the hand-written step starts from
    sim.set_solver("rk4");
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
