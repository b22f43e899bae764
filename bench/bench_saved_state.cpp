// Saving and restoring a run (Simulator::save_state, restore_state) against what a hand-written model would save:
// its time and state vector, copied out and back. The engine's state holds more (parameters, discrete signals, the
// event clock, the books, L as last probed, the solver's history) and a restore evaluates the model once, so the
// ratio is what bit-identical restarts cost over a bare copy. The tree shows how it grows with size.
#include "core/simulation/simulator.h"
#include "support/networks.h"
#include "systems/examples/com_vessels.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <vector>

namespace {

// Saves and restores at every iteration, from a state sized beforehand; reports the state's size.
void save_and_restore(benchmark::State& state, lied::Simulator& sim) {
    lied::SimulationState saved;
    sim.save_state(saved);
    for (auto _ : state) {
        sim.save_state(saved);
        sim.restore_state(saved);
    }
    state.counters["state_bytes"] = static_cast<double>(saved.bytes().size());
    state.counters["states"] = static_cast<double>(sim.states().size());
}

void EngineSaveAndRestoreVessels(benchmark::State& state) {
    lied::systems::ComVessels vessels;
    lied::Simulator sim(vessels);
    sim.simulate(3.0);
    save_and_restore(state, sim);
}
BENCHMARK(EngineSaveAndRestoreVessels);

// The hand-written counterpart: t and x into a buffer and back.
void HandWrittenCopyVessels(benchmark::State& state) {
    lied::systems::ComVessels vessels;
    lied::Simulator sim(vessels);
    sim.simulate(3.0);
    std::vector<double> x(static_cast<std::size_t>(sim.states().size())), buffer(x.size() + 1), back(x.size() + 1);
    std::memcpy(x.data(), sim.states().data(), x.size() * sizeof(double));
    double t = sim.time();
    for (auto _ : state) {
        buffer[0] = t;
        std::memcpy(buffer.data() + 1, x.data(), x.size() * sizeof(double));
        benchmark::DoNotOptimize(buffer.data());
        back = buffer;
        benchmark::DoNotOptimize(back.data());
    }
}
BENCHMARK(HandWrittenCopyVessels);

// The tree of n leaves (3n components), saved and restored.
void EngineSaveAndRestoreTree(benchmark::State& state) {
    auto net = lied::testing::make_tree(static_cast<int>(state.range(0)));
    lied::Simulator sim(*net);
    sim.step(1e-3);
    save_and_restore(state, sim);
}
BENCHMARK(EngineSaveAndRestoreTree)->RangeMultiplier(10)->Range(100, 10000)->Unit(benchmark::kMicrosecond);

}  // namespace
