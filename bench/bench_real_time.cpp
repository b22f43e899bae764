// A hard real-time loop as a controller would run it: ComVessels stepped with RK4 at dt = 1 ms, each step
// released by the clock at 1 kHz (absolute-time sleep), and the time of each step recorded. Next to it the
// same loop with an engine-free busy wait of the engine's median length: whatever its tail shows is the
// machine (scheduler, interrupts, other tenants), not the engine.
#include "core/simulator.h"
#include "systems/com_vessels.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kSteps = 5000;   // 5 s of wall time at 1 kHz
constexpr long kPeriodNs = 1'000'000;

// Runs `work` once per period, released at absolute times; returns each run's duration in ns.
template <class Work>
std::vector<double> paced(Work&& work) {
    std::vector<double> durations;
    durations.reserve(kSteps);
    timespec release{};
    clock_gettime(CLOCK_MONOTONIC, &release);
    for (int k = 0; k < kSteps; ++k) {
        release.tv_nsec += kPeriodNs;
        if (release.tv_nsec >= 1'000'000'000) {
            release.tv_nsec -= 1'000'000'000;
            ++release.tv_sec;
        }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &release, nullptr);
        const auto start = Clock::now();
        work();
        durations.push_back(std::chrono::duration<double, std::nano>(Clock::now() - start).count());
    }
    return durations;
}

void report(benchmark::State& state, std::vector<double> d) {
    std::sort(d.begin(), d.end());
    auto quantile = [&](double q) { return d[static_cast<std::size_t>(q * static_cast<double>(d.size() - 1))]; };
    state.counters["median_ns"] = quantile(0.5);
    state.counters["p99_ns"] = quantile(0.99);
    state.counters["p999_ns"] = quantile(0.999);
    state.counters["max_ns"] = d.back();
}

double engine_median_ns = 400.0;   // set by the engine run, used by the busy loop that follows it

void RealTimeEngineStep1kHz(benchmark::State& state) {
    for (auto _ : state) {
        lied::systems::ComVessels vessels;
        lied::SimulatorOptions o;
        o.solver = "rk4";
        lied::Simulator sim(vessels, o);
        auto d = paced([&] {
            if (sim.step(1e-3) != lied::StepStatus::Ok) state.SkipWithError("step failed");
        });
        std::vector<double> sorted = d;
        std::sort(sorted.begin(), sorted.end());
        engine_median_ns = sorted[sorted.size() / 2];
        report(state, std::move(d));
    }
}
BENCHMARK(RealTimeEngineStep1kHz)->Iterations(1)->Unit(benchmark::kMillisecond);

void RealTimeBusyLoop1kHz(benchmark::State& state) {
    for (auto _ : state) {
        const auto length = std::chrono::nanoseconds(static_cast<long>(engine_median_ns));
        report(state, paced([&] {
                   const auto until = Clock::now() + length;
                   while (Clock::now() < until) {}
               }));
    }
}
BENCHMARK(RealTimeBusyLoop1kHz)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
