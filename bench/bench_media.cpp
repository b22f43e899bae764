// The price of one property call (every property at one state from p, h, Xi) per medium, through the runtime
// interface that components hold, next to the same constant-property call written inline.
#include "thermofluid/media/media_registry.h"

#include <benchmark/benchmark.h>

namespace {

using lied::thermofluid::Medium;
using lied::thermofluid::MediumProperties;

// A walk over a range of enthalpies at p, so that branch prediction cannot learn one state.
void Properties(benchmark::State& state, const char* name, double p, double T_low, double T_high, double X) {
    const Medium& m = lied::thermofluid::medium(name);
    double h[64];
    for (int k = 0; k < 64; ++k) h[k] = m.specific_enthalpy(p, T_low + (T_high - T_low) * k / 63.0, &X);
    MediumProperties out;
    int k = 0;
    for (auto _ : state) {
        m.properties(p, h[k++ & 63], &X, out);
        benchmark::DoNotOptimize(out);
    }
}

// The hand-written baseline: constant-property water without the interface.
void InlineConstantWater(benchmark::State& state) {
    double h[64];
    for (int k = 0; k < 64; ++k) h[k] = 4184.0 * (20 + k);
    MediumProperties out;
    int k = 0;
    for (auto _ : state) {
        const double hk = h[k++ & 63];
        out = {2e5, hk, 273.15 + hk / 4184.0, 995.586, 1e-3, 4184.0, 0.598, 0.0, MediumProperties::nan, true, ""};
        benchmark::DoNotOptimize(out);
    }
}

}  // namespace

BENCHMARK(InlineConstantWater);
BENCHMARK_CAPTURE(Properties, ConstantPropertyLiquidWater, "ConstantPropertyLiquidWater", 2e5, 280.0, 360.0, 0.0);
BENCHMARK_CAPTURE(Properties, Glycol47, "Glycol47", 2e5, 250.0, 360.0, 0.0);
BENCHMARK_CAPTURE(Properties, SimpleAir, "SimpleAir", 1e5, 250.0, 450.0, 0.0);
BENCHMARK_CAPTURE(Properties, DryAirNasa, "DryAirNasa", 1e5, 250.0, 900.0, 0.0);
BENCHMARK_CAPTURE(Properties, MoistAir, "MoistAir", 1e5, 280.0, 350.0, 0.005);
BENCHMARK_CAPTURE(Properties, WaterIF97_liquid, "WaterIF97", 1e6, 280.0, 450.0, 0.0);
BENCHMARK_CAPTURE(Properties, WaterIF97_steam, "WaterIF97", 1e6, 460.0, 900.0, 0.0);
BENCHMARK_CAPTURE(Properties, WaterIF97_wet, "WaterIF97", 1e6, 453.0, 453.03, 0.0);
// The refrigerants from their Helmholtz equations of state, solved in (p, h) at every call.
BENCHMARK_CAPTURE(Properties, R134a_liquid, "R134a", 1e6, 250.0, 310.0, 0.0);
BENCHMARK_CAPTURE(Properties, R134a_vapour, "R134a", 3e5, 275.0, 350.0, 0.0);
BENCHMARK_CAPTURE(Properties, R134a_wet, "R134a", 3e5, 273.1, 273.12, 0.0);
BENCHMARK_CAPTURE(Properties, R1234yf_vapour, "R1234yf", 3e5, 275.0, 350.0, 0.0);
BENCHMARK_CAPTURE(Properties, R744_supercritical, "R744", 10e6, 300.0, 400.0, 0.0);
