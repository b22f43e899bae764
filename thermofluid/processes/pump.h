#pragma once
// ThermofluidStream's pump with the nominal-flow characteristic (dp_tau_nominal_flow), speed ω from the input
// omega_input (or omega_par while unconnected):
//   V̇ = ṁ/max(ρ_in, rho_min),   V̇_nom = ω·V_r/(2π),   Δp_rise = k_p·(V̇_nom − V̇)
//   τ_st = V̇·Δp_rise·ω/(ω² + ω_reg²) + k_fric·(V̇_nom − V̇),   W_t = τ_st·ω,   Δh = ṁ·W_t/(ṁ² + m_flow_reg²)
// parametrised directly (V_r_input, k_p_input, k_fric_input) or by a design point (dp_D, V_flow_D, omega_D,
// slip_D, eta_D): V_r = 2π·V̇_D/(ω_D·(1 − s)), k_p = Δp_D·(1 − s)/(s·V̇_D), k_fric = Δp_D·(1 − s)/(s·ω_D)·(1/η_D − 1),
// so that at ω_D and Δp_D the pump passes V̇_D. The outlet pressure is clipped at p_min (TFS: clip_p_out).
#include "core/model/choice.h"
#include "thermofluid/interfaces/siso_machine.h"

#include <string>

namespace lied::thermofluid {

class Pump final : public SISOMachine {
public:
    Choice<bool> parametrizeByDesignPoint{false};
    double dp_D = 5e5, V_flow_D = 1.0 / 600, omega_D = 314.2, slip_D = 0.5, eta_D = 0.75;
    double V_r_input = 1e-4, k_p_input = 1e5, k_fric_input = 1e-2;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Pump"; }

private:
    void evalState();
    MediumProperties props_;
    double V_r_ = 0, k_p_ = 0, k_fric_ = 0;
    double omega_ = 0, dp_rise_ = 0, V_flow_ = 0, W_t_ = 0, dh_ = 0, tau_ = 0;
    double fluid_power_ = 0;   // W: ṁ·Δh, the shaft work the fluid receives
};

}  // namespace lied::thermofluid
