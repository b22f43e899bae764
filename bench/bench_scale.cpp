// Scale: the chain, the tree, the comb (a manifold), the ladder (a meshed network: junctions, two sources) and the
// grid (volumes joined by pipes, loops closed through volumes, a source per row) of tests/support/networks.h from 10
// to 10⁵ elements (the grid to 10⁴ nodes, 3·10⁴ components) — build, rebuild, one derivative evaluation, one RK4 step and
// the memory a built simulator holds — next to the same chain written by hand. The comb and the ladder are cut at
// every split and junction (docs/user-guide/thermofluid.md, "Long networks"); BuildUncut shows them without. scripts/scale-report.sh runs
// these and fits the growth exponents.
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"
#include "thermofluid/flow_control/control_valve.h"
#include "thermofluid/processes/pressure_drop.h"
#include "hand_written_chain.h"
#include "time_derivatives.h"
#include "support/networks.h"

#include <benchmark/benchmark.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <unistd.h>

namespace {

using lied::Simulator;
using lied::SimulatorOptions;

// Resident memory of this process in bytes (Linux /proc), to report what a built simulator holds.
// Bytes the allocator has handed out and not taken back (glibc): what a built simulator holds, without the pages
// the allocator keeps after freeing temporaries (resident memory would count those too).
double allocated_bytes() {
    const struct mallinfo2 m = mallinfo2();
    return static_cast<double>(m.uordblks + m.hblkhd);
}

// Memory that earlier runs freed (a 10⁵ chain leaves millions of small chunks) is sorted into glibc's bins by the
// first larger request that follows: without this, whichever build comes next pays for it (Build/tree/100 measured
// 10–19 ms instead of 1.3 ms after Build/chain/100000). A 64 KiB request is such a request and stays below the
// size glibc maps fresh; the memory stays with the process (malloc_trim would return it, and every build would then
// fault its pages in again).
void consolidate_freed_memory() {
    void* p = std::malloc(64 * 1024);
    benchmark::DoNotOptimize(p);
    std::free(p);
}

enum class Shape { Chain, Tree, Comb, Ladder, CombUncut, LadderUncut, Grid };

std::unique_ptr<lied::Composite> make(Shape shape, int n) {
    switch (shape) {
    case Shape::Chain: return lied::testing::make_chain(n);
    case Shape::Tree: return lied::testing::make_tree(n);
    case Shape::Comb: return lied::testing::make_comb(n, lied::thermofluid::Cut::on);
    case Shape::Ladder: return lied::testing::make_ladder(n, lied::thermofluid::Cut::on);
    case Shape::CombUncut: return lied::testing::make_comb(n, lied::thermofluid::Cut::off);
    case Shape::LadderUncut: return lied::testing::make_ladder(n, lied::thermofluid::Cut::off);
    case Shape::Grid: {   // n nodes, as square as they come (3333 → 58 × 58, about 10⁴ components)
        const int side = std::max(2, static_cast<int>(std::lround(std::sqrt(static_cast<double>(n)))));
        return lied::testing::make_grid(side, side);
    }
    }
    return nullptr;
}

void per_element(benchmark::State& state, int n) {
    state.counters["elements"] = n;
    // Elements handled per second of this benchmark; scripts/scale-report.sh turns it into ns per element.
    state.counters["elements_per_second"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate);
}

// Times one derivative evaluation at a point a little into the run (flows no longer zero).
void time_derivatives(benchmark::State& state, Simulator& sim) {
    sim.step(0.01);
    lied::bench::time_derivatives_at(state, sim, 0.01, sim.states());
}

void Build(benchmark::State& state, Shape shape) {
    const int n = static_cast<int>(state.range(0));
    double memory = 0;
    for (auto _ : state) {
        state.PauseTiming();
        consolidate_freed_memory();
        auto net = make(shape, n);
        const double before = allocated_bytes();
        state.ResumeTiming();
        auto sim = std::make_unique<Simulator>(*net);
        state.PauseTiming();
        memory = allocated_bytes() - before;
        sim.reset();
        net.reset();
        state.ResumeTiming();
    }
    state.counters["elements"] = n;
    state.counters["simulator_bytes"] = memory;
}

void BuildUncut(benchmark::State& state, Shape shape) { Build(state, shape); }

void Rebuild(benchmark::State& state, Shape shape) {
    const int n = static_cast<int>(state.range(0));
    auto net = make(shape, n);
    Simulator sim(*net);
    for (auto _ : state) sim.rebuild();
    per_element(state, n);
}

// Replaces the tree's leaf valve l0 through Simulator::apply at every iteration, alternating between two
// replacements (`replacement(true)` and `replacement(false)`).
template <class Replacement>
void replace_leaf_repeatedly(benchmark::State& state, const char* description, Replacement replacement) {
    const int n = static_cast<int>(state.range(0));
    auto net = lied::testing::make_tree(n);
    Simulator sim(*net);
    bool odd = false;
    for (auto _ : state) {
        odd = !odd;
        lied::StructuralChange change(description);
        change.replace("l0", replacement(odd));
        sim.apply(change);
    }
    per_element(state, n);
}

// A leaf valve of the tree replaced by a new valve (another drop) and the structure rebuilt, as Simulator::apply
// does it: the edit, crawl, checks, probe, states carried over.
void RebuildAfterLeafReplace(benchmark::State& state) {
    replace_leaf_repeatedly(state, "l0 replaced", [](bool odd) -> std::unique_ptr<lied::Component> {
        return std::make_unique<lied::thermofluid::PressureDrop>(0.01, odd ? 700.0 : 500.0, 50.0);
    });
}

// A change of shape: the leaf valve alternates between a control valve (another type, one more input) and a
// PressureDrop, so the schedule is ordered from scratch and the names are checked again at every rebuild.
void RebuildAfterLeafTypeChange(benchmark::State& state) {
    replace_leaf_repeatedly(state, "l0 replaced by another type", [](bool odd) -> std::unique_ptr<lied::Component> {
        if (odd) return std::make_unique<lied::thermofluid::BasicControlValve>();
        return std::make_unique<lied::thermofluid::PressureDrop>(0.01, 500.0, 50.0);
    });
}

void Evaluate(benchmark::State& state, Shape shape) {
    const int n = static_cast<int>(state.range(0));
    auto net = make(shape, n);
    Simulator sim(*net);
    time_derivatives(state, sim);
    per_element(state, n);
}

// The same with every pass-through run as a block (the valves' flows and ṁ' copied from inlet to outlet): what
// skipping them (alias elimination, Meta::pass_through) saves.
void EvaluateEveryCopy(benchmark::State& state, Shape shape) {
    const int n = static_cast<int>(state.range(0));
    auto net = make(shape, n);
    SimulatorOptions o;
    o.skip_pass_throughs = false;
    Simulator sim(*net, o);
    time_derivatives(state, sim);
    per_element(state, n);
}

void EvaluateUncut(benchmark::State& state, Shape shape) { Evaluate(state, shape); }

void Rk4Step(benchmark::State& state, Shape shape) {
    const int n = static_cast<int>(state.range(0));
    auto net = make(shape, n);
    SimulatorOptions o;
    o.solver = "rk4";
    o.step_monitor.mode = lied::CheckMode::Off;   // the step against the hand-written one; the checks' cost: bench_trust_checks.cpp
    o.balance.mode = lied::CheckMode::Off;
    Simulator sim(*net, o);
    for (auto _ : state) {
        sim.step(1e-3);
        benchmark::DoNotOptimize(sim.states().data());
    }
    per_element(state, n);
}

void HandChainEvaluate(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    lied::bench::HandWrittenChain chain(n);
    auto y = chain.initial();
    chain.rk4_step(y, 0.01);
    for (auto _ : state) {
        benchmark::DoNotOptimize(y);
        auto d = chain.rhs(y);
        benchmark::DoNotOptimize(d);
    }
    per_element(state, n);
}

void HandChainRk4Step(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    lied::bench::HandWrittenChain chain(n);
    auto y = chain.initial();
    for (auto _ : state) {
        chain.rk4_step(y, 1e-3);
        benchmark::DoNotOptimize(y);
    }
    per_element(state, n);
}

// The crossover that sets kDenseLimit: one derivative evaluation of a tree with n tearing variables, L
// factored densely or with KLU (the factorization itself is not in the loop: L is constant here).
void DenseVsSparse(benchmark::State& state, lied::LinearSolverKind kind, lied::LinearPolicy policy) {
    const int n = static_cast<int>(state.range(0));
    auto net = lied::testing::make_tree(n);
    SimulatorOptions o;
    o.linear_solver = kind;
    o.policy = policy;
    Simulator sim(*net, o);
    time_derivatives(state, sim);
    state.counters["tearing"] = static_cast<double>(sim.linear_system().size());
}

constexpr long kLargest = 100000;

}  // namespace

