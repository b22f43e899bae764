// Reservoir (open tank), Sink_m (set mass flow), TerminalSink and TerminalSource against closed forms:
//  - a tank draining through a linear resistance: M(t) = M0·exp(−g·t/(A·(k + d))), d the TFS damping;
//  - a tank filled against the atmosphere: U − (h_in − p_env/ρ)·M is invariant (the volume work W_v);
//  - Sink_m: ṁ(t) = ṁ_set·(1 − exp(−t/TC)) whatever the chain upstream;
//  - TerminalSource: p(t) = p_sink + (p_0 − p_sink)·exp(−t/TC), and no flow; TerminalSink: no flow.
#include "core/model/meta.h"
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/boundaries/flow_boundaries.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/boundaries/reservoir.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace lied;
using namespace lied::thermofluid;

namespace {
constexpr const char* kWater = "ConstantPropertyLiquidWater";

void make_linear(FlowResistance& r, double k, double L) {
    r.medium.name = kWater;
    r.pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic;
    r.k = k, r.k2 = 0;
    r.computeL = false;
    r.L_value = L;
}

// (closed inlet: TerminalSource) → Reservoir → pipe → Sink at the ambient pressure.
struct DrainingTank : Component {
    TerminalSource closed;
    Reservoir tank;
    FlowResistance pipe;
    Sink sink;
    DrainingTank(double k) {
        tank.A_surf = 0.01, tank.height_0 = 1.0, tank.p_env_par = 1e5, tank.T_start = 300;
        make_linear(pipe, k, 0.01);
        sink.medium.name = kWater;
        sink.p0_par = 1e5;
        closed.medium.name = kWater;
        closed.p.start = 1e5;
        connect(closed.outlet, tank.inlet);
        connect(tank.outlet, pipe.inlet);
        connect(pipe.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(closed, "closed");
        meta.component(tank, "tank");
        meta.component(pipe, "pipe");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "DrainingTank"; }
};
}  // namespace

TEST_CASE("Reservoir: p = p_env + ρ·g·height at the start, and it drains exponentially through a linear resistance") {
    const double k = 1e4, A = 0.01, g = 9.80665;
    DrainingTank c(k);
    const double rho = medium(kWater).at(1e5, 0.0).rho;
    // TFS's damping of the inertial pressure: d = k_volume_damping·sqrt(2L/(V·∂ρ/∂p|h)) with ∂ρ/∂p|h = 1/(height·g)
    // — V/height = A, so d does not depend on the level and acts as a resistance in series.
    const double d = 0.1 * std::sqrt(2 * 0.01 * g / A);
    const double tau = A * (k + d) / g;
    const double M0 = rho * A * 1.0;
    c.tank.m_flow_out.start = M0 * g / A / (k + d);   // start on the quasi-steady flow: no inertial transient
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-10, 1e-10, 0.0};
    Simulator sim(c, options);
    CHECK(sim.value("tank.p") == doctest::Approx(1e5 + rho * g * 1.0).epsilon(1e-12));
    CHECK(sim.value("tank.height") == doctest::Approx(1.0).epsilon(1e-12));
    for (double t : {2.0, 5.0, 10.0}) {
        sim.simulate(t);
        CAPTURE(t);
        // The inertances (τ_L = ΣL/k ≈ 3e-6 s) make the flow lag the level by about τ_L/τ ≈ 3e-7 relative.
        CHECK(sim.value("tank.M") == doctest::Approx(M0 * std::exp(-t / tau)).epsilon(1e-6));
        CHECK(sim.value("tank.height") == doctest::Approx(std::exp(-t / tau)).epsilon(1e-6));
    }
}

TEST_CASE("Reservoir: filling pushes back the atmosphere — U − (h_in − p_env/ρ)·M stays constant") {
    struct Filling : Component {
        Source source;
        FlowResistance pipe;
        Reservoir tank;
        TerminalSink end;
        Filling() {
            source.medium.name = end.medium.name = kWater;
            source.p0_par = 1.5e5, source.T0_par = 350;
            make_linear(pipe, 1e4, 1.0);
            tank.A_surf = 0.05, tank.height_0 = 0.2, tank.T_start = 290;
            connect(source.outlet, pipe.inlet);
            connect(pipe.outlet, tank.inlet);
            connect(tank.outlet, end.inlet);
        }
        void metainfo(Meta& meta) override {
            meta.component(source, "source");
            meta.component(pipe, "pipe");
            meta.component(tank, "tank");
            meta.component(end, "end");
        }
        const char* type_name() const override { return "Filling"; }
    } c;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-4;
    Simulator sim(c, options);
    const Medium& water = medium(kWater);
    const double h_in = water.specific_enthalpy(1.5e5, 350, nullptr), rho = water.at(1e5, 0.0).rho;
    const double invariant0 = sim.value("tank.U_med") - (h_in - 1e5 / rho) * sim.value("tank.M");
    const double M0 = sim.value("tank.M"), T0 = sim.value("tank.T");
    sim.simulate(2.0);
    const double M = sim.value("tank.M");
    CHECK(M - M0 > 0.05 * M0);                             // it has filled noticeably …
    CHECK(sim.value("end.m_flow") == 0.0);                 // … and nothing left through the dead end
    CHECK(sim.value("tank.height") == doctest::Approx(M / (rho * 0.05)).epsilon(1e-12));
    // Linear in the states, so RK4 keeps it to rounding; without W_v it would drift by ΔM·p_env/ρ ≈ 1e2 J/kg·ΔM.
    const double invariant = sim.value("tank.U_med") - (h_in - 1e5 / rho) * M;
    MESSAGE("invariant drift " << invariant - invariant0 << " J against ΔM·p_env/ρ = " << (M - M0) * 1e5 / rho << " J");
    CHECK(std::abs(invariant - invariant0) <= 1e-9 * std::abs(sim.value("tank.U_med")));
    // The tank warms toward the inflow's temperature.
    CHECK(sim.value("tank.T") > T0 + 1.0);
}

