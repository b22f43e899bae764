#include "thermofluid/processes/conduction_element.h"

#include "core/model/build_error.h"
#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>

namespace lied::thermofluid {

void ConductionElement::evalState() {
    const FluidState in = inlet.state.value();
    h_in_ = in.h;
    set_outlet(in, 0.0, 0.0);   // no pressure drop, no clip (TFS: clip_p_out = false)
    outlet.state.value().h = h();
    medium.medium->properties(in.p, h(), in.xi(), props_);
    h_limits_.follow(*medium.medium, in.p, in.xi(), props_.valid);
    T_ = props_.T;
    M_ = V * std::max(props_.rho, rho_min.value());
}

void ConductionElement::evalHeatFlow() {
    k_ = resistanceFromAU ? (U_var.source() ? U_var.value() : U) * A : (k_var.source() ? k_var.value() : k_par);
    Q_flow_.value() = k_ * (heatPort.T.value() - T_);
    heatPort.Q_flow.value() = -Q_flow_.value();
}

void ConductionElement::evalEnthalpy() {
    const double m_flow = inlet.m_flow.value();
    const double h_in = m_flow >= 0 ? inlet.state.value().h : h();   // TFS's reverse-flow rule
    const double crossing = Q_flow_.value() + m_flow * (h_in - h());
    enforcement_rate_ = 0.0;
    if (enforce_global_energy_conservation) {
        enforcement_rate_ = deltaE_system() / T_e;
        deltaE_system.der.value() = crossing;
    }
    storage_rate_ = crossing + enforcement_rate_;
    h.der.value() = storage_rate_ / M_;
    reverse_flow_energy_ = m_flow < 0 ? m_flow * (h() - inlet.state.value().h) : 0.0;
}

void ConductionElement::metainfo(Meta& meta) {
    // Its mass M(p, h) follows the flow without a balance of its own: the energy it holds is known by its rate M·dh/dt.
    meta.stores_by_rate(Quantity::Energy, storage_rate_, "storage_rate");
    meta.creates(Quantity::Energy, reverse_flow_energy_, "reverse_flow_guard",
                 "fluid leaves through an inlet, which ThermofluidStream's directed formulation books with the element's own enthalpy: keep the flow forward");
    declare_flow(meta);
    static const ChoiceSpec kInitChoice{{"T", "h", "inlet"}, "initial state from T_0 (at p_init), h_0, or the inlet's enthalpy (TFS's default)"};
    meta.choice(init, "init", kInitChoice);
    meta.parameter(V, "V", ParameterSpec::positive("m3", "volume of the fluid in the element"));
    meta.parameter(A, "A", ParameterSpec::non_negative("m2", "heat transfer area"));
    meta.parameter(U, "U", ParameterSpec::non_negative("W/(m2.K)", "heat transfer coefficient (resistanceFromAU)"));
    static const ChoiceSpec kResistanceChoice{{"false", "true"}, "true: the conductance is U·A; false: k_par"};
    meta.choice(resistanceFromAU, "resistanceFromAU", kResistanceChoice);
    meta.parameter(k_par, "k_par", ParameterSpec::non_negative("W/K", "thermal conductance (resistanceFromAU = false)"));
    meta.signal(U_var, "U_var");
    meta.signal(k_var, "k_var");
    meta.require(resistanceFromAU || !U_var.source(), "U_var connected", "U_var gives U, which acts with resistanceFromAU = true");
    meta.require(!resistanceFromAU || !k_var.source(), "k_var connected", "k_var gives k, which acts with resistanceFromAU = false");
    meta.parameter(T_0, "T_0", ParameterSpec::positive("K", "initial temperature (init = T; with init = inlet the guess the start settles from)").read_at_build());
    meta.parameter(h_0, "h_0", ParameterSpec::any("J/kg", "initial specific enthalpy (init = h)"));
    meta.parameter(p_init, "p_init", ParameterSpec::positive("Pa", "pressure at which T_0 gives the initial enthalpy").read_at_build());
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance"));
    meta.parameter(rho_min, "rho_min", defaults::kRhoMin, ParameterSpec::positive("kg/m3", "lowest density for the mass in the element"));
    if (const Medium* m = medium.medium) {
        h.start = init == Init::h ? h_0 : m->specific_enthalpy(p_init, T_0, nullptr);
        if (!std::isfinite(h.start))
            throw BuildError(meta.path() + ": T_0 = " + std::to_string(T_0) +
                                 " K is outside medium " + m->name() + " (rule: the initial state is in the medium's range)",
                             "start state in range");
    }
    inertance_ = L.storage();
    meta.state(h, "h", 1e5, "J/kg");
    if (init == Init::inlet) meta.start_follows(h, h_in_);
    medium.declare_enthalpy_range(meta, "h", &h_limits_);
    meta.plug(heatPort, "heatPort");
    meta.signal(Q_flow_, "heat_flow");
    meta.block<&ConductionElement::evalState>(this, "evalState", {&inlet.state, &h.value}, {&outlet.state, &dp_, &dr_corr_});
    meta.block<&ConductionElement::evalHeatFlow>(this, "evalHeatFlow", {&heatPort.T, &outlet.state, &U_var, &k_var}, {&heatPort.Q_flow, &Q_flow_});
    static const ChoiceSpec kEnforceChoice{{"false", "true"}, "true: the energy the quasi-stationary mass misses is fed back with time constant T_e (TFS)"};
    meta.choice(enforce_global_energy_conservation, "enforce_global_energy_conservation", kEnforceChoice);
    meta.parameter(T_e, "T_e", ParameterSpec::positive("s", "time constant of the energy feedback (enforce_global_energy_conservation)"));
    if (enforce_global_energy_conservation) {
        meta.state(deltaE_system, "deltaE_system", 1e3, "J");
        meta.creates(Quantity::Energy, enforcement_rate_, "energy_enforcement");
        meta.block<&ConductionElement::evalEnthalpy>(this, "evalEnthalpy", {&inlet.m_flow, &inlet.state, &h.value, &outlet.state, &Q_flow_, &deltaE_system.value},
                                                     {&h.der, &deltaE_system.der});
    } else {
        meta.block<&ConductionElement::evalEnthalpy>(this, "evalEnthalpy", {&inlet.m_flow, &inlet.state, &h.value, &outlet.state, &Q_flow_}, {&h.der});
    }
    meta.variable(T_, "T", "K");
    meta.variable(Q_flow_.value(), "Q_flow", "W");
    meta.variable(M_, "M", "kg");
    meta.variable(k_, "k", "W/K");
    meta.valid_range("k", ValidRange::at_least(0.0, "a thermal conductance is not negative (U_var, k_var)"));
}

LIED_REGISTER_COMPONENT(ConductionElement, "flow element exchanging heat with a heat port; enthalpy as state (TFS ConductionElement)");

}  // namespace lied::thermofluid
