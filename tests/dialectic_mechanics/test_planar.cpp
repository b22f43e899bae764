// Planar dialectic mechanics against the classic rigid-body equations (tests/support/double_pendulum_ode.h): the probed L is
// the joint-space mass matrix over T_D at several configurations, and the double pendulum follows the classic ODE
// at any T_D, to the integrator's own order in the step.
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/fixed_translation.h"
#include "dialectic_mechanics/planar/prismatic.h"
#include "core/simulation/simulator.h"
#include "systems/examples/double_pendulum.h"
#include "systems/io/system_file.h"
#include "support/double_pendulum_ode.h"
#include "support/file_error.h"
#include "support/file_twin.h"
#include "support/planar_arm.h"

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <array>
#include <cmath>

using namespace lied;
using namespace lied::mechanics;

namespace classic = lied::testing::double_pendulum;
using classic::mass_matrix;

TEST_CASE("double pendulum: the probed L is M(q)/T_D, M derived by hand, at several configurations") {
    systems::DoublePendulum pendulum;
    Simulator sim(pendulum);
    const double T_D = 1e-3;
    Eigen::Vector4d x, xdot;
    for (auto [q1, q2, w1, w2] : {std::array<double, 4>{0.0, -0.785, 0.0, 0.0}, {1.0, 2.0, 3.0, -1.0}, {-2.5, 0.3, -4.0, 6.0}, {0.4, M_PI, 0.5, 0.5}}) {
        CAPTURE(q2);
        // The states in the order the joints register them: joint1 (q, w), joint2 (q, w).
        x << q1, w1, q2, w2;
        REQUIRE(sim.derivatives(0.0, x.data(), xdot.data()));
        const Eigen::MatrixXd L = sim.linear_system().matrix();
        const Eigen::Matrix2d expected = mass_matrix(q2) / T_D;
        CHECK((L - expected).cwiseAbs().maxCoeff() < 1e-9 * expected.cwiseAbs().maxCoeff());
    }
}

TEST_CASE("double pendulum: the classic motion at any T_D, with RK4's fourth-order error in the step") {
    // Over 1 s (before the motion turns chaotic enough to amplify differences beyond the linear regime) the joint
    // angles and speeds are the classic ODE's, written independently in tests/support/ and integrated with RK4 at
    // the same step: T_D does not enter the motion (the same to 1e-9 at 0.5, 1 and 2 ms: rounding in a = (v − w)/T_D
    // and the probed L). Against a reference at 10 µs, halving the step divides the error by 16 (within 15 %).
    const double t_end = 1.0;
    auto run = [&](double T_D, double h) {
        systems::DoublePendulum pendulum;
        pendulum.defaults.T_D = T_D;
        SimulatorOptions options;
        options.solver = "rk4";
        options.dt = h;
        Simulator sim(pendulum, options);
        sim.simulate(t_end);
        return classic::State{sim.value("joint1.q"), sim.value("joint2.q"), sim.value("joint1.w"), sim.value("joint2.w")};
    };
    auto distance = [](const classic::State& a, const classic::State& b) {
        double d = 0.0;
        for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, std::abs(a[i] - b[i]));
        return d;
    };
    for (const double T_D : {2e-3, 1e-3, 5e-4}) CHECK(distance(run(T_D, 2e-4), classic::at(t_end, 2e-4)) < 1e-9);
    const classic::State ref = classic::at(t_end, 1e-5);
    const double e1 = distance(run(1e-3, 4e-3), ref), e2 = distance(run(1e-3, 2e-3), ref), e3 = distance(run(1e-3, 1e-3), ref);
    MESSAGE("max error in q and w after 1 s at h = 4, 2, 1 ms: " << e1 << ", " << e2 << ", " << e3);
    CHECK(e1 / e2 == doctest::Approx(16.0).epsilon(0.15));
    CHECK(e2 / e3 == doctest::Approx(16.0).epsilon(0.15));
    CHECK(e3 < 1e-6);
}

TEST_CASE("DoublePendulum: the system file reproduces the C++ class") {
    systems::DoublePendulum cpp;
    testing::check_file_twin(cpp, "double_pendulum.yaml", {}, {0.5, 1.0},
                             {{"joint1.q"}, {"joint2.q"}, {"joint1.w"}, {"link2.x_cm"}, {"world.reaction_y"}});
}

