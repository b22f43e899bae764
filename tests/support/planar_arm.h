#pragma once
// A 1 m, 1 kg uniform rod on a revolute joint at the world's origin, q from +x (I about the pivot 1/12 + 1/4 =
// 1/3 kg·m²), for the tests of planar joints: their end stops, their axis flange, their prescribed motion.
#include "core/model/meta.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"

namespace lied::testing {

struct PlanarArm : Component {
    mechanics::World world;
    mechanics::Revolute hinge;
    mechanics::Body rod{1.0, 1.0 / 12.0, 0.5};
    PlanarArm() {
        connect(world.frame_b, hinge.frame_a);
        connect(hinge.frame_b, rod.frame_a);
    }
    void metainfo(Meta& meta) override {
        meta.component(world, "world");
        meta.component(hinge, "hinge");
        meta.component(rod, "rod");
    }
    const char* type_name() const override { return "PlanarArm"; }
};

}  // namespace lied::testing
