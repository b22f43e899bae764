#pragma once
// The cut a splitter (Splitter, SplitterN) makes at its inlet when asked (docs/user-guide/thermofluid.md, "Long networks: cutting at splits
// and junctions"): the inlet's dṁ/dt and r become tearing variables, with the residuals dṁ_torn − dṁ_in (a block of
// its own) and r_torn − r_in (the splitter's inertial block computes r_in and writes it); inlet.r passes r_torn on.
#include "core/model/meta.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/topology/network_cut.h"

#include <string>

namespace lied::thermofluid {

class InletCut {
public:
    Out<double> der_m_flow;    // tearing variable: dṁ/dt at the inlet
    Out<double> r;             // tearing variable: r at the inlet
    Out<double> residual_r;    // written by the splitter's inertial block: r − r_in

    // Registers the choice `cut` and decides (true, or auto when the engine asks: remembered, see Meta::offer_cut);
    // if cutting, declares the tearing pairs, the dṁ/dt residual block and inlet.r passing r on. Returns active().
    bool declare(Meta& meta, Choice<Cut>& cut, FluidInlet& inlet);
    bool active() const { return active_; }
    // The inlet's dṁ/dt as the splitter's blocks read it (`inlet` is the splitter's own: no pointer to follow on the
    // per-step path), and the signal to list among their reads.
    double der_m_flow_in(const FluidInlet& inlet) const { return active_ ? der_m_flow.value() : inlet.der_m_flow.value(); }
    const SignalBase* der_m_flow_signal() const { return active_ ? static_cast<const SignalBase*>(&der_m_flow) : &inlet_->der_m_flow; }

private:
    void evalCutResidual();
    Out<double> residual_der_;
    FluidInlet* inlet_ = nullptr;
    bool active_ = false;
    bool asked_ = false;
};

}  // namespace lied::thermofluid
