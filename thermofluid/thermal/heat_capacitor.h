#pragma once
// A lumped heat capacity with N heat ports (Modelica's HeatCapacitor): C·dT/dt = Σ Q_flow of the ports, T a state.
// N (default 1) lets a cold plate take a load on one port and give heat to the coolant on another.
#include "core/model/block_lists.h"
#include "core/model/component.h"
#include "core/model/plug_array.h"
#include "core/model/state.h"
#include "thermofluid/thermal/heat_ports.h"

#include <array>

namespace lied::thermofluid {

class HeatCapacitor final : public Component {
public:
    explicit HeatCapacitor(int n_ports = 1) : ports(n_ports), N(n_ports) {}
    PlugArray<HeatPort> ports;   // ports[1] … ports[N]
    double N;
    double C = 1000.0;           // J/K
    State T{293.15};             // K; start value is the parameter T_start

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "HeatCapacitor"; }

private:
    void evalTemperature();
    void evalDerivative();
    double Q_flow_ = 0;
    double energy_ = 0;   // J, C·T
    std::array<BlockLists, 2> lists_;   // the blocks' reads and writes, kept between crawls
};

}  // namespace lied::thermofluid
