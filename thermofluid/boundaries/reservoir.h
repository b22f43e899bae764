#pragma once
// ThermofluidStream's Reservoir: an open tank of base area A_surf. The atmosphere above it is at p_env (parameter
// p_env_par, or the input pEnv_input when connected); the fluid's level sets the pressure at the bottom, where the
// inlet and outlet are:
//   p = p_env + M·g/A_surf,   V = M/ρ(p, h),   height = V/A_surf,   u = U_med/M = h − p/ρ
//   W_v = −p_env·dV/dt = −p_env·(dM/dt)/ρ   (the work of pushing back the atmosphere; exact for a liquid of constant
//                                            density, which is what TFS intends the reservoir for)
// Like every volume it breaks a flow loop (it owns its outlet's mass flow). The damping uses TFS's
// ∂ρ/∂p|h = 1/(height·g). The level must stay above height_min (TFS asserts; here a declared valid range that stops
// the run with the component named). The start state is the level height_0 at T_start; p_start is not a parameter.
#include "core/model/signal.h"
#include "core/model/system_default.h"
#include "thermofluid/boundaries/partial_volume.h"

namespace lied::thermofluid {

class Reservoir final : public PartialVolume {
    Outflow outflow_;

public:
    Reservoir() { medium.name = "ConstantPropertyLiquidWater"; }
    FluidInlet inlet;
    FluidOutlet& outlet = outflow_.plug;
    State& m_flow_out = outflow_.m_flow;              // kg/s, leaving through the outlet
    In<double> pEnv_input{In<double>::Optional{0.0}};   // Pa
    double p_env_par = 1e5;                          // Pa
    double A_surf = 0.01;                            // m²
    double height_0 = 0.1;                           // m
    double height_min = 0.01;                        // m
    SystemDefault g{defaults::g};                    // m/s²

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Reservoir"; }

private:
    bool medium_state(double M, double U, MediumProperties& props, double& volume) override;
    double start_mass(const Meta& meta, const MediumProperties& s) override;
    double damping_compressibility(const MediumProperties&, double) const override { return 1.0 / (std::max(height_, 1e-12) * g); }
    double volume_work(double dM) const override { return -p_env_ * dM / rho_; }
    double p_env() const { return pEnv_input.source() ? pEnv_input.value() : p_env_par; }
    double p_env_ = 1e5, height_ = 0;
};

}  // namespace lied::thermofluid
