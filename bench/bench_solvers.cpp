// Solvers: what a coloured Jacobian costs against n (a forest of independent trees, whose J is block
// diagonal), one real-time step of the linearly implicit methods on a stiff support next to the same ROS2
// step written by hand with the analytic 2×2 Jacobian, and CVODE-BDF against dopri5 on Robertson's stiff
// kinetics.
#include "core/solve/coloured_jacobian.h"
#include "core/simulation/simulator.h"
#include "support/event_components.h"
#include "support/networks.h"

#include <benchmark/benchmark.h>

#include <cmath>

namespace {

using lied::Simulator;
using lied::SimulatorOptions;

struct SimulatorFunction final : lied::OdeFunction {
    Simulator& sim;
    explicit SimulatorFunction(Simulator& s) : sim(s) {}
    std::size_t size() const override { return static_cast<std::size_t>(sim.states().size()); }
    bool derivatives(double t, const double* x, double* xdot) override { return sim.derivatives(t, x, xdot); }
};

// One coloured Jacobian of `sources` trees of 4 leaves (9 states each). Counters: states, evaluations per
// Jacobian (colours) against the n of plain finite differences, structural nonzeros.
void ColouredJacobian(benchmark::State& state) {
    auto net = lied::testing::make_forest(static_cast<int>(state.range(0)), 4);
    Simulator sim(*net);
    sim.simulate(0.2);
    const SimulatorFunction f(sim);
    SimulatorFunction g(sim);
    lied::ColouredJacobian jacobian;
    std::vector<double> nominal;
    for (auto& s : sim.model().states) nominal.push_back(s.nominal);
    jacobian.configure(sim.jacobian_pattern(), nominal);
    const Eigen::VectorXd x = sim.states();
    Eigen::VectorXd f0(x.size());
    sim.derivatives(sim.time(), x.data(), f0.data());
    std::vector<double> values(jacobian.pattern().nonzeros());
    for (auto _ : state) {
        jacobian.compute(g, sim.time(), x.data(), f0.data(), values.data());
        benchmark::DoNotOptimize(values.data());
    }
    state.counters["states"] = static_cast<double>(x.size());
    state.counters["evaluations"] = static_cast<double>(jacobian.colours());
    state.counters["nonzeros"] = static_cast<double>(jacobian.pattern().nonzeros());
}

// One 1 kHz step of the stiff support of tests/support/event_components.h (k = 1e7 N/m, h·ω = 3.2).
void StiffSupportStep(benchmark::State& state, const char* solver, int jacobian_interval) {
    lied::testing::StiffContact body;
    SimulatorOptions o;
    o.solver = solver;
    o.jacobian_interval = jacobian_interval;
    Simulator sim(body, o);
    for (auto _ : state) benchmark::DoNotOptimize(sim.step(1e-3));
    const auto st = sim.statistics();
    state.counters["evaluations_per_step"] = static_cast<double>(st.solver_evaluations) / static_cast<double>(st.steps);
    state.counters["lu_per_step"] = static_cast<double>(st.factorizations) / static_cast<double>(st.steps);
}

// The same ROS2 step by hand: analytic J, 2×2 inverse, no engine.
void HandStiffSupportRos2Step(benchmark::State& state) {
    const double m = 1, g = 9.81, k = 1e7, d = 2000, h = 1e-3, gamma = 1 + 1 / std::sqrt(2.0);
    double x = 0, v = 0;
    auto f = [&](double px, double pv, double& fx, double& fv) {
        fx = pv;
        fv = -g - (k * px + d * pv) / m;
    };
    for (auto _ : state) {
        // M = I − γh·J with J = [0 1; −k/m −d/m].
        const double a = 1, b = -gamma * h, c = gamma * h * k / m, e = 1 + gamma * h * d / m, det = a * e - b * c;
        auto solve = [&](double& r1, double& r2) {
            const double s1 = (e * r1 - b * r2) / det, s2 = (a * r2 - c * r1) / det;
            r1 = s1, r2 = s2;
        };
        double k1x, k1v, k2x, k2v;
        f(x, v, k1x, k1v);
        solve(k1x, k1v);
        f(x + h * k1x, v + h * k1v, k2x, k2v);
        k2x -= 2 * k1x, k2v -= 2 * k1v;
        solve(k2x, k2v);
        x += h * (1.5 * k1x + 0.5 * k2x);
        v += h * (1.5 * k1v + 0.5 * k2v);
        benchmark::DoNotOptimize(x);
        benchmark::DoNotOptimize(v);
    }
}

// Robertson to t = 40 at rtol 1e-6: the whole run per iteration, with the solver's counters.
void Robertson(benchmark::State& state, const char* solver) {
    lied::RunStatistics st;
    for (auto _ : state) {
        lied::testing::Robertson chem;
        SimulatorOptions o;
        o.solver = solver;
        o.tolerances.relative = 1e-6;
        o.tolerances.absolute = 1e-8;
        Simulator sim(chem, o);
        sim.simulate(40.0);
        st = sim.statistics();
    }
    state.counters["steps"] = static_cast<double>(st.steps);
    state.counters["evaluations"] = static_cast<double>(st.solver_evaluations);
    state.counters["jacobians"] = static_cast<double>(st.jacobians);
}

}  // namespace

BENCHMARK(ColouredJacobian)->RangeMultiplier(4)->Range(1, 1024)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(StiffSupportStep, ros2, "ros2", 1);
BENCHMARK_CAPTURE(StiffSupportStep, ros2_jacobian_every_10, "ros2", 10);
BENCHMARK_CAPTURE(StiffSupportStep, linearly_implicit_euler, "linearly-implicit-euler", 1);
BENCHMARK(HandStiffSupportRos2Step);
BENCHMARK_CAPTURE(Robertson, cvode_bdf, "cvode-bdf")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(Robertson, dopri5, "dopri5")->Unit(benchmark::kMillisecond);
