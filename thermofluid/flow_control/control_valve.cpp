#include "thermofluid/flow_control/control_valve.h"

#include "core/model/build_error.h"
#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>
#include <cmath>

namespace lied::thermofluid {

namespace {
constexpr double kSecondsPerHour = 3600.0;
}  // namespace

double BasicControlValve::characteristic(double u) const {
    u = std::clamp(u, 0.0, 1.0);
    switch (valveCharacteristics) {
        case Characteristic::Parabolic: return k_min + (1 - k_min) * u * u;
        case Characteristic::EqualPercentage: return k_min * std::pow(1 / k_min, u);
        case Characteristic::Linear: break;
    }
    return k_min + (1 - k_min) * u;
}

double BasicControlValve::reference_mass_flow() const {
    if (flowCoefficient == FlowCoefficient::m_flow_set) return m_flow_ref_set;
    const double V_flow_ref = flowCoefficient == FlowCoefficient::Cvs_US ? Cvs_US / 1.1561 / kSecondsPerHour : Kvs / kSecondsPerHour;
    return V_flow_ref * rho_ref;
}

void BasicControlValve::evalState() {
    const FluidState in = inlet.state.value();
    const double u = u_in.source() ? u_in.value() : u_par;
    u_ = std::clamp(invertInput ? 1 - u : u, 0.0, 1.0);
    k_u_ = characteristic(u_);
    medium.medium->properties(in.p, in.h, in.xi(), props_);
    const double m_flow = inlet.m_flow.value(), m_ref = k_u_ * reference_mass_flow();
    const double dp = dp_ref * (rho_ref / std::max(props_.rho, rho_min.value())) * m_flow * std::abs(m_flow) / (m_ref * m_ref);
    set_outlet(in, dp, p_min);
}

void BasicControlValve::metainfo(Meta& meta) {
    meta.balance_neutral();   // isenthalpic throttling
    declare_flow(meta);
    meta.signal(u_in, "u_in");
    static const ChoiceSpec kInvertInputChoice{{"false", "true"}, "true: u = 1 − u_in (0 open, 1 closed)"};
    meta.choice(invertInput, "invertInput", kInvertInputChoice);
    static const ChoiceSpec kValveCharacteristicsChoice{{"linear", "parabolic", "equalPercentage"}, "k_u(u)"};
    meta.choice(valveCharacteristics, "valveCharacteristics", kValveCharacteristicsChoice);
    static const ChoiceSpec kFlowCoefficientChoice{{"Kvs", "Cvs_US", "m_flow_set"}, "what sets the reference flow"};
    meta.choice(flowCoefficient, "flowCoefficient", kFlowCoefficientChoice);
    inertance_ = L.storage();
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance"));
    meta.parameter(u_par, "u_par", ParameterSpec{"1", "opening while u_in is unconnected", 0.0, 1.0});
    meta.parameter(Kvs, "Kvs", ParameterSpec::positive("m3/h", "flow at 1 bar with water, fully open"));
    meta.parameter(Cvs_US, "Cvs_US", ParameterSpec::positive("gal/min", "US flow coefficient, fully open"));
    meta.parameter(m_flow_ref_set, "m_flow_ref_set", ParameterSpec::positive("kg/s", "reference flow at dp_ref and rho_ref, fully open"));
    meta.parameter(k_min, "k_min", ParameterSpec{"1", "remaining flow at u = 0 (leakage)", 1e-5, 1.0});
    meta.parameter(dp_ref, "dp_ref", ParameterSpec::positive("Pa", "reference pressure difference").read_at_build());
    meta.parameter(rho_ref, "rho_ref", ParameterSpec::positive("kg/m3", "reference density").read_at_build());
    meta.parameter(p_min, "p_min", defaults::kPMin, ParameterSpec::positive("Pa", "lowest outlet pressure"));
    meta.parameter(rho_min, "rho_min", defaults::kRhoMin, ParameterSpec::positive("kg/m3", "lowest density the law divides by"));
    if (flowCoefficient != FlowCoefficient::m_flow_set && (dp_ref != 1e5 || rho_ref != 1000.0))
        throw BuildError(meta.path() + ": dp_ref and rho_ref are 1 bar and 1000 kg/m3 when " +
                             flowCoefficient.text() + " is given (rule: a Kv or Cv value is defined for water at 1 bar; use flowCoefficient = m_flow_set for other references)",
                         "Kv reference conditions");
    meta.block<&BasicControlValve::evalState>(this, "evalState", {&inlet.state, &inlet.m_flow, &u_in}, {&outlet.state, &dp_, &dr_corr_});
    meta.variable(u_, "u", "1");
    meta.variable(k_u_, "k_u", "1");
}

LIED_REGISTER_COMPONENT(BasicControlValve, "control valve: Kvs (or Cvs, reference flow), linear/parabolic/equal-percentage characteristic, opening u_in (TFS BasicControlValve)");

}  // namespace lied::thermofluid
