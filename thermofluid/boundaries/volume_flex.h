#pragma once
// ThermofluidStream's VolumeFlex: an elastic volume for liquids (an expansion tank, a compliant hose), closed to
// the ambient. Its walls give with the pressure at a fixed bulk modulus K:
//   p = p_ref + K·(V/V_ref − 1),   V = M/ρ(p, h),   u = U_med/M = h − p/ρ
// so it works for incompressible liquids, where a rigid Volume cannot find a pressure. The damping uses the walls'
// compressibility, V·∂ρ/∂p|h = V_ref·ρ/K (TFS). The rest (states, inertial pressures, heat port, reverse flow) is
// PartialVolume's.
#include "thermofluid/boundaries/partial_volume.h"

namespace lied::thermofluid {

class VolumeFlex final : public PartialVolume {
    Outflow outflow_;

public:
    FluidInlet inlet;
    FluidOutlet& outlet = outflow_.plug;
    State& m_flow_out = outflow_.m_flow;   // kg/s, leaving through the outlet
    double p_ref = 1e5;                    // Pa, pressure at which the volume is V_ref
    double V_ref = 1e-3;                   // m³
    double K = 1e6;                        // Pa, bulk modulus of the walls

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "VolumeFlex"; }

private:
    bool medium_state(double M, double U, MediumProperties& props, double& volume) override;
    double start_mass(const Meta& meta, const MediumProperties& s) override;
    double damping_compressibility(const MediumProperties& props, double volume) const override { return V_ref * props.rho / (volume * K); }
};

}  // namespace lied::thermofluid
