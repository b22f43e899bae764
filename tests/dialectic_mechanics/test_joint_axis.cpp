// A planar joint's 1D axis flange and its prescribed motion, against closed forms and the classic equations written
// here: a motor's rotor behind a gear adds its reflected inertia to the pendulum it drives (in L and in the motion),
// Coulomb friction on a prismatic joint decelerates a slider at F_c/m and stops it where its energy is spent, and a
// joint whose motion is prescribed follows its reference with the follower's closed-form lag while its reaction is
// what holding and moving the body takes.
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "dialectic_mechanics/one_dimensional/rotational.h"
#include "dialectic_mechanics/one_dimensional/translational.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/prismatic.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"
#include "components/sources.h"
#include "support/classic_rk4.h"
#include "support/planar_arm.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <array>
#include <cmath>

using namespace lied;
using namespace lied::mechanics;

namespace {
constexpr double kG = 9.81;

using Arm = testing::PlanarArm;   // the 1 m, 1 kg rod on a revolute joint at the world's origin
}  // namespace

TEST_CASE("a joint's axis flange: a rotor behind a gear adds its reflected inertia J/ratio² to L and to the pendulum's motion") {
    // The arm, released horizontal, drives through a 1:10 gear (φ_a/φ_b = 0.1: the rotor turns ten times as fast) a
    // rotor of 2e-3 kg·m² carried on the gear's output: (1/3 + 2e-3/0.01)·q̈ = −m·g·l·cos q, the classic pendulum
    // with 0.2 kg·m² more, integrated here with classic RK4 at the same step (the same discrete map: 1e-12).
    struct GearedArm : Arm {
        IdealGear gear{0.1};
        CarriedInertia rotor{2e-3};
        GearedArm() {
            connect(hinge.axis, gear.flange_a);
            connect(gear.flange_b, rotor.flange_a);
        }
        void metainfo(Meta& meta) override {
            Arm::metainfo(meta);
            meta.component(gear, "gear");
            meta.component(rotor, "rotor");
        }
    } arm;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-3;
    Simulator sim(arm, options);
    sim.evaluate();
    const double I = 1.0 / 3.0 + 2e-3 / (0.1 * 0.1);
    CHECK(sim.linear_system().matrix()(0, 0) == doctest::Approx(I / 1e-3).epsilon(1e-12));
    sim.simulate(1.0);
    const std::array<double, 2> x = testing::classic_rk4<2>(
        {0.0, 0.0}, [&](const std::array<double, 2>& y) { return std::array<double, 2>{y[1], -1.0 * kG * 0.5 * std::cos(y[0]) / I}; }, 1e-3, 1000);
    CHECK(sim.value("hinge.q") == doctest::Approx(x[0]).epsilon(1e-12));
    CHECK(sim.value("hinge.w") == doctest::Approx(x[1]).epsilon(1e-12));
    // The rotor turns ten times as fast as the arm: its kinetic energy is ½·J·(w/0.1)².
    CHECK(sim.value("rotor.E_kin") == doctest::Approx(0.5 * 2e-3 * (x[1] / 0.1) * (x[1] / 0.1)).epsilon(1e-12));
}

TEST_CASE("a joint's axis flange: Coulomb friction on a prismatic joint decelerates at F_c/m and stops the slider where its energy is spent") {
    // A 2 kg block slides along x at 3 m/s on a horizontal prismatic joint; friction of 4 N acts between the joint's
    // axis and a fixed flange (frame_a's side). While it slides (|w| ≫ v_reg = 1e-4 m/s, tanh = 1 to rounding) it
    // decelerates at 2 m/s², which RK4 integrates exactly; it stops at v0²/(2·a) = 2.25 m after 1.5 s, the friction
    // having dissipated ½·m·v0² = 9 J (the books, checked at every step, close).
    struct FrictionSlide : Component {
        World world;
        Prismatic slide{1.0, 0.0};
        Body block{2.0, 0.1, 0.0};
        Fixed ground;
        Friction friction;
        FrictionSlide() {
            slide.w.start = 3.0;
            friction.F_c = 4.0;
            friction.v_reg = 1e-4;
            connect(world.frame_b, slide.frame_a);
            connect(slide.frame_b, block.frame_a);
            connect(ground.flange, friction.flange_a);
            connect(slide.axis, friction.flange_b);
        }
        void metainfo(Meta& meta) override {
            for (auto [c, n] : {std::pair<Component*, const char*>{&world, "world"}, {&slide, "slide"}, {&block, "block"}, {&ground, "ground"},
                                {&friction, "friction"}})
                meta.component(*c, n);
        }
        const char* type_name() const override { return "FrictionSlide"; }
    } slider;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-3;
    Simulator sim(slider, options);
    sim.simulate(1.0);
    CHECK(sim.value("slide.w") == doctest::Approx(1.0).epsilon(1e-12));
    CHECK(sim.value("slide.q") == doctest::Approx(2.0).epsilon(1e-12));
    CHECK(sim.value("friction.f") == doctest::Approx(4.0).epsilon(1e-12));   // on the ground, along the motion
    options.solver = "cvode-bdf";   // the stop: the regularised law is stiff (F_c/v_reg / m = 2e4 1/s)
    options.tolerances = {1e-10, 1e-12, 0.0};
    FrictionSlide again;
    Simulator stiff(again, options);
    stiff.simulate(3.0);
    CHECK(std::abs(stiff.value("slide.w")) < 1e-6);
    // Where it stops: 2.25 m, less the creep through the regularised band (v_reg·m/F_c·v ... about 1e-4 m at most).
    CHECK(stiff.value("slide.q") == doctest::Approx(2.25).scale(1.0).epsilon(1e-4));
}

