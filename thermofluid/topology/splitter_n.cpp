#include "thermofluid/topology/splitter_n.h"

#include "core/model/component_registry.h"
#include "thermofluid/drop_of_commons.h"
#include "core/model/meta.h"

#include <string>

namespace lied::thermofluid {

void SplitterN::evalState() {
    for (int k = 1; k <= n_; ++k) outlets[k].state.value() = inlet.state.value();
}

void SplitterN::evalFlow() {
    double rest = inlet.m_flow.value();
    for (int k = 1; k < n_; ++k) {
        outlets[k].m_flow.value() = m_flow_[k - 1]();
        rest -= m_flow_[k - 1]();
    }
    outlets[n_].m_flow.value() = rest;
}

void SplitterN::evalDerFlow() {
    double rest = inlet_cut_.der_m_flow_in(inlet);
    for (int k = 1; k < n_; ++k) {
        const double d = der_m_flow_[k - 1].value();
        outlets[k].der_m_flow.value() = d;
        m_flow_[k - 1].der.value() = d;
        rest -= d;
    }
    outlets[n_].der_m_flow.value() = rest;
}

void SplitterN::evalInertial() {
    const double r_mix = outlets[n_].r.value() + L * outlets[n_].der_m_flow.value();
    for (int k = 1; k < n_; ++k) residual_[k - 1].value() = outlets[k].r.value() + L * der_m_flow_[k - 1].value() - r_mix;
    const double r_in = r_mix + L * inlet_cut_.der_m_flow_in(inlet);
    if (inlet_cut_.active()) inlet_cut_.residual_r.value() = inlet_cut_.r.value() - r_in;   // inlet.r passes r on
    else inlet.r.value() = r_in;
}

void SplitterN::metainfo(Meta& meta) {
    meta.balance_neutral();   // every outlet carries the inlet state; the flows add up
    meta.parameter(N, "N", ParameterSpec::count_up_to(PlugArray<FluidOutlet>::kMaxSize, "number of outlets"));
    outlets.resize_from(N, meta, "N");
    n_ = outlets.size();
    while (static_cast<int>(m_flow_.size()) < n_ - 1) {
        m_flow_.emplace_back(0.0);
        der_m_flow_.emplace_back();
        residual_.emplace_back();
    }
    medium.declare(meta, {&inlet}, {});
    meta.plug(inlet, "inlet");
    const bool cut_now = inlet_cut_.declare(meta, cut, inlet);
    const SignalBase* der_in = inlet_cut_.der_m_flow_signal();
    state_.reset({&inlet.state});
    flow_.reset({&inlet.m_flow});
    der_.reset({der_in});
    if (cut_now) inertial_.reset({der_in, &inlet_cut_.r}, {&inlet_cut_.residual_r});
    else inertial_.reset({der_in}, {&inlet.r});
    for (int k = 1; k <= n_; ++k) {
        outlets[k].medium = medium.medium;
        meta.plug(outlets[k], PlugArray<FluidOutlet>::name("outlets", k));
        state_.writes.push_back(&outlets[k].state);
        flow_.writes.push_back(&outlets[k].m_flow);
        der_.writes.push_back(&outlets[k].der_m_flow);
        inertial_.reads.push_back(&outlets[k].r);
    }
    inertial_.reads.push_back(&outlets[n_].der_m_flow);
    if (n_ > 1) flow_start.declare_choice(meta);
    for (int k = 1; k < n_; ++k) {
        const std::string index = std::to_string(k);
        meta.state(m_flow_[k - 1], "m_flow_" + index, defaults::flow_nominal, "kg/s");
        meta.tearing(der_m_flow_[k - 1], "der_m_flow_" + index);
        meta.residual(residual_[k - 1], "residual_" + index);
        flow_.reads.push_back(&m_flow_[k - 1].value);
        der_.reads.push_back(&der_m_flow_[k - 1]);
        der_.writes.push_back(&m_flow_[k - 1].der);
        inertial_.reads.push_back(&der_m_flow_[k - 1]);
        inertial_.writes.push_back(&residual_[k - 1]);
        meta.parameter(m_flow_[k - 1].start, "m_flow_" + index + "_0", ParameterSpec::any("kg/s", "initial mass flow of outlet " + index));
        flow_start.mark(meta, m_flow_[k - 1]);
    }
    meta.block<&SplitterN::evalState>(this, "evalState", state_.reads, state_.writes);
    meta.block<&SplitterN::evalFlow>(this, "evalFlow", flow_.reads, flow_.writes);
    meta.block<&SplitterN::evalDerFlow>(this, "evalDerFlow", der_.reads, der_.writes);
    meta.block<&SplitterN::evalInertial>(this, "evalInertial", inertial_.reads, inertial_.writes);
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance of the inlet and of each outlet"));
    meta.variable(inlet.m_flow.value(), "m_flow", "kg/s");
}

LIED_REGISTER_COMPONENT(SplitterN, "splits one stream into N (TFS SplitterN); outlets 1..N-1 own their flows as states");

}  // namespace lied::thermofluid
