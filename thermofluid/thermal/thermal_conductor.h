#pragma once
// A thermal conductance G between two bodies (Modelica's ThermalConductor): Q = G·(T_a − T_b) flows from a to b.
#include "core/model/component.h"
#include "thermofluid/thermal/heat_ports.h"

namespace lied::thermofluid {

class ThermalConductor final : public Component {
public:
    HeatFlowPort port_a, port_b;
    double G = 1.0;   // W/K

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "ThermalConductor"; }

private:
    void evalHeatFlow();
    double Q_flow_ = 0, dT_ = 0;
};

}  // namespace lied::thermofluid
