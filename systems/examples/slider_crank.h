#pragma once
// A slider-crank (the mechanism of a piston engine) in dialectic mechanics: a crank (0.1 m, 0.5 kg) on a revolute
// joint at the origin, driven by a motor torque (the input motorTorque, 2 N.m unless set) against a bearing damper
// of 0.1 N.m.s/rad, a connecting rod (0.3 m, 0.8 kg) on a revolute at the crank pin, and a 1 kg piston on a prismatic joint along x.
// The loop crank → rod → piston → world is cut at the rod's far end (the wrist pin) and closed by a stiff
// LoopClosure (1e7 N/m, 1e3 N.s/m; no rotational stiffness: the cut is a revolute). It starts at rest at top dead
// centre (crank along +x, piston at 0.4 m); gravity acts along −y.
#include "components/input.h"
#include "core/model/component.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/fixed_translation.h"
#include "dialectic_mechanics/planar/loop_closure.h"
#include "dialectic_mechanics/planar/prismatic.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"

namespace lied::systems {

class SliderCrank final : public Component {
public:
    // Geometry and masses, shared with the tests' reduced-coordinate model.
    static constexpr double crank_length = 0.1, crank_mass = 0.5, rod_length = 0.3, rod_mass = 0.8, piston_mass = 1.0;
    static constexpr double motor_torque = 2.0, bearing_damping = 0.1;

    SliderCrank();
    mechanics::MechanicsDefaults defaults;
    mechanics::World world;
    components::Input motorTorque{motor_torque, "N.m", -50.0, 50.0, "motor torque on the crank"};   // the system's input
    mechanics::Revolute crank;
    mechanics::Body crankBody{crank_mass, crank_mass * crank_length * crank_length / 12.0, crank_length / 2.0};
    mechanics::FixedTranslation crankArm{crank_length, 0.0};
    mechanics::Revolute crankPin;
    mechanics::Body rodBody{rod_mass, rod_mass * rod_length * rod_length / 12.0, rod_length / 2.0};
    mechanics::FixedTranslation rod{rod_length, 0.0};
    mechanics::Prismatic cylinder{1.0, 0.0, crank_length + rod_length};
    mechanics::Body piston{piston_mass, 0.0, 0.0};
    mechanics::LoopClosure wristPin;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "SliderCrank"; }
};

}  // namespace lied::systems
