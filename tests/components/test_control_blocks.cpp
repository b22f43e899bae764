// The control blocks against Modelica.Blocks' definitions, written out here: Product, Division, Abs, Min, Max and
// DeadZone (static, through the Integrator, so that rk4's integral shows the kinks are met), Derivative and
// SlewRateLimiter against closed forms, and the rules they refuse.
#include "support/build_error_of.h"
#include "components/continuous_blocks.h"
#include "components/math_blocks.h"
#include "components/sources.h"
#include "components/step_source.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

using namespace lied;
using namespace lied::components;
using lied::testing::build_error_of;

namespace {
// u1 = a ramp from −2 to 2 over t ∈ [0, 4] (then held), u2 = 0.5 · u1 + 0.5 (u1 − u2 changes sign at u1 = 1, t = 3);
// `block` maps them to y, which an Integrator integrates.
template <class Block>
class Bench : public Component {
public:
    Ramp u1{4.0, 4.0, -2.0, 0.0};
    Ramp u2{2.0, 4.0, -0.5, 0.0};
    Block block;
    components::Integrator integral;   // lied::Integrator is the solvers' interface
    Bench() {
        if constexpr (requires { block.u1; }) {
            block.u1.connect(u1.y);
            block.u2.connect(u2.y);
        } else {
            block.u.connect(u1.y);
        }
        if constexpr (std::is_same_v<decltype(block.y), State>) integral.u.connect(block.y.value());
        else integral.u.connect(block.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(u1, "u1");
        meta.component(u2, "u2");
        meta.component(block, "block");
        meta.component(integral, "integral");
    }
    const char* type_name() const override { return "Bench"; }
};

double u1_at(double t) { return -2.0 + std::min(t, 4.0); }
double u2_at(double t) { return 0.5 * u1_at(t) + 0.5; }

// ∫₀⁴ f(u1(t), u2(t)) dt by two-point Gauss-Legendre on each piece between the kinks: exact for the pieces here (at
// most quadratic in t), and it evaluates f only inside a piece, never on a jump.
double integral_of(const std::function<double(double, double)>& f, std::initializer_list<double> kinks) {
    std::vector<double> edges{0.0};
    for (double k : kinks) edges.push_back(k);
    edges.push_back(4.0);
    double sum = 0.0;
    for (std::size_t p = 0; p + 1 < edges.size(); ++p) {
        const double middle = (edges[p] + edges[p + 1]) / 2, half = (edges[p + 1] - edges[p]) / 2, offset = half / std::sqrt(3.0);
        for (double t : {middle - offset, middle + offset}) sum += half * f(u1_at(t), u2_at(t));
    }
    return sum;
}

// Runs the bench to 4 s with rk4 at a step that lands on none of the kinks (t = 1, 2, 2.5, 3) and does not straddle
// one symmetrically (where Simpson's weights would integrate |t − t_k| exactly by chance).
template <class Block>
void check_bench(Bench<Block>& bench, const std::function<double(double, double)>& law, std::initializer_list<double> kinks) {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 0.35;
    Simulator sim(bench, o);
    for (double t : {0.35, 1.7, 2.9, 3.4}) {
        sim.simulate(t);
        INFO("t = ", t);
        CHECK(sim.value("block.y") == doctest::Approx(law(u1_at(t), u2_at(t))).epsilon(1e-12));
    }
    sim.simulate(4.0);
    // rk4 integrates each piece exactly when its steps end at the kinks (located to the engine's time tolerance); a
    // step across one would be off by O(dt²): 1e-3 of these integrals (checked by removing the kinks).
    CHECK(sim.value("integral.y") == doctest::Approx(integral_of(law, kinks)).epsilon(1e-9));
}

}  // namespace

TEST_CASE("Product, Division, Abs, Min and Max against their definitions, kinks met by a fixed step") {
    SUBCASE("Product: y = u1·u2") {
        Bench<Product> bench;
        check_bench(bench, [](double a, double b) { return a * b; }, {});
    }
    SUBCASE("Division: y = u1/u2, here with u2 >= 0.5 after t = 2") {
        Bench<Division> bench;
        bench.u2.offset = 0.5;   // u2 = 0.5 + t/2: never zero
        SimulatorOptions o;
        o.solver = "rk4";
        o.dt = 0.3;
        Simulator sim(bench, o);
        sim.simulate(3.4);
        CHECK(sim.value("block.y") == doctest::Approx(u1_at(3.4) / (0.5 + 3.4 / 2)).epsilon(1e-14));
    }
    SUBCASE("Abs: y = |u|, a kink at u = 0") {
        Bench<Abs> bench;
        check_bench(bench, [](double a, double) { return std::abs(a); }, {2.0});
    }
    SUBCASE("Min: y = min(u1, u2), a kink where they cross") {
        Bench<Min> bench;
        check_bench(bench, [](double a, double b) { return std::min(a, b); }, {3.0});
    }
    SUBCASE("Max: y = max(u1, u2)") {
        Bench<Max> bench;
        check_bench(bench, [](double a, double b) { return std::max(a, b); }, {3.0});
    }
    SUBCASE("DeadZone: u − uMax above, u − uMin below, 0 between") {
        Bench<DeadZone> bench;
        bench.block.uMax = 0.5;
        bench.block.uMin = -1.0;
        check_bench(bench, [](double a, double) { return a > 0.5 ? a - 0.5 : (a < -1.0 ? a + 1.0 : 0.0); }, {1.0, 2.5});
    }
}

TEST_CASE("Division by zero stops the run naming the block") {
    Bench<Division> bench;
    bench.u2.offset = -1.0;   // u2 = −1 + t/2: zero at t = 2, where a step of 0.25 lands
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 0.25;
    Simulator sim(bench, o);
    std::string message = "<no error>";
    try {
        sim.simulate(3.0);
    } catch (const SimulationError& e) {
        message = e.what();
    }
    INFO(message);
    CHECK(message.find("block block.update computed block.y = ") != std::string::npos);
    CHECK(message.find("from finite inputs") != std::string::npos);
}

TEST_CASE("a dead zone refuses limits in the wrong order, naming the component") {
    Bench<DeadZone> dead;
    dead.block.uMax = -1.0;
    dead.block.uMin = 1.0;
    CHECK(build_error_of(dead).find("block: uMin = 1.000000 is above uMax = -1.000000") != std::string::npos);
}

TEST_CASE("Derivative: the filtered derivative of a ramp against k·a·(1 − exp(−t/T))") {
    class RampDerivative : public Component {
    public:
        Ramp u{3.0, 10.0};   // slope a = 0.3 from t = 0
        Derivative d;
        RampDerivative() {
            d.k = 2.0;
            d.T = 0.1;
            d.u.connect(u.y);
        }
        void metainfo(Meta& meta) override {
            meta.component(u, "u");
            meta.component(d, "d");
        }
        const char* type_name() const override { return "RampDerivative"; }
    } sys;
    SimulatorOptions o;
    o.solver = "dopri5";
    o.tolerances = {1e-12, 1e-12};
    Simulator sim(sys, o);
    // x' = (u − x)/T with u = a·t, x(0) = 0: u − x = a·T·(1 − e^(−t/T)), y = (k/T)(u − x). Tolerance: the solver's.
    for (double t : {0.05, 0.2, 1.0}) {
        sim.simulate(t);
        CHECK(sim.value("d.y") == doctest::Approx(2.0 * 0.3 * (1 - std::exp(-t / 0.1))).epsilon(1e-9));
    }
    sim.set_parameter("d.k", 0.0);   // Modelica's zero gain: y = 0
    sim.simulate(1.1);
    CHECK(sim.value("d.y") == 0.0);

    // Started at x_start = 0 under u = 1 the output starts at k/T = 20 and decays; SteadyState starts at x = u, y = 0.
    sys.u.offset = 1.0;
    sim.set_parameter("d.k", 2.0);
    sim.reset();
    CHECK(sim.value("d.y") == doctest::Approx(2.0 / 0.1 * 1.0).epsilon(1e-12));
    sim.set_choice("d.initType", "SteadyState");
    sim.reset();
    CHECK(sim.value("d.x") == 1.0);
    CHECK(sim.value("d.y") == 0.0);
}

TEST_CASE("SlewRateLimiter: rises and falls at most at its rates, then follows within Td, from y = u or y_start") {
    // u = 0.3 until t = 1, 1.3 until t = 3, −0.7 after. Rising 2/s, Falling −0.5/s, Td = 1 ms: y rises at 2/s from
    // 0.3 until u − y = Rising·Td = 2 mm, then closes the rest as e^(−t/Td); falls at 0.5/s from t = 3.
    class Steps : public Component {
    public:
        StepSource first{1.0, 1.0, 0.3}, second{-2.0, 3.0};
        Add u;
        SlewRateLimiter limiter;
        Steps() {
            u.u1.connect(first.y);
            u.u2.connect(second.y);
            limiter.u.connect(u.y);
            limiter.Rising = 2.0;
            limiter.Falling = -0.5;
        }
        void metainfo(Meta& meta) override {
            meta.component(first, "first");
            meta.component(second, "second");
            meta.component(u, "u");
            meta.component(limiter, "limiter");
        }
        const char* type_name() const override { return "Steps"; }
    } s;
    SimulatorOptions o;
    o.solver = "cvode-bdf";
    o.tolerances = {1e-10, 1e-10};
    Simulator sim(s, o);
    CHECK(sim.value("limiter.y") == doctest::Approx(0.3).epsilon(1e-12));   // SteadyState: y starts at u
    sim.simulate(1.25);
    CHECK(sim.value("limiter.y") == doctest::Approx(0.3 + 2.0 * 0.25).epsilon(1e-8));
    sim.simulate(2.0);
    // Caught up at t = 1 + (1 − 0.002)/2 = 1.499 s; 0.5 s later 2 mm · e^(−500) is nothing.
    CHECK(sim.value("limiter.y") == doctest::Approx(1.3).epsilon(1e-9));
    sim.simulate(4.0);
    CHECK(sim.value("limiter.y") == doctest::Approx(1.3 - 0.5 * 1.0).epsilon(1e-8));

    sim.set_choice("limiter.initType", "InitialState");
    sim.set_parameter("limiter.y_start", -1.0);
    sim.reset();
    CHECK(sim.value("limiter.y") == -1.0);
    sim.simulate(0.5);
    CHECK(sim.value("limiter.y") == doctest::Approx(-1.0 + 2.0 * 0.5).epsilon(1e-8));
}
