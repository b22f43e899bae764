// The clamp (systems/examples/clamp.h: a 10 g object between two 1e6 N/m elasto-gap claws, pressed with 50 N): the largest
// fixed step each of Lied's fixed-step integrators takes on the dialectic model (T_D = 1 ms and 0.1 ms) and on the
// classic formulation of the same physics (tests/support/classic_clamp.h: positions and velocities as states). The
// two are the same model, so the rows agree. Not a timing: each row runs a bisection once and reports the step as
// a counter.
#include "core/simulation/simulator.h"
#include "support/classic_clamp.h"
#include "systems/examples/clamp.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <functional>
#include <memory>
#include <string>

namespace {

using lied::Component;
using lied::Simulator;
using lied::SimulatorOptions;

constexpr double kPenetration = 50.0 / 1e6;   // F/c per claw at rest

// A step is good when the run ends (no divergence stopped it) and over its last 0.1 s, after the press force has
// settled, both claws' penetrations stay below 3·F/c and average to F/c within 5 %.
bool good_step(Component& clamp, const std::string& solver, double dt) {
    SimulatorOptions options;
    options.solver = solver;
    options.dt = dt;
    options.step_monitor.mode = lied::CheckMode::Off;   // judged by the criterion above, not by the monitor or the books
    options.balance.mode = lied::CheckMode::Off;
    try {
        Simulator sim(clamp, options);
        const double sample = dt * std::ceil(1e-5 / dt);   // whole steps: sampling must not shorten them
        const long first = std::lround(std::ceil(0.2 / sample)), last = std::lround(std::floor(0.3 / sample));
        sim.simulate(static_cast<double>(first) * sample);
        double sum_left = 0.0, sum_right = 0.0, peak = 0.0;
        for (long k = first + 1; k <= last; ++k) {
            sim.simulate(static_cast<double>(k) * sample);
            const double left = sim.value("gapLeft.penetration"), right = sim.value("gapRight.penetration");
            sum_left += left, sum_right += right;
            peak = std::max({peak, left, right});
        }
        const double n = static_cast<double>(last - first);
        return std::isfinite(peak) && peak < 3 * kPenetration && std::abs(sum_left / n / kPenetration - 1) < 0.05 &&
               std::abs(sum_right / n / kPenetration - 1) < 0.05;
    } catch (const std::exception&) {
        return false;
    }
}

// Bisection (in log dt) between 1 µs and 10 ms; 0 if even 1 µs fails.
double largest_good_step(const std::function<std::unique_ptr<Component>()>& make, const std::string& solver) {
    double good = 1e-6, bad = 1e-2;
    if (!good_step(*make(), solver, good)) return 0.0;
    if (good_step(*make(), solver, bad)) return bad;
    for (int i = 0; i < 14; ++i) {
        const double mid = std::sqrt(good * bad);
        (good_step(*make(), solver, mid) ? good : bad) = mid;
    }
    return good;
}

void ClampLargestStep(benchmark::State& state, const char* solver, double T_D) {
    auto make = [T_D]() -> std::unique_ptr<Component> {
        if (T_D == 0.0) return std::make_unique<lied::testing::ClassicClamp>();
        auto clamp = std::make_unique<lied::systems::Clamp>();
        clamp->defaults.T_D = T_D;
        return clamp;
    };
    double step = 0.0;
    for (auto _ : state) step = largest_good_step(make, solver);
    state.counters["largest_step_us"] = step * 1e6;
}

}  // namespace

#define CLAMP_ROWS(name, solver)                                                                  \
    BENCHMARK_CAPTURE(ClampLargestStep, name##_classic, solver, 0.0)->Iterations(1)->Unit(benchmark::kMillisecond); \
    BENCHMARK_CAPTURE(ClampLargestStep, name##_TD_1ms, solver, 1e-3)->Iterations(1)->Unit(benchmark::kMillisecond); \
    BENCHMARK_CAPTURE(ClampLargestStep, name##_TD_0_1ms, solver, 1e-4)->Iterations(1)->Unit(benchmark::kMillisecond);
CLAMP_ROWS(euler, "euler")
CLAMP_ROWS(rk4, "rk4")
CLAMP_ROWS(linearly_implicit_euler, "linearly-implicit-euler")
CLAMP_ROWS(ros2, "ros2")
