#pragma once
// The thermofluid triplet (Zimmer's paper on triplet interfaces, §3.1): the state Θ and the mass flow (with its time derivative) travel
// downstream, the inertial pressure r travels upstream. An outlet is where fluid nominally leaves a component.
#include "core/model/plug.h"
#include "thermofluid/interfaces/fluid_state.h"
#include "thermofluid/media/medium.h"

namespace lied::thermofluid {

class FluidOutlet final : public Plug {
public:
    const char* loop_rule() const override { return kFlowLoopRule; }
    Out<FluidState> state;
    Out<double> m_flow;       // kg/s
    Out<double> der_m_flow;   // kg/s²
    In<double> r;             // inertial pressure [Pa], from downstream
    void members(const MemberVisitor& visit) override;
    const char* kind() const override { return "thermofluid outlet"; }
    const char* domain() const override { return "thermofluid"; }
    bool is_outlet() const override { return true; }
    void connect_to(Plug& inlet) override;
    const Medium* medium = nullptr;   // set by the owning component: what flows here
    std::string_view shared_property() const override { return medium ? medium->name() : ""; }
    const char* shared_property_name() const override { return "medium"; }
};

class FluidInlet final : public Plug {
public:
    const char* loop_rule() const override { return kFlowLoopRule; }
    In<FluidState> state;
    In<double> m_flow;
    In<double> der_m_flow;
    Out<double> r;
    void members(const MemberVisitor& visit) override;
    const char* kind() const override { return "thermofluid inlet"; }
    const char* domain() const override { return "thermofluid"; }
    bool is_outlet() const override { return false; }
    void connect_to(Plug& outlet) override;   // throws: connections are made from the outlet side
    const Medium* medium = nullptr;
    std::string_view shared_property() const override { return medium ? medium->name() : ""; }
    const char* shared_property_name() const override { return "medium"; }
};

// Binds the four signals of a stream: outlet → inlet downstream, r upstream.
void connect(FluidOutlet& outlet, FluidInlet& inlet);
void disconnect(FluidOutlet& outlet, FluidInlet& inlet);

}  // namespace lied::thermofluid
