// A hard real-time loop as a controller would run it: ComVessels stepped with RK4 at dt = 1 ms, each step
// released by the clock at 1 kHz (absolute-time sleep), and the time of each step recorded. Next to it the
// same loop with an engine-free busy wait of the engine's median length: whatever its tail shows is the
// machine (scheduler, interrupts, other tenants), not the engine.
#include "core/simulation/realtime_swap.h"
#include "core/simulation/simulator.h"
#include "systems/examples/com_vessels.h"
#include "systems/io/system_file.h"
#include "thermofluid/processes/pressure_drop.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <atomic>
#include <numeric>
#include <ctime>
#include <filesystem>
#include <thread>
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

// Structural change inside the 1 kHz loop (RealtimeSwap): a worker thread replaces valve p2 of the vessels (from the
// system file) every second, building each new structure while the loop steps; the loop swaps it in at its next step.
// Counters: the step times of the whole run (median, p99, max), the longest step that swapped, the worker's build
// time, and the time from the request to the end of the first step on the new structure (at 1 kHz up to a period
// waiting for the snapshot plus up to one waiting for the swap).
void RealTimeSwap1kHz(benchmark::State& state) {
    const auto file = (std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/com_vessels.yaml").string();
    auto vessels = [&] { return std::unique_ptr<lied::Component>(std::move(lied::systems::load_system_file(file).root)); };
    for (auto _ : state) {
        lied::SimulatorOptions o;
        o.solver = "rk4";
        lied::RealtimeSwap swap(vessels, o);
        std::atomic<long> step_index{0};
        std::vector<Clock::time_point> step_end(kSteps);
        std::vector<long> swapped_at;
        std::vector<double> build_ns, request_ns;
        std::atomic<bool> done{false};
        std::thread worker([&] {
            std::vector<Clock::time_point> requests;
            double dp = 1000.0;
            for (long next = 1000; next < kSteps - 500; next += 1000) {
                while (step_index.load() < next) std::this_thread::sleep_for(std::chrono::microseconds(200));
                dp = dp == 1000.0 ? 2000.0 : 1000.0;
                lied::StructuralChange change("p2 replaced");
                change.replace("p2", std::make_unique<lied::thermofluid::PressureDrop>(0.01, dp, 100.0));
                const auto request = Clock::now();
                swap.prepare(vessels, std::move(change));
                build_ns.push_back(std::chrono::duration<double, std::nano>(Clock::now() - request).count());
                requests.push_back(request);
                swap.wait_for_swap();
            }
            while (!done.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
            for (std::size_t k = 0; k < requests.size() && k < swapped_at.size(); ++k)
                request_ns.push_back(std::chrono::duration<double, std::nano>(step_end[static_cast<std::size_t>(swapped_at[k])] - requests[k]).count());
        });
        swapped_at.reserve(16);
        long swaps_seen = 0;
        auto d = paced([&] {
            const long k = step_index.load();
            if (swap.step(1e-3) != lied::StepStatus::Ok) state.SkipWithError("step failed");
            step_end[static_cast<std::size_t>(k)] = Clock::now();
            if (swap.swaps() != swaps_seen) {
                swaps_seen = swap.swaps();
                swapped_at.push_back(k);
            }
            step_index.store(k + 1);
        });
        done = true;
        worker.join();
        double swap_max = 0.0;
        for (long k : swapped_at) swap_max = std::max(swap_max, d[static_cast<std::size_t>(k)]);
        report(state, d);
        state.counters["swaps"] = static_cast<double>(swapped_at.size());
        state.counters["swap_step_max_ns"] = swap_max;
        state.counters["build_mean_us"] = build_ns.empty() ? 0.0 : std::accumulate(build_ns.begin(), build_ns.end(), 0.0) / build_ns.size() / 1e3;
        state.counters["request_to_step_max_us"] = request_ns.empty() ? 0.0 : *std::max_element(request_ns.begin(), request_ns.end()) / 1e3;
    }
}
BENCHMARK(RealTimeSwap1kHz)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
