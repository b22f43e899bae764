#include "thermofluid/thermal/thermal_boundaries.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void FixedTemperature::metainfo(Meta& meta) {
    meta.plug(port, "port");
    meta.block<&FixedTemperature::evalTemperature>(this, "evalTemperature", {}, {&port.T});
    BlockLists& heat = heat_lists_.reset();
    port.append_heat_flow_signals(heat.reads);
    meta.block<&FixedTemperature::evalHeatFlow>(this, "evalHeatFlow", heat.reads, heat.writes);
    meta.parameter(T, "T", ParameterSpec::positive("K", "temperature the environment holds"));
    meta.variable(Q_flow_, "Q_flow", "W");
    meta.supplies(Quantity::Energy, Q_flow_, "heat_in");
}

void PrescribedTemperature::metainfo(Meta& meta) {
    meta.plug(port, "port");
    meta.signal(T_in, "T_in");
    meta.pass_through(T_in, port.T, "evalTemperature");
    BlockLists& heat = heat_lists_.reset();
    port.append_heat_flow_signals(heat.reads);
    meta.block<&PrescribedTemperature::evalHeatFlow>(this, "evalHeatFlow", heat.reads, heat.writes);
    meta.variable(Q_flow_, "Q_flow", "W");
    meta.supplies(Quantity::Energy, Q_flow_, "heat_in");
}

void FixedHeatFlow::metainfo(Meta& meta) {
    meta.plug(port, "port");
    meta.block<&FixedHeatFlow::evalHeatFlow>(this, "evalHeatFlow", {}, {&port.Q_flow});
    meta.parameter(Q_flow, "Q_flow", ParameterSpec::any("W", "heat flow into the connected body"));
    meta.supplies(Quantity::Energy, Q_flow, "heat_in");
}

void PrescribedHeatFlow::metainfo(Meta& meta) {
    meta.plug(port, "port");
    meta.signal(Q_flow_in, "Q_flow_in");
    meta.pass_through(Q_flow_in, port.Q_flow, "evalHeatFlow");
    meta.variable(port.Q_flow.value(), "Q_flow", "W");
    meta.supplies(Quantity::Energy, port.Q_flow.value(), "heat_in");
}

LIED_REGISTER_COMPONENT(FixedTemperature, "heat port held at the temperature T");
LIED_REGISTER_COMPONENT(PrescribedTemperature, "heat port held at the temperature of the input T_in");
LIED_REGISTER_COMPONENT(FixedHeatFlow, "heat flow Q_flow into the connected body");
LIED_REGISTER_COMPONENT(PrescribedHeatFlow, "heat flow from the input Q_flow_in into the connected body");

}  // namespace lied::thermofluid
