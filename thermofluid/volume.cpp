#include "thermofluid/volume.h"

#include "core/build_error.h"
#include "core/component_registry.h"
#include "core/meta.h"
#include "thermofluid/media/state_from_density.h"

#include <cmath>
#include <limits>

namespace lied::thermofluid {

void Volume::evalMedium() {
    const double d = M() / V_par, u = U_med() / M();
    if (state_from_density(*medium.medium, d, u, nullptr, p_guess_, props_)) {
        p_guess_ = p_ = props_.p, h_ = props_.h, T_ = props_.T, rho_ = props_.rho;
        damping_factor_ = k_volume_damping * std::sqrt(std::abs(2.0 * L / (V_par * std::max(props_.drho_dp_h, 1e-10))));
    } else {
        // No state: NaN reaches the outlet and the diagnosis names this volume and the medium's reason.
        p_ = h_ = T_ = rho_ = std::numeric_limits<double>::quiet_NaN();
    }
    outlet.state.value = {p_, h_};
}

void Volume::evalFlow() { outlet.m_flow.value = m_flow_out(); }

void Volume::evalDerFlow() {
    outlet.der_m_flow.value = der_m_flow_out_.value;
    m_flow_out.der.value = der_m_flow_out_.value;
}

void Volume::evalDamping() { r_damping_.value = damping_factor_ * (inlet.m_flow.value() - m_flow_out()); }

void Volume::evalResidual() { residual_.value = outlet.r.value() + L * der_m_flow_out_.value - r_damping_.value; }

void Volume::evalInertial() {
    inlet.r.value = outlet.state.value.p - inlet.state.value().p + r_damping_.value + L * inlet.der_m_flow.value();
}

void Volume::evalHeatFlow() {
    Q_flow_.value = U * A * (heatPort.T.value() - T_);
    heatPort.Q_flow.value = -Q_flow_.value;
}

void Volume::evalBalances() {
    const double m_in = inlet.m_flow.value();
    const double h_in = m_in >= 0 ? inlet.state.value().h : h_;   // TFS's reverse-flow guard
    M.der.value = m_in - m_flow_out();
    U_med.der.value = (heat_port_ ? Q_flow_.value : 0.0) + h_in * m_in - h_ * m_flow_out();
}

void Volume::metainfo(Meta& meta) {
    medium.declare(meta, {&inlet}, {&outlet});
    meta.choice(useHeatport, "useHeatport", ChoiceSpec{{"false", "true"}, "true: a heat port with Q_flow = U·A·(T_heatPort − T)"});
    heat_port_ = useHeatport == "true";
    meta.parameter(V_par, "V_par", ParameterSpec::positive("m3", "volume"));
    meta.parameter(p_start, "p_start", ParameterSpec::positive("Pa", "initial pressure"));
    meta.parameter(T_start, "T_start", ParameterSpec::positive("K", "initial temperature"));
    meta.parameter(A, "A", ParameterSpec::non_negative("m2", "heat transfer area"));
    meta.parameter(U, "U", ParameterSpec::non_negative("W/(m2.K)", "thermal transmittance"));
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance of inlet and outlet"));
    meta.parameter(k_volume_damping, "k_volume_damping", defaults::kVolumeDamping,
                   ParameterSpec::non_negative("", "damping of the inertial pressure"));
    meta.parameter(m_flow_out.start, "m_flow_out_0", ParameterSpec::any("kg/s", "initial outlet mass flow"));

    // Initial mass and energy from p_start and T_start; refused where the medium cannot give a pressure.
    if (const Medium* m = medium.medium) {
        const double h0 = m->specific_enthalpy(p_start, T_start, nullptr);
        const MediumProperties s = m->at(p_start, h0);
        const std::string& where = meta.path();
        if (!s.valid)
            throw BuildError(where + ": the start state p_start = " + std::to_string(p_start) + " Pa, T_start = " +
                                 std::to_string(T_start) + " K is outside medium " + m->name() + " (" + s.invalid_reason +
                                 ") (rule: a volume starts in its medium's range)",
                             "start state in range");
        if (!(s.drho_dp_h > 0))
            throw BuildError(where + ": medium " + m->name() + " is incompressible, so a rigid Volume cannot set its pressure " +
                                 "(rule: a Volume needs a compressible medium; use VolumeFlex for liquids of constant density)",
                             "compressible medium in a rigid volume");
        M.start = V_par * s.rho;
        U_med.start = M.start * (h0 - p_start / s.rho);
        p_ = p_guess_ = p_start;
        T_ = s.T;
        meta.state(M, "M", M.start, "kg");
        meta.state(U_med, "U_med", M.start * std::max(std::abs(h0 - p_start / s.rho), 1e4), "J");
    } else {
        meta.state(M, "M", 1.0, "kg");
        meta.state(U_med, "U_med", 1e5, "J");
    }
    meta.state(m_flow_out, "m_flow_out", 1.0, "kg/s");
    meta.plug(inlet, "inlet");
    meta.plug(outlet, "outlet");
    meta.tearing(der_m_flow_out_, "der_m_flow_out");
    meta.residual(residual_, "residual");
    meta.signal(r_damping_, "r_damping");
    meta.block<&Volume::evalMedium>(this, "evalMedium", {&M.value, &U_med.value}, {&outlet.state});
    meta.block<&Volume::evalFlow>(this, "evalFlow", {&m_flow_out.value}, {&outlet.m_flow});
    meta.block<&Volume::evalDerFlow>(this, "evalDerFlow", {&der_m_flow_out_}, {&outlet.der_m_flow, &m_flow_out.der});
    meta.block<&Volume::evalDamping>(this, "evalDamping", {&outlet.state, &inlet.m_flow, &m_flow_out.value}, {&r_damping_});
    meta.block<&Volume::evalResidual>(this, "evalResidual", {&outlet.r, &der_m_flow_out_, &r_damping_}, {&residual_});
    meta.block<&Volume::evalInertial>(this, "evalInertial", {&outlet.state, &inlet.state, &r_damping_, &inlet.der_m_flow}, {&inlet.r});
    if (heat_port_) {
        meta.plug(heatPort, "heatPort");
        meta.signal(Q_flow_, "heat_flow");
        meta.variable(Q_flow_.value, "Q_flow", "W");
        meta.block<&Volume::evalHeatFlow>(this, "evalHeatFlow", {&heatPort.T, &outlet.state}, {&heatPort.Q_flow, &Q_flow_});
        meta.block<&Volume::evalBalances>(this, "evalBalances", {&inlet.m_flow, &inlet.state, &outlet.state, &m_flow_out.value, &Q_flow_},
                                          {&M.der, &U_med.der});
    } else {
        meta.block<&Volume::evalBalances>(this, "evalBalances", {&inlet.m_flow, &inlet.state, &outlet.state, &m_flow_out.value},
                                          {&M.der, &U_med.der});
    }
    meta.variable(p_, "p", "Pa");
    meta.variable(T_, "T", "K");
    meta.variable(h_, "h", "J/kg");
    meta.variable(rho_, "rho", "kg/m3");
    meta.valid_range("M", ValidRange::above(0.0, "the mass in a volume is positive"));
}

LIED_REGISTER_COMPONENT(Volume, "rigid volume with mass and internal energy as states, optional heat port (TFS Volume)");

}  // namespace lied::thermofluid