TEST_CASE("a prescribed joint: velocity and position follow their reference in closed form, and the reaction holds and moves the body") {
    // Velocity: T_D·ẇ + w = ω0 from rest: w = ω0·(1 − e^(−t/T_D)), q = ω0·(t − T_D·(1 − e^(−t/T_D))).
    // Position with a ramp q_ref = r·t from rest: T_D²·q̈ + 2·T_D·q̇ + q = r·t, so
    // q = r·(t − 2·T_D) + (2·r·T_D + r·t)·e^(−t/T_D) (critically damped, lag 2·T_D·r).
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-12, 1e-14, 0.0};
    const double T_D = 1e-3;
    struct Driven : Arm {
        components::Constant reference_value;
        explicit Driven(JointMotion how, double value) {
            hinge.motion = how;
            reference_value.k = value;
            connect(reference_value.y, hinge.reference);
        }
        void metainfo(Meta& meta) override {
            Arm::metainfo(meta);
            meta.component(reference_value, "reference_value");
        }
    };
    {
        Driven spun(JointMotion::Velocity, 2.0);
        Simulator sim(spun, options);
        for (double t : {0.5e-3, 2e-3, 0.1}) {
            sim.simulate(t);
            CAPTURE(t);
            CHECK(sim.value("hinge.w") == doctest::Approx(2.0 * (1 - std::exp(-t / T_D))).epsilon(1e-9));
            CHECK(sim.value("hinge.q") == doctest::Approx(2.0 * (t - T_D * (1 - std::exp(-t / T_D)))).epsilon(1e-9));
        }
        // Turning at 2 rad/s the rod needs no torque to speed up, only to hold it against gravity: Q_b, what the rod
        // exerts, is its weight's moment −m·g·l·cos q; the drive supplies what lifts it.
        const double q = sim.value("hinge.q");
        CHECK(sim.value("hinge.Q_b") == doctest::Approx(-1.0 * kG * 0.5 * std::cos(q)).epsilon(1e-6));
    }
    struct Ramped : Arm {
        components::Ramp reference_value;
        Ramped() {
            hinge.motion = JointMotion::Position;
            reference_value.height = 10.0;   // 1 rad/s over 10 s
            reference_value.duration = 10.0;
            connect(reference_value.y, hinge.reference);
        }
        void metainfo(Meta& meta) override {
            Arm::metainfo(meta);
            meta.component(reference_value, "reference_value");
        }
    } ramped;
    // RK4 at 10 µs (T_D/100: the follower's error is about (h/T_D)⁴, below 1e-8 relative).
    SimulatorOptions fixed;
    fixed.solver = "rk4";
    fixed.dt = 1e-5;
    Simulator sim(ramped, fixed);
    for (double t : {1e-3, 5e-3, 0.5}) {
        sim.simulate(t);
        CAPTURE(t);
        CHECK(sim.value("hinge.q") == doctest::Approx(t - 2 * T_D + (2 * T_D + t) * std::exp(-t / T_D)).scale(1e-6).epsilon(1e-9));
    }
}

TEST_CASE("planar joint rules: a prescribed joint follows a reference and has no drive, a free joint reads no reference") {
    struct Wrong : Arm {
        components::Constant value;
        explicit Wrong(bool prescribed) {
            if (prescribed) {
                hinge.motion = JointMotion::Position;
                connect(value.y, hinge.drive);
            } else {
                connect(value.y, hinge.reference);
            }
        }
        void metainfo(Meta& meta) override {
            Arm::metainfo(meta);
            meta.component(value, "value");
        }
    };
    Wrong driven(true), referenced(false);
    CHECK_THROWS_WITH_AS(Simulator{driven}, doctest::Contains("hinge: drive connected (rule: a joint whose motion is prescribed has no drive"), BuildError);
    CHECK_THROWS_WITH_AS(Simulator{referenced}, doctest::Contains("hinge: reference connected (rule: a free joint moves by its forces"), BuildError);
    Arm unreferenced;
    unreferenced.hinge.motion = JointMotion::Velocity;
    CHECK_THROWS_WITH_AS(Simulator{unreferenced},
                         doctest::Contains("hinge: reference not connected (rule: a joint whose motion is prescribed follows its reference"), BuildError);
}

TEST_CASE("GearedArm example: the arm comes to rest where the motor, its weight and the bearing's friction balance") {
    // 0.4 N·m through 1:10 is 4 N·m at the joint against the weight's moment m·g·l·cos q (1 kg, 0.5 m); the bearing
    // holds anything within F_c = 0.1 N·m. At rest (after 10 s, the damper's and the friction's creep below 1e-3 rad/s)
    // the torques on the joint sum to zero: the motor's, the weight's, the friction's (−f on the joint) and the
    // damper's −d·w.
    systems::LoadedSystem file = systems::load_system_file(std::string(LIED_SOURCE_DIR) + "/systems/examples/files/geared_arm.yaml");
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-10, 1e-12, 0.0};
    Simulator sim(*file.root, options);
    sim.simulate(10.0);
    const double q = sim.value("hinge.q"), w = sim.value("hinge.w"), weight = 1.0 * kG * 0.5 * std::cos(q);
    CHECK(std::abs(w) < 1e-3);
    CHECK(std::abs(4.0 - weight) <= 0.1);   // inside the friction band around acos(4/4.905) = −0.617 rad
    CHECK(q < -0.5);
    CHECK(sim.value("hinge.Q_b") == doctest::Approx(-weight).epsilon(1e-4));   // the weight; the creep's inertia adds 1e-6
    CHECK(4.0 - weight - sim.value("bearing.f") - 1.5 * w == doctest::Approx(0.0).scale(1.0).epsilon(1e-3));
}
