#pragma once
// ThermofluidStream's turbo machines with the constant-isentropic-efficiency characteristic (dp_tau_const_isentrop),
// speed ω from the input omega_input (or omega_par while unconnected):
//   pr = |ω|·ω/ω_ref² − skew·ω·ṁ/(ω_ref·ṁ_ref) − |ṁ|·ṁ/ṁ_ref² + 1,   and pr = k^(pr − 1) where pr < 1 (stays positive)
//   Δp = p_in·(pr − 1),   w_t,is = κ/(κ − 1)·R·T_in·(pr^((κ − 1)/κ) − 1)
//   w_t = w_t,is/η when the fluid takes work (w_t,is·ṁ ≥ 0), η·w_t,is when it gives work
//   τ_st = w_t·ṁ·ω/(ω² + ω_reg²) for ṁ > 0 and ω > 0, else V_ref·Δp·ω²/(ω² + ω_reg²)·ṁ²/(ṁ² + ṁ_reg²);
//          plus V_ref·Δp·ω_reg²/(ω² + ω_reg²) (a standing machine can be pushed by the fluid)
//   W_t = τ_st·ω,   Δh = ṁ·W_t/(ṁ² + ṁ_reg²),   Q_t = W_t − ṁ·Δh when W_t ≥ 0 (the regularisation's excess, as heat)
//   shaft torque τ = τ_st when W_t ≥ 0, else ṁ·Δh/ω (what the fluid gives), P_shaft = τ·ω = ṁ·Δh + Q_t
// Reverse flow (ṁ < 0) follows TFS's four-quadrant law: the state at the nominal outlet then stands for the fluid
// before it enters, and the fluid that leaves through the inlet carries h_out − Δh (energy conserved either way).
// R = p/(ρ·T) and κ = c_p/(c_p − R) at the inlet (ideal gas, TFS's "kappaFromMedia"), or κ = kappa_fixed. The
// outlet pressure is clipped at p_min. Compressor, Fan and Turbine are the same law with TFS's defaults (a turbine's
// ω_ref = 1e6 rad/s: its ratio is set by the flow). TFS's speed from a rotational flange with inertia J_p is not
// here yet (no rotational library): the speed is an input.
#include "core/model/choice.h"
#include "thermofluid/interfaces/siso_machine.h"

#include <string>

namespace lied::thermofluid {

class TurboComponent : public SISOMachine {
public:
    double omega_ref = 1000.0;                           // rad/s
    double skew = 0.0;
    double m_flow_ref = 0.25;                            // kg/s
    double eta = 1.0;                                    // isentropic efficiency
    double V_ref = 0.001;                                // m³, for the torque off the nominal quadrant
    double k = 2.0;                                      // exponent base for pr < 1
    Choice<bool> kappaFromMedia{true};
    double kappa_fixed = 1.4;

    void metainfo(Meta& meta) override;

private:
    void evalState();
    MediumProperties props_;
    double omega_ = 0, pr_ = 1, dp_rise_ = 0, w_t_ = 0, tau_st_ = 0, W_t_ = 0, Q_t_ = 0, dh_ = 0, kappa_ = 0, tau_ = 0, P_shaft_ = 0;
    double shaft_loss_ = 0;   // W: P_shaft − ṁ·Δh, ≥ 0 in every regime (what the fluid does not receive)
};

class Compressor final : public TurboComponent {
public:
    Compressor() { medium.name = "SimpleAir"; }
    const char* type_name() const override { return "Compressor"; }
};

class Fan final : public TurboComponent {
public:
    Fan() { medium.name = "SimpleAir"; }
    const char* type_name() const override { return "Fan"; }
};

class Turbine final : public TurboComponent {
public:
    Turbine() { medium.name = "SimpleAir", omega_ref = 1e6; }
    const char* type_name() const override { return "Turbine"; }
};

}  // namespace lied::thermofluid
