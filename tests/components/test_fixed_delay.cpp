// FixedDelay (Modelica's FixedDelay, y = delay(u, delayTime)) against what it must give, written out here: the linear
// interpolant of u through the accepted steps' ends when every step is kept, u at the start before the delay has
// passed, a jump reaching y as a jump delayTime later, and the delay differential equation dx/dt = −x(t − 1) solved by
// the method of steps. The history's size bounds the spacing; a saved state holds the history; a reset starts it
// afresh; the rules are named.
#include "components/continuous_blocks.h"
#include "components/fixed_delay.h"
#include "components/sources.h"
#include "components/step_source.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulation_state.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string>

using namespace lied;
using namespace lied::components;

namespace {
constexpr double kTwoPi = 2 * std::numbers::pi;

SimulatorOptions rk4(double dt) {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = dt;
    return o;
}

// u = 1 + sin(t), delayed.
class DelayedSine : public Component {
public:
    Sine u{1.0, 1.0 / kTwoPi, 1.0};
    FixedDelay delay;
    DelayedSine(double delay_time, double points) {
        delay.delayTime = delay_time;
        delay.historyPoints = points;
        delay.u.connect(u.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(u, "u");
        meta.component(delay, "delay");
    }
    const char* type_name() const override { return "DelayedSine"; }
};

// dx/dt = −x(t − 1), x = 1 where the run starts (and, as Modelica's delay holds it, before).
class DelayedFeedback : public Component {
public:
    components::Integrator x;   // lied::Integrator is the solvers' interface
    FixedDelay delay;
    DelayedFeedback() {
        x.k = -1.0;
        x.y.start = 1.0;
        delay.delayTime = 1.0;
        delay.historyPoints = 100000;
        delay.u.connect(x.y.value);
        x.u.connect(delay.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(x, "x");
        meta.component(delay, "delay");
    }
    const char* type_name() const override { return "DelayedFeedback"; }
};

// The method of steps: x = 1 − t on [0, 1], 1 − t + (t − 1)²/2 on [1, 2], and on [2, 3]
// x(2) − ∫₂ᵗ x(s − 1) ds = −1/2 − (2t − t²/2 + (t − 2)³/6 − 2).
std::string replaced(std::string text, const std::string& what, const std::string& by) {
    text.replace(text.find(what), what.size(), by);
    return text;
}

double method_of_steps(double t) {
    if (t <= 1) return 1 - t;
    if (t <= 2) return 1 - t + (t - 1) * (t - 1) / 2;
    return -0.5 - (2 * t - t * t / 2 + (t - 2) * (t - 2) * (t - 2) / 6 - 2);
}
}  // namespace

TEST_CASE("a delay keeping every step gives the linear interpolant of u through the steps' ends, and u at the start before") {
    // 1000 points span 0.5 s at 0.5/998 s apart, closer than the 0.03 s steps: every step's end is kept.
    const double h = 0.03, T = 0.5;
    DelayedSine sys(T, 1000);
    Simulator sim(sys, rk4(h));
    auto u = [](double t) { return 1.0 + std::sin(t); };
    double worst_against_exact = 0.0;
    for (int k = 1; k <= 100; ++k) {
        sim.simulate(k * h);
        const double s = k * h - T;
        double expected = u(0.0);   // before the delay has passed: u where the run started
        if (s > 0) {
            const int j = static_cast<int>(std::floor(s / h));
            const double t0 = j * h, t1 = (j + 1) * h;
            expected = u(t0) + (u(t1) - u(t0)) * (s - t0) / h;
        }
        CAPTURE(k);
        CHECK(sim.value("delay.y") == doctest::Approx(expected).epsilon(1e-12));
        worst_against_exact = std::max(worst_against_exact, std::abs(sim.value("delay.y") - (s > 0 ? u(s) : u(0.0))));
    }
    // Against u(t − T) itself: linear interpolation's error, at most h²/8·max|ü| = 1.1e-4, and not zero (0.5 is no
    // multiple of 0.03, so the interpolant is what is checked above, not a copy of u).
    CHECK(worst_against_exact <= h * h / 8);
    CHECK(worst_against_exact > 1e-6);
}

TEST_CASE("a jump of u reaches y as a jump, delayTime later") {
    class DelayedStep : public Component {
    public:
        StepSource u{1.0, 1.0};
        FixedDelay delay;
        DelayedStep() {
            delay.delayTime = 0.5;
            delay.u.connect(u.y);
        }
        void metainfo(Meta& meta) override {
            meta.component(u, "u");
            meta.component(delay, "delay");
        }
        const char* type_name() const override { return "DelayedStep"; }
    } sys;
    Simulator sim(sys, rk4(0.01));
    sim.simulate(1.495);
    CHECK(sim.value("delay.y") == 0.0);
    sim.simulate(1.505);
    CHECK(sim.value("delay.y") == 1.0);   // no ramp between the step's two points: they lie at the same time
}

TEST_CASE("a delay closes a feedback loop: dx/dt = −x(t − 1) follows the method of steps") {
    // On [1, 2] the delayed x is linear, so its interpolant is exact and rk4 integrates the quadratic exactly: 1e-12.
    // On [2, 3] the delayed x is quadratic: the interpolant errs by h²/8 = 1.25e-5, integrated over 1 s.
    DelayedFeedback sys;
    Simulator sim(sys, rk4(0.01));
    sim.simulate(1.0);
    CHECK(sim.value("x.y") == doctest::Approx(0.0).epsilon(1e-12));
    sim.simulate(2.0);
    CHECK(std::abs(sim.value("x.y") - method_of_steps(2.0)) < 1e-12);
    sim.simulate(3.0);
    CHECK(std::abs(sim.value("x.y") - method_of_steps(3.0)) < 2e-5);
    SUBCASE("with CVODE, which is stopped after each of its own steps so that the history holds them") {
        SimulatorOptions o;
        o.solver = "cvode-bdf";
        o.tolerances = {1e-8, 1e-10};
        DelayedFeedback again;
        Simulator adaptive(again, o);
        adaptive.simulate(3.0);
        // The internal steps are far longer than 0.01 s: the interpolant's error grows with their square.
        CHECK(std::abs(adaptive.value("x.y") - method_of_steps(3.0)) < 1e-3);
        CHECK(adaptive.value("delay.points") > 10);
    }
}

TEST_CASE("a delay's history is at most historyPoints, spaced delayTime/(historyPoints − 2), and y stays within its interpolation error") {
    // 12 points for 1 s: a point is kept once it lies 0.1 s after the one before, so points lie 0.1 s to 0.1 s plus a
    // step (0.01 s) apart; linear interpolation of sin errs by at most (0.11 s)²/8.
    DelayedSine sys(1.0, 12);
    Simulator sim(sys, rk4(0.01));
    double worst = 0.0, most_points = 0.0;
    for (int k = 1; k <= 300; ++k) {
        sim.simulate(0.01 * k);
        most_points = std::max(most_points, sim.value("delay.points"));
        if (0.01 * k > 1.0) worst = std::max(worst, std::abs(sim.value("delay.y") - (1.0 + std::sin(0.01 * k - 1.0))));
    }
    CHECK(most_points >= 11);   // the buffer fills: the spacing, not the capacity, keeps the window
    CHECK(sim.value("delay.dropped") == 0);   // and nothing still needed was dropped
    CHECK(worst <= 0.11 * 0.11 / 8);
    CHECK(worst > 0.1 * 0.1 / 8 / 4);   // the spacing, not the step, sets the error
}

TEST_CASE("a saved state holds the delay's history: restored, the run goes on bit for bit, and a reset starts the history afresh") {
    DelayedFeedback sys;
    Simulator sim(sys, rk4(0.01));
    sim.simulate(1.3);
    SimulationState saved;
    sim.save_state(saved);
    sim.simulate(2.7);
    const double x_first = sim.value("x.y"), y_first = sim.value("delay.y");
    sim.restore_state(saved);
    sim.simulate(2.7);
    CHECK(sim.value("x.y") == x_first);
    CHECK(sim.value("delay.y") == y_first);
    sim.reset();
    sim.simulate(0.5);
    CHECK(sim.value("delay.y") == 1.0);   // x where this run started, not the last run's past
    CHECK(std::abs(sim.value("x.y") - method_of_steps(0.5)) < 1e-12);
}

TEST_CASE("a delay's rules are named: 3 to 1e7 points, a positive delay") {
    DelayedSine few(0.5, 2);
    try {
        Simulator sim(few);
        FAIL("built");
    } catch (const BuildError& e) {
        CHECK(std::string(e.what()).find("delay: historyPoints = 2 is outside [3, 1e7] (rule: a delay keeps 3 to 1e7 points of its input's past)") != std::string::npos);
    }
    DelayedSine none(0.5, 100);
    Simulator sim(none);
    CHECK_THROWS_WITH(sim.set_parameter("delay.delayTime", 0.0), doctest::Contains("delay.delayTime"));
}

TEST_CASE("a delay gives u where the run starts to the start's own computations: a divisor, a steady start") {
    // y = 1 + sin(t) delayed feeds a divisor: at the start the delay gives u(0) = 1, not 0, so the build passes the
    // start's finiteness check; a transfer function fed by it starts steady at its DC gain times u(0).
    const std::string file = R"(
components:
  u: {type: Sine, parameters: {amplitude: 1, f: 0.15915494309189535, offset: 1}}
  one: {type: Constant, parameters: {k: 1}}
  delay: {type: FixedDelay, parameters: {delayTime: 0.5}}
  ratio: {type: Division}
  lag: {type: TransferFunction, parameters: {b: [3], a: [1, 2], initType: SteadyState}}
connections:
  - [u.y, delay.u]
  - [one.y, ratio.u1]
  - [delay.y, ratio.u2]
  - [delay.y, lag.u]
)";
    auto loaded = systems::parse_system_text(file, "start.yaml", ".");
    Simulator sim(*loaded.root, rk4(0.01));
    CHECK(sim.value("delay.y") == 1.0);
    CHECK(sim.value("ratio.y") == 1.0);
    CHECK(std::abs(sim.value("lag.y") - 1.5) < 1e-9);   // b(0)/a(0)·u(0) = 3/2
    sim.simulate(0.4);
    CHECK(std::abs(sim.value("lag.y") - 1.5) < 1e-9);   // the delay still gives u(0): the lag stays where it started
}

TEST_CASE("a delay whose buffer jumps fill counts what it dropped while still needed") {
    // A staircase sampled at every step of 0.06 s, longer than the spacing (1/18 s): each jump is kept as a pair, two
    // points per step, and 20 points cannot span a 1 s delay. (Jumps closer than the spacing take the newest point's
    // place instead; the next case.)
    const std::string file = R"(
components:
  u: {type: Sine, parameters: {amplitude: 1, f: 0.5}}
  held: {type: ZeroOrderHold, parameters: {samplePeriod: 0.06}}
  delay: {type: FixedDelay, parameters: {delayTime: 1, historyPoints: 20}}
connections:
  - [u.y, held.u]
  - [held.y, delay.u]
)";
    auto loaded = systems::parse_system_text(file, "jumps.yaml", ".");
    Simulator sim(*loaded.root, rk4(0.06));
    sim.simulate(2.0);
    CHECK(sim.value("delay.dropped") > 0);
    CHECK(std::isfinite(sim.value("delay.y")));
    // Sampled every 0.01 s, closer than the spacing: the jumps are resolved at the spacing, nothing needed is dropped,
    // and y is u one delay back to within what u moves over a spacing and a sample (π·(1/18 + 0.01) < 0.21).
    auto fine = systems::parse_system_text(replaced(file, "samplePeriod: 0.06", "samplePeriod: 0.01"), "jumps.yaml", ".");
    Simulator dense(*fine.root, rk4(0.01));
    for (int k = 1; k <= 200; ++k) {
        dense.simulate(0.01 * k);
        REQUIRE(dense.value("delay.points") <= 20);
    }
    CHECK(dense.value("delay.dropped") == 0);
    CHECK(std::abs(dense.value("delay.y") - std::sin(std::numbers::pi * (2.0 - 1.0))) < 0.21);
}
