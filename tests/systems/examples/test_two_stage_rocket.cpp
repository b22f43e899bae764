// The two-stage rocket (variable structure): altitude and velocity of every body in each phase against the
// closed form, momentum at the release, the changes at 5 s and 10 s, and a refused release that leaves the flight
// as it was.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"
#include "systems/examples/two_stage_rocket.h"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>

using namespace lied;
using lied::systems::TwoStageRocket;

namespace {

// Closed form of Newton's law. For a free body with applied force F(t), the residual m·(v − w)/T_D = F gives
// ẇ = F/m exactly, and ṡ = w: the dialectic model is Newton's, whatever T_D.
constexpr double g = 9.81;

struct Motion {
    double s, w;
};

// 0–5 s, both stages: a = (10000·(1 − t/5))/200 − g = 50 − 10·t − g.
Motion attached(double t) {
    const double w = (50 - g) * t - 5 * t * t;
    const double s = 1.75 + (50 - g) * t * t / 2 - 5 * t * t * t / 3;
    return {s, w};
}
// After 5 s (τ = t − 5), from the assembly's state at 5 s, offset by ∓0.75 m.
Motion stage1(double t) {   // no thrust
    const Motion r = attached(5.0);
    const double tau = t - 5, w = r.w - g * tau;
    return {r.s - 0.75 + r.w * tau - g * tau * tau / 2, w};
}
Motion stage2(double t) {   // a = 2000·(1 − τ/10)/100 − g = 20 − 2·τ − g until τ = 10, −g afterwards
    const Motion r = attached(5.0);
    const double tau = std::min(t - 5, 10.0), after = std::max(t - 15, 0.0);
    double w = r.w + (20 - g) * tau - tau * tau;
    double s = r.s + 0.75 + r.w * tau + (20 - g) * tau * tau / 2 - tau * tau * tau / 3;
    s += w * after - g * after * after / 2;
    w -= g * after;
    return {s, w};
}

}  // namespace

TEST_CASE("two-stage rocket: every body's altitude and velocity in each phase equal the closed form") {
    auto rocket = TwoStageRocket::make();
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 1e-3;
    Simulator sim(*rocket, o);
    TwoStageRocket::schedule_changes(sim);
    // RK4 integrates the piecewise polynomial motion exactly within each phase (degree ≤ 3), the changes fall on
    // step boundaries: what remains is rounding over 20 000 steps (1e-9 m on ~1500 m).
    for (double t : {1.0, 2.5, 4.999}) {
        sim.simulate(t);
        CHECK(sim.value("stages.s") == doctest::Approx(attached(t).s).epsilon(1e-11));
        CHECK(sim.value("stages.w") == doctest::Approx(attached(t).w).epsilon(1e-11));
    }
    for (double t : {5.001, 7.5, 9.999}) {
        sim.simulate(t);
        CHECK(sim.find_value("stages.s") == nullptr);   // the assembly is gone
        CHECK(sim.value("stage1.s") == doctest::Approx(stage1(t).s).epsilon(1e-11));
        CHECK(sim.value("stage1.w") == doctest::Approx(stage1(t).w).epsilon(1e-11));
        CHECK(sim.value("stage2.s") == doctest::Approx(stage2(t).s).epsilon(1e-11));
        CHECK(sim.value("stage2.w") == doctest::Approx(stage2(t).w).epsilon(1e-11));
    }
    for (double t : {10.001, 15.0, 20.0}) {
        sim.simulate(t);
        CHECK(sim.find_value("stage1.s") == nullptr);   // removed at 10 s
        CHECK(sim.value("stage2.s") == doctest::Approx(stage2(t).s).epsilon(1e-11));
        CHECK(sim.value("stage2.w") == doctest::Approx(stage2(t).w).epsilon(1e-11));
    }
    REQUIRE(sim.segments().size() == 3);
    CHECK(sim.segments()[1].start == 5.0);
    CHECK(sim.segments()[1].states == 4);
    CHECK(sim.segments()[2].start == 10.0);
    CHECK(sim.segments()[2].states == 2);
}

TEST_CASE("two-stage rocket: the release conserves momentum and places each stage where it sat") {
    auto rocket = TwoStageRocket::make();
    Simulator sim(*rocket);
    TwoStageRocket::schedule_changes(sim);
    sim.simulate(5.0 - 1e-9);   // just before the release: the assembly still flies
    CHECK(sim.find_value("stages.w") != nullptr);
    sim.simulate(5.0);
    // At 5 s exactly the release has happened; the assembly's last state is what the initializer read.
    const Motion r = attached(5.0);
    const double momentum_after = 100.0 * sim.value("stage1.w") + 100.0 * sim.value("stage2.w");
    CHECK(momentum_after == doctest::Approx(200.0 * r.w).epsilon(1e-12));
    CHECK(sim.value("stage2.s") - sim.value("stage1.s") == doctest::Approx(1.5).epsilon(1e-12));
    CHECK((sim.value("stage1.s") + sim.value("stage2.s")) / 2 == doctest::Approx(r.s).epsilon(1e-12));
}

TEST_CASE("two-stage rocket: a release that cannot be made is refused at 5 s and the assembly flies on") {
    auto rocket = TwoStageRocket::make();
    Simulator sim(*rocket);
    StructuralChange bad = TwoStageRocket::release();
    bad.connect("stage1.flange", "stage2.flange");   // two driving flanges: one chain with two roots
    sim.schedule(5.0, std::move(bad));
    CHECK_THROWS_WITH_AS(sim.simulate(6.0), doctest::Contains("refused at t = 5"), SimulationError);
    CHECK(sim.segments().size() == 1);
    sim.simulate(6.0);   // the attached stages fly on: thrust 0 after 5 s, gravity only
    const Motion r = attached(5.0);
    CHECK(sim.value("stages.w") == doctest::Approx(r.w - g * 1.0).epsilon(1e-9));
}

TEST_CASE("two-stage rocket: the system file's actions give the same flight as the C++ changes") {
    // The file spells out the same components and the same two changes as TwoStageRocket (two_stage_rocket.yaml:
    // `actions` with remove, add, connect and initial {from, plus}); the weights are typed in as −1962 and −981 N,
    // m·g to the last digit, so the flights agree to rounding.
    auto cpp = TwoStageRocket::make();
    auto file = systems::load_system_file((std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/two_stage_rocket.yaml").string());
    REQUIRE(file.actions.size() == 2);
    CHECK(file.actions[0].first == 5.0);
    CHECK(file.actions[0].second.description() == "release: the stages separate");
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 1e-3;
    Simulator a(*cpp, o), b(*file.root, o);
    TwoStageRocket::schedule_changes(a);
    for (auto& [at, change] : file.actions) b.schedule(at, std::move(change));
    for (double t : {4.0, 7.0, 12.0, 20.0}) {
        a.simulate(t);
        b.simulate(t);
        for (const char* name : {"stages.s", "stages.w", "stage1.s", "stage1.w", "stage2.s", "stage2.w"}) {
            CAPTURE(t);
            CAPTURE(name);
            REQUIRE((a.find_value(name) == nullptr) == (b.find_value(name) == nullptr));   // the same structure
            if (a.find_value(name)) CHECK(a.value(name) == doctest::Approx(b.value(name)).epsilon(1e-12));
        }
    }
    CHECK(b.segments().size() == 3);
}
