// Signal sources and static blocks: Constant, Ramp, Sine, Gain, Add, Limiter, FirstOrder, against closed forms.
#include "components/first_order.h"
#include "components/math_blocks.h"
#include "components/sources.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "core/model/state.h"
#include "support/integral_of.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

using namespace lied;
using namespace lied::components;

template <class Source>
using Integral = test::IntegralOf<Source>;

TEST_CASE("Ramp: offset, linear rise, hold — its kinks are time events so rk4 integrates it exactly") {
    Integral<Ramp> sys(2.0, 1.5, 0.5, 1.0);   // height 2 over 1.5 s from t = 1, offset 0.5
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 0.4;   // hits neither kink (1.0 and 2.5 s)
    Simulator sim(sys, o);
    CHECK(sim.value("source.y") == 0.5);
    sim.simulate(1.75);
    CHECK(sim.value("source.y") == doctest::Approx(0.5 + 2.0 * 0.75 / 1.5).epsilon(1e-14));
    sim.simulate(4.0);
    CHECK(sim.value("source.y") == doctest::Approx(2.5).epsilon(1e-14));
    // ∫ y dt over [0, 4]: 0.5·4 + the ramp's triangle 2·1.5/2 + the plateau 2·1.5; rk4 is exact on polynomials.
    CHECK(sim.value("x") == doctest::Approx(2.0 + 1.5 + 3.0).epsilon(1e-12));
}

TEST_CASE("Ramp: changing start_time and duration at runtime moves both time events") {
    Integral<Ramp> sys(1.0, 1.0);
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 0.3;
    Simulator sim(sys, o);
    sim.set_parameter("source.start_time", 2.0);
    sim.set_parameter("source.duration", 0.0);   // a step at 2 s
    sim.reset();
    sim.simulate(3.0);
    CHECK(sim.value("x") == doctest::Approx(1.0).epsilon(1e-12));
}

TEST_CASE("Sine: offset before the start, then the sine — its integral against the closed form") {
    Integral<Sine> sys(2.0, 0.5, 1.0);   // amplitude 2, 0.5 Hz, offset 1
    sys.source.start_time = 0.25;
    SimulatorOptions o;
    o.solver = "dopri5";
    o.tolerances = {1e-12, 1e-12};
    Simulator sim(sys, o);
    sim.simulate(3.0);
    const double w = 2 * std::numbers::pi * 0.5;
    CHECK(sim.value("source.y") == doctest::Approx(1.0 + 2.0 * std::sin(w * 2.75)).epsilon(1e-12));
    // ∫₀³ y = 3 + 2·(1 − cos(w·2.75))/w; the tolerance is the solver's (1e-12 requested, 1e-9 checked).
    CHECK(sim.value("x") == doctest::Approx(3.0 + 2.0 * (1.0 - std::cos(w * 2.75)) / w).epsilon(1e-9));
}

namespace {
class StaticBlocks : public Component {
public:
    Constant a{3.0}, b{-5.0};
    Gain gain{2.5};
    Add add{1.0, -1.0};
    Limiter limiter{4.0, -1.0};
    StaticBlocks() {
        gain.u.connect(a.y);
        add.u1.connect(gain.y);
        add.u2.connect(b.y);
        limiter.u.connect(add.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(a, "a");
        meta.component(b, "b");
        meta.component(gain, "gain");
        meta.component(add, "add");
        meta.component(limiter, "limiter");
    }
    const char* type_name() const override { return "StaticBlocks"; }
};
}  // namespace

TEST_CASE("Constant, Gain, Add and Limiter compute what they say") {
    StaticBlocks sys;
    Simulator sim(sys);
    CHECK(sim.value("gain.y") == 7.5);
    CHECK(sim.value("add.y") == 12.5);
    CHECK(sim.value("limiter.y") == 4.0);
    sim.set_parameter("b.k", 10.0);   // 7.5 − 10 = −2.5, clipped at −1
    sim.evaluate();
    CHECK(sim.value("limiter.y") == -1.0);
    sim.set_parameter("b.k", 6.0);    // inside the limits: passes unchanged
    sim.evaluate();
    CHECK(sim.value("limiter.y") == 1.5);
}

TEST_CASE("Limiter: uMin above uMax is a build error naming the component and the rule") {
    StaticBlocks sys;
    sys.limiter.uMin = 5.0;
    CHECK_THROWS_WITH_AS(Simulator{sys}, doctest::Contains("limiter: uMin = 5.000000 is above uMax = 4.000000 (rule: a limiter's uMin <= uMax)"),
                         BuildError);
}

namespace {
class Lag : public Component {
public:
    Constant u{2.0};
    FirstOrder lag{3.0, 0.5, 1.0};   // k = 3, T = 0.5 s, y(0) = 1
    Lag() { lag.u.connect(u.y); }
    void metainfo(Meta& meta) override {
        meta.component(u, "u");
        meta.component(lag, "lag");
    }
    const char* type_name() const override { return "Lag"; }
};
}  // namespace

TEST_CASE("FirstOrder: the step response y = k·u + (y0 − k·u)·exp(−t/T)") {
    Lag sys;
    SimulatorOptions o;
    o.solver = "dopri5";
    o.tolerances = {1e-12, 1e-12};
    Simulator sim(sys, o);
    for (double t : {0.1, 0.5, 2.0}) {
        sim.simulate(t);
        CHECK(sim.value("lag.y") == doctest::Approx(6.0 + (1.0 - 6.0) * std::exp(-t / 0.5)).epsilon(1e-10));
    }
}
