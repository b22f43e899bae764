#pragma once
// An air network in the manner of ThermofluidStream's simple examples: hot air from a source flows through a
// pipe into a splitter; one branch passes a conduction element whose wall (a heat capacitor) loses heat to the
// ambient through a conductor, the other branch is a plain pipe; a junction mixes both, and a last pipe leads to
// the sink through a sensor. At t = 30 s the source's temperature steps from 350 K to 400 K.
#include "components/step_source.h"
#include "core/model/component.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/conduction_element.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/topology/junction_n.h"
#include "thermofluid/sensors/multi_sensor.h"
#include "thermofluid/topology/splitter_n.h"
#include "thermofluid/thermal/heat_capacitor.h"
#include "thermofluid/thermal/thermal_boundaries.h"
#include "thermofluid/thermal/thermal_conductor.h"

namespace lied::systems {

class SimpleStream final : public Component {
public:
    SimpleStream();

    thermofluid::DropOfCommons dropOfCommons;
    thermofluid::Source source;
    thermofluid::FlowResistance pipe_in;
    thermofluid::SplitterN splitter{2};
    thermofluid::FlowResistance pipe_heated, pipe_plain;
    thermofluid::ConductionElement cooler;
    thermofluid::HeatCapacitor wall{2};
    thermofluid::ThermalConductor insulation;
    thermofluid::FixedTemperature ambient;
    thermofluid::JunctionN junction{2};
    thermofluid::FlowResistance pipe_out;
    thermofluid::MultiSensor_Tpm sensor;
    thermofluid::Sink sink;
    components::StepSource T_source{50.0, 30.0, 350.0};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "SimpleStream"; }
};

}  // namespace lied::systems
