#include "thermofluid/processes/turbo_component.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lied::thermofluid {

void TurboComponent::evalState() {
    const FluidState in = inlet.state.value();
    omega_ = speed();
    medium.medium->properties(in.p, in.h, in.xi(), props_);
    const double m = inlet.m_flow.value(), w = omega_;
    pr_ = std::abs(w) * w / (omega_ref * omega_ref) - skew * w * m / (omega_ref * m_flow_ref) - std::abs(m) * m / (m_flow_ref * m_flow_ref) + 1;
    if (pr_ < 1) pr_ = std::pow(k, pr_ - 1);
    dp_rise_ = in.p * (pr_ - 1);
    const double R = in.p / (std::max(props_.rho, rho_min.value()) * props_.T);
    kappa_ = kappaFromMedia ? props_.cp / (props_.cp - R) : kappa_fixed;
    const double w_t_is = kappa_ / (kappa_ - 1) * R * props_.T * (std::pow(pr_, (kappa_ - 1) / kappa_) - 1);
    w_t_ = w_t_is * m >= 0 ? w_t_is / eta : eta * w_t_is;
    const double w2 = w * w, reg2 = omega_reg * omega_reg, m_reg2 = m_flow_reg * m_flow_reg;
    tau_st_ = m > 0 && w > 0 ? w_t_ * m * w / (w2 + reg2) : V_ref * dp_rise_ * w2 / (w2 + reg2) * m * m / (m * m + m_reg2);
    tau_st_ += V_ref * dp_rise_ * reg2 / (w2 + reg2);
    W_t_ = tau_st_ * w;
    dh_ = m * W_t_ / (m * m + m_reg2);
    // Work into the fluid: the regularisation's excess leaves as heat. Work from the fluid: the torque is reduced to
    // what the fluid can give (TFS), with |ω| held at least ω_reg so that a standing machine divides by no zero.
    if (W_t_ >= 0) {
        Q_t_ = W_t_ - m * dh_;
        tau_ = tau_st_;
    } else {
        Q_t_ = 0.0;
        tau_ = dh_ * m / (std::abs(w) > omega_reg ? w : (w < 0 ? -omega_reg.value() : omega_reg.value()));
    }
    P_shaft_ = tau_ * w;
    shaft_loss_ = P_shaft_ - m * dh_;
    set_outlet(in, -dp_rise_, p_min);
    outlet.state.value().h = in.h + dh_;
}

void TurboComponent::metainfo(Meta& meta) {
    meta.supplies(Quantity::Energy, P_shaft_, "shaft_power");
    meta.dissipates(shaft_loss_, "shaft_loss");
    declare_machine(meta);
    meta.parameter(omega_ref, "omega_ref", ParameterSpec::positive("rad/s", "speed that gives pr = 2 − skew at m_flow_ref"));
    meta.parameter(skew, "skew", ParameterSpec::any("1", "skewness of the mixed term of the pressure ratio"));
    meta.parameter(m_flow_ref, "m_flow_ref", ParameterSpec::positive("kg/s", "reference mass flow of the characteristic"));
    meta.parameter(eta, "eta", ParameterSpec{"1", "isentropic efficiency", 0.0, 1.0, true});
    meta.parameter(V_ref, "V_ref", ParameterSpec::non_negative("m3", "reference volume of the torque off the nominal quadrant"));
    meta.parameter(k, "k", ParameterSpec{"1", "exponent base that keeps the pressure ratio positive where pr < 1", 1.0, std::numeric_limits<double>::infinity(), true});
    static const ChoiceSpec kKappaFromMediaChoice{{"true", "false"}, "true: κ = c_p/(c_p − R) of the inlet (ideal gas); false: kappa_fixed"};
    meta.choice(kappaFromMedia, "kappaFromMedia", kKappaFromMediaChoice);
    meta.parameter(kappa_fixed, "kappa_fixed", ParameterSpec{"1", "isentropic exponent when kappaFromMedia = false", 1.0, std::numeric_limits<double>::infinity(), true});
    meta.block<&TurboComponent::evalState>(this, "evalState", {&inlet.state, &inlet.m_flow, &omega_input}, {&outlet.state, &dp_, &dr_corr_});
    meta.variable(omega_, "omega", "rad/s");
    meta.variable(pr_, "pr", "1");
    meta.variable(dp_rise_, "dp_rise", "Pa");
    meta.variable(w_t_, "w_t", "J/kg");
    meta.variable(tau_st_, "tau_st", "N.m");
    meta.variable(W_t_, "W_t", "W");
    meta.variable(tau_, "tau", "N.m");
    meta.variable(P_shaft_, "P_shaft", "W");
    meta.variable(Q_t_, "Q_t", "W");
    meta.variable(dh_, "dh", "J/kg");
    meta.variable(kappa_, "kappa", "1");
}

LIED_REGISTER_COMPONENT(Compressor, "compressor with constant isentropic efficiency; speed from omega_input (TFS Compressor, dp_tau_const_isentrop)");
LIED_REGISTER_COMPONENT(Fan, "fan with constant isentropic efficiency; speed from omega_input (TFS Fan, dp_tau_const_isentrop)");
LIED_REGISTER_COMPONENT(Turbine, "turbine with constant isentropic efficiency; speed from omega_input (TFS Turbine, dp_tau_const_isentrop, omega_ref = 1e6)");

}  // namespace lied::thermofluid
