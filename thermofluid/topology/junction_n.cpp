#include "thermofluid/topology/junction_n.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "thermofluid/topology/network_cut.h"

#include <cmath>

namespace lied::thermofluid {

void JunctionN::evalMix() {
    double total = 0.0;
    for (int k = 1; k <= n_; ++k) total += std::abs(inlets[k].m_flow.value()) + m_flow_eps;
    FluidState mix{0.0, 0.0, {}};
    double m_out = 0.0, enthalpy_in = 0.0;
    double volume_pressure = 0.0, volume_total = 0.0;   // assumeConstantDensity = false: Σ V̇_k·p_k and Σ V̇_k
    for (int k = 1; k <= n_; ++k) {
        const double weight = std::abs(inlets[k].m_flow.value()) + m_flow_eps, w = weight / total;
        const FluidState& in = inlets[k].state.value();
        m_out += inlets[k].m_flow.value();
        enthalpy_in += inlets[k].m_flow.value() * in.h;
        if (assumeConstantDensity) {
            mix.p += w * in.p;
        } else {
            const double volume = weight / medium.medium->density(in.p, in.h, in.xi());
            volume_pressure += volume * in.p;
            volume_total += volume;
        }
        mix.h += w * in.h;
        for (std::size_t i = 0; i < kMaxMassFractions; ++i) mix.Xi[i] += w * in.Xi[i];
    }
    if (!assumeConstantDensity) mix.p = volume_pressure / volume_total;
    outlet.state.value() = mix;
    mixing_energy_ = m_out * mix.h - enthalpy_in;
}

void JunctionN::evalFlow() {
    double sum = 0.0;
    for (int k = 1; k <= n_; ++k) sum += inlets[k].m_flow.value();
    outlet.m_flow.value() = sum;
}

void JunctionN::evalDerFlow() {
    double sum = 0.0;
    for (int k = 1; k <= n_; ++k) sum += inlets[k].der_m_flow.value();
    outlet.der_m_flow.value() = sum;
}

void JunctionN::evalInertial() {
    const double r_out = cut_ ? r_out_.value() : outlet.r.value();
    const double der_out = cut_ ? der_m_flow_out_.value() : outlet.der_m_flow.value();
    const double total_pressure = outlet.state.value().p + r_out + L * der_out;
    for (int k = 1; k <= n_; ++k)
        inlets[k].r.value() = total_pressure - inlets[k].state.value().p + L * inlets[k].der_m_flow.value();
}

void JunctionN::evalCutDerFlow() {
    double sum = 0.0;
    for (int k = 1; k <= n_; ++k) sum += inlets[k].der_m_flow.value();
    residual_der_out_.value() = der_m_flow_out_.value() - sum;
}

void JunctionN::evalCutInertial() { residual_r_out_.value() = r_out_.value() - outlet.r.value(); }

const ChoiceSpec& JunctionN::constant_density_choice() {
    static const ChoiceSpec spec{{"false", "true"}, "true: the inlets' pressures weighed by mass flow; false: by volume flow (TFS)"};
    return spec;
}

void JunctionN::metainfo(Meta& meta) {
    // Mass adds up exactly; the mixed enthalpy is weighted by |ṁ| + ε, which equals the energy balance only for
    // forward flows and ε → 0.
    meta.creates(Quantity::Energy, mixing_energy_, "mixing",
                 "lower m_flow_eps (the system default thermofluid.m_flow_reg, e.g. on a DropOfCommons): below it the mixing weights are regularised");
    meta.parameter(N, "N", ParameterSpec::count_up_to(PlugArray<FluidInlet>::kMaxSize, "number of inlets"));
    inlets.resize_from(N, meta, "N");
    n_ = inlets.size();
    medium.declare(meta, {}, {&outlet});
    meta.choice(cut, "cut", cut_choice_at_outlet());
    cut_ = wants_cut(cut, cut_asked_, meta);
    mix_.reset({}, {&outlet.state});
    flow_.reset({}, {&outlet.m_flow});
    der_.reset({}, {cut_ ? &residual_der_out_ : &outlet.der_m_flow});
    if (cut_) inertial_.reset({&outlet.state, &r_out_, &der_m_flow_out_});
    else inertial_.reset({&outlet.state, &outlet.r, &outlet.der_m_flow});
    for (int k = 1; k <= n_; ++k) {
        inlets[k].medium = medium.medium;
        meta.plug(inlets[k], PlugArray<FluidInlet>::name("inlets", k));
        mix_.reads.push_back(&inlets[k].state);
        mix_.reads.push_back(&inlets[k].m_flow);
        flow_.reads.push_back(&inlets[k].m_flow);
        der_.reads.push_back(&inlets[k].der_m_flow);
        inertial_.reads.push_back(&inlets[k].state);
        inertial_.reads.push_back(&inlets[k].der_m_flow);
        inertial_.writes.push_back(&inlets[k].r);
    }
    meta.plug(outlet, "outlet");
    meta.block<&JunctionN::evalMix>(this, "evalMix", mix_.reads, mix_.writes);
    meta.block<&JunctionN::evalFlow>(this, "evalFlow", flow_.reads, flow_.writes);
    if (cut_) {
        meta.tearing(der_m_flow_out_, "der_m_flow_out");
        meta.residual(residual_der_out_, "residual_der_out");
        meta.tearing(r_out_, "r_out");
        meta.residual(residual_r_out_, "residual_r_out");
        der_.reads.push_back(&der_m_flow_out_);
        meta.block<&JunctionN::evalCutDerFlow>(this, "evalCutDerFlow", der_.reads, der_.writes);
        meta.block<&JunctionN::evalCutInertial>(this, "evalCutInertial", {&r_out_, &outlet.r}, {&residual_r_out_});
        meta.pass_through(der_m_flow_out_, outlet.der_m_flow, "evalDerFlow");
    } else {
        meta.block<&JunctionN::evalDerFlow>(this, "evalDerFlow", der_.reads, der_.writes);
    }
    meta.block<&JunctionN::evalInertial>(this, "evalInertial", inertial_.reads, inertial_.writes);
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance of each inlet and of the outlet"));
    meta.parameter(m_flow_eps, "m_flow_eps", defaults::kMFlowReg, ParameterSpec::positive("kg/s", "regularisation of the mixing weights"));
    meta.choice(assumeConstantDensity, "assumeConstantDensity", constant_density_choice());
    meta.variable(outlet.m_flow.value(), "m_flow", "kg/s");
}

LIED_REGISTER_COMPONENT(JunctionN, "mixes N streams into one with TFS's regularised flow-weighted mixing (TFS JunctionN)");

}  // namespace lied::thermofluid