TEST_CASE("Reservoir: the level falling below height_min stops the run naming the tank and the rule") {
    DrainingTank c(1e3);
    c.tank.height_0 = 0.05;
    c.tank.height_min = 0.02;
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    Simulator sim(c, options);
    try {
        sim.simulate(60.0);
        FAIL("the tank drained below height_min without an error");
    } catch (const SimulationError& e) {
        const std::string what = e.what();
        CHECK(what.find("tank.M") != std::string::npos);
        CHECK(what.find("the level of a reservoir stays above height_min") != std::string::npos);
        // It stopped where the level reached height_min, at t = τ·ln(0.05/0.02).
        const double tau = 0.01 * (1e3 + 0.1 * std::sqrt(2 * 0.01 * 9.80665 / 0.01)) / 9.80665, t_min = tau * std::log(0.05 / 0.02);
        MESSAGE("stopped at t = " << sim.time() << " s; the level reaches height_min at " << t_min << " s");
        CHECK(sim.time() <= t_min);   // the simulator stays at the last valid time it reached
        CHECK(sim.time() > 0.5 * t_min);
    }
    CHECK_THROWS_WITH_AS(sim.simulate(60.0), doctest::Contains("tank.M"), SimulationError);
}

TEST_CASE("Sink_m: the mass flow follows the set value with time constant TC, through any chain upstream") {
    struct SetFlow : Component {
        Source source;
        FlowResistance pipe1, pipe2;
        Sink_m sink;
        SetFlow() {
            source.medium.name = sink.medium.name = kWater;
            source.p0_par = 3e5, source.T0_par = 300;
            make_linear(pipe1, 1e5, 0.5);
            make_linear(pipe2, 2e5, 2.0);
            sink.m_flow_fixed = 0.4, sink.TC = 0.05;
            connect(source.outlet, pipe1.inlet);
            connect(pipe1.outlet, pipe2.inlet);
            connect(pipe2.outlet, sink.inlet);
        }
        void metainfo(Meta& meta) override {
            meta.component(source, "source");
            meta.component(pipe1, "pipe1");
            meta.component(pipe2, "pipe2");
            meta.component(sink, "sink");
        }
        const char* type_name() const override { return "SetFlow"; }
    } c;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-4;
    Simulator sim(c, options);
    for (double t : {0.02, 0.05, 0.2, 0.5}) {
        sim.simulate(t);
        CAPTURE(t);
        // RK4 at dt = TC/500 is exact to ~1e-13 for this linear lag.
        CHECK(sim.value("sink.m_flow") == doctest::Approx(0.4 * (1 - std::exp(-t / 0.05))).epsilon(1e-10));
    }
    // Steady: the pressure the sink takes is what arrives, 3e5 − (k1 + k2)·ṁ (the inertial pressure has settled).
    CHECK(sim.value("sink.p") == doctest::Approx(3e5 - 3e5 * sim.value("sink.m_flow")).epsilon(1e-6));
    // A set value the source cannot push is still taken: the sink pulls (its pressure drops below the
    // source's minus the drops) — the result, not a setting.
    sim.set_parameter("sink.m_flow_fixed", 2.0);
    sim.simulate(1.5);
    CHECK(sim.value("sink.m_flow") == doctest::Approx(2.0).epsilon(1e-8));
}

TEST_CASE("TerminalSource and TerminalSink: no flow, and the terminal pressure adapts to the sink's with TC") {
    struct DeadEnds : Component {
        TerminalSource start;
        FlowResistance pipe;
        Sink sink;
        DeadEnds() {
            start.medium.name = sink.medium.name = kWater;
            start.p.start = 3e5, start.TC = 0.2;
            start.h = 1e5;
            make_linear(pipe, 1e5, 1.0);
            sink.p0_par = 1.2e5;
            connect(start.outlet, pipe.inlet);
            connect(pipe.outlet, sink.inlet);
        }
        void metainfo(Meta& meta) override {
            meta.component(start, "start");
            meta.component(pipe, "pipe");
            meta.component(sink, "sink");
        }
        const char* type_name() const override { return "DeadEnds"; }
    } c;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-3;
    Simulator sim(c, options);
    for (double t : {0.1, 0.4, 1.0}) {
        sim.simulate(t);
        CAPTURE(t);
        CHECK(sim.value("pipe.m_flow") == 0.0);
        CHECK(sim.value("start.p") == doctest::Approx(1.2e5 + 1.8e5 * std::exp(-t / 0.2)).epsilon(1e-9));
    }
    CHECK(sim.value("sink.m_flow") == 0.0);
}
