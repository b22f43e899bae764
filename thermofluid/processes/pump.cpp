#include "thermofluid/processes/pump.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>
#include <numbers>

namespace lied::thermofluid {

namespace {
constexpr double kRadPerRevolution = 2 * std::numbers::pi;
}

void Pump::evalState() {
    const FluidState in = inlet.state.value();
    omega_ = speed();
    medium.medium->properties(in.p, in.h, in.xi(), props_);
    const double m_flow = inlet.m_flow.value();
    V_flow_ = m_flow / std::max(props_.rho, rho_min.value());
    const double V_flow_nominal = omega_ * V_r_ / kRadPerRevolution;
    dp_rise_ = k_p_ * (V_flow_nominal - V_flow_);
    tau_ = V_flow_ * dp_rise_ * omega_ / (omega_ * omega_ + omega_reg * omega_reg) + k_fric_ * (V_flow_nominal - V_flow_);
    W_t_ = tau_ * omega_;
    dh_ = m_flow * W_t_ / (m_flow * m_flow + m_flow_reg * m_flow_reg);
    set_outlet(in, -dp_rise_, p_min);
    outlet.state.value().h = in.h + dh_;
    fluid_power_ = m_flow * dh_;
}

void Pump::metainfo(Meta& meta) {
    // The motor is outside the model: the fluid receives ṁ·Δh (the nominal W_t less its regularisation at zero flow).
    meta.supplies(Quantity::Energy, fluid_power_, "fluid_power");
    declare_machine(meta);
    static const ChoiceSpec kParametrizeByDesignPointChoice{{"false", "true"}, "true: V_r, k_p, k_fric from the design point dp_D, V_flow_D, omega_D, slip_D, eta_D"};
    meta.choice(parametrizeByDesignPoint, "parametrizeByDesignPoint", kParametrizeByDesignPointChoice);
    meta.parameter(dp_D, "dp_D", ParameterSpec::positive("Pa", "design pressure rise"));
    meta.parameter(V_flow_D, "V_flow_D", ParameterSpec::positive("m3/s", "design volume flow"));
    meta.parameter(omega_D, "omega_D", ParameterSpec::positive("rad/s", "design speed"));
    meta.parameter(slip_D, "slip_D", ParameterSpec{"1", "design slip (V_nominal - V)/V_nominal", 0.0, 1.0, true});
    meta.parameter(eta_D, "eta_D", ParameterSpec{"1", "design efficiency", 0.001, 1.0});
    meta.parameter(V_r_input, "V_r_input", ParameterSpec::positive("m3", "displaced volume per revolution"));
    meta.parameter(k_p_input, "k_p_input", ParameterSpec::non_negative("N.s/m5", "linear pressure factor"));
    meta.parameter(k_fric_input, "k_fric_input", ParameterSpec::non_negative("N.s/m2", "linear friction factor"));
    if (parametrizeByDesignPoint && slip_D < 1) {
        V_r_ = V_flow_D * kRadPerRevolution / omega_D / (1 - slip_D);
        k_p_ = dp_D / (slip_D / (1 - slip_D) * V_flow_D);
        k_fric_ = dp_D * (1 - slip_D) / (slip_D * omega_D) * (1 / eta_D - 1);
    } else {
        V_r_ = V_r_input, k_p_ = k_p_input, k_fric_ = k_fric_input;
    }
    meta.block<&Pump::evalState>(this, "evalState", {&inlet.state, &inlet.m_flow, &omega_input}, {&outlet.state, &dp_, &dr_corr_});
    meta.variable(omega_, "omega", "rad/s");
    meta.variable(dp_rise_, "dp_rise", "Pa");
    meta.variable(V_flow_, "V_flow", "m3/s");
    meta.variable(W_t_, "W_t", "W");
    meta.variable(tau_, "tau", "N.m");
    meta.variable(dh_, "dh", "J/kg");
}

LIED_REGISTER_COMPONENT(Pump, "pump with TFS's nominal-flow characteristic; speed from omega_input (TFS Pump, dp_tau_nominal_flow)");

}  // namespace lied::thermofluid
