// What the run's checks cost per step, side by side with the same step without them: the fixed-step error monitor
// (every 4th step two half steps of a twin solver) and the balance auditor (one evaluation at every step's end and
// the declared terms summed), on the vessels (rk4, 1 ms), the cooling loop (ros2, 10 ms) and the double pendulum
// (rk4, 1 ms), each stepped from where a run stands after a while.
#include "core/simulation/simulator.h"
#include "systems/examples/com_vessels.h"
#include "systems/examples/cooling_loop.h"
#include "systems/examples/double_pendulum.h"

#include <benchmark/benchmark.h>

#include <memory>

namespace {
using namespace lied;

template <class System>
void Step(benchmark::State& state, const char* solver, double dt, CheckMode mode, CheckMode books) {
    auto system = std::make_unique<System>();
    SimulatorOptions o;
    o.solver = solver;
    o.dt = dt;
    o.step_monitor.mode = mode;
    o.balance.mode = books;
    Simulator sim(*system, o);
    for (int k = 0; k < 200; ++k) sim.step(dt);
    for (auto _ : state) {
        if (sim.step(dt) != StepStatus::Ok) state.SkipWithError("the step failed");
        benchmark::DoNotOptimize(sim.states().data());
    }
    state.counters["checks_per_step"] = benchmark::Counter(static_cast<double>(sim.step_monitor().checks()) / static_cast<double>(state.iterations() + 200));
}
void VesselsStep(benchmark::State& s, const char* solver, double dt, CheckMode mode, CheckMode books) {
    Step<systems::ComVessels>(s, solver, dt, mode, books);
}
void CoolingLoopStep(benchmark::State& s, const char* solver, double dt, CheckMode mode, CheckMode books) {
    Step<systems::CoolingLoop>(s, solver, dt, mode, books);
}
void DoublePendulumStep(benchmark::State& s, const char* solver, double dt, CheckMode mode, CheckMode books) {
    Step<systems::DoublePendulum>(s, solver, dt, mode, books);
}
}  // namespace

BENCHMARK_CAPTURE(VesselsStep, rk4_checks_off, "rk4", 1e-3, lied::CheckMode::Off, lied::CheckMode::Off);
BENCHMARK_CAPTURE(VesselsStep, rk4_monitor_on, "rk4", 1e-3, lied::CheckMode::Error, lied::CheckMode::Off);
BENCHMARK_CAPTURE(VesselsStep, rk4_books_on, "rk4", 1e-3, lied::CheckMode::Off, lied::CheckMode::Error);
BENCHMARK_CAPTURE(VesselsStep, rk4_both_on, "rk4", 1e-3, lied::CheckMode::Error, lied::CheckMode::Error);
BENCHMARK_CAPTURE(CoolingLoopStep, ros2_checks_off, "ros2", 1e-2, lied::CheckMode::Off, lied::CheckMode::Off);
BENCHMARK_CAPTURE(CoolingLoopStep, ros2_monitor_on, "ros2", 1e-2, lied::CheckMode::Error, lied::CheckMode::Off);
BENCHMARK_CAPTURE(CoolingLoopStep, ros2_books_on, "ros2", 1e-2, lied::CheckMode::Off, lied::CheckMode::Error);
BENCHMARK_CAPTURE(CoolingLoopStep, ros2_both_on, "ros2", 1e-2, lied::CheckMode::Error, lied::CheckMode::Error);
BENCHMARK_CAPTURE(DoublePendulumStep, rk4_checks_off, "rk4", 1e-3, lied::CheckMode::Off, lied::CheckMode::Off);
BENCHMARK_CAPTURE(DoublePendulumStep, rk4_monitor_on, "rk4", 1e-3, lied::CheckMode::Error, lied::CheckMode::Off);
BENCHMARK_CAPTURE(DoublePendulumStep, rk4_books_on, "rk4", 1e-3, lied::CheckMode::Off, lied::CheckMode::Error);
BENCHMARK_CAPTURE(DoublePendulumStep, rk4_both_on, "rk4", 1e-3, lied::CheckMode::Error, lied::CheckMode::Error);
