#pragma once
// A planar double pendulum in dialectic mechanics: two links (1 m, 1 kg and 0.8 m, 0.5 kg, uniform rods) on
// revolute joints, released from rest with the first link horizontal and the second hanging 45° below it. The
// angles are q1 (link 1 from the x axis) and q2 (link 2 relative to link 1); gravity acts along −y.
#include "core/model/component.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/fixed_translation.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"

namespace lied::systems {

class DoublePendulum final : public Component {
public:
    DoublePendulum();
    mechanics::MechanicsDefaults defaults;
    mechanics::World world;
    mechanics::Revolute joint1{0.0}, joint2{-0.7853981633974483};
    mechanics::Body link1{1.0, 1.0 / 12.0, 0.5}, link2{0.5, 0.5 * 0.64 / 12.0, 0.4};
    mechanics::FixedTranslation rod1{1.0, 0.0}, rod2{0.8, 0.0};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "DoublePendulum"; }
};

}  // namespace lied::systems
