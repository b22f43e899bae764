// Thermal components against closed forms: two capacitors through a conductor relax to the energy-weighted mean
// with τ = 1 / (G·(1/C1 + 1/C2)) and conserve C1·T1 + C2·T2; a capacitor behind a conductor to a fixed
// temperature decays exponentially; a fixed heat flow heats linearly; a capacitor with three ports sums them.
// Tolerances: RK4 with dt = 1e-3·τ has a relative error ~ (dt/τ)⁴ ≈ 1e-12, so 1e-9 checks the physics and the
// wiring, not the integrator; the energy sum is exact to rounding (each step moves +Q and −Q).
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"
#include "thermofluid/thermal/heat_capacitor.h"
#include "thermofluid/thermal/thermal_boundaries.h"
#include "thermofluid/thermal/thermal_conductor.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using namespace lied::thermofluid;

namespace {
struct TwoBodies : Component {
    HeatCapacitor a, b;
    ThermalConductor g;
    TwoBodies() {
        a.C = 2000, b.C = 500, g.G = 10;
        a.T.start = 350, b.T.start = 300;
        connect(a.ports[1], g.port_a);
        connect(g.port_b, b.ports[1]);
    }
    void metainfo(Meta& meta) override {
        meta.component(a, "a");
        meta.component(g, "g");
        meta.component(b, "b");
    }
    const char* type_name() const override { return "TwoBodies"; }
};
}  // namespace

TEST_CASE("two heat capacitors through a conductor: exponential approach to the mean, energy conserved") {
    TwoBodies sys;
    const double tau = 1.0 / (10.0 * (1.0 / 2000 + 1.0 / 500));   // 40 s
    Simulator sim(sys, {.solver = "rk4", .dt = tau * 1e-3});
    const double E0 = 2000 * 350.0 + 500 * 300.0, T_mean = E0 / 2500;
    sim.simulate(tau);
    const double Ta = sim.value("a.T"), Tb = sim.value("b.T");
    CHECK(Ta - Tb == doctest::Approx(50.0 * std::exp(-1.0)).epsilon(1e-9));
    CHECK(2000 * Ta + 500 * Tb == doctest::Approx(E0).epsilon(1e-14));
    CHECK(sim.value("g.Q_flow") == doctest::Approx(10.0 * (Ta - Tb)).epsilon(1e-12));
    sim.simulate(40 * tau);
    CHECK(sim.value("b.T") == doctest::Approx(T_mean).epsilon(1e-12));
}

namespace {
// A capacitor with three ports: a fixed heat flow in, a conductor to a fixed temperature, a prescribed heat flow.
struct ThreePorts : Component {
    HeatCapacitor body{3};
    FixedHeatFlow heater;
    ThermalConductor wall;
    FixedTemperature ambient;
    PrescribedHeatFlow load;
    Out<double> load_value;
    ThreePorts() {
        body.C = 100, body.T.start = 300;
        heater.Q_flow = 50;
        wall.G = 5;
        ambient.T = 290;
        connect(body.ports[1], heater.port);
        connect(body.ports[2], wall.port_a);
        connect(wall.port_b, ambient.port);
        connect(body.ports[3], load.port);
        load.Q_flow_in.connect(load_value);
        load_value.value() = -20;
    }
    void metainfo(Meta& meta) override {
        meta.component(body, "body");
        meta.component(heater, "heater");
        meta.component(wall, "wall");
        meta.component(ambient, "ambient");
        meta.component(load, "load");
        meta.discrete_signal(load_value, "load_value");
    }
    const char* type_name() const override { return "ThreePorts"; }
};
}  // namespace

TEST_CASE("a capacitor with N ports sums them: steady T = T_amb + (Q_heater + Q_load)/G, exponential in between") {
    ThreePorts sys;
    Simulator sim(sys, {.solver = "rk4", .dt = 0.02});   // τ = C/G = 20 s
    const double T_inf = 290 + (50.0 - 20.0) / 5;          // 296 K
    sim.simulate(20.0);
    CHECK(sim.value("body.T") == doctest::Approx(T_inf + (300 - T_inf) * std::exp(-1.0)).epsilon(1e-9));
    CHECK(sim.value("ambient.Q_flow") == doctest::Approx(-5.0 * (sim.value("body.T") - 290)).epsilon(1e-12));
    CHECK(sim.value("body.Q_flow") == doctest::Approx(50 - 20 - 5 * (sim.value("body.T") - 290)).epsilon(1e-12));
}

