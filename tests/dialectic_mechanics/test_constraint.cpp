// The switched constraint (Baumgarte-stabilised, no change of states) against attach/release by structural change:
// momentum is conserved at every instant, once closed the bodies move as the attached assembly does, once open each
// is free again, and the two-stage rocket flies the same with either formulation.
#include "components/sources.h"
#include "core/model/build_error.h"
#include "core/model/composite.h"
#include "core/simulation/simulator.h"
#include "dialectic_mechanics/one_dimensional/attach.h"
#include "dialectic_mechanics/one_dimensional/constraint.h"
#include "dialectic_mechanics/one_dimensional/translational.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/planar_constraint.h"
#include "dialectic_mechanics/planar/prismatic.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"
#include "support/pushed_pair.h"
#include "systems/examples/two_stage_rocket.h"

#include <doctest/doctest.h>

#include <cmath>
#include <memory>

using namespace lied;

namespace {

SimulatorOptions rk4(double dt = 1e-3) {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = dt;
    return o;
}

// The pushed pair of the attach test, with or without a constraint between a and b.
std::unique_ptr<Composite> pair(bool with_constraint, double t_close, double T_close, double t_open) {
    auto net = test::pushed_pair();
    if (with_constraint) {
        auto link = std::make_unique<mechanics::Constraint>();
        link->switching.t_close = t_close;
        link->switching.T_close = T_close;
        link->switching.t_open = t_open;
        auto& l = static_cast<mechanics::Constraint&>(net->add("link", std::move(link)));
        connect(test::mass(*net, "a").flange, l.flange_a);
        connect(test::mass(*net, "b").flange, l.flange_b);
    }
    return net;
}

double momentum(const Simulator& sim) { return 2 * sim.value("a.w") + 3 * sim.value("b.w"); }

}  // namespace

TEST_CASE("constraint closed smoothly at 0.5 s: momentum exact throughout, then the motion of the attached assembly") {
    auto net = pair(true, 0.5, 0.02, 1.0);
    Simulator sim(*net, rk4());
    // Momentum: the push is the only external force, so p(t) = 2·2 − 3·1 + 6·t at every instant; RK4 integrates the
    // linear momentum balance exactly (the constraint force cancels in every stage), so the bound is rounding.
    for (double t : {0.25, 0.5, 0.505, 0.51, 0.52, 0.6, 0.9}) {
        sim.simulate(t);
        CHECK(momentum(sim) == doctest::Approx(1.0 + 6.0 * t).epsilon(1e-12));
    }
    // Closed: the relative velocity decays with the Baumgarte rate (η = 50/s) once σ = 1; by 0.9 s it is below
    // 1e-6 m/s and both move as the attached assembly, whose velocity is p(t)/5.
    auto attached_net = pair(false, 0, 0, 0);
    Simulator attached(*attached_net, rk4());
    attached.simulate(0.5);
    StructuralChange attach = mechanics::attach_masses(attached, "a", "b", "ab");
    attached.apply(attach);
    attached.simulate(0.9);
    CHECK(sim.value("a.w") == doctest::Approx(attached.value("ab.w")).epsilon(1e-6));
    CHECK(sim.value("b.w") == doctest::Approx(attached.value("ab.w")).epsilon(1e-6));
    CHECK(std::abs(sim.value("link.error")) < 1e-6);
    // The same energy: the joining dissipates ½·μ·Δw² either way (as kinetic energy p²/(2M) once rigid).
    sim.evaluate();
    attached.evaluate();
    CHECK(sim.value("a.E_kin") + sim.value("b.E_kin") == doctest::Approx(attached.value("ab.E_kin")).epsilon(1e-6));
    // The constraint force accelerates b with the assembly: λ on b is −f_b = 3 kg · 6/5 m/s².
    CHECK(-sim.value("link.f") == doctest::Approx(3.0 * 6.0 / 5.0).epsilon(1e-6));
    CHECK(sim.value("link.sigma") == 1.0);

    // Open at 1 s (at once): λ = 0 exactly, b coasts, a alone takes the push.
    sim.simulate(1.0);
    const double wb = sim.value("b.w"), wa = sim.value("a.w");
    sim.simulate(1.3);
    CHECK(sim.value("link.sigma") == 0.0);
    CHECK(sim.value("link.f") == 0.0);
    CHECK(sim.value("b.w") == doctest::Approx(wb).epsilon(1e-12));
    CHECK(sim.value("a.w") == doctest::Approx(wa + 3.0 * 0.3).epsilon(1e-9));
    CHECK(momentum(sim) == doctest::Approx(1.0 + 6.0 * 1.3).epsilon(1e-12));
}

