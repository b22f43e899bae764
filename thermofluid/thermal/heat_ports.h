#pragma once
// Heat ports with a fixed causality: the temperature travels one way, the heat flow the other.
//  - HeatPort belongs to what owns a temperature (a heat capacitor, a fixed or prescribed temperature): it sends
//    T and receives the heat flow into it.
//  - HeatFlowPort belongs to what computes a heat flow (a conductor, a heat source, a pipe wall's convection):
//    it receives T and sends Q_flow, positive into the body on the other side.
// A connection joins one of each, in either order; two capacitors are joined through a ThermalConductor. A heat port
// may be joined to any number of heat flow ports, as a Modelica heat port to several: each reads its temperature,
// and the owner takes the sum of their heat flows.
#include "core/model/plug.h"
#include "core/model/summed_inputs.h"

#include <vector>

namespace lied::thermofluid {

inline constexpr const char* kThermalLoopRule =
    "every thermal path between two heat flows passes a temperature owner (a HeatCapacitor or a fixed/prescribed temperature)";

// What a same-side connection was meant to be decides the fix: two temperatures are joined by a conductor, two
// heat flows meet on a body that owns their common temperature.
inline constexpr const char* kHeatPortPairingRule =
    "a heat port (temperature) connects to a heat flow port; put a ThermalConductor between two temperatures";
inline constexpr const char* kHeatFlowPortPairingRule =
    "a heat flow port connects to a heat port (temperature); two heat flows meet on a body that owns the temperature between them: "
    "connect both to the heat port of a HeatCapacitor, a FixedTemperature or a PrescribedTemperature (a heat port takes any number)";

class HeatFlowPort;

class HeatPort final : public Plug {
public:
    const char* loop_rule() const override { return kThermalLoopRule; }
    Out<double> T;          // K
    // W, into this port's owner: the sum over the attached heat flow ports (members Q_flow[1], Q_flow[2], …).
    double Q_flow() const { return Q_flows_.sum(); }
    // The heat flow inputs, for a block's read list.
    void append_heat_flow_signals(std::vector<const SignalBase*>& list) const { Q_flows_.append_signals(list); }
    void members(const MemberVisitor& visit) override;
    const char* kind() const override { return "heat port (sends T)"; }
    const char* domain() const override { return "thermal"; }
    bool is_outlet() const override { return true; }
    bool symmetric() const override { return true; }
    bool accepts_many() const override { return true; }
    std::string same_side_rule() const override { return kHeatPortPairingRule; }
    void connect_to(Plug& other) override;
    void disconnect_from(Plug& other) override;   // also drops the heat flow input it kept for `other`

private:
    friend void connect(HeatPort& body, HeatFlowPort& flow);
    friend void disconnect(HeatPort& body, HeatFlowPort& flow);
    SummedInputs<double> Q_flows_;
};

class HeatFlowPort final : public Plug {
public:
    const char* loop_rule() const override { return kThermalLoopRule; }
    In<double> T;           // K, of the body on the other side
    Out<double> Q_flow;     // W, into the body on the other side
    void members(const MemberVisitor& visit) override;
    const char* kind() const override { return "heat flow port (sends Q_flow)"; }
    const char* domain() const override { return "thermal"; }
    bool is_outlet() const override { return false; }
    bool symmetric() const override { return true; }
    std::string same_side_rule() const override { return kHeatFlowPortPairingRule; }
    void connect_to(Plug& other) override;
    void disconnect_from(Plug& other) override;
};

void connect(HeatPort& body, HeatFlowPort& flow);
void disconnect(HeatPort& body, HeatFlowPort& flow);
inline void connect(HeatFlowPort& flow, HeatPort& body) { connect(body, flow); }

}  // namespace lied::thermofluid
