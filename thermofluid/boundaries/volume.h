#pragma once
// ThermofluidStream's Volume: a rigid volume V_par with one inlet, one outlet and an optional heat port (the
// equations are PartialVolume's). Its pressure and enthalpy follow from d = M/V and u = U_med/M through the medium
// (a gas, or a compressible liquid such as WaterIF97); an incompressible medium is refused at build time: use
// VolumeFlex.
#include "thermofluid/boundaries/partial_volume.h"

namespace lied::thermofluid {

class Volume final : public PartialVolume {
    Outflow outflow_;

public:
    // A rigid volume needs a compressible medium, so its default is air rather than the idealized water.
    Volume() { medium.name = "SimpleAir"; }
    FluidInlet inlet;
    FluidOutlet& outlet = outflow_.plug;
    State& m_flow_out = outflow_.m_flow;   // kg/s, leaving through the outlet; start value m_flow_out_0
    double V_par = 1e-3;                   // m³

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Volume"; }

private:
    bool medium_state(double M, double U, MediumProperties& props, double& volume) override { return rigid_state(V_par, M, U, props, volume); }
    double start_mass(const Meta& meta, const MediumProperties& s) override { return rigid_start_mass(meta, s, V_par); }
    double damping_compressibility(const MediumProperties& props, double) const override { return rigid_damping_compressibility(props); }
};

}  // namespace lied::thermofluid
