#pragma once
// Boundaries that set a mass flow rather than a pressure. In TFS the inlet's mass flow is set directly
// (inlet.m_flow = ṁ_set), which turns the upstream mass-flow state into an algebraic variable and needs index
// reduction — something a LIED model avoids: the flow stays a state of its owner upstream, and the boundary gets
// the pressure it must exert as its own tearing variable Δr, with the residual
//   dṁ/dt − (ṁ_set − ṁ)/TC = 0,        r_in = Δr + L·dṁ/dt
// So ṁ follows the set value as a first-order lag with time constant TC (exactly: the engine solves Δr and the
// chain's dṁ/dt together), and starts from wherever its owner's m_flow_0 puts it; with ṁ(0) = ṁ_set and a constant
// set value it holds it exactly. The pressure the boundary takes, p = p̂_in + r_in, is a result, not a setting
// (TFS: "the outlet pressure is not a boundary condition").
//  - Sink_m: ṁ_set = m_flow_fixed, or the input m_flow_prescribed when connected (TFS Sink_m).
//  - TerminalSink: ṁ_set = 0: a dead end (TFS TerminalSink).
//  - TerminalSource: no flow leaves (ṁ = 0, dṁ/dt = 0); its pressure p is a state that adapts to what the
//    stream downstream asks for, TC·dp/dt = r_out, and the state it sends is (p, h, Xi) (TFS TerminalSource).
#include "core/model/block_lists.h"
#include "core/model/component.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/interfaces/medium_parameter.h"

namespace lied::thermofluid {

// What Sink_m and TerminalSink share: the tearing variable Δr and its residual.
class FlowSettingSink : public Component {
public:
    FluidInlet inlet;
    MediumParameter medium;
    double TC = 0.01;                 // s, time constant with which ṁ follows the set value
    SystemDefault L{defaults::L};     // 1/m

protected:
    // Registers everything; `set_reads` are the signals the set value comes from.
    void declare_sink(Meta& meta, std::initializer_list<const SignalBase*> set_reads);
    virtual double set_value() const = 0;
    double m_flow_set_ = 0, p_ = 0;

private:
    void evalInertial();
    void evalResidual();
    void evalPressure();
    void evalBalance();
    Out<double> dr_, residual_;
    double mass_in_ = 0, enthalpy_in_ = 0;   // kg/s, W entering the model here (negative: leaving)
    BlockLists residual_lists_;   // kept between crawls: a rebuild allocates nothing for them
};

class Sink_m final : public FlowSettingSink {
public:
    In<double> m_flow_prescribed{In<double>::Optional{0.0}};   // kg/s
    double m_flow_fixed = 0.0;                                // kg/s, while m_flow_prescribed is unconnected

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Sink_m"; }

private:
    double set_value() const override { return m_flow_prescribed.source() ? m_flow_prescribed.value() : m_flow_fixed; }
};

class TerminalSink final : public FlowSettingSink {
public:
    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "TerminalSink"; }

private:
    double set_value() const override { return 0.0; }
};

class TerminalSource final : public Component {
public:
    FluidOutlet outlet;
    MediumParameter medium;
    double TC = 0.1;          // s, time constant of the pressure adaption
    double h = 0.0;           // J/kg, specific enthalpy of the (resting) fluid
    double Xi = 0.0;          // kg/kg, mass fraction (media with one)
    State p{1e5};             // Pa; start value p_0

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "TerminalSource"; }

private:
    void evalNoFlow();
    void evalState();
    void evalPressure();
    MassFractions Xi_{};
};

}  // namespace lied::thermofluid
