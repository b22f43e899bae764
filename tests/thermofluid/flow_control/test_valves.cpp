// BasicControlValve and CheckValve at steady state between a Source and a Sink (idealized water, ρ = 1000 kg/m³
// = ρ_ref): at Δp = 1 bar the valve passes k_u(u)·Kvs m³/h, with k_u of each characteristic computed here by hand;
// the flow scales with √Δp and ρ_ref/ρ; the check valve passes forward flow without a drop and limits reverse
// flow to m_flow_ref·√(Δp/p_ref).
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/flow_control/check_valve.h"
#include "thermofluid/flow_control/control_valve.h"
#include "thermofluid/flow_control/mcv.h"
#include "systems/io/system_file.h"
#include "thermofluid/processes/flow_resistance.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using namespace lied::thermofluid;

namespace {
template <class Element>
struct Line : Component {
    Source source;
    Element element;
    Sink sink;
    Out<double> opening;
    Line(double p_in, double p_out) {
        source.p0_par = p_in;
        source.T0_par = 293.15;
        sink.p0_par = p_out;
        connect(source.outlet, element.inlet);
        connect(element.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(element, "element");
        meta.component(sink, "sink");
        meta.discrete_signal(opening, "opening");
    }
    const char* type_name() const override { return "Line"; }
};

double steady_flow(Component& c) {
    Simulator sim(c);
    sim.initialize_steady_state();
    return sim.value("source.m_flow");
}
}  // namespace

TEST_CASE("control valve: k_u·Kvs m³/h at 1 bar for each characteristic, leakage at u = 0") {
    using Law = BasicControlValve::Characteristic;
    struct Point {
        Law law;
        double u, k_u;
    };
    const double k_min = 0.03;
    for (const Point pt : {Point{Law::Linear, 1.0, 1.0}, Point{Law::Linear, 0.5, k_min + (1 - k_min) * 0.5},
                           Point{Law::Parabolic, 0.5, k_min + (1 - k_min) * 0.25}, Point{Law::EqualPercentage, 0.5, std::sqrt(k_min)},
                           Point{Law::EqualPercentage, 0.0, k_min}, Point{Law::Linear, 0.0, k_min}}) {
        CAPTURE(static_cast<int>(pt.law));
        CAPTURE(pt.u);
        Line<BasicControlValve> line(2e5, 1e5);
        line.element.Kvs = 36.0;   // 36 m³/h = 10 kg/s of water
        line.element.valveCharacteristics = pt.law;
        line.element.u_in.connect(line.opening);
        line.opening.value() = pt.u;
        CHECK(steady_flow(line) == doctest::Approx(pt.k_u * 10.0).epsilon(1e-8));
    }
}

TEST_CASE("control valve: √Δp scaling, inverted input, reverse flow, and the Kv reference rule") {
    Line<BasicControlValve> line(1.25e5, 1e5);   // Δp = 0.25 bar: half the flow
    line.element.Kvs = 36.0;
    CHECK(steady_flow(line) == doctest::Approx(5.0).epsilon(1e-8));
    line.element.invertInput = true;
    line.element.u_par = 0.0;   // inverted: fully open
    CHECK(steady_flow(line) == doctest::Approx(5.0).epsilon(1e-8));
    Line<BasicControlValve> back(1e5, 1.25e5);
    back.element.Kvs = 36.0;
    CHECK(steady_flow(back) == doctest::Approx(-5.0).epsilon(1e-8));
    Line<BasicControlValve> bad(2e5, 1e5);
    bad.element.dp_ref = 2e5;
    CHECK_THROWS_WITH_AS(Simulator{bad}, doctest::Contains("element: dp_ref and rho_ref are 1 bar and 1000 kg/m3 when Kvs is given"), BuildError);
    bad.element.flowCoefficient = lied::thermofluid::BasicControlValve::FlowCoefficient::m_flow_set;
    bad.element.m_flow_ref_set = 4.0;   // 4 kg/s at 2 bar → at 1 bar 4/√2
    CHECK(steady_flow(bad) == doctest::Approx(4.0 / std::sqrt(2.0)).epsilon(1e-8));
}

TEST_CASE("check valve: no drop forward, reverse flow limited to m_flow_ref·√(Δp/p_ref)") {
    // Forward: in series with a linear resistance k, the whole Δp drops over the resistance.
    struct Series : Component {
        Source source;
        CheckValve valve;
        FlowResistance pipe;
        Sink sink;
        Series(double p_in, double p_out) {
            source.p0_par = p_in, sink.p0_par = p_out;
            pipe.pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic, pipe.k = 1e5, pipe.k2 = 0;
            connect(source.outlet, valve.inlet);
            connect(valve.outlet, pipe.inlet);
            connect(pipe.outlet, sink.inlet);
        }
        void metainfo(Meta& meta) override {
            meta.component(source, "source");
            meta.component(valve, "valve");
            meta.component(pipe, "pipe");
            meta.component(sink, "sink");
        }
        const char* type_name() const override { return "Series"; }
    };
    Series forward(2e5, 1e5);
    CHECK(steady_flow(forward) == doctest::Approx(1.0).epsilon(1e-8));
    Line<CheckValve> reverse(1e5, 1.04e5);
    reverse.element.m_flow_ref = 0.01;
    CHECK(steady_flow(reverse) == doctest::Approx(-0.01 * std::sqrt(0.04)).epsilon(1e-8));
}

namespace {
// Source (1.01 bar) → PressureDrop (1 kg/s of idealized water at 1 kPa; the vessels' law, half linear and half
// quadratic: dp = 1 kPa·(x + x²)/2 at x = ṁ/1 kg/s) → MCV → Sink (1 bar): without the valve's throttling 1 kg/s flows.
std::unique_ptr<Composite> mcv_line(const std::string& valve_parameters) {
    const std::string text = "components:\n"
                             "  source: {type: Source, parameters: {p0_par: 1.01e5}}\n"
                             "  drop: {type: PressureDrop, parameters: {v_ref: 1e-3, dp_ref: 1000, L: 0.01}}\n"
                             "  valve: {type: MCV, parameters: {" + valve_parameters + "}}\n"
                             "  sink: {type: Sink, parameters: {p0_par: 1e5}}\n"
                             "connections: [[source.outlet, drop.inlet], [drop.outlet, valve.inlet], [valve.outlet, sink.inlet]]\n";
    return std::move(systems::parse_system_text(text, "mcv.yaml", ".").root);
}
SimulatorOptions stiff() {
    SimulatorOptions o;
    o.solver = "cvode-bdf";
    o.tolerances = {1e-9, 1e-9};
    return o;
}
}  // namespace

TEST_CASE("MCV: the mass flow follows its set point with the time constant TC, the valve taking the rest of the pressure") {
    // 0.5 kg/s through the drop costs 375 Pa; the valve takes the other 625 Pa. The inner loop (TC/k1 = 1 ms) makes
    // dṁ/dt = (ṁ_set − ṁ)/TC: at t = TC the flow is 1 − 1/e of the set point, to the inner loop's lag (1 %).
    auto line = mcv_line("massFlow_set_par: 0.5, TC: 0.1");
    Simulator sim(*line, stiff());
    sim.simulate(0.1);
    CHECK(sim.value("valve.m_flow") == doctest::Approx(0.5 * (1 - std::exp(-1.0))).epsilon(1e-2));
    sim.simulate(2.0);
    CHECK(sim.value("valve.m_flow") == doctest::Approx(0.5).epsilon(1e-6));
    CHECK(sim.value("drop.dp") == doctest::Approx(375.0).epsilon(1e-5));
    CHECK(sim.value("valve.dp") == doctest::Approx(625.0).epsilon(1e-5));
    CHECK(sim.value("valve.m_flow_set") == 0.5);
}

TEST_CASE("MCV: a volume flow set point at the inlet's density, from the input while it is connected") {
    auto line = mcv_line("mode: volume_flow, volumeFlow_set_par: 3e-4");
    Simulator sim(*line, stiff());
    sim.simulate(2.0);
    CHECK(sim.value("valve.V_flow") == doctest::Approx(3e-4).epsilon(1e-6));
    CHECK(sim.value("valve.m_flow") == doctest::Approx(0.3).epsilon(1e-6));   // idealized water, 1000 kg/m³

    // The set point from a signal: a step from 0.2 to 0.7 kg/s at 1 s.
    const std::string text = "components:\n"
                             "  source: {type: Source, parameters: {p0_par: 1.01e5}}\n"
                             "  drop: {type: PressureDrop, parameters: {v_ref: 1e-3, dp_ref: 1000, L: 0.01}}\n"
                             "  valve: {type: MCV}\n"
                             "  sink: {type: Sink, parameters: {p0_par: 1e5}}\n"
                             "  set: {type: StepSource, parameters: {offset: 0.2, height: 0.5, start_time: 1}}\n"
                             "connections: [[source.outlet, drop.inlet], [drop.outlet, valve.inlet], [valve.outlet, sink.inlet], [set.y, valve.setpoint_var]]\n";
    auto stepped = systems::parse_system_text(text, "mcv.yaml", ".");
    Simulator by_input(*stepped.root, stiff());
    by_input.simulate(1.0);
    CHECK(by_input.value("valve.m_flow") == doctest::Approx(0.2).epsilon(1e-5));
    by_input.simulate(3.0);
    CHECK(by_input.value("valve.m_flow") == doctest::Approx(0.7).epsilon(1e-5));
}

TEST_CASE("MCV: a set point the network cannot deliver leaves the valve open, its integrator held by the anti-windup") {
    // 1 kg/s is all 1 kPa drives through the drop: asking for 2 kg/s opens the valve fully (no drop) and the flow
    // is the network's own; dp_int stays near 0 instead of winding up.
    auto line = mcv_line("massFlow_set_par: 2");
    Simulator sim(*line, stiff());
    sim.simulate(3.0);
    CHECK(sim.value("valve.dp") == doctest::Approx(0.0).epsilon(1e-9));
    CHECK(sim.value("valve.m_flow") == doctest::Approx(1.0).epsilon(1e-5));
    CHECK(std::abs(sim.value("valve.dp_int")) < 1e3);
}
