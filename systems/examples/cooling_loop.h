#pragma once
// A closed liquid cooling loop, the thermal architecture with a bypass that LIED was made for (e.g. an e-drive or a
// battery): a pump drives glycol–water (Glycol47) from an expansion tank through a cold plate, whose plate (a heat
// capacitor) takes a load that rises from 2 kW to 6 kW between 100 s and 160 s and ripples by ±0.5 kW from 300 s.
// Behind the plate the coolant splits: one branch passes a radiator (an ε-NTU counter-flow heat exchanger against
// ambient air at 25 °C), the other a bypass valve. A PI controller moves the bypass valve to hold the mixed coolant
// supply temperature at 35 °C: hot coolant closes the bypass and sends more flow through the radiator.
// Inputs: the set point T_set and the pump speed pump_speed; outputs: the supply and plate temperatures, the bypass
// opening and the radiator's heat flow.
#include "components/input.h"
#include "components/math_blocks.h"
#include "components/pid.h"
#include "components/sources.h"
#include "core/model/component.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/conduction_element.h"
#include "thermofluid/flow_control/control_valve.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/heat_exchangers/counter_flow_ntu.h"
#include "thermofluid/topology/junction_n.h"
#include "thermofluid/processes/pump.h"
#include "thermofluid/sensors/single_sensors.h"
#include "thermofluid/topology/splitter_n.h"
#include "thermofluid/thermal/heat_capacitor.h"
#include "thermofluid/thermal/thermal_boundaries.h"
#include "thermofluid/boundaries/volume_flex.h"

namespace lied::systems {

class CoolingLoop final : public Component {
public:
    CoolingLoop();

    thermofluid::DropOfCommons dropOfCommons;
    thermofluid::VolumeFlex tank;                       // expansion volume: breaks the flow loop
    thermofluid::Pump pump;
    thermofluid::FlowResistance supply;                 // pump → cold plate
    thermofluid::ConductionElement coldPlate;
    thermofluid::HeatCapacitor plate{2};
    thermofluid::PrescribedHeatFlow load;
    thermofluid::SplitterN splitter{2};
    thermofluid::FlowResistance radiatorPipe;
    thermofluid::CounterFlowNTU radiator;
    thermofluid::BasicControlValve bypass;
    thermofluid::JunctionN junction{2};
    thermofluid::SingleSensorSelect T_coolant;          // supply temperature, behind the tank
    thermofluid::Source airIn;
    thermofluid::FlowResistance airDuct;
    thermofluid::Sink airOut;
    components::Ramp loadRamp{4000.0, 60.0, 2000.0, 100.0};
    components::Sine loadRipple{500.0, 1.0 / 120.0};
    components::Add loadSum;
    components::Input T_set{308.15, "K", 273.15, 373.15, "coolant supply set point (35 °C)"};
    components::Input pump_speed{300.0, "rad/s", 0.0, 600.0, "pump speed"};
    components::PID controller;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "CoolingLoop"; }
};

}  // namespace lied::systems
