#include "thermofluid/thermal/heat_capacitor.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void HeatCapacitor::evalTemperature() {
    for (int k = 1; k <= ports.size(); ++k) ports[k].T.value() = T();
    energy_ = C * T();
}

void HeatCapacitor::evalDerivative() {
    Q_flow_ = 0.0;
    for (int k = 1; k <= ports.size(); ++k) Q_flow_ += ports[k].Q_flow();
    T.der.value() = Q_flow_ / C;
}

void HeatCapacitor::metainfo(Meta& meta) {
    meta.parameter(N, "N", ParameterSpec::count_up_to(PlugArray<HeatPort>::kMaxSize, "number of heat ports"));
    ports.resize_from(N, meta, "N");
    BlockLists& temperatures = lists_[0].reset({&T.value});
    BlockLists& heat_flows = lists_[1].reset({}, {&T.der});
    for (int k = 1; k <= ports.size(); ++k) {
        meta.plug(ports[k], PlugArray<HeatPort>::name("ports", k));
        temperatures.writes.push_back(&ports[k].T);
        ports[k].append_heat_flow_signals(heat_flows.reads);
    }
    meta.state(T, "T", 300.0, "K");
    meta.block<&HeatCapacitor::evalTemperature>(this, "evalTemperature", temperatures.reads, temperatures.writes);
    meta.block<&HeatCapacitor::evalDerivative>(this, "evalDerivative", heat_flows.reads, heat_flows.writes);
    meta.parameter(C, "C", ParameterSpec::positive("J/K", "heat capacity"));
    meta.parameter(T.start, "T_start", ParameterSpec::positive("K", "initial temperature"));
    meta.variable(Q_flow_, "Q_flow", "W");
    meta.stores(Quantity::Energy, energy_, "energy");
    meta.valid_range("T", ValidRange::above(0.0, "an absolute temperature is positive"));
}

LIED_REGISTER_COMPONENT(HeatCapacitor, "lumped heat capacity C with N heat ports; T is a state");

}  // namespace lied::thermofluid
