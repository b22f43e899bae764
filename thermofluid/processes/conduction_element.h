#pragma once
// ThermofluidStream's ConductionElement: a flow element of volume V whose fluid exchanges heat with a heat port,
// with the specific enthalpy h as state and the mass in it quasi-stationary (M = V·max(ρ, rho_min)):
//   M·dh/dt = Q_flow + ṁ·(h_in − h),   Q_flow = k·(T_heatPort − T),   p̂_out = p̂_in,   h_out = h
// The conductance k is U·A (resistanceFromAU, the default) or k_par; an input U_var or k_var, when connected, gives
// U or k instead of the parameter (TFS's useHeatTransferPropertyInput), and must stay ≥ 0.
// For reverse flow (ṁ < 0) TFS's rule holds: h_in is replaced by h, so the fluid in the element only exchanges
// heat with the port. It is not a loop breaker (its mass flow is coupled through).
// TFS's enforce_global_energy_conservation: the quasi-stationary mass misses h·dM/dt, so the energy that crossed the
// element's border, ΔE with dΔE/dt = Q_flow + ṁ·(h_in − h), is fed back slowly: M·dh/dt gains ΔE/T_e (declared to
// the books as created by the formulation, which it is).
#include "core/model/choice.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/siso_flow.h"
#include "thermofluid/thermal/heat_ports.h"

#include <string>

namespace lied::thermofluid {

class ConductionElement final : public SISOFlow {
public:
    HeatFlowPort heatPort;
    double V = 1e-3;                       // m³
    double A = 1.0;                        // m², heat transfer area
    double U = 200.0;                      // W/(m²·K), heat transfer coefficient
    Choice<bool> resistanceFromAU{true};   // true: k = U·A; false: k = k_par
    double k_par = 200.0;                  // W/K, thermal conductance (resistanceFromAU = false)
    In<double> U_var{In<double>::Optional{0.0}};   // W/(m²·K): U while connected (resistanceFromAU)
    In<double> k_var{In<double>::Optional{0.0}};   // W/K: k while connected (not resistanceFromAU)
    double T_0 = 293.15;                   // K, initial temperature (init = T)
    double h_0 = 0.0;                      // J/kg, initial specific enthalpy (init = h)
    enum class Init { T, h, inlet };       // the options' order; inlet: h starts at the inlet's (TFS's default)
    Choice<Init> init{Init::inlet};
    double p_init = 1e5;                   // Pa, pressure at which T_0 is converted to h
    SystemDefault L{defaults::L};
    SystemDefault rho_min{defaults::rho_min};
    State h{0.0};                          // J/kg
    Choice<bool> enforce_global_energy_conservation{false};
    double T_e = 100.0;                    // s, time constant of the feedback of ΔE
    State deltaE_system{0.0};              // J, registered with enforce_global_energy_conservation

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "ConductionElement"; }

private:
    void evalState();
    void evalHeatFlow();
    void evalEnthalpy();
    Out<double> Q_flow_;
    EnthalpyLimits h_limits_;   // h's valid range where the medium's bounds move with pressure
    MediumProperties props_;
    double T_ = 0, M_ = 0, k_ = 0;
    double h_in_ = 0;   // the inlet's enthalpy, where init = inlet starts h
    double storage_rate_ = 0, reverse_flow_energy_ = 0;   // W: M·dh/dt; what the reverse-flow guard creates
    double enforcement_rate_ = 0;                         // W: ΔE/T_e, what the energy enforcement feeds back
};

}  // namespace lied::thermofluid
