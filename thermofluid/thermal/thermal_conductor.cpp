#include "thermofluid/thermal/thermal_conductor.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void ThermalConductor::evalHeatFlow() {
    dT_ = port_a.T.value() - port_b.T.value();
    Q_flow_ = G * dT_;
    port_a.Q_flow.value() = -Q_flow_;
    port_b.Q_flow.value() = Q_flow_;
}

void ThermalConductor::metainfo(Meta& meta) {
    meta.balance_neutral();   // what one port gives the other receives
    meta.plug(port_a, "port_a");
    meta.plug(port_b, "port_b");
    meta.block<&ThermalConductor::evalHeatFlow>(this, "evalHeatFlow", {&port_a.T, &port_b.T}, {&port_a.Q_flow, &port_b.Q_flow});
    meta.parameter(G, "G", ParameterSpec::non_negative("W/K", "thermal conductance"));
    meta.variable(Q_flow_, "Q_flow", "W");
    meta.variable(dT_, "dT", "K");
}

LIED_REGISTER_COMPONENT(ThermalConductor, "thermal conductance G between two heat ports: Q = G·(T_a − T_b) from a to b");

}  // namespace lied::thermofluid
