#include "thermofluid/processes/pressure_drop.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <cmath>

namespace lied::thermofluid {

void PressureDrop::evalState() {
    const FluidState& in = inlet.state.value();
    const double rho = medium.medium->density(in.p, in.h, in.xi());
    const double v_n = inlet.m_flow.value() / (rho * v_ref);
    set_outlet(in, 0.5 * dp_ref * (v_n + v_n * std::abs(v_n)), p_min);
}

void PressureDrop::metainfo(Meta& meta) {
    meta.balance_neutral();   // isenthalpic: what enters leaves
    declare_flow(meta);
    inertance_ = &L;
    meta.block<&PressureDrop::evalState>(this, "evalState", {&inlet.state, &inlet.m_flow}, {&outlet.state, &dp_, &dr_corr_});
    meta.parameter(v_ref, "v_ref", ParameterSpec::positive("m3/s", "reference volume flow"));
    meta.parameter(dp_ref, "dp_ref", ParameterSpec::non_negative("Pa", "pressure drop at the reference flow"));
    meta.parameter(L, "L", ParameterSpec::non_negative("1/m", "inertance"));
    meta.parameter(p_min, "p_min", ParameterSpec::positive("Pa", "lowest outlet pressure (absolute)"));
}

LIED_REGISTER_COMPONENT(PressureDrop, "quadratic pressure drop with inertance; one inlet, one outlet");

}  // namespace lied::thermofluid