TEST_CASE("planar build rules: a joint without a body outside it, and a loop closed rigidly") {
    SUBCASE("a chain without a mass leaves L singular, naming the joint") {
        struct Massless : Component {
            World world;
            Revolute joint;
            FixedTranslation rod{1.0, 0.0};
            Massless() {
                connect(world.frame_b, joint.frame_a);
                connect(joint.frame_b, rod.frame_a);
            }
            void metainfo(Meta& meta) override {
                meta.component(world, "world");
                meta.component(joint, "joint");
                meta.component(rod, "rod");
            }
            const char* type_name() const override { return "Massless"; }
        } massless;
        CHECK_THROWS_WITH_AS(Simulator{massless}, doctest::Contains("joint.v"), BuildError);
        CHECK_THROWS_WITH_AS(Simulator{massless}, doctest::Contains("(rule: every tearing variable acts on its residual through an inertance or mass"),
                             BuildError);
    }
    SUBCASE("a body with negative mass") {
        struct Negative : Component {
            World world;
            Revolute joint;
            Body body{-1.0, 0.5, 0.3};
            Negative() {
                connect(world.frame_b, joint.frame_a);
                connect(joint.frame_b, body.frame_a);
            }
            void metainfo(Meta& meta) override {
                meta.component(world, "world");
                meta.component(joint, "joint");
                meta.component(body, "body");
            }
            const char* type_name() const override { return "Negative"; }
        } negative;
        CHECK_THROWS_WITH_AS(Simulator{negative}, doctest::Contains("body: m = -1"), BuildError);
        CHECK_THROWS_WITH_AS(Simulator{negative}, doctest::Contains("(rule: mass and inertia are not negative)"), BuildError);
    }
    SUBCASE("a loop closed without a compliant element: two roots for one frame") {
        const std::string e = test::file_error_of(R"(system: RigidLoop
components:
  world: {type: World}
  j1: {type: Revolute}
  rod: {type: FixedTranslation}
  j2: {type: Revolute}
connections:
  - [world.frame_b, j1.frame_a]
  - [j1.frame_b, rod.frame_a]
  - [rod.frame_b, j2.frame_a]
  - [j2.frame_b, world.frame_b]
)");
        CHECK(e.find("cannot connect j2.frame_b") != std::string::npos);
        CHECK(e.find("every kinematic loop contains a compliant element") != std::string::npos);
        CHECK(e.find("LoopClosure") != std::string::npos);
    }
}

namespace {
// World → Prismatic (axis at angle theta, spring c) → Body(m).
struct Slider : Component {
    World world;
    Prismatic slide;
    Body block{2.0, 0.1, 0.0};
    Slider(double theta, double c) : slide(std::cos(theta), std::sin(theta)) {
        slide.c = c;
        connect(world.frame_b, slide.frame_a);
        connect(slide.frame_b, block.frame_a);
    }
    void metainfo(Meta& meta) override {
        meta.component(world, "world");
        meta.component(slide, "slide");
        meta.component(block, "block");
    }
    const char* type_name() const override { return "Slider"; }
};
}  // namespace

TEST_CASE("prismatic joint: L = m/T_D, free sliding down a 30 degree axis, and the spring's rest point under gravity") {
    const double m = 2.0, g = 9.81, theta = M_PI / 6;
    {
        Slider slider(theta, 0.0);
        Simulator sim(slider);
        sim.evaluate();
        CHECK(sim.linear_system().matrix()(0, 0) == doctest::Approx(m / 1e-3).epsilon(1e-12));
        sim.simulate(0.5);   // ẇ = −g·sin θ exactly (no velocity products on a fixed axis): RK4 is exact
        CHECK(sim.value("slide.w") == doctest::Approx(-g * std::sin(theta) * 0.5).epsilon(1e-12));
        CHECK(sim.value("block.y_cm") == doctest::Approx(std::sin(theta) * sim.value("slide.q")).epsilon(1e-12));
    }
    Slider sprung(theta, 500.0);
    sprung.slide.d = 20.0;
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-10, 1e-12, 0.0};
    Simulator sim(sprung, options);
    sim.simulate(10.0);
    CHECK(sim.value("slide.q") == doctest::Approx(-m * g * std::sin(theta) / 500.0).epsilon(1e-8));
    CHECK(sim.value("world.reaction_y") == doctest::Approx(-m * g).epsilon(1e-8));   // the world carries the weight
}

TEST_CASE("prismatic on a spinning revolute: the velocity-product terms keep angular momentum exactly") {
    // No gravity, no springs: a 1 kg bead slides out along a spinning rod. (I + m·q²)·ω stays constant; the
    // Coriolis and centripetal terms the prismatic joint carries outwards keep it to RK4's error at 10 µs (below
    // 1e-12 relative), whatever T_D.
    struct Spinner : Component {
        World world;
        Revolute hub{0.0, 5.0};
        Body rod{0.0, 0.2, 0.0};
        Prismatic bead_slide{1.0, 0.0, 0.1};
        Body bead{1.0, 0.0, 0.0};
        Spinner() {
            world.g = 0.0;
            connect(world.frame_b, hub.frame_a);
            connect(hub.frame_b, rod.frame_a);
            connect(hub.frame_b, bead_slide.frame_a);
            connect(bead_slide.frame_b, bead.frame_a);
        }
        void metainfo(Meta& meta) override {
            for (auto [c, n] : {std::pair<Component*, const char*>{&world, "world"}, {&hub, "hub"}, {&rod, "rod"}, {&bead_slide, "slide"}, {&bead, "bead"}})
                meta.component(*c, n);
        }
        const char* type_name() const override { return "Spinner"; }
    };
    auto momentum_change = [](double T_D) {
        Spinner s;
        s.hub.T_D = T_D;
        s.bead_slide.T_D = T_D;
        SimulatorOptions options;
        options.dt = 1e-5;
        Simulator sim(s, options);
        auto H = [&] { return (0.2 + sim.value("slide.q") * sim.value("slide.q")) * sim.value("hub.w"); };
        const double H0 = H();
        sim.simulate(0.3);
        CHECK(sim.value("slide.q") > 0.2);   // the bead did fly out (from 0.1 m)
        return std::abs(H() - H0) / H0;
    };
    const double coarse = momentum_change(1e-3), fine = momentum_change(1e-4);
    MESSAGE("relative change of angular momentum over 0.3 s: T_D = 1 ms " << coarse << ", 0.1 ms " << fine);
    CHECK(coarse < 1e-12);
    CHECK(fine < 1e-12);
}

