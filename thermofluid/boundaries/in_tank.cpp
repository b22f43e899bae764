#include "thermofluid/boundaries/in_tank.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "thermofluid/media/idealized_water.h"

namespace lied::thermofluid {

double InTank::density() { return density_(*medium.medium, p_amb, inlet.state.value().h); }

void InTank::evalInertial() {
    const double rho = density();
    p = p_amb + rho * kGravity * (level() + elevation.value());
    mass_ = rho * A * level();   // exact for a density that does not change with the arriving enthalpy
    inlet.r.value() = p - inlet.state.value().p + L * inlet.der_m_flow.value();
}
void InTank::evalLevel() {
    level.der.value() = inlet.m_flow.value() / (density() * A);
    enthalpy_in_ = -inlet.m_flow.value() * inlet.state.value().h;
}

void InTank::metainfo(Meta& meta) {
    medium.declare(meta, {&inlet}, {});
    meta.plug(inlet, "inlet");
    meta.signal(elevation, "elevation");
    meta.state(level, "level", 1.0, "m");
    meta.block<&InTank::evalInertial>(this, "evalInertial", {&inlet.state, &inlet.der_m_flow, &level.value, &elevation}, {&inlet.r});
    meta.block<&InTank::evalLevel>(this, "evalLevel", {&inlet.m_flow, &inlet.state}, {&level.der});
    // The water it holds; its energy leaves the books with it (the tank has no energy state to keep it in).
    meta.stores(Quantity::Mass, mass_, "mass");
    meta.supplies(Quantity::Energy, enthalpy_in_, "enthalpy_in");
    meta.parameter(A, "A", ParameterSpec::positive("m2", "cross-section area"));
    meta.parameter(level.start, "h0", ParameterSpec::non_negative("m", "initial level"));
    meta.parameter(L, "L", ParameterSpec::non_negative("1/m", "inertance of the inlet"));
    meta.parameter(p_amb, "p_amb", ParameterSpec::positive_up_to(IdealWater::max_pressure, "Pa", "ambient pressure (the idealized water is valid up to 100 MPa)"));
    meta.variable(p, "p", "Pa");
    // A tank that runs dry has no water to deliver: the run stops and says so. Continuing with an empty
    // outlet (flow stops, air enters) needs a state event; until then a negative level is an error, never
    // a result.
    meta.valid_range("level", ValidRange::at_least(0.0, "a tank holds no less than nothing: it ran dry"));
    meta.valid_range("p", ValidRange::above(0.0, "an absolute pressure is positive"));
    meta.variable(inlet.m_flow.value(), "m_flow", "kg/s");
}

LIED_REGISTER_COMPONENT(InTank, "open tank receiving a stream: owns its level (a sink)");

}  // namespace lied::thermofluid
