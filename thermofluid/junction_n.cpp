#include "thermofluid/junction_n.h"

#include "core/component_registry.h"
#include "core/meta.h"
#include "thermofluid/network_cut.h"

#include <cmath>

namespace lied::thermofluid {

void JunctionN::evalMix() {
    double total = 0.0;
    for (int k = 1; k <= n_; ++k) total += std::abs(inlets[k].m_flow.value()) + m_flow_eps;
    FluidState mix{0.0, 0.0, {}};
    for (int k = 1; k <= n_; ++k) {
        const double w = (std::abs(inlets[k].m_flow.value()) + m_flow_eps) / total;
        const FluidState& in = inlets[k].state.value();
        mix.p += w * in.p;
        mix.h += w * in.h;
        for (std::size_t i = 0; i < kMaxMassFractions; ++i) mix.Xi[i] += w * in.Xi[i];
    }
    outlet.state.value = mix;
}

void JunctionN::evalFlow() {
    double sum = 0.0;
    for (int k = 1; k <= n_; ++k) sum += inlets[k].m_flow.value();
    outlet.m_flow.value = sum;
}

void JunctionN::evalDerFlow() {
    double sum = 0.0;
    for (int k = 1; k <= n_; ++k) sum += inlets[k].der_m_flow.value();
    outlet.der_m_flow.value = sum;
}

void JunctionN::evalInertial() {
    const double r_out = cut_ ? r_out_.value : outlet.r.value();
    const double der_out = cut_ ? der_m_flow_out_.value : outlet.der_m_flow.value;
    const double total_pressure = outlet.state.value.p + r_out + L * der_out;
    for (int k = 1; k <= n_; ++k)
        inlets[k].r.value = total_pressure - inlets[k].state.value().p + L * inlets[k].der_m_flow.value();
}

void JunctionN::evalCutDerFlow() {
    double sum = 0.0;
    for (int k = 1; k <= n_; ++k) sum += inlets[k].der_m_flow.value();
    residual_der_out_.value = der_m_flow_out_.value - sum;
}

void JunctionN::evalCutInertial() { residual_r_out_.value = r_out_.value - outlet.r.value(); }

void JunctionN::metainfo(Meta& meta) {
    meta.parameter(N, "N", ParameterSpec::positive_up_to(PlugArray<FluidInlet>::kMaxSize, "", "number of inlets (structural: applied at the next build)"));
    inlets.resize_from(N, meta.path_of("N"));
    n_ = inlets.size();
    medium.declare(meta, {}, {&outlet});
    meta.choice(cut, "cut", cut_choice_at_outlet());
    cut_ = wants_cut(cut, meta);
    std::vector<const SignalBase*> mix_reads, flow_reads, der_reads, inertial_reads{&outlet.state};
    if (cut_) inertial_reads.insert(inertial_reads.end(), {&r_out_, &der_m_flow_out_});
    else inertial_reads.insert(inertial_reads.end(), {&outlet.r, &outlet.der_m_flow});
    std::vector<const OutBase*> inertial_writes;
    for (int k = 1; k <= n_; ++k) {
        inlets[k].medium = medium.medium;
        meta.plug(inlets[k], PlugArray<FluidInlet>::name("inlets", k));
        mix_reads.push_back(&inlets[k].state);
        mix_reads.push_back(&inlets[k].m_flow);
        flow_reads.push_back(&inlets[k].m_flow);
        der_reads.push_back(&inlets[k].der_m_flow);
        inertial_reads.push_back(&inlets[k].state);
        inertial_reads.push_back(&inlets[k].der_m_flow);
        inertial_writes.push_back(&inlets[k].r);
    }
    meta.plug(outlet, "outlet");
    meta.block<&JunctionN::evalMix>(this, "evalMix", mix_reads, std::vector<const OutBase*>{&outlet.state});
    meta.block<&JunctionN::evalFlow>(this, "evalFlow", flow_reads, std::vector<const OutBase*>{&outlet.m_flow});
    if (cut_) {
        meta.tearing(der_m_flow_out_, "der_m_flow_out");
        meta.residual(residual_der_out_, "residual_der_out");
        meta.tearing(r_out_, "r_out");
        meta.residual(residual_r_out_, "residual_r_out");
        std::vector<const SignalBase*> cut_reads = der_reads;
        cut_reads.push_back(&der_m_flow_out_);
        meta.block<&JunctionN::evalCutDerFlow>(this, "evalCutDerFlow", cut_reads, std::vector<const OutBase*>{&residual_der_out_});
        meta.block<&JunctionN::evalCutInertial>(this, "evalCutInertial", {&r_out_, &outlet.r}, {&residual_r_out_});
        meta.pass_through(der_m_flow_out_, outlet.der_m_flow, "evalDerFlow");
    } else {
        meta.block<&JunctionN::evalDerFlow>(this, "evalDerFlow", der_reads, std::vector<const OutBase*>{&outlet.der_m_flow});
    }
    meta.block<&JunctionN::evalInertial>(this, "evalInertial", inertial_reads, inertial_writes);
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance of each inlet and of the outlet"));
    meta.parameter(m_flow_eps, "m_flow_eps", defaults::kMFlowReg, ParameterSpec::positive("kg/s", "regularisation of the mixing weights"));
    meta.variable(outlet.m_flow.value, "m_flow", "kg/s");
}

LIED_REGISTER_COMPONENT(JunctionN, "mixes N streams into one with TFS's regularised flow-weighted mixing (TFS JunctionN)");

}  // namespace lied::thermofluid
