// Every planar component type by name, for system files and `lied describe`.
#include "core/model/component_registry.h"
#include "dialectic_mechanics/planar/planar_constraint.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/body_contact.h"
#include "dialectic_mechanics/planar/fixed_translation.h"
#include "dialectic_mechanics/planar/ground_contact.h"
#include "dialectic_mechanics/planar/loop_closure.h"
#include "dialectic_mechanics/planar/prismatic.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/spring_damper.h"
#include "dialectic_mechanics/planar/world.h"

namespace lied::mechanics {

LIED_REGISTER_COMPONENT(World, "planar inertial frame, root of every planar tree; gravity g along -y");
LIED_REGISTER_COMPONENT(Body, "planar rigid body: mass, inertia about the centre of mass, centre of mass in the frame");
LIED_REGISTER_COMPONENT(FixedTranslation, "rigid massless part: frame_b at (r_x, r_y) in frame_a, turned by phi");
LIED_REGISTER_COMPONENT(Revolute, "revolute joint (one degree of freedom: angle q, kinetic speed w), optional drive torque, own spring, damper and end stops, a rotational axis flange; or a prescribed motion");
LIED_REGISTER_COMPONENT(Prismatic, "prismatic joint along an axis of frame_a, optional drive force, own spring, damper and end stops, a translational axis flange; or a prescribed motion");
LIED_REGISTER_COMPONENT(PlanarSpringDamper, "spring and damper between two frame origins, along the line between them");
LIED_REGISTER_COMPONENT(GroundContact, "contact of a circle (radius > 0, e.g. a wheel) or a point (radius 0, e.g. a box corner) with a ground line: elastic gap and regularised Coulomb friction");
LIED_REGISTER_COMPONENT(BodyContact, "contact between two bodies: a circle on frame_a against a rounded segment on frame_b (a circle if its ends coincide, a polygon edge if not rounded); elastic gap and regularised Coulomb friction");
LIED_REGISTER_COMPONENT(PlanarConstraint, "rigid grip between two frames switched on (t_close) and off (t_open), smoothly over T_close/T_open, holding the pose found at the closing; Baumgarte-stabilised, no change of states");
LIED_REGISTER_COMPONENT(LoopClosure, "closes a cut kinematic loop with a stiff spring-damper between two frames that should coincide");

}  // namespace lied::mechanics
