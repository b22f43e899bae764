#include "thermofluid/boundaries/boundaries.h"

#include "core/model/component_registry.h"
#include "thermofluid/drop_of_commons.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void Source::evalState() {
    p_ = p0_var.source() ? p0_var.value() : p0_par;
    if (has_Xi_) Xi_[0] = Xi0_var.source() ? Xi0_var.value() : Xi0_par;
    if (setEnthalpy) {
        h_ = h0_var.source() ? h0_var.value() : h0_par;
        T_ = medium.medium->at(p_, h_, Xi_.data()).T;
    } else {
        T_ = T0_var.source() ? T0_var.value() : T0_par;
        h_ = medium.medium->specific_enthalpy(p_, T_, Xi_.data());   // NaN outside the medium's range: named by the diagnosis
    }
    outlet.state.value() = {p_, h_, Xi_};
}
void Source::evalFlow() { outlet.m_flow.value() = m_flow(); }
void Source::evalDerFlow() {
    outlet.der_m_flow.value() = der_m_flow_.value();
    m_flow.der.value() = der_m_flow_.value();
}
void Source::evalBalance() {
    mass_in_ = m_flow();
    enthalpy_in_ = mass_in_ * outlet.state.value().h;
}
void Source::evalResidual() { residual_.value() = outlet.r.value() + L * der_m_flow_.value(); }

void Source::metainfo(Meta& meta) {
    medium.declare(meta, {}, {&outlet});
    meta.plug(outlet, "outlet");
    meta.signal(p0_var, "p0_var");
    meta.signal(T0_var, "T0_var");
    meta.signal(h0_var, "h0_var");
    meta.signal(Xi0_var, "Xi0_var");
    meta.state(m_flow, "m_flow", defaults::flow_nominal, "kg/s");
    meta.tearing(der_m_flow_, "der_m_flow");
    meta.residual(residual_, "residual");
    meta.block<&Source::evalState>(this, "evalState", {&p0_var, &T0_var, &h0_var, &Xi0_var}, {&outlet.state});
    meta.block<&Source::evalFlow>(this, "evalFlow", {&m_flow.value}, {&outlet.m_flow});
    meta.block<&Source::evalDerFlow>(this, "evalDerFlow", {&der_m_flow_}, {&outlet.der_m_flow, &m_flow.der});
    meta.block<&Source::evalResidual>(this, "evalResidual", {&outlet.r, &der_m_flow_}, {&residual_});
    meta.block<&Source::evalBalance>(this, "evalBalance", {&m_flow.value, &outlet.state}, {});
    meta.supplies(Quantity::Mass, mass_in_, "mass_in");
    meta.supplies(Quantity::Energy, enthalpy_in_, "enthalpy_in");
    meta.parameter(p0_par, "p0_par", ParameterSpec::positive("Pa", "pressure (unless p0_var is connected)"));
    meta.parameter(T0_par, "T0_par", ParameterSpec::positive("K", "temperature (unless setEnthalpy or T0_var is connected)"));
    meta.parameter(h0_par, "h0_par", ParameterSpec::any("J/kg", "specific enthalpy when setEnthalpy (unless h0_var is connected)"));
    meta.parameter(Xi0_par, "Xi0_par", ParameterSpec{"kg/kg", "mass fraction: MoistAir's water vapour, CombustionAir's nitrogen (unless Xi0_var is connected)", 0.0, 1.0});
    has_Xi_ = medium.medium && medium.medium->mass_fractions() > 0;
    meta.require(has_Xi_ || (Xi0_par == 0.0 && !Xi0_var.source()),
                 [&] { return std::string("Xi0_par or Xi0_var is set, but medium ") + medium.name + " has no mass fractions"; },
                 "mass fractions only for a medium that has them");
    if (has_Xi_ && !Xi0_var.source())
        meta.advise(medium.medium->extreme_mass_fraction("Xi0_par", Xi0_par).empty(), [&] { return medium.medium->extreme_mass_fraction("Xi0_par", Xi0_par); },
                    "a mixture's mass fraction left at 0 is one pure substance; set Xi0_par to the composition meant");
    static const ChoiceSpec kSetEnthalpyChoice{{"false", "true"}, "true: set h0, false: set T0"};
    meta.choice(setEnthalpy, "setEnthalpy", kSetEnthalpyChoice);
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance of the source"));
    meta.parameter(m_flow.start, "m_flow_0", ParameterSpec::any("kg/s", "initial mass flow"));
    flow_start.declare(meta, m_flow);
    meta.variable(p_, "p", "Pa");
    meta.variable(T_, "T", "K");
    meta.variable(h_, "h", "J/kg");
}

void Sink::evalInertial() {
    p_ = p0_var.source() ? p0_var.value() : p0_par;
    inlet.r.value() = p_ - inlet.state.value().p + L * inlet.der_m_flow.value();
}

void Sink::evalBalance() {
    mass_in_ = -inlet.m_flow.value();
    enthalpy_in_ = mass_in_ * inlet.state.value().h;
}

void Sink::metainfo(Meta& meta) {
    medium.declare(meta, {&inlet}, {});
    meta.plug(inlet, "inlet");
    meta.signal(p0_var, "p0_var");
    meta.block<&Sink::evalInertial>(this, "evalInertial", {&inlet.state, &inlet.der_m_flow, &p0_var}, {&inlet.r});
    meta.block<&Sink::evalBalance>(this, "evalBalance", {&inlet.m_flow, &inlet.state}, {});
    meta.supplies(Quantity::Mass, mass_in_, "mass_in");
    meta.supplies(Quantity::Energy, enthalpy_in_, "enthalpy_in");
    meta.parameter(p0_par, "p0_par", ParameterSpec::positive("Pa", "pressure (unless p0_var is connected)"));
    meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance of the sink"));
    meta.variable(p_, "p", "Pa");
    meta.variable(inlet.m_flow.value(), "m_flow", "kg/s");
}

LIED_REGISTER_COMPONENT(Source, "boundary at a set pressure and temperature (or enthalpy); owns the outlet mass flow (TFS Source)");
LIED_REGISTER_COMPONENT(Sink, "boundary at a set pressure (TFS Sink)");

}  // namespace lied::thermofluid
