// Every 1D component type by name, for system files and `lied describe`.
#include "core/model/component_registry.h"
#include "dialectic_mechanics/one_dimensional/constraint.h"
#include "dialectic_mechanics/one_dimensional/rotational.h"
#include "dialectic_mechanics/one_dimensional/translational.h"

namespace lied::mechanics {

LIED_REGISTER_COMPONENT(Mass, "translational mass with its own degree of freedom (position s, velocity w); the root of its chain");
LIED_REGISTER_COMPONENT(CarriedMass, "translational mass carried rigidly by the flange it hangs on (no degree of freedom of its own): adds m*a to its chain's root; flange_b carries on");
LIED_REGISTER_COMPONENT(Fixed, "translational fixed point (housing); records the reaction force");
LIED_REGISTER_COMPONENT(Spring, "linear translational spring between two driven flanges");
LIED_REGISTER_COMPONENT(Damper, "linear translational damper between two driven flanges (acts on the elastic velocities)");
LIED_REGISTER_COMPONENT(SpringDamper, "linear translational spring and damper in parallel");
LIED_REGISTER_COMPONENT(ElastoGap, "one-sided stiff contact: stiffness, damping, exponent; no pulling force, no force jump at touch-down");
LIED_REGISTER_COMPONENT(Friction, "regularised Coulomb friction between two driven flanges");
LIED_REGISTER_COMPONENT(Force, "force from an input signal F [N] on the flange it is attached to");
LIED_REGISTER_COMPONENT(Position, "prescribed position s_ref [m] (followed with the lag T_D, without differentiating the input)");
LIED_REGISTER_COMPONENT(Velocity, "prescribed velocity v_ref [m/s]");
LIED_REGISTER_COMPONENT(PositionSensor, "position s [m] of a flange");
LIED_REGISTER_COMPONENT(VelocitySensor, "velocity v [m/s] of a flange (its velocity w)");
LIED_REGISTER_COMPONENT(Constraint, "rigid link between two flanges switched on (t_close) and off (t_open), smoothly over T_close/T_open; Baumgarte-stabilised, no change of states");
LIED_REGISTER_COMPONENT(ForceSensor, "force [N] transmitted from flange_b to flange_a");

LIED_REGISTER_COMPONENT(Inertia, "rotational inertia with its own degree of freedom (angle, kinetic speed); the root of its chain");
LIED_REGISTER_COMPONENT(CarriedInertia, "rotational inertia carried rigidly by the flange it hangs on, e.g. behind an IdealGear (no degree of freedom of its own): adds J*a to its chain's root");
LIED_REGISTER_COMPONENT(RotationalFixed, "rotational fixed point (housing); records the reaction torque");
LIED_REGISTER_COMPONENT(RotationalSpring, "linear rotational spring between two driven flanges");
LIED_REGISTER_COMPONENT(RotationalDamper, "linear rotational damper between two driven flanges");
LIED_REGISTER_COMPONENT(RotationalSpringDamper, "linear rotational spring and damper in parallel (an elastic shaft)");
LIED_REGISTER_COMPONENT(ElastoBacklash, "elastic shaft with backlash b: stiffness, damping, exponent; torque only outside the play");
LIED_REGISTER_COMPONENT(BearingFriction, "regularised Coulomb friction torque between two driven flanges");
LIED_REGISTER_COMPONENT(IdealGear, "ideal gear, phi_a = ratio*phi_b; flange_a driven by the input side, flange_b drives the output side");
LIED_REGISTER_COMPONENT(Torque, "torque from an input signal tau [N.m] on the flange it is attached to");
LIED_REGISTER_COMPONENT(Speed, "prescribed angular speed v_ref [rad/s]");
LIED_REGISTER_COMPONENT(AngleSensor, "angle [rad] of a flange");
LIED_REGISTER_COMPONENT(SpeedSensor, "angular speed [rad/s] of a flange (the kinetic speed)");
LIED_REGISTER_COMPONENT(TorqueSensor, "torque [N.m] transmitted from flange_b to flange_a");

}  // namespace lied::mechanics
