#pragma once
// A flow element with one inlet and one outlet (ThermofluidStream's SISOFlow): pressure drops, pipes,
// valves. Systems hold them through this base so one can be replaced by another at runtime.
// The base carries what every such element shares: the mass flow passes through, the outlet pressure is
// clipped at p_min with the withheld drop added to the inertial pressure (dr_corr, so the flow still
// decelerates), and r_in = r_out + L·dṁ/dt + dr_corr. A subclass computes its drop in its own state block
// and calls set_outlet().
#include "core/model/component.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/interfaces/medium_parameter.h"

namespace lied::thermofluid {

class SISOFlow : public Component {
public:
    FluidInlet inlet;
    FluidOutlet outlet;
    MediumParameter medium;

protected:
    // Registers the medium, the plugs, dp and dr_corr, and the flow, derivative and inertial blocks. The
    // subclass then registers its state block reading the inlet and writing outlet.state, dp and dr_corr.
    void declare_flow(Meta& meta);
    // The outlet state for a drop dp from the inlet state `in`, clipped at p_min.
    void set_outlet(const FluidState& in, double dp, double p_min);
    // The inertance the inertial block reads: the subclass points it at its parameter (or at the value it derives
    // from the geometry) in metainfo, so a change by set_parameter or a system default needs no copying per step.
    const double* inertance_ = &kNoInertance;
    static constexpr double kNoInertance = 0.0;
    Out<double> dp_, dr_corr_;

private:
    void evalInertial();
};

}  // namespace lied::thermofluid
