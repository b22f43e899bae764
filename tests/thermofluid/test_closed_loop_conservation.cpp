// A closed liquid loop conserves mass and energy: tank (VolumeFlex) → pump → pipe → cold plate (conduction element on a
// heat capacitor with a load) → splitter → {valve → cooler (conduction element losing heat to a fixed temperature),
// plain pipe} → junction → tank. A meter integrates what crosses the boundary (load, ambient, pump work) as a state,
// so E − W with E = U_tank + Σ M·h + C·T_plate is a linear combination of states with constant coefficients
// (constant density): explicit Runge–Kutta methods keep such invariants to rounding, whatever their step error.
#include "components/sources.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "core/model/state.h"
#include "thermofluid/processes/conduction_element.h"
#include "thermofluid/flow_control/control_valve.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/topology/junction_n.h"
#include "thermofluid/processes/pump.h"
#include "thermofluid/topology/splitter_n.h"
#include "thermofluid/thermal/heat_capacitor.h"
#include "thermofluid/thermal/thermal_boundaries.h"
#include "thermofluid/boundaries/volume_flex.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using namespace lied::thermofluid;

namespace {
// dW/dt = Q_load − Q_to_ambient + ṁ·(h_out − h_in) of the pump (a HeatFlowPort sends the heat into the body beyond).
class EnergyMeter : public Component {
public:
    In<double> Q_load, Q_to_ambient, m_pump;
    In<FluidState> pump_in, pump_out;
    State W{0.0};
    void metainfo(Meta& meta) override {
        for (auto [s, n] : {std::pair<SignalBase*, const char*>{&Q_load, "Q_load"}, {&Q_to_ambient, "Q_to_ambient"}, {&m_pump, "m_pump"},
                            {&pump_in, "pump_in"}, {&pump_out, "pump_out"}})
            meta.signal(*s, n);
        meta.state(W, "W", 1e5, "J");
        meta.block<&EnergyMeter::eval>(this, "eval", {&Q_load, &Q_to_ambient, &m_pump, &pump_in, &pump_out}, {&W.der});
    }
    const char* type_name() const override { return "EnergyMeter"; }

private:
    void eval() { W.der.value() = Q_load.value() - Q_to_ambient.value() + m_pump.value() * (pump_out.value().h - pump_in.value().h); }
};

struct Loop : Component {
    DropOfCommons drop;
    VolumeFlex tank;
    Pump pump;
    FlowResistance pipe, plain;
    ConductionElement coldPlate, cooler;
    HeatCapacitor plate{2};
    PrescribedHeatFlow load;
    components::Sine loadSignal{1500.0, 0.2, 3000.0};
    SplitterN splitter{2};
    BasicControlValve valve;
    components::Ramp opening{-0.7, 5.0, 1.0, 2.0};   // the valve closes to 30 % between 2 s and 7 s
    JunctionN junction{2};
    FixedTemperature ambient;
    EnergyMeter meter;
    Loop() {
        for (MediumParameter* m : {&tank.medium, &pump.medium, &pipe.medium, &plain.medium, &coldPlate.medium, &cooler.medium, &splitter.medium,
                                   &valve.medium, &junction.medium})
            m->name = "ConstantPropertyLiquidWater";
        drop.m_flow_reg = 1e-12;   // the junction's mixing weights: exact to 1e-12 kg/s of the flows
        tank.p_ref = tank.p_start = 2e5, tank.V_ref = 1e-3, tank.K = 1e6, tank.T_start = 300;
        pump.omega_par = 200;
        pipe.r = plain.r = 0.01, pipe.l = plain.l = 1.0;
        coldPlate.V = 1e-4, coldPlate.U = 2000, coldPlate.A = 0.1, coldPlate.init = ConductionElement::Init::T, coldPlate.T_0 = 300, coldPlate.p_init = 2e5;
        cooler.V = 3e-4, cooler.U = 1000, cooler.A = 0.5, cooler.init = ConductionElement::Init::T, cooler.T_0 = 300, cooler.p_init = 2e5;
        plate.C = 500, plate.T.start = 300;
        ambient.T = 290;
        valve.Kvs = 2;
        connect(tank.outlet, pump.inlet);
        connect(pump.outlet, pipe.inlet);
        connect(pipe.outlet, coldPlate.inlet);
        connect(coldPlate.outlet, splitter.inlet);
        connect(splitter.outlets[1], valve.inlet);
        connect(valve.outlet, cooler.inlet);
        connect(cooler.outlet, junction.inlets[1]);
        connect(splitter.outlets[2], plain.inlet);
        connect(plain.outlet, junction.inlets[2]);
        connect(junction.outlet, tank.inlet);
        connect(plate.ports[1], coldPlate.heatPort);
        connect(plate.ports[2], load.port);
        connect(ambient.port, cooler.heatPort);
        load.Q_flow_in.connect(loadSignal.y);
        valve.u_in.connect(opening.y);
        meter.Q_load.connect(load.port.Q_flow);
        meter.Q_to_ambient.connect(cooler.heatPort.Q_flow);
        meter.m_pump.connect(pump.outlet.m_flow);
        meter.pump_in.connect(tank.outlet.state);
        meter.pump_out.connect(pump.outlet.state);
    }
    void metainfo(Meta& meta) override {
        for (auto [c, n] : std::initializer_list<std::pair<Component*, const char*>>{
                 {&drop, "drop"}, {&tank, "tank"}, {&pump, "pump"}, {&pipe, "pipe"}, {&coldPlate, "coldPlate"}, {&plate, "plate"}, {&load, "load"},
                 {&loadSignal, "loadSignal"}, {&splitter, "splitter"}, {&valve, "valve"}, {&opening, "opening"}, {&cooler, "cooler"},
                 {&plain, "plain"}, {&junction, "junction"}, {&ambient, "ambient"}, {&meter, "meter"}})
            meta.component(*c, n);
    }
    const char* type_name() const override { return "Loop"; }
};

double stored_energy(Simulator& sim, const Loop& loop) {
    const double rho = 995.586;   // ConstantPropertyLiquidWater
    return sim.value("tank.U_med") + loop.coldPlate.V * rho * sim.value("coldPlate.h") + loop.cooler.V * rho * sim.value("cooler.h") +
           loop.plate.C * sim.value("plate.T");
}
}  // namespace

TEST_CASE("closed loop: mass and energy are conserved to 1e-9 relative along a transient (rk4, dt = 1 ms)") {
    Loop loop;
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 1e-3;
    Simulator sim(loop, o);
    const double M0 = sim.value("tank.M"), E0 = stored_energy(sim, loop);
    double worst_mass = 0, worst_energy = 0, turnover = 0;
    for (double t = 1; t <= 12; t += 1) {
        sim.simulate(t);
        worst_mass = std::max(worst_mass, std::abs(sim.value("tank.M") - M0) / M0);
        const double E = stored_energy(sim, loop);
        turnover = std::max(turnover, std::abs(E - E0));
        // E0 is the scale of the stored energy: the invariant is checked relative to it.
        worst_energy = std::max(worst_energy, std::abs(E - E0 - sim.value("meter.W")) / std::abs(E0));
    }
    MESSAGE("mass drift " << worst_mass << ", energy drift " << worst_energy << " of the stored energy; energy exchanged " << turnover << " J");
    CHECK(sim.value("pump.m_flow") > 0.1);      // it flows
    CHECK(turnover > 1e4);                      // and energy moved: the check is not trivial
    CHECK(worst_mass < 1e-12);
    CHECK(worst_energy < 1e-9);
}
