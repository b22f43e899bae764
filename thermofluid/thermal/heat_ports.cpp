#include "thermofluid/thermal/heat_ports.h"

#include <stdexcept>
#include <string>

namespace lied::thermofluid {

void HeatPort::members(const MemberVisitor& visit) {
    visit(T, "T");
    Q_flows_.visit(visit, "Q_flow");
}

void HeatPort::disconnect_from(Plug& other) {
    if (auto* flow = dynamic_cast<HeatFlowPort*>(&other)) disconnect(*this, *flow);
}

void HeatFlowPort::disconnect_from(Plug& other) {
    if (auto* body = dynamic_cast<HeatPort*>(&other)) disconnect(*body, *this);
}

void HeatPort::connect_to(Plug& other) {
    auto* flow = dynamic_cast<HeatFlowPort*>(&other);
    if (!flow)
        throw std::invalid_argument(std::string("a heat port (a temperature) connects to a heat flow port (a conductor or heat source), not to a ") +
                                    other.kind());
    connect(*this, *flow);
}

void HeatFlowPort::members(const MemberVisitor& visit) {
    visit(T, "T");
    visit(Q_flow, "Q_flow");
}

void HeatFlowPort::connect_to(Plug& other) {
    auto* body = dynamic_cast<HeatPort*>(&other);
    if (!body)
        throw std::invalid_argument(std::string("a heat flow port connects to a heat port (a capacitor or a fixed temperature), not to a ") +
                                    other.kind());
    connect(*body, *this);
}

void connect(HeatPort& body, HeatFlowPort& flow) {
    flow.T.connect(body.T);
    body.Q_flows_.attach(flow.Q_flow);
}

void disconnect(HeatPort& body, HeatFlowPort& flow) {
    body.Q_flows_.detach(flow.Q_flow);
    if (flow.T.source() == &body.T) flow.T.disconnect();   // a flow port attached elsewhere keeps its temperature
}

}  // namespace lied::thermofluid
