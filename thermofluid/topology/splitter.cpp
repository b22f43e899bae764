#include "thermofluid/topology/splitter.h"

#include "core/model/component_registry.h"
#include "thermofluid/drop_of_commons.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void Splitter::evalState() {
    outlet1.state.value() = inlet.state.value();
    outlet2.state.value() = inlet.state.value();
}

void Splitter::evalFlow() {
    outlet1.m_flow.value() = m_flow_1();
    outlet2.m_flow.value() = inlet.m_flow.value() - m_flow_1();
}

void Splitter::evalDerFlow() {
    outlet1.der_m_flow.value() = der_m_flow_1_.value();
    outlet2.der_m_flow.value() = inlet_cut_.der_m_flow_in(inlet) - der_m_flow_1_.value();
    m_flow_1.der.value() = der_m_flow_1_.value();
}

void Splitter::evalInertial() {
    const double der_m_flow_2 = inlet_cut_.der_m_flow_in(inlet) - der_m_flow_1_.value();
    const double r_mix = outlet2.r.value() + L * der_m_flow_2;
    residual_.value() = outlet1.r.value() + L * der_m_flow_1_.value() - r_mix;
    if (inlet_cut_.active()) inlet_cut_.residual_r.value() = inlet_cut_.r.value() - r_mix;   // inlet.r passes r on
    else inlet.r.value() = r_mix;
}

void Splitter::metainfo(Meta& meta) {
    meta.balance_neutral();   // every outlet carries the inlet state; the flows add up
    medium.declare(meta, {&inlet}, {&outlet1, &outlet2});
    meta.plug(inlet, "inlet");
    meta.plug(outlet1, "outlet1");
    meta.plug(outlet2, "outlet2");
    meta.state(m_flow_1, "m_flow_1", defaults::flow_nominal, "kg/s");
    meta.tearing(der_m_flow_1_, "der_m_flow_1");
    meta.residual(residual_, "residual");
    const bool cut_now = inlet_cut_.declare(meta, cut, inlet);
    const SignalBase* der_in = inlet_cut_.der_m_flow_signal();
    meta.block<&Splitter::evalState>(this, "evalState", {&inlet.state}, {&outlet1.state, &outlet2.state});
    meta.block<&Splitter::evalFlow>(this, "evalFlow", {&inlet.m_flow, &m_flow_1.value}, {&outlet1.m_flow, &outlet2.m_flow});
    meta.block<&Splitter::evalDerFlow>(this, "evalDerFlow", {der_in, &der_m_flow_1_}, {&outlet1.der_m_flow, &outlet2.der_m_flow, &m_flow_1.der});
    if (cut_now)
        meta.block<&Splitter::evalInertial>(this, "evalInertial", {&outlet1.r, &outlet2.r, der_in, &der_m_flow_1_, &inlet_cut_.r},
                                            {&residual_, &inlet_cut_.residual_r});
    else
        meta.block<&Splitter::evalInertial>(this, "evalInertial", {&outlet1.r, &outlet2.r, der_in, &der_m_flow_1_}, {&inlet.r, &residual_});
    meta.parameter(L, "L", ParameterSpec::non_negative("1/m", "inertance of each outlet branch"));
    meta.parameter(m_flow_1.start, "m_flow_1_0", ParameterSpec::any("kg/s", "initial mass flow of outlet 1"));
    flow_start.declare(meta, m_flow_1);
}

LIED_REGISTER_COMPONENT(Splitter, "splits one stream into two; outlet 1 flow is a state");

}  // namespace lied::thermofluid
