#pragma once
// Small mechanisms with closed-form answers, shared by the accuracy tests (tests/dialectic_mechanics/test_accuracy.cpp)
// and the MuJoCo comparison (bench/bench_mujoco.cpp).
#include "components/sources.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "dialectic_mechanics/one_dimensional/translational.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"

#include <cmath>

namespace lied::testing {

// A uniform rod of 1 m and 1 kg on a revolute joint at one end; q is measured from the +x axis, so it hangs at −π/2.
struct Pendulum : Component {
    mechanics::World world;
    mechanics::Revolute joint;
    mechanics::Body rod{1.0, 1.0 / 12.0, 0.5};
    explicit Pendulum(double q0) {
        joint.q.start = q0;
        connect(world.frame_b, joint.frame_a);
        connect(joint.frame_b, rod.frame_a);
    }
    void metainfo(Meta& meta) override {
        meta.component(world, "world");
        meta.component(joint, "joint");
        meta.component(rod, "rod");
    }
    const char* type_name() const override { return "Pendulum"; }
};

// A 0.1 kg ball dropped from 0.1 m on a contact with the ground (ElastoGap, s_rel0 = 0: touching at s = 0), under
// its weight.
struct Ball : Component {
    static constexpr double g = 9.81;
    mechanics::Fixed ground;
    mechanics::ElastoGap contact;
    mechanics::Mass ball{0.1, 0.1};
    mechanics::Force weight;
    components::Constant gravity{-0.1 * g};
    Ball(double c, double d) {
        contact.c = c, contact.d = d, contact.n = 1.0, contact.s_rel0 = 0.0;
        connect(ground.flange, contact.flange_a);
        connect(ball.flange, contact.flange_b);
        connect(ball.flange, weight.flange);
        weight.F.connect(gravity.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(ground, "ground");
        meta.component(contact, "contact");
        meta.component(ball, "ball");
        meta.component(weight, "weight");
        meta.component(gravity, "gravity");
    }
    const char* type_name() const override { return "Ball"; }
};

// The restitution of the ball's first bounce, from a state in the free flight after it: the apex s + w²/(2g)
// against the 0.1 m of the drop, e = √(apex / 0.1).
inline double restitution_from_flight(const Simulator& sim) {
    return std::sqrt((sim.value("ball.s") + sim.value("ball.w") * sim.value("ball.w") / (2 * Ball::g)) / 0.1);
}

}  // namespace lied::testing