TEST_CASE("heat ports in system files: ports[k] by index, either order, and clear errors") {
    const std::string head = R"(system: Heated
components:
  body: {type: HeatCapacitor, parameters: {N: 2, C: 100, T_start: 300}}
  heater: {type: FixedHeatFlow, parameters: {Q_flow: 10}}
  wall: {type: ThermalConductor, parameters: {G: 1}}
  ambient: {type: FixedTemperature, parameters: {T: 300}}
)";
    SUBCASE("either order") {
        const std::string text = head + R"(connections:
  - [heater.port, "body.ports[1]"]
  - ["body.ports[2]", wall.port_a]
  - [ambient.port, wall.port_b]
)";
        systems::LoadedSystem loaded = systems::parse_system_text(text, "heated.yaml", ".");
        Simulator sim(*loaded.root, {.solver = "rk4", .dt = 0.01});
        sim.simulate(1.0);
        // 1 s ≪ τ = 100 s: T ≈ 300 + Q·t/C·(1 − t/(2τ)) to second order
        CHECK(sim.value("body.T") == doctest::Approx(300 + 0.1 * (1 - 1.0 / 200)).epsilon(1e-7));
    }
    SUBCASE("two temperatures connected directly") {
        const std::string text = head + R"(connections:
  - [ambient.port, "body.ports[1]"]
)";
        CHECK_THROWS_WITH(systems::parse_system_text(text, "heated.yaml", "."),
                          doctest::Contains("put a ThermalConductor between two temperatures"));
    }
    SUBCASE("two heat flows connected directly") {
        const std::string text = head + R"(connections:
  - [heater.port, wall.port_a]
)";
        CHECK_THROWS_WITH(systems::parse_system_text(text, "heated.yaml", "."),
                          doctest::Contains("two heat flows meet on a body that owns the temperature between them: connect both to the heat port of a HeatCapacitor"));
    }
    SUBCASE("an index beyond N") {
        const std::string text = head + R"(connections:
  - [heater.port, "body.ports[3]"]
)";
        CHECK_THROWS_WITH(systems::parse_system_text(text, "heated.yaml", "."), doctest::Contains("has no plug or signal 'ports[3]'"));
    }
    SUBCASE("an unquoted index in a flow list") {
        const std::string text = head + "connections:\n  - [heater.port, body.ports[1]]\n";
        CHECK_THROWS_WITH(systems::parse_system_text(text, "heated.yaml", "."), doctest::Contains("must be quoted"));
    }
    SUBCASE("N not an integer") {
        const std::string text = R"(system: Bad
components:
  body: {type: HeatCapacitor, parameters: {N: 2.5}}
)";
        CHECK_THROWS_WITH(systems::parse_system_text(text, "bad.yaml", "."), "bad.yaml:3:47: components.body.parameters.N: 2.5 is not a whole number (valid range [1, 1000]) (number of heat ports)");
    }
}

TEST_CASE("one heat port joined to several heat flow ports: each reads its temperature, the owner takes the sum") {
    // The three-ports capacitor again, its heater, conductor and load all on one port (Modelica's way): the same
    // exponential, the same heat flows. Then the conductor is moved to another body by a structural change: the
    // port's sum drops its heat flow, and the body heats at (Q_heater + Q_load)/C.
    const std::string text = R"(system: OnePort
components:
  body: {type: HeatCapacitor, parameters: {N: 1, C: 100, T_start: 300}}
  heater: {type: FixedHeatFlow, parameters: {Q_flow: 50}}
  wall: {type: ThermalConductor, parameters: {G: 5}}
  ambient: {type: FixedTemperature, parameters: {T: 290}}
  load: {type: FixedHeatFlow, parameters: {Q_flow: -20}}
  other: {type: HeatCapacitor, parameters: {N: 1, C: 1e9, T_start: 290}}
connections:
  - ["body.ports[1]", heater.port]
  - ["body.ports[1]", wall.port_a]
  - [wall.port_b, ambient.port]
  - [load.port, "body.ports[1]"]
actions:
  - {at: 20, disconnect: [[wall.port_a, "body.ports[1]"]], connect: [[wall.port_a, "other.ports[1]"]]}
)";
    auto loaded = systems::parse_system_text(text, "one_port.yaml", ".");
    Simulator sim(*loaded.root, {.solver = "rk4", .dt = 0.02});
    for (auto& [t, change] : loaded.actions) sim.schedule(t, std::move(change));
    const double T_inf = 290 + (50.0 - 20.0) / 5;   // 296 K, τ = C/G = 20 s
    sim.simulate(19.98);
    CHECK(sim.value("body.T") == doctest::Approx(T_inf + (300 - T_inf) * std::exp(-19.98 / 20)).epsilon(1e-9));
    CHECK(sim.value("body.Q_flow") == doctest::Approx(50 - 20 - 5 * (sim.value("body.T") - 290)).epsilon(1e-12));
    const double T_at_change = [&] {
        sim.simulate(20.0);
        return sim.value("body.T");
    }();
    sim.simulate(30.0);
    CHECK(sim.value("body.Q_flow") == doctest::Approx(30.0).epsilon(1e-12));
    CHECK(sim.value("body.T") == doctest::Approx(T_at_change + 30.0 * 10.0 / 100).epsilon(1e-9));
}
