#include "thermofluid/interfaces/siso_flow.h"

#include "core/model/meta.h"

#include <algorithm>

namespace lied::thermofluid {

void SISOFlow::set_outlet(const FluidState& in, double dp, double p_min) {
    dp_.value() = dp;
    const double p_out = std::max(p_min, in.p - dp);
    dr_corr_.value() = p_out - (in.p - dp);
    outlet.state.value() = {p_out, in.h, in.Xi};
}

void SISOFlow::evalInertial() { inlet.r.value() = outlet.r.value() + *inertance_ * inlet.der_m_flow.value() + dr_corr_.value(); }

void SISOFlow::declare_flow(Meta& meta) {
    medium.declare(meta, {&inlet}, {&outlet});
    meta.plug(inlet, "inlet");
    meta.plug(outlet, "outlet");
    meta.signal(dp_, "dp");
    meta.signal(dr_corr_, "dr_corr");
    // The mass flow and its derivative pass through unchanged: the engine hands them on without a call.
    meta.pass_through(inlet.m_flow, outlet.m_flow, "evalFlow");
    meta.pass_through(inlet.der_m_flow, outlet.der_m_flow, "evalDerFlow");
    meta.block<&SISOFlow::evalInertial>(this, "evalInertial", {&outlet.r, &inlet.der_m_flow, &dr_corr_}, {&inlet.r});
    meta.variable(inlet.m_flow.value(), "m_flow", "kg/s");
    meta.variable(dp_.value(), "dp", "Pa");
}

}  // namespace lied::thermofluid
