// Variable structure: the time from a structural change requested between two steps to the end of the first step on
// the new structure (StructuralChange built, edits made, crawl, order, probe, checks, one RK4 step), on the vessels
// as a file (a valve replaced) and on the rocket (the release: five components out, eight in). Today the change is
// made on the stepping thread; RealtimeSwap (bench_real_time.cpp) builds it off that thread.
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"
#include "systems/io/system_file.h"
#include "systems/examples/two_stage_rocket.h"
#include "thermofluid/processes/pressure_drop.h"

#include <benchmark/benchmark.h>

#include <filesystem>

namespace {

void ReplaceValveThenStep(benchmark::State& state) {
    auto loaded = lied::systems::load_system_file((std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/com_vessels.yaml").string());
    lied::Simulator sim(*loaded.root);
    sim.simulate(3.0);
    double dp = 1000.0;
    for (auto _ : state) {
        dp = dp == 1000.0 ? 2000.0 : 1000.0;
        lied::StructuralChange change("p2 replaced");
        change.replace("p2", std::make_unique<lied::thermofluid::PressureDrop>(0.01, dp, 100.0));
        sim.apply(change);
        benchmark::DoNotOptimize(sim.step(1e-3));
    }
}
BENCHMARK(ReplaceValveThenStep)->Unit(benchmark::kMicrosecond);

void RocketReleaseThenStep(benchmark::State& state) {
    for (auto _ : state) {
        state.PauseTiming();
        auto rocket = lied::systems::TwoStageRocket::make();
        lied::Simulator sim(*rocket);
        sim.simulate(5.0 - 1e-3);
        state.ResumeTiming();
        lied::StructuralChange release = lied::systems::TwoStageRocket::release();
        sim.apply(release);
        benchmark::DoNotOptimize(sim.step(1e-3));
    }
}
BENCHMARK(RocketReleaseThenStep)->Unit(benchmark::kMicrosecond);

}  // namespace
