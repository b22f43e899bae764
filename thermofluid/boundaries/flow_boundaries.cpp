#include "thermofluid/boundaries/flow_boundaries.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void FlowSettingSink::evalInertial() { inlet.r.value() = dr_.value() + L * inlet.der_m_flow.value(); }
void FlowSettingSink::evalResidual() {
    m_flow_set_ = set_value();
    residual_.value() = inlet.der_m_flow.value() - (m_flow_set_ - inlet.m_flow.value()) / TC;
}
void FlowSettingSink::evalPressure() { p_ = inlet.state.value().p + inlet.r.value(); }
void FlowSettingSink::evalBalance() {
    mass_in_ = -inlet.m_flow.value();
    enthalpy_in_ = mass_in_ * inlet.state.value().h;
}

void FlowSettingSink::declare_sink(Meta& meta, std::initializer_list<const SignalBase*> set_reads) {
    medium.declare(meta, {&inlet}, {});
    meta.plug(inlet, "inlet");
    meta.tearing(dr_, "dr");
    meta.residual(residual_, "residual");
    meta.block<&FlowSettingSink::evalInertial>(this, "evalInertial", {&dr_, &inlet.der_m_flow}, {&inlet.r});
    BlockLists& residual = residual_lists_.reset(set_reads, {&residual_});
    residual.reads.insert(residual.reads.end(), {&inlet.der_m_flow, &inlet.m_flow});
    meta.block<&FlowSettingSink::evalResidual>(this, "evalResidual", residual.reads, residual.writes);
    meta.block<&FlowSettingSink::evalPressure>(this, "evalPressure", {&inlet.state, &inlet.r}, {});
    meta.block<&FlowSettingSink::evalBalance>(this, "evalBalance", {&inlet.m_flow, &inlet.state}, {});
    meta.supplies(Quantity::Mass, mass_in_, "mass_in");
    meta.supplies(Quantity::Energy, enthalpy_in_, "enthalpy_in");
    meta.parameter(TC, "TC", ParameterSpec::positive("s", "time constant with which the mass flow follows the set value"));
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance"));
    meta.variable(inlet.m_flow.value(), "m_flow", "kg/s");
    meta.variable(m_flow_set_, "m_flow_set", "kg/s");
    meta.variable(p_, "p", "Pa");
}

void Sink_m::metainfo(Meta& meta) {
    meta.signal(m_flow_prescribed, "m_flow_prescribed");
    meta.parameter(m_flow_fixed, "m_flow_fixed", ParameterSpec::any("kg/s", "mass flow into the sink (unless m_flow_prescribed is connected)"));
    declare_sink(meta, {&m_flow_prescribed});
}

void TerminalSink::metainfo(Meta& meta) { declare_sink(meta, {}); }

void TerminalSource::evalNoFlow() { outlet.m_flow.value() = outlet.der_m_flow.value() = 0.0; }
void TerminalSource::evalState() { outlet.state.value() = {p(), h, Xi_}; }
void TerminalSource::evalPressure() { p.der.value() = outlet.r.value() / TC; }

void TerminalSource::metainfo(Meta& meta) {
    medium.declare(meta, {}, {&outlet});
    meta.plug(outlet, "outlet");
    meta.parameter(TC, "TC", ParameterSpec::positive("s", "time constant of the pressure adaption"));
    meta.parameter(h, "h", ParameterSpec::any("J/kg", "specific enthalpy"));
    meta.parameter(Xi, "Xi", ParameterSpec{"kg/kg", "mass fraction (media with one)", 0.0, 1.0});
    meta.parameter(p.start, "p_0", ParameterSpec::positive("Pa", "initial pressure"));
    const bool has_Xi = medium.medium && medium.medium->mass_fractions() > 0;
    meta.require(has_Xi || Xi == 0.0, [&] { return std::string("Xi is set, but medium ") + medium.name + " has no mass fractions"; },
                 "mass fractions only for a medium that has them");
    Xi_.fill(0.0);
    if (has_Xi) Xi_[0] = Xi;
    meta.state(p, "p", 1e5, "Pa");
    meta.valid_range("p", ValidRange::above(0.0, "a pressure is positive"));
    meta.block<&TerminalSource::evalNoFlow>(this, "evalNoFlow", {}, {&outlet.m_flow, &outlet.der_m_flow});
    meta.balance_neutral();   // no flow: nothing enters
    meta.block<&TerminalSource::evalState>(this, "evalState", {&p.value}, {&outlet.state});
    meta.block<&TerminalSource::evalPressure>(this, "evalPressure", {&outlet.r}, {&p.der});
}

LIED_REGISTER_COMPONENT(Sink_m, "boundary that takes a set mass flow (first-order with TC); its pressure is a result (TFS Sink_m)");
LIED_REGISTER_COMPONENT(TerminalSink, "dead end: no mass flow enters (TFS TerminalSink)");
LIED_REGISTER_COMPONENT(TerminalSource, "dead start: no mass flow leaves, the pressure adapts with TC (TFS TerminalSource)");

}  // namespace lied::thermofluid
