// The blocks whose law switches at an event (relations, Hysteresis, Sign, LimIntegrator) and the truth-value blocks,
// against Modelica's definitions written out here: on u = sin(t) each switch happens where the closed form says, so
// that the integral of the output through an Integrator is exact to the event tolerance with a coarse rk4 step (and
// off by the step without the events); the start value comes from the inputs at the start, also for a block a
// structural change adds; the rules they refuse are named.
#include "support/build_error_of.h"
#include "components/continuous_blocks.h"
#include "components/logical_blocks.h"
#include "components/sources.h"
#include "components/step_source.h"
#include "components/switched_blocks.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string>

using namespace lied;
using namespace lied::components;
using lied::testing::build_error_of;

namespace {

constexpr double kPi = std::numbers::pi;

// u = sin(t + phase) into `block`, whose output an Integrator integrates.
template <class Block>
class Bench : public Component {
public:
    Sine u{1.0, 1.0 / (2 * kPi)};
    Block block;
    components::Integrator integral;   // lied::Integrator is the solvers' interface
    Bench() {
        block.u.connect(u.y);
        if constexpr (requires { block.y.der; }) integral.u.connect(block.y.value());
        else integral.u.connect(block.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(u, "u");
        meta.component(block, "block");
        meta.component(integral, "integral");
    }
    const char* type_name() const override { return "Bench"; }
};

SimulatorOptions coarse_rk4() {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 0.3;   // lands on none of the switching times below
    return o;
}

}  // namespace

TEST_CASE("a relation switches at the located crossing: the integral of its truth value is exact with a coarse step") {
    // y = (sin t > 0.5) is 1 on (π/6, 5π/6) and (13π/6, 17π/6): its integral to 3π is 2·(2π/3).
    Bench<GreaterThreshold> bench;
    bench.block.threshold = 0.5;
    Simulator sim(bench, coarse_rk4());
    CHECK(sim.value("block.y") == 0.0);   // sin 0 = 0 is not above 0.5
    sim.simulate(kPi / 2);
    CHECK(sim.value("block.y") == 1.0);
    sim.simulate(3 * kPi);
    // The crossings are located to the event tolerance (1e-9 s here, far below the 0.3 s step).
    CHECK(sim.value("integral.y") == doctest::Approx(4 * kPi / 3).epsilon(1e-8));
    auto count = [&](const std::string& name) {
        for (auto& [event, n] : sim.statistics().events)
            if (event == name) return n;
        return -1L;
    };
    CHECK(count("block.rises") == 2);
    CHECK(count("block.falls") == 2);

    // LessEqual with two inputs: y = (sin t <= 0.25·t), switched where they cross; its value at the start is 1 (0 ≤ 0).
    SUBCASE("two inputs") {
        class TwoInputs : public Component {
        public:
            Sine u1{1.0, 1.0 / (2 * kPi)};
            Ramp u2{1.0, 4.0};   // 0.25·t up to t = 4
            LessEqual block;
            TwoInputs() {
                block.u1.connect(u1.y);
                block.u2.connect(u2.y);
            }
            void metainfo(Meta& meta) override {
                meta.component(u1, "u1");
                meta.component(u2, "u2");
                meta.component(block, "block");
            }
            const char* type_name() const override { return "TwoInputs"; }
        } two;
        Simulator s2(two, coarse_rk4());
        CHECK(s2.value("block.y") == 1.0);
        s2.simulate(1.0);   // sin 1 = 0.84 > 0.25
        CHECK(s2.value("block.y") == 0.0);
        s2.simulate(3.0);   // sin 3 = 0.14 < 0.75
        CHECK(s2.value("block.y") == 1.0);
    }
}

TEST_CASE("a relation's value at the start comes from its inputs there") {
    Bench<GreaterThreshold> above;
    above.u.phase = kPi / 2;   // u starts at 1
    above.block.threshold = 0.5;
    Simulator sim(above, coarse_rk4());
    CHECK(sim.value("block.y") == 1.0);
    sim.simulate(kPi);   // sin falls below 0.5 at t = π/3: the integral is π/3
    CHECK(sim.value("integral.y") == doctest::Approx(kPi / 3).epsilon(1e-8));
    sim.reset();   // settles again where the run starts
    CHECK(sim.value("block.y") == 1.0);
    Bench<LessThreshold> below;
    below.u.phase = kPi / 2;
    below.block.threshold = 0.5;
    Simulator s2(below, coarse_rk4());
    CHECK(s2.value("block.y") == 0.0);
}

TEST_CASE("Hysteresis switches on above uHigh and off below uLow, and starts from pre_y_start") {
    // uLow = −0.5, uHigh = 0.5: on at π/6, off at 7π/6, on at 13π/6: ∫ y to 2π + π/2 = π + (π/2 − π/6).
    Bench<Hysteresis> bench;
    bench.block.uLow = -0.5;
    bench.block.uHigh = 0.5;
    Simulator sim(bench, coarse_rk4());
    CHECK(sim.value("block.y") == 0.0);
    sim.simulate(2 * kPi + kPi / 2);
    CHECK(sim.value("integral.y") == doctest::Approx(kPi + kPi / 3).epsilon(1e-8));
    // Started true at u = 0 ≥ uLow: it stays on until u falls below −0.5 at 7π/6.
    Bench<Hysteresis> on;
    on.block.uLow = -0.5;
    on.block.uHigh = 0.5;
    on.block.pre_y_start = 1.0;
    Simulator s2(on, coarse_rk4());
    CHECK(s2.value("block.y") == 1.0);
    s2.simulate(2 * kPi);
    CHECK(s2.value("integral.y") == doctest::Approx(7 * kPi / 6).epsilon(1e-8));   // on again only at 13π/6 > 2π
    Bench<Hysteresis> wrong;
    wrong.block.uLow = 1.0;
    wrong.block.uHigh = 1.0;
    CHECK(build_error_of(wrong).find("block: uLow = 1 is not below uHigh = 1 (rule: a hysteresis has uLow < uHigh)") != std::string::npos);
}

TEST_CASE("Sign switches at u's zeros: ∫ sign(sin t) dt is exact with a coarse step") {
    Bench<Sign> bench;
    Simulator sim(bench, coarse_rk4());
    CHECK(sim.value("block.y") == 0.0);   // u = 0 at the start
    sim.simulate(1.5 * kPi);
    CHECK(sim.value("integral.y") == doctest::Approx(0.5 * kPi).epsilon(1e-8));
    CHECK(sim.value("block.y") == -1.0);
}

TEST_CASE("LimIntegrator stops at its limits and leaves them when the input turns back") {
    // u = cos t, k = 1, limits ±0.5 from y = 0: y = sin t up to 0.5 at π/6, held until cos turns negative at π/2,
    // then sin t − 0.5 down to −0.5 at π, held until 3π/2, then sin t + 0.5.
    class Limited : public Component {
    public:
        Sine u{1.0, 1.0 / (2 * kPi)};
        LimIntegrator block;
        Limited() {
            u.phase = kPi / 2;
            block.u.connect(u.y);
            block.outMax = 0.5;
            block.outMin = -0.5;
        }
        void metainfo(Meta& meta) override {
            meta.component(u, "u");
            meta.component(block, "block");
        }
        const char* type_name() const override { return "Limited"; }
    } limited;
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 0.01;
    Simulator sim(limited, o);
    auto expected = [](double t) {
        if (t < kPi / 6) return std::sin(t);
        if (t < kPi / 2) return 0.5;
        if (t < kPi) return std::sin(t) - 0.5;
        if (t < 1.5 * kPi) return -0.5;
        return std::sin(t) + 0.5;
    };
    for (double t : {0.3, 1.0, 2.0, 3.0, 4.0, 5.5, 6.0}) {
        sim.simulate(t);
        CAPTURE(t);
        CHECK(sim.value("block.y") == doctest::Approx(expected(t)).epsilon(1e-8));
    }
    LimIntegrator outside;
    outside.y.start = 2.0;
    class Alone : public Component {
    public:
        explicit Alone(LimIntegrator& b) : block(b) { block.u.connect(zero.y); }
        Constant zero{0.0};
        LimIntegrator& block;
        void metainfo(Meta& meta) override {
            meta.component(zero, "zero");
            meta.component(block, "block");
        }
        const char* type_name() const override { return "Alone"; }
    } alone(outside);
    CHECK(build_error_of(alone).find("block: y_start = 2 is outside [-1, 1] (rule: a limited integrator starts within its limits)") != std::string::npos);
}

TEST_CASE("truth values: And, Or, Not, and a Switch that picks by a relation") {
    // u = sin t; above = (u > 0.5), below = (u < −0.5); the switch passes 2 while either holds, else −1.
    auto file = std::string(R"(
components:
  u: {type: Sine, parameters: {amplitude: 1, f: 0.15915494309189535}}
  above: {type: GreaterThreshold, parameters: {threshold: 0.5}}
  below: {type: LessThreshold, parameters: {threshold: -0.5}}
  either: {type: Or}
  neither: {type: Not}
  both: {type: And}
  high: {type: Constant, parameters: {k: 2}}
  low: {type: Constant, parameters: {k: -1}}
  pick: {type: Switch}
  integral: {type: Integrator}
connections:
  - [u.y, above.u]
  - [u.y, below.u]
  - [above.y, either.u1]
  - [below.y, either.u2]
  - [above.y, both.u1]
  - [below.y, both.u2]
  - [either.y, neither.u]
  - [high.y, pick.u1]
  - [either.y, pick.u2]
  - [low.y, pick.u3]
  - [pick.y, integral.u]
)");
    systems::LoadedSystem loaded = systems::parse_system_text(file, "logic.yaml", ".");
    Simulator sim(*loaded.root, coarse_rk4());
    CHECK(sim.value("neither.y") == 1.0);
    sim.simulate(2 * kPi);
    // Either holds on (π/6, 5π/6) and (7π/6, 11π/6): 4π/3 in all; ∫ = 2·4π/3 − 1·(2π − 4π/3).
    CHECK(sim.value("integral.y") == doctest::Approx(8 * kPi / 3 - 2 * kPi / 3).epsilon(1e-8));
    CHECK(sim.value("both.y") == 0.0);

    // A relation an action adds starts from its input there: sin 1 = 0.84 > 0.5, so it is true at once.
    auto with_action = file + R"(
actions:
  - at: 1
    add: {late: {type: GreaterThreshold, parameters: {threshold: 0.5}}}
    connect: [[u.y, late.u]]
)";
    systems::LoadedSystem changing = systems::parse_system_text(with_action, "logic.yaml", ".");
    Simulator s2(*changing.root, coarse_rk4());
    for (auto& [t, change] : changing.actions) s2.schedule(t, std::move(change));
    s2.simulate(1.2);
    CHECK(s2.value("late.y") == 1.0);
    s2.simulate(3.0);   // past 5π/6
    CHECK(s2.value("late.y") == 0.0);
}

TEST_CASE("a relation whose input jumps exactly onto its threshold switches at that event") {
    // A step from 0 to exactly 1 at t = 0.5 s: u >= 1 turns true there, u > 1 stays false (Modelica evaluates every
    // relation at an event; the indicator lands on 0 and never crosses it).
    class Stepped : public Component {
    public:
        StepSource u{1.0, 0.5};
        GreaterEqualThreshold at_least;
        GreaterThreshold above;
        Stepped() {
            at_least.threshold = above.threshold = 1.0;
            at_least.u.connect(u.y);
            above.u.connect(u.y);
        }
        void metainfo(Meta& meta) override {
            meta.component(u, "u");
            meta.component(at_least, "at_least");
            meta.component(above, "above");
        }
        const char* type_name() const override { return "Stepped"; }
    } stepped;
    Simulator sim(stepped, coarse_rk4());
    CHECK(sim.value("at_least.y") == 0.0);
    sim.simulate(1.0);
    CHECK(sim.value("at_least.y") == 1.0);
    CHECK(sim.value("above.y") == 0.0);
}
