#include "thermofluid/interfaces/fluid_plugs.h"

#include <stdexcept>
#include <string>

namespace lied::thermofluid {

void FluidOutlet::members(const MemberVisitor& visit) {
    visit(state, "state");
    visit(m_flow, "m_flow");
    visit(der_m_flow, "der_m_flow");
    visit(r, "r");
}

void FluidInlet::members(const MemberVisitor& visit) {
    visit(state, "state");
    visit(m_flow, "m_flow");
    visit(der_m_flow, "der_m_flow");
    visit(r, "r");
}

void FluidOutlet::connect_to(Plug& inlet) {
    auto* fluid_inlet = dynamic_cast<FluidInlet*>(&inlet);
    if (!fluid_inlet) throw std::invalid_argument(std::string("a thermofluid outlet connects to a thermofluid inlet, not a ") + inlet.kind());
    connect(*this, *fluid_inlet);
}

void FluidInlet::connect_to(Plug&) {
    throw std::logic_error("connect from the outlet: outlet.connect_to(inlet), the direction in which fluid nominally flows");
}

void connect(FluidOutlet& outlet, FluidInlet& inlet) {
    inlet.state.connect(outlet.state);
    inlet.m_flow.connect(outlet.m_flow);
    inlet.der_m_flow.connect(outlet.der_m_flow);
    outlet.r.connect(inlet.r);
}

void disconnect(FluidOutlet& outlet, FluidInlet& inlet) {
    inlet.state.disconnect();
    inlet.m_flow.disconnect();
    inlet.der_m_flow.disconnect();
    outlet.r.disconnect();
}

}  // namespace lied::thermofluid
