#include "thermofluid/thermal/heat_capacitor.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void HeatCapacitor::evalTemperature() {
    for (int k = 1; k <= ports.size(); ++k) ports[k].T.value = T();
}

void HeatCapacitor::evalDerivative() {
    Q_flow_ = 0.0;
    for (int k = 1; k <= ports.size(); ++k) Q_flow_ += ports[k].Q_flow.value();
    T.der.value = Q_flow_ / C;
}

void HeatCapacitor::metainfo(Meta& meta) {
    meta.parameter(N, "N", ParameterSpec::positive_up_to(PlugArray<HeatPort>::kMaxSize, "", "number of heat ports (an integer; structural: applied at the next build)"));
    ports.resize_from(N, meta, "N");
    std::vector<const OutBase*> temperatures;
    std::vector<const SignalBase*> heat_flows{};
    for (int k = 1; k <= ports.size(); ++k) {
        meta.plug(ports[k], PlugArray<HeatPort>::name("ports", k));
        temperatures.push_back(&ports[k].T);
        heat_flows.push_back(&ports[k].Q_flow);
    }
    meta.state(T, "T", 300.0, "K");
    meta.block<&HeatCapacitor::evalTemperature>(this, "evalTemperature", std::vector<const SignalBase*>{&T.value}, temperatures);
    meta.block<&HeatCapacitor::evalDerivative>(this, "evalDerivative", heat_flows, std::vector<const OutBase*>{&T.der});
    meta.parameter(C, "C", ParameterSpec::positive("J/K", "heat capacity"));
    meta.parameter(T.start, "T_start", ParameterSpec::positive("K", "initial temperature"));
    meta.variable(Q_flow_, "Q_flow", "W");
    meta.valid_range("T", ValidRange::above(0.0, "an absolute temperature is positive"));
}

LIED_REGISTER_COMPONENT(HeatCapacitor, "lumped heat capacity C with N heat ports; T is a state");

}  // namespace lied::thermofluid
