#include "thermofluid/in_tank.h"

#include "core/component_registry.h"
#include "core/meta.h"
#include "thermofluid/medium.h"

namespace lied::thermofluid {

double InTank::pressure() const { return p_amb + IdealWater::density * kGravity * (level() + elevation.value()); }

void InTank::evalInertial() { inlet.r.value = pressure() - inlet.state.value().p + L * inlet.der_m_flow.value(); }
void InTank::evalLevel() { level.der.value = inlet.m_flow.value() / (IdealWater::density * A); }

void InTank::metainfo(Meta& meta) {
    meta.plug(inlet, "inlet");
    meta.signal(elevation, "elevation");
    meta.state(level, "level", 1.0, "m");
    meta.block<&InTank::evalInertial>(this, "evalInertial", {&inlet.state, &inlet.der_m_flow, &level.value, &elevation}, {&inlet.r});
    meta.block<&InTank::evalLevel>(this, "evalLevel", {&inlet.m_flow}, {&level.der});
    meta.parameter(A, "A", ParameterSpec::positive("m2", "cross-section area"));
    meta.parameter(level.start, "h0", ParameterSpec::non_negative("m", "initial level"));
    meta.parameter(L, "L", ParameterSpec::non_negative("1/m", "inertance of the inlet"));
    meta.parameter(p_amb, "p_amb", ParameterSpec::positive("Pa", "ambient pressure"));
    meta.variable(inlet.m_flow.value(), "m_flow", "kg/s");
}

LIED_REGISTER_COMPONENT(InTank, "open tank receiving a stream: owns its level (a sink)");

}  // namespace lied::thermofluid
