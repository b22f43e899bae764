#pragma once
// The 1D translational library: positions in m, forces in N. See flanges.h for the causality and
// docs/user-guide/dialectic-mechanics.md for the formulation and sign conventions.
#include "dialectic_mechanics/named.h"
#include "dialectic_mechanics/one_dimensional/applied_force.h"
#include "dialectic_mechanics/one_dimensional/carried_mass.h"
#include "dialectic_mechanics/one_dimensional/contact.h"
#include "dialectic_mechanics/one_dimensional/fixed.h"
#include "dialectic_mechanics/one_dimensional/friction.h"
#include "dialectic_mechanics/one_dimensional/mass.h"
#include "dialectic_mechanics/one_dimensional/prescribed_motion.h"
#include "dialectic_mechanics/one_dimensional/sensors.h"
#include "dialectic_mechanics/one_dimensional/spring_damper.h"

namespace lied::mechanics {

using Mass = Named<MassOf<Translational>, "Mass">;
using CarriedMass = Named<CarriedMassOf<Translational>, "CarriedMass">;
using Fixed = Named<FixedOf<Translational>, "Fixed">;
using Spring = Named<SpringDamperOf<Translational, Compliance::Spring>, "Spring">;
using Damper = Named<SpringDamperOf<Translational, Compliance::Damper>, "Damper">;
using SpringDamper = Named<SpringDamperOf<Translational, Compliance::SpringDamper>, "SpringDamper">;
using ElastoGap = ElastoGapOf<Translational>;
using Friction = Named<FrictionOf<Translational>, "Friction">;
using Force = Named<AppliedForceOf<Translational>, "Force">;
using Position = Named<PrescribedMotionOf<Translational, Prescribed::Position>, "Position">;
using Velocity = Named<PrescribedMotionOf<Translational, Prescribed::Velocity>, "Velocity">;
using PositionSensor = Named<PositionSensorOf<Translational>, "PositionSensor">;
using VelocitySensor = Named<VelocitySensorOf<Translational>, "VelocitySensor">;
using ForceSensor = Named<ForceSensorOf<Translational>, "ForceSensor">;

}  // namespace lied::mechanics
