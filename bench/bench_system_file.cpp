// Loading a system file: a chain of N pressure drops between two tanks as text (components with parameters,
// N + 1 connections, every element's flow recorded), parsed, composed and checked — the loader alone, without
// building a simulator. Reports the time per component.
#include "systems/io/system_file.h"

#include <benchmark/benchmark.h>

#include <sstream>
#include <string>

namespace {

std::string chain_file(int n) {
    std::ostringstream f;
    f << "system: Chain\ncomponents:\n  source: {type: OutTank}\n  sink: {type: InTank}\n";
    for (int i = 0; i < n; ++i) f << "  v" << i << ": {type: PressureDrop, parameters: {v_ref: 0.01, dp_ref: " << 1000.0 / n << ", L: " << 100.0 / n << "}}\n";
    f << "connections:\n  - [source.outlet, v0.inlet]\n";
    for (int i = 0; i + 1 < n; ++i) f << "  - [v" << i << ".outlet, v" << i + 1 << ".inlet]\n";
    f << "  - [v" << n - 1 << ".outlet, sink.inlet]\nrun:\n  t_end: 1\n  record: [source.level";
    for (int i = 0; i < n; ++i) f << ", v" << i << ".m_flow";
    f << "]\n";
    return f.str();
}

void LoadSystemFile(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const std::string text = chain_file(n);
    for (auto _ : state) {
        auto loaded = lied::systems::parse_system_text(text, "chain.yaml", ".", lied::systems::kMaxExpandedComponents);
        benchmark::DoNotOptimize(loaded);
    }
    state.counters["components"] = n + 2;
    state.counters["per_component_us"] = benchmark::Counter(static_cast<double>(n + 2), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(LoadSystemFile)->Arg(10)->Arg(100)->Arg(1000)->Unit(benchmark::kMicrosecond);

}  // namespace
