#pragma once
// ThermofluidStream's PhaseSeparator: a rigid volume of a two-phase medium whose outlet pipe reaches from height
// pipe_low to pipe_high (fractions of the vessel's height). Liquid settles at the bottom, so what leaves depends on
// the liquid level:
//   x = (h − h′)/(h″ − h′) with h′ = h_bubble − 1 J/kg and h″ = h_dew + 1 J/kg (TFS widens the dome by 1 J/kg)
//   level = clamp(M·(1 − x)/(ρ′·V), 0, 1),   level_pipe = clamp((level − pipe_low)/(pipe_high − pipe_low), 0, 1)
//   h_out = level_pipe·h′ + (1 − level_pipe)·h″ inside the dome, the volume's h outside it
// A receiver (pipe near the bottom) delivers saturated liquid while it holds enough, an accumulator (pipe near the
// top) saturated vapour. Without a dome at its pressure (above the critical point) the vessel holds one fluid: the
// pipe takes it as it is, x = 1 and the levels 0. Energy leaves with h_out, so the volume's own enthalpy moves the other way. The start state
// is set by init_method: `h` (h_0), `M` (the mass M_0 fixes the quality), `l` (the liquid level l_0) or `x` (the
// quality x_0), all at p_start on the saturation line. Receiver is the same with the pipe from 0.05 to 0.15 (TFS's
// Examples.Utilities.Receiver). The rest is Volume's (damping with density_derp_h_set unless from the medium).
#include "thermofluid/boundaries/partial_volume.h"

#include <string>

namespace lied::thermofluid {

class PhaseSeparator : public PartialVolume {
    Outflow outflow_;

public:
    PhaseSeparator() { medium.name = "WaterIF97"; }
    FluidInlet inlet;
    FluidOutlet& outlet = outflow_.plug;
    State& m_flow_out = outflow_.m_flow;   // kg/s, leaving through the outlet
    double V_par = 0.01;                   // m³
    double pipe_low = 0.0, pipe_high = 1.0;   // the outlet pipe's ends, as fractions of the height
    std::string init_method = "l";         // h, M, l or x
    double h_0 = 0.0;                      // J/kg (init_method h)
    double M_0 = 1.0;                      // kg (init_method M)
    double l_0 = 0.5;                      // liquid level (init_method l)
    double x_0 = 0.5;                      // vapour quality (init_method x)

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "PhaseSeparator"; }

private:
    bool medium_state(double M, double U, MediumProperties& props, double& volume) override { return rigid_state(V_par, M, U, props, volume); }
    double start_mass(const Meta& meta, const MediumProperties& s) override { return rigid_start_mass(meta, s, V_par); }
    double damping_compressibility(const MediumProperties& props, double) const override { return rigid_damping_compressibility(props); }
    double outlet_enthalpy() override;
    std::string start_description() const override;
    void declare_start(Meta& meta) override;
    double start_enthalpy(Meta& meta) const override;

    SaturationProperties saturation_;
    double quality_ = 0, liquid_level_ = 0, liquid_level_pipe_ = 0;
};

class Receiver final : public PhaseSeparator {
public:
    Receiver() { pipe_low = 0.05, pipe_high = 0.15; }
    const char* type_name() const override { return "Receiver"; }
};

}  // namespace lied::thermofluid
