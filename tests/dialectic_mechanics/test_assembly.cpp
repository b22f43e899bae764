// Consistent start positions and velocities for cut kinematic loops (core/simulation/start_assembly.h): a
// slider-crank started with its wrist pin 11 cm open is assembled onto the closed loop nearest the guess and then
// follows the reduced-coordinate model from there; inconsistent start speeds are made consistent with the loop;
// a loop whose joints cannot reach is refused, naming the closure, the gap and the rule.
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/fixed_translation.h"
#include "dialectic_mechanics/planar/loop_closure.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"
#include "support/slider_crank_reduced.h"
#include "systems/examples/slider_crank.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace lied;
namespace reduced = lied::testing::slider_crank;

namespace {
// The wrist pin's gap before assembly, from the joints' start values (crank at θ, rod along x, piston at 0.4 m).
double open_gap(double theta) {
    const double pin_x = 0.1 * std::cos(theta) + 0.3, pin_y = 0.1 * std::sin(theta);
    return std::hypot(pin_x - 0.4, pin_y);
}
}  // namespace

TEST_CASE("a slider-crank started with its loop 11 cm open is assembled onto the nearest closed loop, then runs as the reduced model") {
    const double guess = 1.2;
    REQUIRE(open_gap(guess) == doctest::Approx(0.113).epsilon(0.01));
    systems::SliderCrank crank;
    crank.crank.q.start = guess;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 2e-4;
    Simulator sim(crank, options);
    // Closed to the assembly's tolerance (1e-11 m), the piston where the hand-solved loop puts it, the rod at the
    // angle that closes it (crankPin.q is the rod's angle relative to the crank), and nearer the guess (crank 1.2 rad,
    // rod 0, piston 0.4 m; nominal values 1) than the closed loop that keeps the crank where it was asked to be.
    const double theta0 = sim.value("crank.q");
    MESSAGE("assembled: crank " << theta0 << " rad (guess " << guess << "), rod " << sim.value("crankPin.q") << " rad relative, piston "
                                << sim.value("cylinder.q") << " m");
    CHECK(sim.value("wristPin.error") < 1e-10);
    CHECK(sim.value("cylinder.q") == doctest::Approx(reduced::piston_position(theta0)).epsilon(1e-9));
    CHECK(sim.value("crankPin.q") == doctest::Approx(reduced::rod_angle(theta0) - theta0).epsilon(1e-9));
    auto distance = [](double theta, double relative, double piston) {
        return std::hypot(theta - 1.2, relative, piston - 0.4);
    };
    const double found = distance(theta0, sim.value("crankPin.q"), sim.value("cylinder.q"));
    const double crank_kept = distance(guess, reduced::rod_angle(guess) - guess, reduced::piston_position(guess));
    MESSAGE("distance from the guess: " << found << " (with the crank kept at the guess: " << crank_kept << ")");
    CHECK(found < crank_kept);
    // From there it is the reduced model started at θ0 at rest: over 0.5 s within the closure's compliance (the
    // error of the start from the top dead centre, 1.2e-3 in θ and θ̇, sets the scale).
    sim.simulate(0.5);
    const reduced::State ref = reduced::advance({theta0, 0.0}, 1e-5, 50000);
    CHECK(sim.value("crank.q") == doctest::Approx(ref[0]).epsilon(2e-3 / std::abs(ref[0])));
    CHECK(sim.value("crank.w") == doctest::Approx(ref[1]).epsilon(2e-3 / std::abs(ref[1])));
}

TEST_CASE("inconsistent start speeds are made consistent with the loop, the positions left where they are") {
    systems::SliderCrank crank;
    crank.crank.q.start = 0.5;
    crank.crank.w.start = 3.0;   // the rod and the piston at rest: the pin would tear the loop open at 0.15 m/s
    Simulator sim(crank);
    const double theta = sim.value("crank.q"), omega = sim.value("crank.w");
    // The piston's speed is dx/dθ·θ̇ of the hand-solved loop, the rod turns at dφ/dθ·θ̇ (central differences, 1e-7).
    const double h = 1e-6;
    const double dx = (reduced::piston_position(theta + h) - reduced::piston_position(theta - h)) / (2 * h);
    const double dphi = (reduced::rod_angle(theta + h) - reduced::rod_angle(theta - h)) / (2 * h);
    MESSAGE("crank speed " << omega << " rad/s (3 asked), piston " << sim.value("cylinder.w") << " m/s");
    CHECK(sim.value("cylinder.w") == doctest::Approx(dx * omega).epsilon(1e-6));
    CHECK(sim.value("crankPin.w") == doctest::Approx((dphi - 1.0) * omega).epsilon(1e-6));
    CHECK(omega > 0.5);
    CHECK(sim.value("wristPin.error") < 1e-10);
}

TEST_CASE("a loop its joints cannot close is refused at the start, naming the closure, the gap and the rule") {
    // A 0.3 m arm on a revolute at the origin, closed by a LoopClosure to a point fixed 1 m away: the arm's end
    // never gets nearer than 0.7 m.
    using namespace mechanics;
    struct Unreachable : Component {
        World world;
        Revolute hinge;
        Body arm{1.0, 0.03, 0.15};
        FixedTranslation tip{0.3, 0.0}, anchor{1.0, 0.0};
        LoopClosure closure;
        Unreachable() {
            connect(world.frame_b, hinge.frame_a);
            connect(hinge.frame_b, arm.frame_a);
            connect(hinge.frame_b, tip.frame_a);
            connect(world.frame_b, anchor.frame_a);
            connect(tip.frame_b, closure.frame_a);
            connect(anchor.frame_b, closure.frame_b);
        }
        void metainfo(Meta& meta) override {
            for (auto [c, n] : {std::pair<Component*, const char*>{&world, "world"}, {&hinge, "hinge"}, {&arm, "arm"}, {&tip, "tip"},
                                {&anchor, "anchor"}, {&closure, "closure"}})
                meta.component(*c, n);
        }
        const char* type_name() const override { return "Unreachable"; }
    } unreachable;
    unreachable.hinge.q.start = 0.4;
    try {
        Simulator sim(unreachable);
        FAIL("the start was accepted");
    } catch (const BuildError& e) {
        const std::string text = e.what();
        INFO(text);
        CHECK(text.find("closure.gap_") == 0);
        CHECK(text.find("the start cannot be made consistent") != std::string::npos);
        CHECK(text.find("stays at 0.7") != std::string::npos);
        CHECK(e.rule().find("every kinematic loop can close") == 0);
    }
}
