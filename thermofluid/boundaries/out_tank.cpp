#include "thermofluid/boundaries/out_tank.h"

#include "core/model/component_registry.h"
#include "thermofluid/drop_of_commons.h"
#include "core/model/meta.h"
#include "thermofluid/media/idealized_water.h"

namespace lied::thermofluid {

double OutTank::density() { return density_(*medium.medium, p_amb, h); }
double OutTank::pressure() { return p_amb + density() * kGravity * (level() + elevation.value()); }

void OutTank::evalState() {
    p = pressure();
    mass_ = density() * A * level();
    outlet.state.value() = {p, h};
}
void OutTank::evalDerFlow() {
    outlet.der_m_flow.value() = der_m_flow_.value();
    m_flow.der.value() = der_m_flow_.value();
}
void OutTank::evalLevel() {
    level.der.value() = -m_flow() / (density() * A);
    enthalpy_in_ = m_flow() * h;
}
void OutTank::evalResidual() { residual_.value() = outlet.r.value() + L * der_m_flow_.value(); }

void OutTank::metainfo(Meta& meta) {
    medium.declare(meta, {}, {&outlet});
    meta.plug(outlet, "outlet");
    meta.signal(elevation, "elevation");
    meta.state(level, "level", 1.0, "m");
    meta.state(m_flow, "m_flow", defaults::flow_nominal, "kg/s");
    meta.tearing(der_m_flow_, "der_m_flow");
    meta.residual(residual_, "residual");
    meta.block<&OutTank::evalState>(this, "evalState", {&level.value, &elevation}, {&outlet.state});
    meta.pass_through(m_flow.value, outlet.m_flow, "evalFlow");
    meta.block<&OutTank::evalDerFlow>(this, "evalDerFlow", {&der_m_flow_}, {&outlet.der_m_flow, &m_flow.der});
    meta.block<&OutTank::evalLevel>(this, "evalLevel", {&m_flow.value}, {&level.der});
    // The water it holds; the energy it delivers enters the books (the tank has no energy state).
    meta.stores(Quantity::Mass, mass_, "mass");
    meta.supplies(Quantity::Energy, enthalpy_in_, "enthalpy_in");
    meta.block<&OutTank::evalResidual>(this, "evalResidual", {&outlet.r, &der_m_flow_}, {&residual_});
    meta.parameter(A, "A", ParameterSpec::positive("m2", "cross-section area"));
    meta.parameter(level.start, "h0", ParameterSpec::non_negative("m", "initial level"));
    meta.parameter(m_flow.start, "m_flow_0", ParameterSpec::any("kg/s", "initial outlet mass flow"));
    flow_start.declare(meta, m_flow);
    meta.parameter(L, "L", ParameterSpec::non_negative("1/m", "inertance of the outlet"));
    meta.parameter(p_amb, "p_amb", ParameterSpec::positive_up_to(IdealWater::max_pressure, "Pa", "ambient pressure (the idealized water is valid up to 100 MPa)"));
    meta.variable(p, "p", "Pa");
    // A tank that runs dry has no water to deliver: the run stops and says so. Continuing with an empty
    // outlet (flow stops, air enters) needs a state event; until then a negative level is an error, never
    // a result.
    meta.valid_range("level", ValidRange::at_least(0.0, "a tank holds no less than nothing: it ran dry"));
    meta.valid_range("p", ValidRange::above(0.0, "an absolute pressure is positive"));
    meta.parameter(h, "h", ParameterSpec::any("J/kg", "specific enthalpy of the liquid"));
}

LIED_REGISTER_COMPONENT(OutTank, "open tank feeding a stream: owns level and outlet mass flow (a source)");

}  // namespace lied::thermofluid
