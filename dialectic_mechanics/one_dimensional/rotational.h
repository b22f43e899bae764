#pragma once
// The 1D rotational library: angles in rad, torques in N·m. The same elements as translational.h (flanges.h
// for the causality), plus the gear and the backlash.
#include "dialectic_mechanics/named.h"
#include "dialectic_mechanics/one_dimensional/applied_force.h"
#include "dialectic_mechanics/one_dimensional/carried_mass.h"
#include "dialectic_mechanics/one_dimensional/contact.h"
#include "dialectic_mechanics/one_dimensional/fixed.h"
#include "dialectic_mechanics/one_dimensional/friction.h"
#include "dialectic_mechanics/one_dimensional/ideal_gear.h"
#include "dialectic_mechanics/one_dimensional/mass.h"
#include "dialectic_mechanics/one_dimensional/prescribed_motion.h"
#include "dialectic_mechanics/one_dimensional/sensors.h"
#include "dialectic_mechanics/one_dimensional/spring_damper.h"

namespace lied::mechanics {

using Inertia = Named<MassOf<Rotational>, "Inertia">;
using CarriedInertia = Named<CarriedMassOf<Rotational>, "CarriedInertia">;
using RotationalFixed = Named<FixedOf<Rotational>, "RotationalFixed">;
using RotationalSpring = Named<SpringDamperOf<Rotational, Compliance::Spring>, "RotationalSpring">;
using RotationalDamper = Named<SpringDamperOf<Rotational, Compliance::Damper>, "RotationalDamper">;
using RotationalSpringDamper = Named<SpringDamperOf<Rotational, Compliance::SpringDamper>, "RotationalSpringDamper">;
using ElastoBacklash = ElastoBacklashOf<Rotational>;
using BearingFriction = Named<FrictionOf<Rotational>, "BearingFriction">;
using IdealGear = Named<IdealGearOf<Rotational>, "IdealGear">;
using Torque = Named<AppliedForceOf<Rotational>, "Torque">;
using Speed = Named<PrescribedMotionOf<Rotational, Prescribed::Velocity>, "Speed">;
using AngleSensor = Named<PositionSensorOf<Rotational>, "AngleSensor">;
using SpeedSensor = Named<VelocitySensorOf<Rotational>, "SpeedSensor">;
using TorqueSensor = Named<ForceSensorOf<Rotational>, "TorqueSensor">;

}  // namespace lied::mechanics
