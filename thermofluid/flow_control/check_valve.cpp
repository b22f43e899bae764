#include "thermofluid/flow_control/check_valve.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <limits>

namespace lied::thermofluid {

void CheckValve::evalState() {
    const double m = inlet.m_flow.value(), x = m / m_flow_ref;
    const double dp = m < 0 ? -p_ref * x * x : 0.0;
    set_outlet(inlet.state.value(), dp, -std::numeric_limits<double>::infinity());   // TFS: no clip
}

void CheckValve::metainfo(Meta& meta) {
    meta.balance_neutral();   // isenthalpic throttling
    declare_flow(meta);
    inertance_ = L.storage();
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance"));
    meta.parameter(m_flow_ref, "m_flow_ref", defaults::kMFlowReg, ParameterSpec::positive("kg/s", "reverse flow at which the drop is p_ref"));
    meta.parameter(p_ref, "p_ref", ParameterSpec::positive("Pa", "reverse-flow drop at m_flow_ref"));
    meta.block<&CheckValve::evalState>(this, "evalState", {&inlet.state, &inlet.m_flow}, {&outlet.state, &dp_, &dr_corr_});
}

LIED_REGISTER_COMPONENT(CheckValve, "no drop forward, a steep quadratic resistance backwards (TFS CheckValve)");

}  // namespace lied::thermofluid