TEST_CASE("constraint: the closing captures the distance where the bodies are, and never closed it does nothing") {
    SUBCASE("captured at the closing instant") {
        auto net = pair(true, 0.5, 0.0, 1e30);   // closes at once
        Simulator sim(*net, rk4());
        sim.simulate(0.5);
        const double gap = sim.value("b.s") - sim.value("a.s");
        sim.simulate(2.0);
        CHECK(sim.value("link.held") == doctest::Approx(gap).epsilon(1e-12));
        CHECK(sim.value("b.s") - sim.value("a.s") == doctest::Approx(gap).epsilon(1e-3));   // held (the error decays at η)
        CHECK(std::abs(sim.value("link.error")) < 1e-6);
    }
    SUBCASE("never closed") {
        auto free_net = pair(false, 0, 0, 0), net = pair(true, 5.0, 0.1, 6.0);
        Simulator free(*free_net, rk4()), sim(*net, rk4());
        free.simulate(1.0);
        sim.simulate(1.0);
        CHECK(sim.value("link.f") == 0.0);
        // λ = 0 exactly, but the constrained system solves a 3×3 L where the free one solves two 1×1: the same
        // numbers up to the rounding of the solve.
        CHECK(sim.value("a.s") == doctest::Approx(free.value("a.s")).epsilon(1e-14));
        CHECK(sim.value("b.w") == doctest::Approx(free.value("b.w")).epsilon(1e-14));
    }
}

TEST_CASE("constraint: opening before closing is refused at build, naming the component and the rule") {
    auto net = pair(true, 2.0, 0.0, 1.0);
    CHECK_THROWS_WITH_AS(Simulator(*net, rk4()), doctest::Contains("link: t_open = 1.000000 s before t_close = 2.000000 s (rule: a constraint opens after it closed"),
                         BuildError);
}

TEST_CASE("two-stage rocket with a switched constraint instead of a structural change: the same flight") {
    // The stages as two bodies from the start, held 1.5 m apart by a constraint that opens at 5 s (at once). The
    // structural version flies one 200 kg body until 5 s, then two. Held rigid from the start (error 0), the two
    // formulations integrate the same equations: positions and velocities agree to rounding.
    using systems::TwoStageRocket;
    auto net = std::make_unique<Composite>("ConstrainedRocket");
    auto body = [&](const std::string& name, double s0) -> mechanics::Mass& {
        auto& m = static_cast<mechanics::Mass&>(net->add(name, std::make_unique<mechanics::Mass>(100.0, s0, 0.0)));
        auto& weight = static_cast<components::Constant&>(net->add("weight_" + name, std::make_unique<components::Constant>(-100.0 * 9.81)));
        auto& gravity = static_cast<mechanics::Force&>(net->add("gravity_" + name, std::make_unique<mechanics::Force>()));
        connect(m.flange, gravity.flange);
        gravity.F.connect(weight.y);
        return m;
    };
    auto engine = [&](const std::string& name, mechanics::Mass& on, std::unique_ptr<components::Ramp> thrust) {
        auto& source = static_cast<components::Ramp&>(net->add("thrust_" + name, std::move(thrust)));
        auto& push = static_cast<mechanics::Force&>(net->add(name, std::make_unique<mechanics::Force>()));
        connect(on.flange, push.flange);
        push.F.connect(source.y);
    };
    auto& stage1 = body("stage1", 1.0);
    auto& stage2 = body("stage2", 2.5);
    engine("engine1", stage1, std::make_unique<components::Ramp>(-10000.0, 5.0, 10000.0, 0.0));
    // 2000·(1 − (t − 5)/10) N from 5 s to 15 s, zero before (the structural version adds this engine at 5 s): a step
    // of 2000 N at 5 s and a ramp down from 5 s, two forces on the same flange.
    engine("engine2", stage2, std::make_unique<components::Ramp>(-2000.0, 10.0, 0.0, 5.0));
    engine("engine2_on", stage2, std::make_unique<components::Ramp>(2000.0, 0.0, 0.0, 5.0));
    auto link = std::make_unique<mechanics::Constraint>();
    link->s_rel0 = 1.5;
    link->switching.t_open = 5.0;
    auto& l = static_cast<mechanics::Constraint&>(net->add("link", std::move(link)));
    connect(stage1.flange, l.flange_a);
    connect(stage2.flange, l.flange_b);
    Simulator constrained(*net, rk4());
    auto structural_net = TwoStageRocket::make();
    Simulator structural(*structural_net, rk4());
    TwoStageRocket::schedule_changes(structural);
    for (double t : {2.0, 4.0}) {
        constrained.simulate(t);
        structural.simulate(t);
        CHECK(constrained.value("stage1.s") == doctest::Approx(structural.value("stages.s") - 0.75).epsilon(1e-11));
        CHECK(constrained.value("stage2.s") == doctest::Approx(structural.value("stages.s") + 0.75).epsilon(1e-11));
        CHECK(constrained.value("stage2.w") == doctest::Approx(structural.value("stages.w")).epsilon(1e-11));
    }
    for (double t : {7.0, 9.5}) {
        constrained.simulate(t);
        structural.simulate(t);
        for (const char* v : {"stage1.s", "stage1.w", "stage2.s", "stage2.w"}) CHECK(constrained.value(v) == doctest::Approx(structural.value(v)).epsilon(1e-10));
    }
    CHECK(constrained.model().states.size() == 4);   // all the time; the structural one went 2 → 4 → 2
}

