#include "thermofluid/interfaces/flow_start.h"

#include "core/model/meta.h"

namespace lied::thermofluid {

void FlowStartChoice::declare_choice(Meta& meta) {
    static const ChoiceSpec kInitChoice{{"state", "derivative", "steadyState"},
                                        "how the owned mass flow starts: at m_flow_0 (state), where dm_flow/dt = m_acceleration_0 "
                                        "(derivative) or 0 (steadyState), the other states at their starts (TFS initM_flow)"};
    meta.choice(initM_flow, "initM_flow", kInitChoice);
    meta.parameter(m_acceleration_0, "m_acceleration_0",
                   ParameterSpec::any("kg/s2", "the start's dm_flow/dt with initM_flow = derivative"));
}

void FlowStartChoice::mark(Meta& meta, State& flow) {
    if (initM_flow == FlowStart::derivative) meta.start_derivative(flow, m_acceleration_0);
    else if (initM_flow == FlowStart::steadyState) meta.start_derivative(flow, kSteady);
}

void FlowStartChoice::declare(Meta& meta, State& flow) {
    declare_choice(meta);
    mark(meta, flow);
}

}  // namespace lied::thermofluid
