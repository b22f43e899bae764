// Pump (TFS nominal-flow characteristic) at steady state with idealized water (ρ = 1000 kg/m³): at its design
// point it passes V̇_D against Δp_D; with a linear resistance the flow solves the linear characteristic by hand;
// the enthalpy rise carries the shaft power: ṁ·Δh = W_t·ṁ²/(ṁ² + m_flow_reg²).
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "support/captured_warnings.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/processes/pump.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

using namespace lied;
using namespace lied::thermofluid;

namespace {
struct PumpLine : Component {
    Source source;
    Pump pump;
    FlowResistance pipe;
    Sink sink;
    PumpLine(double p_in, double p_out, double k) {
        source.p0_par = p_in;
        sink.p0_par = p_out;
        pipe.pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic, pipe.k = k, pipe.k2 = 0;
        connect(source.outlet, pump.inlet);
        connect(pump.outlet, pipe.inlet);
        connect(pipe.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(pump, "pump");
        meta.component(pipe, "pipe");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "PumpLine"; }
};
}  // namespace

TEST_CASE("pump at its design point: V̇_D against Δp_D at ω_D") {
    PumpLine line(1e5, 1e5 + 5e5, 0.0);
    line.pump.parametrizeByDesignPoint = true;
    line.pump.omega_par = 314.2;   // ω_D
    Simulator sim(line);
    sim.initialize_steady_state();
    CHECK(sim.value("source.m_flow") == doctest::Approx(1000.0 / 600).epsilon(1e-8));
    CHECK(sim.value("pump.dp_rise") == doctest::Approx(5e5).epsilon(1e-8));
}

TEST_CASE("pump against a linear resistance: the flow and the enthalpy rise by hand") {
    const double k = 1e5, k_p = 1e5 * 1e3, V_r = 1e-4, omega = 200, rho = 1000, k_fric = 1e-2, m_reg = 0.01;
    PumpLine line(1e5, 1.5e5, k);
    line.pump.k_p_input = k_p;   // N·s/m⁵
    line.pump.V_r_input = V_r;
    line.pump.omega_par = omega;
    Simulator sim(line);
    sim.initialize_steady_state();
    // p_in + k_p·(ω·V_r/2π − ṁ/ρ) − k·ṁ = p_out
    const double V_nom = omega * V_r / (2 * std::numbers::pi);
    const double m = (1e5 - 1.5e5 + k_p * V_nom) / (k + k_p / rho);
    CHECK(sim.value("source.m_flow") == doctest::Approx(m).epsilon(1e-8));
    const double V = m / rho, dp = k_p * (V_nom - V);
    const double tau = V * dp * omega / (omega * omega + 1.0) + k_fric * (V_nom - V);
    const double W = tau * omega;
    CHECK(sim.value("pump.W_t") == doctest::Approx(W).epsilon(1e-8));
    CHECK(sim.value("pump.dh") * m == doctest::Approx(W * m * m / (m * m + m_reg * m_reg)).epsilon(1e-8));
}

TEST_CASE("a pump left at 0 rad/s with no speed input builds and the simulator advises about it when a run starts, until it has a speed") {
    testing::CapturedWarnings log;
    PumpLine idle(1e5, 1.5e5, 1e6);   // omega_par keeps its default, 0 rad/s
    SimulatorOptions options;
    options.dt = 1e-3;
    Simulator sim(idle, options);
    REQUIRE(sim.advice().size() == 1);
    CHECK(sim.advice()[0].message == "pump: omega_par = 0 rad/s and omega_input unconnected: it never turns");
    CHECK(sim.advice()[0].rule == "a machine at standstill passes flow only as a resistance; set omega_par or connect omega_input");
    CHECK(log.str().empty());   // logged when a run starts, after the sets that may answer it
    sim.simulate(0.01);
    sim.rebuild();
    sim.simulate(0.02);   // once per simulator, not at every run or rebuild
    const std::string warning = "pump: omega_par = 0 rad/s and omega_input unconnected: it never turns (a machine at standstill";
    const std::string text = log.str();
    CHECK(text.find(warning) != std::string::npos);
    CHECK(text.find(warning, text.find(warning) + 1) == std::string::npos);
    // A speed set by name before the run answers it (as lied run --set does): no advice, nothing logged.
    PumpLine set_first(1e5, 1.5e5, 1e6);
    Simulator second(set_first, options);
    second.set_parameter("pump.omega_par", 100);
    CHECK(second.advice().empty());
    second.simulate(0.01);
    CHECK(log.str() == text);
}
