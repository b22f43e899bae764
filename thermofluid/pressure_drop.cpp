#include "thermofluid/pressure_drop.h"

#include "core/component_registry.h"
#include "core/meta.h"

#include <algorithm>
#include <cmath>

namespace lied::thermofluid {

void PressureDrop::evalState() {
    const FluidState& in = inlet.state.value();
    medium.medium->properties(in.p, in.h, nullptr, fluid_);
    const double v_n = inlet.m_flow.value() / fluid_.rho / v_ref;
    dp_.value = 0.5 * dp_ref * (v_n + v_n * std::abs(v_n));
    const double p_out = std::max(p_min, in.p - dp_.value);
    dr_corr_.value = p_out - (in.p - dp_.value);
    outlet.state.value = {p_out, in.h};
}

void PressureDrop::evalFlow() { outlet.m_flow.value = inlet.m_flow.value(); }

void PressureDrop::evalDerFlow() { outlet.der_m_flow.value = inlet.der_m_flow.value(); }

void PressureDrop::evalInertial() { inlet.r.value = outlet.r.value() + L * inlet.der_m_flow.value() + dr_corr_.value; }

void PressureDrop::metainfo(Meta& meta) {
    medium.declare(meta, {&inlet}, {&outlet});
    meta.plug(inlet, "inlet");
    meta.plug(outlet, "outlet");
    meta.signal(dp_, "dp");
    meta.signal(dr_corr_, "dr_corr");
    meta.block<&PressureDrop::evalState>(this, "evalState", {&inlet.state, &inlet.m_flow}, {&outlet.state, &dp_, &dr_corr_});
    meta.block<&PressureDrop::evalFlow>(this, "evalFlow", {&inlet.m_flow}, {&outlet.m_flow});
    meta.block<&PressureDrop::evalDerFlow>(this, "evalDerFlow", {&inlet.der_m_flow}, {&outlet.der_m_flow});
    meta.block<&PressureDrop::evalInertial>(this, "evalInertial", {&outlet.r, &inlet.der_m_flow, &dr_corr_}, {&inlet.r});
    meta.parameter(v_ref, "v_ref", ParameterSpec::positive("m3/s", "reference volume flow"));
    meta.parameter(dp_ref, "dp_ref", ParameterSpec::non_negative("Pa", "pressure drop at the reference flow"));
    meta.parameter(L, "L", ParameterSpec::non_negative("1/m", "inertance"));
    meta.parameter(p_min, "p_min", ParameterSpec::positive("Pa", "lowest outlet pressure (absolute)"));
    meta.variable(inlet.m_flow.value(), "m_flow", "kg/s");
    meta.variable(dp_.value, "dp", "Pa");
}

LIED_REGISTER_COMPONENT(PressureDrop, "quadratic pressure drop with inertance; one inlet, one outlet");

}  // namespace lied::thermofluid
