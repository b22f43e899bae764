#pragma once
// Splits one stream into two. Outlet 1's mass flow is a new state; outlet 2 takes the rest (mass is
// conserved exactly). The derivative of the outlet-1 flow is the tearing variable; its residual equalizes
// the inertial pressure at the split point (with an optional inertance L on each outlet branch):
//   residual = (r_1 + L·dm_1/dt) − (r_2 + L·dm_2/dt),   r_in = r_2 + L·dm_2/dt
// Either outlet may flow back into the splitter.
#include "core/component.h"
#include "core/state.h"
#include "thermofluid/fluid_plugs.h"
#include "thermofluid/medium_parameter.h"

namespace lied::thermofluid {

class Splitter final : public Component {
public:
    FluidInlet inlet;
    FluidOutlet outlet1;
    FluidOutlet outlet2;
    double L = 0.0;          // 1/m, inertance of each outlet branch
    State m_flow_1{0.0};     // kg/s, start value is the parameter m_flow_1_0
    MediumParameter medium;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Splitter"; }

private:
    void evalState();
    void evalFlow();
    void evalDerFlow();
    void evalInertial();
    Out<double> der_m_flow_1_;   // tearing variable
    Out<double> residual_;
};

}  // namespace lied::thermofluid