TEST_CASE("a fixed frame with a rotation: a slide on a base turned by 30 degrees is the slide along a 30 degree axis") {
    // World → FixedTranslation (0.2 m, 0.1 m, turned by π/6) → Prismatic along the base's x → a 2 kg block: the block
    // slides down at g·sin 30° (RK4 is exact for constant acceleration), along the turned axis from the base's origin,
    // and keeps the base's orientation.
    struct TurnedSlide : Component {
        World world;
        FixedTranslation base{0.2, 0.1, M_PI / 6};
        Prismatic slide{1.0, 0.0};
        Body block{2.0, 0.1, 0.0};
        TurnedSlide() {
            connect(world.frame_b, base.frame_a);
            connect(base.frame_b, slide.frame_a);
            connect(slide.frame_b, block.frame_a);
        }
        void metainfo(Meta& meta) override {
            for (auto [c, n] : {std::pair<Component*, const char*>{&world, "world"}, {&base, "base"}, {&slide, "slide"}, {&block, "block"}})
                meta.component(*c, n);
        }
        const char* type_name() const override { return "TurnedSlide"; }
    } turned;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-3;
    Simulator sim(turned, options);
    sim.simulate(0.5);
    const double g = 9.81, q = sim.value("slide.q");
    CHECK(sim.value("slide.w") == doctest::Approx(-g * 0.5 * 0.5).epsilon(1e-12));
    CHECK(q == doctest::Approx(-0.5 * g * 0.5 * 0.25).epsilon(1e-12));
    CHECK(sim.value("block.x_cm") == doctest::Approx(0.2 + std::cos(M_PI / 6) * q).epsilon(1e-12));
    CHECK(sim.value("block.y_cm") == doctest::Approx(0.1 + std::sin(M_PI / 6) * q).epsilon(1e-12));
    CHECK(sim.value("world.reaction_y") == doctest::Approx(-2.0 * g * std::cos(M_PI / 6) * std::cos(M_PI / 6)).epsilon(1e-9));
}

TEST_CASE("joint limits: an arm falls onto its end stop, rebounds to where it fell from if the stop is elastic, rests on it if damped") {
    // A 1 m, 1 kg rod on a revolute (q from +x), released horizontal; its lower stop at q_min = −π/4 (10³ N·m/rad).
    // Elastic: the arm bounces and swings back up to q = 0 (energy kept; RK4 at 0.1 ms resolves the stop's
    // 57 ms contact: 1e-3 rad, measured 1e-6). Damped: it settles on the stop with c_stop·(q_min − q) = m·g·l·cos q, l = 0.5 m.
    struct Arm : testing::PlanarArm {
        explicit Arm(double d_stop) { hinge.q_min = -M_PI / 4, hinge.c_stop = 1e3, hinge.d_stop = d_stop; }
    };
    {
        Arm elastic(0.0);
        SimulatorOptions options;
        options.solver = "rk4";
        options.dt = 1e-4;
        Simulator sim(elastic, options);
        double lowest = 0.0, highest_after = -10.0, strongest = 0.0;
        bool bounced = false;
        for (int k = 1; k <= 1500; ++k) {
            sim.simulate(k * 1e-3);
            lowest = std::min(lowest, sim.value("hinge.q"));
            strongest = std::max(strongest, sim.value("hinge.f_stop"));
            if (sim.value("hinge.w") > 0.0) bounced = true;
            if (bounced) highest_after = std::max(highest_after, sim.value("hinge.q"));
        }
        MESSAGE("elastic stop: lowest " << lowest << " rad, back up to " << highest_after << " rad, largest stop torque " << strongest << " N.m");
        CHECK(lowest < -M_PI / 4);
        CHECK(strongest > 0.0);
        CHECK(highest_after == doctest::Approx(0.0).scale(1.0).epsilon(1e-3));
    }
    Arm damped(1e4);   // at rest d_stop·overtravel ≈ 35 N·m·s/rad: about critical for 10³ N·m/rad on 1/3 kg·m²
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-10, 1e-12, 0.0};
    Simulator sim(damped, options);
    sim.simulate(5.0);
    const double q = sim.value("hinge.q");
    CHECK(q < -M_PI / 4);
    CHECK(1e3 * (-M_PI / 4 - q) == doctest::Approx(1.0 * 9.81 * 0.5 * std::cos(q)).epsilon(1e-6));
    CHECK(sim.value("hinge.f_stop") == doctest::Approx(1.0 * 9.81 * 0.5 * std::cos(q)).epsilon(1e-6));
}
