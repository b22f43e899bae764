#pragma once
// One side of a heat exchanger: a stream that passes through without owning its mass flow, like a SISOFlow:
//   ṁ_out = ṁ_in,   r_in = r_out + L·dṁ/dt,   p̂_out = p̂_in (no pressure drop; put a FlowResistance in series)
// The exchanger writes the outlet's enthalpy. Registers the plugs "inlet<A>"/"outlet<A>" and its blocks.
#include "core/model/meta.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/interfaces/medium_parameter.h"

#include <string>

namespace lied::thermofluid {

struct StreamSide {
    FluidInlet inlet;
    FluidOutlet outlet;
    MediumParameter medium;
    const double* L = nullptr;   // the exchanger's inertance per side (a system default it follows)

    void declare(Meta& meta, const std::string& side) {
        medium.declare(meta, {&inlet}, {&outlet}, ("medium" + side).c_str());
        meta.plug(inlet, "inlet" + side);
        meta.plug(outlet, "outlet" + side);
        meta.pass_through(inlet.m_flow, outlet.m_flow, "evalFlow" + side);
        meta.pass_through(inlet.der_m_flow, outlet.der_m_flow, "evalDerFlow" + side);
        meta.block<&StreamSide::evalInertial>(this, "evalInertial" + side, {&outlet.r, &inlet.der_m_flow}, {&inlet.r});
        meta.variable(inlet.m_flow.value(), "m_flow_" + side, "kg/s");
    }
    double m_flow() const { return inlet.m_flow.value(); }
    const FluidState& in() const { return inlet.state.value(); }

private:
    void evalInertial() { inlet.r.value() = outlet.r.value() + *L * inlet.der_m_flow.value(); }
};

}  // namespace lied::thermofluid
