#include "systems/examples/cooling_loop.h"

#include "core/model/meta.h"
#include "systems/io/system_registry.h"

namespace lied::systems {

using namespace thermofluid;

CoolingLoop::CoolingLoop() {
    for (MediumParameter* m : {&tank.medium, &pump.medium, &supply.medium, &coldPlate.medium, &splitter.medium, &radiatorPipe.medium,
                               &radiator.A_side.medium, &bypass.medium, &junction.medium, &T_coolant.medium})
        m->name = "Glycol47";
    for (MediumParameter* m : {&airIn.medium, &airDuct.medium, &airOut.medium, &radiator.B_side.medium}) m->name = "SimpleAir";
    dropOfCommons.m_flow_reg = 1e-3;   // flows are ~0.1 kg/s: small regularisation of mixing and machines
    // The bypass nearly closes: at 1e-3 the junction's regularised mixing created 0.1 % of the energy that moves (a
    // run warns above that); 1e-4 keeps it near 0.01 %.
    junction.m_flow_eps = 1e-4;

    tank.p_ref = 1.5e5, tank.V_ref = 2e-3, tank.K = 5e5;   // a gas-cushioned expansion tank: soft walls
    tank.p_start = 1.5e5, tank.T_start = 303.15;
    pump.parametrizeByDesignPoint = true;
    pump.omega_par = 300;   // while omega_input is unconnected; here the input pump_speed drives it
    pump.dp_D = 1.0e5, pump.V_flow_D = 2.5e-4, pump.omega_D = 300, pump.slip_D = 0.3, pump.eta_D = 0.6;
    for (FlowResistance* r : {&supply, &radiatorPipe}) {
        r->r = 0.008;
        r->l = 2.0;
    }
    radiatorPipe.l = 8.0;   // the radiator's core: the bypass is the easier way
    coldPlate.V = 2e-4, coldPlate.A = 0.1, coldPlate.U = 3000, coldPlate.init = thermofluid::ConductionElement::Init::T, coldPlate.T_0 = 303.15, coldPlate.p_init = 1.5e5;
    plate.C = 2000, plate.T.start = 303.15;
    radiator.A = 12, radiator.k_NTU = 100, radiator.TA_start = 303.15, radiator.TB_start = 298.15;
    bypass.Kvs = 4;
    bypass.valveCharacteristics = thermofluid::BasicControlValve::Characteristic::Linear;
    T_coolant.quantity = "T_K";
    airIn.p0_par = 1.013e5 + 500, airIn.T0_par = 298.15;
    airOut.p0_par = 1.013e5;
    airDuct.pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic, airDuct.k = 1000, airDuct.k2 = 0;   // 0.5 kg/s of air from the fan
    loadSum.k1 = loadSum.k2 = 1.0;
    loadRipple.start_time = 300;
    controller.controllerType = lied::components::PID::Type::PI;
    controller.k = 0.2, controller.Ti = 20, controller.yMin = 0, controller.yMax = 1;
    controller.I.start = 2.5;   // starts with the bypass half open

    connect(tank.outlet, T_coolant.inlet);   // measured behind the tank: a sensor behind the valve would close an
    connect(T_coolant.outlet, pump.inlet);   // algebraic loop valve → mixing → sensor → controller → valve
    connect(pump.outlet, supply.inlet);
    connect(supply.outlet, coldPlate.inlet);
    connect(coldPlate.outlet, splitter.inlet);
    connect(splitter.outlets[1], radiatorPipe.inlet);
    connect(radiatorPipe.outlet, radiator.inletA);
    connect(radiator.outletA, junction.inlets[1]);
    connect(splitter.outlets[2], bypass.inlet);
    connect(bypass.outlet, junction.inlets[2]);
    connect(junction.outlet, tank.inlet);
    connect(airIn.outlet, airDuct.inlet);
    connect(airDuct.outlet, radiator.inletB);
    connect(radiator.outletB, airOut.inlet);
    connect(plate.ports[1], coldPlate.heatPort);
    connect(plate.ports[2], load.port);
    loadSum.u1.connect(loadRamp.y);
    loadSum.u2.connect(loadRipple.y);
    load.Q_flow_in.connect(loadSum.y);
    controller.u_s.connect(T_set.y);
    controller.u_m.connect(T_coolant.value);
    bypass.u_in.connect(controller.y);
    pump.omega_input.connect(pump_speed.y);
}

void CoolingLoop::metainfo(Meta& meta) {
    meta.component(dropOfCommons, "dropOfCommons");
    meta.component(tank, "tank", "expansion volume");
    meta.component(pump, "pump");
    meta.component(supply, "supply");
    meta.component(coldPlate, "coldPlate", "coolant channel of the cold plate");
    meta.component(plate, "plate", "the plate's heat capacity");
    meta.component(load, "load", "heat from the electronics");
    meta.component(splitter, "splitter");
    meta.component(radiatorPipe, "radiatorPipe");
    meta.component(radiator, "radiator", "coolant (A) against ambient air (B)");
    meta.component(bypass, "bypass", "bypass valve, opened by the controller");
    meta.component(junction, "junction");
    meta.component(T_coolant, "T_coolant", "coolant supply temperature (mixed, behind the tank)");
    meta.component(airIn, "airIn");
    meta.component(airDuct, "airDuct");
    meta.component(airOut, "airOut");
    meta.component(loadRamp, "loadRamp", "2 kW, rising to 6 kW from 100 s to 160 s");
    meta.component(loadRipple, "loadRipple", "±0.5 kW from 300 s");
    meta.component(loadSum, "loadSum");
    meta.component(T_set, "T_set", "set point 35 °C");
    meta.component(controller, "controller", "PI on the bypass valve");
    meta.component(pump_speed, "pump_speed", "pump speed");
    meta.output("T_supply", "T_coolant.value", "coolant supply temperature");
    meta.output("T_plate", "plate.T", "cold plate temperature");
    meta.output("bypass_opening", "controller.y", "bypass valve opening (0 closed, 1 open)");
    meta.output("Q_radiator", "radiator.Q_flow", "heat flow through the radiator");
}

namespace {
const SystemRegistration registration{{
    "CoolingLoop",
    "closed glycol cooling loop: pump, expansion tank, cold plate under a varying load, radiator against air, PI-controlled bypass",
    [] { return std::make_unique<CoolingLoop>(); },
    RunSettings{600.0, 1e-3, "cvode-bdf", 1.0,
                {"load.Q_flow", "radiator.Q_flow", "T_coolant.value", "coldPlate.T", "plate.T", "controller.y", "pump.m_flow",
                 "radiatorPipe.m_flow", "bypass.m_flow", "tank.p"}},
}};
}  // namespace

}  // namespace lied::systems
