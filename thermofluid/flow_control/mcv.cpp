#include "thermofluid/flow_control/mcv.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>

namespace lied::thermofluid {

void MCV::evalState() {
    const FluidState& in = inlet.state.value();
    rho_in_ = medium.medium->density(in.p, in.h, in.xi());
    const double m_flow = inlet.m_flow.value();
    V_flow_ = m_flow / rho_in_;
    const double setpoint = setpoint_var.source() ? setpoint_var.value() : mode == Mode::mass_flow ? massFlow_set_par : volumeFlow_set_par;
    m_flow_set_ = mode == Mode::mass_flow ? setpoint : setpoint * rho_in_;
    dr_set_ = -kL / TC * (m_flow_set_ - m_flow);
    const double dp = std::max(p_min_par - in.p, std::min(0.0, dp_int()));   // TFS's sign: the change from inlet to outlet
    set_outlet(in, -dp, p_min_par);   // within p_min by construction: no clip, dr_corr = 0 (TFS: clip_p_out = false)
}

void MCV::evalLoop() {
    dr_ = outlet.r.value() - inlet.r.value();
    const double dp = -dp_.value();
    dp_int.der.value() = k1 / TC * (std::clamp(dr_, -1e8, 1e8) - dr_set_ + k2 * (dp - dp_int()));
}

void MCV::metainfo(Meta& meta) {
    meta.balance_neutral();   // isenthalpic throttling
    declare_flow(meta);
    inertance_ = &kL;
    static const ChoiceSpec kModeChoice{{"mass_flow", "volume_flow"}, "what the valve controls: the mass flow or the volume flow at the inlet"};
    meta.choice(mode, "mode", kModeChoice);
    meta.parameter(massFlow_set_par, "massFlow_set_par", ParameterSpec::any("kg/s", "mass flow set point (mode mass_flow, setpoint_var unconnected)"));
    meta.parameter(volumeFlow_set_par, "volumeFlow_set_par", ParameterSpec::any("m3/s", "volume flow set point (mode volume_flow, setpoint_var unconnected)"));
    meta.parameter(TC, "TC", ParameterSpec::positive("s", "time constant of the set point dynamic"));
    meta.parameter(k1, "k1", ParameterSpec::positive("1", "time constant factor: the inner loop is k1 times faster than TC"));
    meta.parameter(k2, "k2", ParameterSpec::non_negative("1", "integrator windup factor"));
    meta.parameter(p_min_par, "p_min_par", defaults::kPMin, ParameterSpec::positive("Pa", "lowest outlet pressure"));
    meta.signal(setpoint_var, "setpoint_var");
    meta.state(dp_int, "dp_int", 1e5, "Pa");
    meta.block<&MCV::evalState>(this, "evalState", {&inlet.state, &inlet.m_flow, &dp_int.value, &setpoint_var}, {&outlet.state, &dp_, &dr_corr_});
    meta.block<&MCV::evalLoop>(this, "evalLoop", {&outlet.r, &inlet.r, &dp_, &dp_int.value}, {&dp_int.der});
    meta.variable(V_flow_, "V_flow", "m3/s");
    meta.variable(m_flow_set_, "m_flow_set", "kg/s");
    meta.variable(dr_, "dr", "Pa");
}

LIED_REGISTER_COMPONENT(MCV, "flow rate control valve: throttles so that the mass or volume flow follows a set point with time constant TC (TFS MCV)");

}  // namespace lied::thermofluid
