#pragma once
// Thermal boundaries (Modelica's names): a temperature the environment holds (FixedTemperature, or
// PrescribedTemperature from an input signal), and a heat flow it imposes (FixedHeatFlow, PrescribedHeatFlow;
// positive into the body they are connected to).
#include "core/model/block_lists.h"
#include "core/model/component.h"
#include "core/model/signal.h"
#include "thermofluid/thermal/heat_ports.h"

namespace lied::thermofluid {

class FixedTemperature final : public Component {
public:
    HeatPort port;
    double T = 293.15;   // K
    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "FixedTemperature"; }

private:
    void evalTemperature() { port.T.value() = T; }
    void evalHeatFlow() { Q_flow_ = -port.Q_flow(); }
    double Q_flow_ = 0;   // W, leaving the environment into the connected elements
    BlockLists heat_lists_;
};

class PrescribedTemperature final : public Component {
public:
    HeatPort port;
    In<double> T_in;     // K
    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "PrescribedTemperature"; }

private:
    void evalHeatFlow() { Q_flow_ = -port.Q_flow(); }
    double Q_flow_ = 0;
    BlockLists heat_lists_;
};

class FixedHeatFlow final : public Component {
public:
    HeatFlowPort port;
    double Q_flow = 0.0;   // W, into the connected body
    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "FixedHeatFlow"; }

private:
    void evalHeatFlow() { port.Q_flow.value() = Q_flow; }
};

class PrescribedHeatFlow final : public Component {
public:
    HeatFlowPort port;
    In<double> Q_flow_in;  // W, into the connected body
    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "PrescribedHeatFlow"; }

};

}  // namespace lied::thermofluid
