#pragma once
// A trailing-link landing gear touching down, in planar dialectic mechanics (a kinematic loop in the spirit of the
// triplet-interface paper's Fig. 10). The airframe's share on this gear (500 kg) moves in x and y on two prismatic
// joints; a trailing arm (0.5 m, 10 kg) hangs from a pivot 0.2 m below it, 30° below the horizontal, pointing aft;
// the wheel (radius 0.3 m, 15 kg, 0.3 kg.m2) turns freely on a revolute at the arm's end and touches the ground
// through a GroundContact (tyre: 2e5 N/m, friction μ = 0.8). The shock absorber, a PlanarSpringDamper (3e5 N/m,
// 3e4 N.s/m) from an airframe mount to the arm's middle, closes the loop airframe → pivot → arm → shock →
// airframe: the loop's compliant element. It touches down at 20 m/s with a sink rate of 2 m/s, the wheel not
// turning; friction spins the wheel up within a few hundredths of a second.
#include "core/model/component.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/fixed_translation.h"
#include "dialectic_mechanics/planar/ground_contact.h"
#include "dialectic_mechanics/planar/prismatic.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/spring_damper.h"
#include "dialectic_mechanics/planar/world.h"

#include <numbers>

namespace lied::systems {

class LandingGear final : public Component {
public:
    static constexpr double airframe_mass = 500.0, arm_mass = 10.0, arm_length = 0.5, wheel_mass = 15.0, wheel_inertia = 0.3,
                            wheel_radius = 0.3;

    LandingGear();
    mechanics::MechanicsDefaults defaults;
    mechanics::World world;
    mechanics::Prismatic airframeX{1.0, 0.0}, airframeY{0.0, 1.0, 0.8};
    mechanics::Body airframe{airframe_mass, 100.0, 0.0};
    mechanics::FixedTranslation pivotMount{0.0, -0.2}, shockMount{-0.22, 0.3};
    mechanics::Revolute armPivot{-150.0 * std::numbers::pi / 180.0};
    mechanics::Body arm{arm_mass, arm_mass * arm_length * arm_length / 12.0, arm_length / 2.0};
    mechanics::FixedTranslation armMiddle{arm_length / 2.0, 0.0}, armEnd{arm_length, 0.0};
    mechanics::Revolute wheelHub;
    mechanics::Body wheel{wheel_mass, wheel_inertia, 0.0};
    mechanics::GroundContact tyre{wheel_radius, 2e5, 1e5, 0.8};
    mechanics::PlanarSpringDamper shock{3e5, 3e4, 0.625};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "LandingGear"; }
};

}  // namespace lied::systems
