#include "thermofluid/heat_exchangers/counter_flow_ntu.h"

#include "core/model/build_error.h"
#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <cmath>
#include <limits>

namespace lied::thermofluid {

void CounterFlowNTU::evalOutletA() {
    outletA.state.value() = {A_side.in().p, h_out_A(), A_side.in().Xi};
    A_side.medium.medium->properties(A_side.in().p, h_out_A(), A_side.in().xi(), out_A_);
    out_A_limits_.follow(*A_side.medium.medium, A_side.in().p, A_side.in().xi(), out_A_.valid);
}

void CounterFlowNTU::evalOutletB() {
    outletB.state.value() = {B_side.in().p, h_out_B(), B_side.in().Xi};
    B_side.medium.medium->properties(B_side.in().p, h_out_B(), B_side.in().xi(), out_B_);
    out_B_limits_.follow(*B_side.medium.medium, B_side.in().p, B_side.in().xi(), out_B_.valid);
}

void CounterFlowNTU::evalHeat() {
    A_side.medium.medium->properties(A_side.in().p, A_side.in().h, A_side.in().xi(), in_A_);
    B_side.medium.medium->properties(B_side.in().p, B_side.in().h, B_side.in().xi(), in_B_);
    constexpr double eps = std::numeric_limits<double>::epsilon();
    const double m_A = A_side.m_flow(), m_B = B_side.m_flow();
    const double cp_A = 0.5 * (in_A_.cp + out_A_.cp), cp_B = 0.5 * (in_B_.cp + out_B_.cp);
    const double C_A = (std::abs(m_A) + eps) * cp_A, C_B = (std::abs(m_B) + eps) * cp_B;
    const double C_min = std::min(C_A, C_B), C_max = std::max(C_A, C_B);
    const double C_r = C_min / std::max(C_max, 1e-3);
    NTU_ = k_NTU * A / std::max(C_min, 1e-3);
    effectiveness_ = C_r < 1 ? (1 - std::exp(-NTU_ * (1 - C_r))) / (1 - C_r * std::exp(-NTU_ * (1 - C_r))) : NTU_ / (1 + NTU_);
    const double dT_max = in_A_.T - in_B_.T;
    const bool no_flow = m_A < m_flow_reg && m_B < m_flow_reg;
    const double reg = (m_flow_reg / 10) * (m_flow_reg / 10);
    double dh_A, dh_B;
    if (C_A < C_B) {
        dh_A = no_flow ? 0.0 : dT_max * cp_A * effectiveness_;
        Q_flow_ = m_A * dh_A;
        dh_B = m_B * -Q_flow_ / (m_B * m_B + reg);
    } else {
        dh_B = no_flow ? 0.0 : -dT_max * cp_B * effectiveness_;
        Q_flow_ = -m_B * dh_B;
        dh_A = m_A * Q_flow_ / (m_A * m_A + reg);
    }
    h_out_A.der.value() = (A_side.in().h - dh_A - h_out_A()) / TC;
    h_out_B.der.value() = (B_side.in().h - dh_B - h_out_B()) / TC;
    formulation_energy_ = m_A * (h_out_A() - A_side.in().h) + m_B * (h_out_B() - B_side.in().h);
}

void CounterFlowNTU::metainfo(Meta& meta) {
    meta.creates(Quantity::Energy, formulation_energy_, "lag_and_regularisation",
                 "shorten TC, the outlets' lag, against how fast the inlets change (and lower m_flow_reg if the flows are small)");
    declare_sides(meta);
    meta.parameter(A, "A", ParameterSpec::positive("m2", "heat transfer area"));
    meta.parameter(k_NTU, "k_NTU", ParameterSpec::non_negative("W/(m2.K)", "overall heat transfer coefficient"));
    meta.parameter(TC, "TC", ParameterSpec::positive("s", "time constant of the outlet enthalpies"));
    meta.parameter(TA_start, "TA_start", ParameterSpec::positive("K", "outlet temperature of side A at the start (at 1 bar)").read_at_build());
    meta.parameter(TB_start, "TB_start", ParameterSpec::positive("K", "outlet temperature of side B at the start (at 1 bar)").read_at_build());
    meta.parameter(m_flow_reg, "m_flow_reg", defaults::kMFlowReg, ParameterSpec::positive("kg/s", "below it on both sides no heat passes").read_at_build());
    for (auto [side, T, state, name, limits] : {std::tuple{&A_side, TA_start, &h_out_A, "h_out_A", &out_A_limits_},
                                                std::tuple{&B_side, TB_start, &h_out_B, "h_out_B", &out_B_limits_}}) {
        if (const Medium* m = side->medium.medium) {
            state->start = m->specific_enthalpy(1e5, T, nullptr);
            if (!std::isfinite(state->start))
                throw BuildError(meta.path() + ": the start temperature " + std::to_string(T) + " K is outside medium " + m->name() +
                                     " (rule: the initial state is in the medium's range)",
                                 "start state in range");
        }
        meta.state(*state, name, 1e5, "J/kg");
        side->medium.declare_enthalpy_range(meta, name, limits);
    }
    meta.block<&CounterFlowNTU::evalOutletA>(this, "evalOutletA", {&inletA.state, &h_out_A.value}, {&outletA.state});
    meta.block<&CounterFlowNTU::evalOutletB>(this, "evalOutletB", {&inletB.state, &h_out_B.value}, {&outletB.state});
    meta.block<&CounterFlowNTU::evalHeat>(this, "evalHeat",
                                          {&inletA.state, &inletB.state, &inletA.m_flow, &inletB.m_flow, &outletA.state, &outletB.state,
                                           &h_out_A.value, &h_out_B.value},
                                          {&h_out_A.der, &h_out_B.der});
    meta.variable(Q_flow_, "Q_flow", "W");
    meta.variable(effectiveness_, "effectiveness", "");
    meta.variable(NTU_, "NTU", "");
    meta.variable(in_A_.T, "T_in_A", "K");
    meta.variable(in_B_.T, "T_in_B", "K");
    meta.variable(out_A_.T, "T_out_A", "K");
    meta.variable(out_B_.T, "T_out_B", "K");
    const std::string rule = "the ε-NTU relation holds for forward flow (above −m_flow_reg)";
    meta.valid_range("m_flow_A", ValidRange::at_least(-m_flow_reg.value(), rule));
    meta.valid_range("m_flow_B", ValidRange::at_least(-m_flow_reg.value(), rule));
}

LIED_REGISTER_COMPONENT(CounterFlowNTU, "counter-flow heat exchanger by the ε-NTU method, two media (TFS CounterFlowNTU)");

}  // namespace lied::thermofluid