BENCHMARK_CAPTURE(Build, chain, Shape::Chain)->RangeMultiplier(10)->Range(10, kLargest)->Unit(benchmark::kMicrosecond)->Iterations(3);
BENCHMARK_CAPTURE(Build, tree, Shape::Tree)->RangeMultiplier(10)->Range(10, kLargest)->Unit(benchmark::kMicrosecond)->Iterations(3);
// One build each at the larger sizes: the ladder of 10⁵ rungs has 5·10⁵ components and takes about half a minute.
BENCHMARK_CAPTURE(Build, comb, Shape::Comb)->RangeMultiplier(10)->Range(10, kLargest)->Unit(benchmark::kMicrosecond)->Iterations(1);
BENCHMARK_CAPTURE(Build, ladder, Shape::Ladder)->RangeMultiplier(10)->Range(10, kLargest)->Unit(benchmark::kMicrosecond)->Iterations(1);
// Without cuts L is dense: (N + 1)² entries, N + 1 probe passes (stops at 10³: 10⁴ would need 10⁸ entries).
BENCHMARK_CAPTURE(Build, grid, Shape::Grid)->RangeMultiplier(10)->Range(10, 10000)->Unit(benchmark::kMicrosecond)->Iterations(1);
BENCHMARK_CAPTURE(BuildUncut, comb, Shape::CombUncut)->RangeMultiplier(10)->Range(10, 1000)->Unit(benchmark::kMicrosecond)->Iterations(1);
BENCHMARK_CAPTURE(BuildUncut, ladder, Shape::LadderUncut)->RangeMultiplier(10)->Range(10, 1000)->Unit(benchmark::kMicrosecond)->Iterations(1);
BENCHMARK_CAPTURE(Rebuild, chain, Shape::Chain)->RangeMultiplier(10)->Range(10, kLargest)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Rebuild, tree, Shape::Tree)->RangeMultiplier(10)->Range(10, kLargest)->Arg(3333)->Unit(benchmark::kMicrosecond);   // 3333 leaves: 10⁴ components
BENCHMARK_CAPTURE(Rebuild, comb, Shape::Comb)->RangeMultiplier(10)->Range(10, kLargest)->Arg(3333)->Unit(benchmark::kMicrosecond);   // 3333 branches: 10⁴ components
BENCHMARK_CAPTURE(Rebuild, ladder, Shape::Ladder)->RangeMultiplier(10)->Range(10, kLargest)->Arg(2000)->Unit(benchmark::kMicrosecond);   // 2000 rungs: 10⁴ components
BENCHMARK_CAPTURE(Rebuild, grid, Shape::Grid)->RangeMultiplier(10)->Range(10, 10000)->Arg(3333)->Unit(benchmark::kMicrosecond);   // 58 × 58 nodes: 10⁴ components
BENCHMARK(RebuildAfterLeafReplace)->Arg(100)->Arg(3333)->Unit(benchmark::kMicrosecond);   // 3333 leaves: 10⁴ components
BENCHMARK(RebuildAfterLeafTypeChange)->Arg(100)->Arg(3333)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(Evaluate, chain, Shape::Chain)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK(HandChainEvaluate)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK_CAPTURE(EvaluateEveryCopy, chain, Shape::Chain)->Arg(1000)->Arg(kLargest);
BENCHMARK_CAPTURE(EvaluateEveryCopy, tree, Shape::Tree)->Arg(1000)->Arg(kLargest);
BENCHMARK_CAPTURE(Evaluate, tree, Shape::Tree)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK_CAPTURE(Evaluate, comb, Shape::Comb)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK_CAPTURE(Evaluate, ladder, Shape::Ladder)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK_CAPTURE(Evaluate, grid, Shape::Grid)->RangeMultiplier(10)->Range(10, 10000);
BENCHMARK_CAPTURE(EvaluateUncut, comb, Shape::CombUncut)->RangeMultiplier(10)->Range(10, 1000);
BENCHMARK_CAPTURE(EvaluateUncut, ladder, Shape::LadderUncut)->RangeMultiplier(10)->Range(10, 1000);
BENCHMARK_CAPTURE(Rk4Step, chain, Shape::Chain)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK(HandChainRk4Step)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK_CAPTURE(Rk4Step, tree, Shape::Tree)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK_CAPTURE(Rk4Step, comb, Shape::Comb)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK_CAPTURE(Rk4Step, ladder, Shape::Ladder)->RangeMultiplier(10)->Range(10, kLargest);
BENCHMARK_CAPTURE(Rk4Step, grid, Shape::Grid)->RangeMultiplier(10)->Range(10, 10000);
BENCHMARK_CAPTURE(DenseVsSparse, dense, lied::LinearSolverKind::Dense, lied::LinearPolicy::FactorOnChange)->RangeMultiplier(2)->Range(4, 256);
BENCHMARK_CAPTURE(DenseVsSparse, sparse, lied::LinearSolverKind::Sparse, lied::LinearPolicy::FactorOnChange)->RangeMultiplier(2)->Range(4, 256);
BENCHMARK_CAPTURE(DenseVsSparse, dense_reprobe, lied::LinearSolverKind::Dense, lied::LinearPolicy::ReprobeEveryCall)->RangeMultiplier(2)->Range(4, 256);
BENCHMARK_CAPTURE(DenseVsSparse, sparse_reprobe, lied::LinearSolverKind::Sparse, lied::LinearPolicy::ReprobeEveryCall)->RangeMultiplier(2)->Range(4, 256);

namespace {
// The integrator's path with ẋ = ẋ(0) + D·z (affinity checked) against re-running the dependent blocks the
// derivatives need (check_linearity = false), on the tree at 10⁴ leaves.
void EvaluatePath(benchmark::State& state, bool affine) {
    auto net = lied::testing::make_tree(static_cast<int>(state.range(0)));
    SimulatorOptions o;
    o.check_linearity = affine;
    Simulator sim(*net, o);
    time_derivatives(state, sim);
    per_element(state, static_cast<int>(state.range(0)));
}
BENCHMARK_CAPTURE(EvaluatePath, tree_affine, true)->Arg(1000)->Arg(10000);
BENCHMARK_CAPTURE(EvaluatePath, tree_rerun, false)->Arg(1000)->Arg(10000);
}  // namespace