TEST_CASE("planar constraint: two free bodies gripped in flight keep their momentum, then move as one rigid body") {
    // No gravity. Body a (2 kg) drifts right and spins; body b (1 kg) moves up, 0.3 m away. The grip closes over
    // 50 ms at 0.2 s. The constraint's forces are internal and, with the centres of mass at the frame origins,
    // the mass matrix of each free body is diag(m, m, I): linear momentum is kept to rounding. Afterwards the
    // relative pose is held (error decays at η = 50/s) and both share one angular velocity.
    using namespace mechanics;
    auto net = std::make_unique<Composite>("TwoBodies");
    auto& world = static_cast<World&>(net->add("world", std::make_unique<World>()));
    world.g = 0.0;
    auto free_body = [&](const std::string& name, double m, double I, double x0, double y0, double vx, double vy, double omega) -> FrameOut& {
        auto& x = static_cast<Prismatic&>(net->add(name + "_x", std::make_unique<Prismatic>(1.0, 0.0, x0)));
        auto& y = static_cast<Prismatic&>(net->add(name + "_y", std::make_unique<Prismatic>(0.0, 1.0, y0)));
        auto& turn = static_cast<Revolute&>(net->add(name + "_turn", std::make_unique<Revolute>(0.0, omega)));
        auto body = std::make_unique<Body>();
        body->m = m;
        body->I = I;
        body->r_cm_x = 0.0;
        auto& b = static_cast<Body&>(net->add(name, std::move(body)));
        x.w.start = vx;
        y.w.start = vy;
        connect(world.frame_b, x.frame_a);
        connect(x.frame_b, y.frame_a);
        connect(y.frame_b, turn.frame_a);
        connect(turn.frame_b, b.frame_a);
        return turn.frame_b;
    };
    FrameOut& a = free_body("a", 2.0, 0.02, 0.0, 0.0, 1.0, 0.0, 2.0);
    FrameOut& b = free_body("b", 1.0, 0.01, 0.3, 0.0, 0.0, 0.5, 0.0);
    auto grip = std::make_unique<PlanarConstraint>();
    grip->switching.t_close = 0.2;
    grip->switching.T_close = 0.05;
    auto& g = static_cast<PlanarConstraint&>(net->add("grip", std::move(grip)));
    connect(a, g.frame_a);
    connect(b, g.frame_b);
    Simulator sim(*net, rk4(1e-4));
    auto px = [&] { return 2.0 * sim.value("a_x.w") + 1.0 * sim.value("b_x.w"); };
    auto py = [&] { return 2.0 * sim.value("a_y.w") + 1.0 * sim.value("b_y.w"); };
    for (double t : {0.1, 0.21, 0.23, 0.25, 0.5, 1.0}) {
        sim.simulate(t);
        CHECK(px() == doctest::Approx(2.0).epsilon(1e-12));
        CHECK(py() == doctest::Approx(0.5).epsilon(1e-12));
    }
    sim.evaluate();
    CHECK(sim.value("grip.sigma") == 1.0);
    CHECK(sim.value("grip.error") < 1e-6);
    CHECK(std::abs(sim.value("grip.error_phi")) < 1e-6);
    CHECK(sim.value("a_turn.w") == doctest::Approx(sim.value("b_turn.w")).epsilon(1e-6));   // one rigid body
}
