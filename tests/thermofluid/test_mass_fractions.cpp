// Mass fractions travel with the fluid state: two MoistAir streams of different humidity mix in a junction and a
// volume. The volume's water mass is a state; a meter integrates the water that crosses the boundary, so
// M_Xi − W is a linear invariant that explicit Runge–Kutta keeps to rounding. The steady state is checked against
// the flow-weighted mixing written in the test, and a mass fraction on a pure medium is refused at build.
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "core/model/state.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/topology/junction_n.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/sensors/single_sensors.h"
#include "thermofluid/boundaries/volume.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace lied;
using namespace lied::thermofluid;

namespace {
// dW/dt = ṁ1·X1 + ṁ2·X2 − ṁ_out·X_out: the water entering minus the water leaving.
class WaterMeter : public Component {
public:
    In<double> m1, m2, m_out;
    In<FluidState> s1, s2, s_out;
    State W{0.0};
    void metainfo(Meta& meta) override {
        for (auto [s, n] : {std::pair<SignalBase*, const char*>{&m1, "m1"}, {&m2, "m2"}, {&m_out, "m_out"}, {&s1, "s1"}, {&s2, "s2"}, {&s_out, "s_out"}})
            meta.signal(*s, n);
        meta.state(W, "W", 1e-3, "kg");
        meta.block<&WaterMeter::eval>(this, "eval", {&m1, &m2, &m_out, &s1, &s2, &s_out}, {&W.der});
    }
    const char* type_name() const override { return "WaterMeter"; }

private:
    void eval() { W.der.value() = m1.value() * s1.value().Xi[0] + m2.value() * s2.value().Xi[0] - m_out.value() * s_out.value().Xi[0]; }
};

// dry source (X = 0.004, 300 K) ─ pipe1 ─┐
//                                        junction ─ volume ─ sensor ─ pipe3 ─ sink
// humid source (X = 0.015, 320 K) ─ pipe2┘
struct HumidMix : Component {
    DropOfCommons drop;
    Source dry, humid;
    FlowResistance pipe1, pipe2, pipe3;
    JunctionN junction{2};
    Volume volume;
    SingleSensorSelect humidity;
    Sink sink;
    WaterMeter meter;
    HumidMix() {
        for (MediumParameter* m : {&dry.medium, &humid.medium, &pipe1.medium, &pipe2.medium, &pipe3.medium, &junction.medium, &volume.medium,
                                   &humidity.medium, &sink.medium})
            m->name = "MoistAir";
        drop.m_flow_reg = 1e-12;   // the junction's regularised weights: exact to 1e-12 kg/s of the flows
        dry.p0_par = 1.3e5, dry.T0_par = 300, dry.Xi0_par = 0.004;
        humid.p0_par = 1.2e5, humid.T0_par = 320, humid.Xi0_par = 0.015;
        sink.p0_par = 1e5;
        for (FlowResistance* r : {&pipe1, &pipe2, &pipe3}) {
            r->pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic;
            r->k = 2e5, r->k2 = 0;   // dp = k·ṁ
            r->r = 0.02, r->l = 0.5;
        }
        volume.V_par = 0.01, volume.p_start = 1e5, volume.T_start = 290, volume.Xi_0 = 0.001;
        humidity.quantity = "Xi_kgpkg";
        connect(dry.outlet, pipe1.inlet);
        connect(humid.outlet, pipe2.inlet);
        connect(pipe1.outlet, junction.inlets[1]);
        connect(pipe2.outlet, junction.inlets[2]);
        connect(junction.outlet, volume.inlet);
        connect(volume.outlet, humidity.inlet);
        connect(humidity.outlet, pipe3.inlet);
        connect(pipe3.outlet, sink.inlet);
        meter.m1.connect(dry.outlet.m_flow), meter.s1.connect(dry.outlet.state);
        meter.m2.connect(humid.outlet.m_flow), meter.s2.connect(humid.outlet.state);
        meter.m_out.connect(pipe3.outlet.m_flow), meter.s_out.connect(pipe3.outlet.state);
    }
    void metainfo(Meta& meta) override {
        meta.component(drop, "drop");
        for (auto [c, n] : {std::pair<Component*, const char*>{&dry, "dry"}, {&humid, "humid"}, {&pipe1, "pipe1"}, {&pipe2, "pipe2"}, {&pipe3, "pipe3"},
                            {&junction, "junction"}, {&volume, "volume"}, {&humidity, "humidity"}, {&sink, "sink"}, {&meter, "meter"}})
            meta.component(*c, n);
    }
    const char* type_name() const override { return "HumidMix"; }
};
}  // namespace

