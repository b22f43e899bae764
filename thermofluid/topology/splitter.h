#pragma once
// Splits one stream into two. Outlet 1's mass flow is a new state; outlet 2 takes the rest (mass is
// conserved exactly). The derivative of the outlet-1 flow is the tearing variable; its residual equalizes
// the inertial pressure at the split point (with an optional inertance L on each outlet branch):
//   residual = (r_1 + L·dm_1/dt) − (r_2 + L·dm_2/dt),   r_in = r_2 + L·dm_2/dt
// Either outlet may flow back into the splitter.
// cut = "true" cuts the network at the inlet (see docs/user-guide/thermofluid.md, "Long networks: cutting at splits and junctions"): the
// inlet's dṁ/dt and r become tearing variables of their own, with the residuals dṁ_in,torn − dṁ_in and
// r_in,torn − (r_2 + L·dm_2/dt). The solution is the same; L stays sparse however long the network upstream and
// downstream, where otherwise every splitter's column reaches every residual of a manifold or ladder. "auto" (the
// default) cuts when the engine asks (Meta::offer_cut: the uncut L would be dense), "false" never.
#include "core/model/component.h"
#include "core/model/state.h"
#include "thermofluid/interfaces/flow_start.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/topology/inlet_cut.h"
#include "thermofluid/interfaces/medium_parameter.h"

#include <string>

namespace lied::thermofluid {

class Splitter final : public Component {
public:
    FluidInlet inlet;
    FluidOutlet outlet1;
    FluidOutlet outlet2;
    double L = 0.0;          // 1/m, inertance of each outlet branch
    State m_flow_1{0.0};     // kg/s, start value is the parameter m_flow_1_0
    FlowStartChoice flow_start;   // initM_flow, m_acceleration_0: how m_flow_1 starts
    MediumParameter medium;
    Choice<Cut> cut{Cut::automatic};   // on: tear the inlet; automatic: when L would be dense (structural)

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Splitter"; }

private:
    void evalState();
    void evalFlow();
    void evalDerFlow();
    void evalInertial();
    Out<double> der_m_flow_1_;   // tearing variable
    Out<double> residual_;
    InletCut inlet_cut_;
};

}  // namespace lied::thermofluid