TEST_CASE("MoistAir network: the water mass is conserved through junction and volume to rounding (RK4)") {
    HumidMix net;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-4;
    Simulator sim(net, options);
    const double water0 = sim.value("volume.M_Xi");
    CHECK(water0 == doctest::Approx(0.001 * sim.value("volume.M")).epsilon(1e-12));
    sim.simulate(0.5);
    const double water = sim.value("volume.M_Xi"), W = sim.value("meter.W");
    // The volume's water has changed by far more than the bound (it fills with humid air) …
    CHECK(water - water0 > 100 * sim.value("volume.M") * 1e-6);
    // … and exactly by what the boundary let in: RK4 keeps this linear invariant to rounding (plus the junction's
    // 1e-12 kg/s regularisation), independently of its step error.
    MESSAGE("water in the volume changed by " << water - water0 << " kg; the boundary let in " << W << " kg");
    CHECK(std::abs((water - water0) - W) <= 1e-9 * water);
}

TEST_CASE("MoistAir network: steady humidity and temperature are the flow-weighted mix of the two sources") {
    HumidMix net;
    Simulator sim(net);
    sim.initialize_steady_state();
    const double m1 = sim.value("dry.m_flow"), m2 = sim.value("humid.m_flow");
    REQUIRE(m1 > 0);
    REQUIRE(m2 > 0);
    const Medium& air = medium("MoistAir");
    const double X1 = 0.004, X2 = 0.015;
    const double h1 = air.specific_enthalpy(1.3e5, 300, &X1), h2 = air.specific_enthalpy(1.2e5, 320, &X2);
    // Throttling is isenthalpic and the pipes are adiabatic: the volume holds the mix of what enters.
    const double X = (m1 * X1 + m2 * X2) / (m1 + m2), h = (m1 * h1 + m2 * h2) / (m1 + m2);
    CHECK(sim.value("volume.Xi") == doctest::Approx(X).epsilon(1e-9));
    CHECK(sim.value("humidity.value") == doctest::Approx(X).epsilon(1e-9));
    CHECK(sim.value("volume.h") == doctest::Approx(h).epsilon(1e-9));
    // The temperature the mix has: T with h(p, T, X) = h — independent of how the volume found it.
    const double T = sim.value("volume.T");
    CHECK(air.specific_enthalpy(sim.value("volume.p"), T, &X) == doctest::Approx(h).epsilon(1e-9));
    // A dry-air reading of the same enthalpy would be off by kelvins: the mass fraction matters.
    const double X0 = 0.0;
    CHECK(std::abs(air.at(sim.value("volume.p"), h, &X0).T - T) > 10.0);
    // Mass balance: what leaves is what enters.
    CHECK(sim.value("pipe3.m_flow") == doctest::Approx(m1 + m2).epsilon(1e-9));
}

TEST_CASE("A mass fraction on a medium without one is a build error naming the component and the rule") {
    SUBCASE("Source.Xi0_par") {
        HumidMix net;
        for (MediumParameter* m : {&net.dry.medium, &net.humid.medium, &net.pipe1.medium, &net.pipe2.medium, &net.pipe3.medium, &net.junction.medium,
                                   &net.volume.medium, &net.humidity.medium, &net.sink.medium})
            m->name = "SimpleAir";
        net.volume.Xi_0 = 0;
        try {
            Simulator sim(net);
            FAIL("built a SimpleAir source with a vapour fraction");
        } catch (const BuildError& e) {
            const std::string what = e.what();
            CHECK(what.find("dry: Xi0_par or Xi0_var is set, but medium SimpleAir has no mass fractions") != std::string::npos);
            CHECK(what.find("mass fractions only for a medium that has them") != std::string::npos);
        }
    }
    SUBCASE("Volume.Xi_0") {
        HumidMix net;
        for (MediumParameter* m : {&net.dry.medium, &net.humid.medium, &net.pipe1.medium, &net.pipe2.medium, &net.pipe3.medium, &net.junction.medium,
                                   &net.volume.medium, &net.humidity.medium, &net.sink.medium})
            m->name = "SimpleAir";
        net.dry.Xi0_par = net.humid.Xi0_par = 0;
        CHECK_THROWS_WITH_AS(Simulator{net}, doctest::Contains("volume: Xi_0 = 0.001000 is set, but medium SimpleAir has no mass fractions"), BuildError);
    }
}
