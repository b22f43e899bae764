// The integrator's path skips re-running the blocks after the solve: state derivatives and zero-crossing
// indicators are y(0) + D·z with D = ∂y/∂z probed next to L, and up to four tearing variables are solved with
// L⁻¹. Checked against the plain path (blocks re-run at the solution, L factored by LU or KLU), which a
// simulator takes when it does not verify affinity (check_linearity = false).
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "support/networks.h"
#include "support/test_components.h"
#include "systems/examples/com_vessels.h"
#include "systems/examples/cooling_loop.h"
#include "systems/examples/landing_gear.h"
#include "systems/examples/slider_crank.h"

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <numbers>

using namespace lied;

namespace {

// Largest |a − b| relative to the scale of the derivative (its value plus its state's nominal per second).
double largest_difference(const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
    return (a - b).cwiseAbs().cwiseQuotient(b.cwiseAbs().array().max(1e-6).matrix()).maxCoeff();
}

// Runs `make()` twice, once per path, to `points` instants and returns the largest relative difference of the
// derivatives both give at the affine simulator's states there.
double compare_paths(const std::function<std::unique_ptr<Component>()>& make, double t_end, int points,
                     LinearSolverKind plain_solver = LinearSolverKind::Automatic, double dt = 1e-3) {
    auto a = make(), b = make();
    SimulatorOptions affine, plain;
    affine.dt = plain.dt = dt;
    plain.check_linearity = false;
    plain.linear_solver = plain_solver;
    Simulator fast(*a, affine), slow(*b, plain);
    double worst = 0.0;
    Eigen::VectorXd xa(fast.states().size()), xb(fast.states().size());
    for (int k = 1; k <= points; ++k) {
        fast.simulate(t_end * k / points);
        slow.simulate(t_end * k / points);   // the same discrete values (valves switched by time events)
        const Eigen::VectorXd x = fast.states();
        REQUIRE(fast.derivatives(fast.time(), x.data(), xa.data()));
        REQUIRE(slow.derivatives(fast.time(), x.data(), xb.data()));
        worst = std::max(worst, largest_difference(xa, xb));
    }
    return worst;
}

template <class T>
std::function<std::unique_ptr<Component>()> maker() {
    return [] { return std::make_unique<T>(); };
}

// m·a = −k·x with the acceleration a as tearing variable, and a state event on a itself: the indicator
// a − a_event is written by a block that depends on the tearing variable.
class WatchedOscillator : public Component {
public:
    State x{1.0}, v{0.0};
    double m = 2.0, k = 8.0, a_event = -2.0;   // ω = 2 rad/s; a = −4·cos(2t) passes −2 rising at t = π/6
    std::vector<double> fired;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "m");
        meta.state(v, "v", 1.0, "m/s");
        meta.tearing(a_, "a");
        meta.residual(res_, "residual");
        meta.signal(indicator_, "indicator");
        meta.time(time_);
        meta.block<&WatchedOscillator::evalX>(this, "evalX", {&v.value}, {&x.der});
        meta.block<&WatchedOscillator::evalV>(this, "evalV", {&a_}, {&v.der});
        meta.block<&WatchedOscillator::evalResidual>(this, "evalResidual", {&x.value, &a_}, {&res_});
        meta.block<&WatchedOscillator::evalIndicator>(this, "evalIndicator", {&a_}, {&indicator_});
        meta.zero_crossing<&WatchedOscillator::fire>(this, indicator_, "a_passes", Crossing::Up);
    }
    const char* type_name() const override { return "WatchedOscillator"; }

private:
    void evalX() { x.der.value() = v(); }
    void evalV() { v.der.value() = a_.value(); }
    void evalResidual() { res_.value() = m * a_.value() + k * x(); }
    void evalIndicator() { indicator_.value() = a_.value() - a_event; }
    void fire() { fired.push_back(time_.value()); }
    Out<double> a_, res_, indicator_;
    In<double> time_;
};

}  // namespace

TEST_CASE("derivatives from y(0) + D·z equal those of re-running the blocks, small and large L, every library") {
    // Both paths evaluate the same affine functions; they differ by rounding in D's probe (one unit of the
    // output's last digits times |z|) and in L⁻¹ against the LU; measured at most 8e-13 (slider-crank). 1e-9
    // relative leaves room for that; a missing or misplaced entry of D is of the size of the derivative itself
    // (dropping D·z made every case that takes the D path fail with a difference of 1).
    CHECK(compare_paths(maker<systems::ComVessels>(), 3.0, 6) < 1e-9);   // 2 tearing variables: L⁻¹
    CHECK(compare_paths(maker<systems::ComVessels>(), 3.0, 6, LinearSolverKind::Sparse) < 1e-9);
    CHECK(compare_paths(maker<systems::CoolingLoop>(), 20.0, 4) < 1e-9);
    CHECK(compare_paths(maker<systems::SliderCrank>(), 0.2, 4, LinearSolverKind::Automatic, 1e-4) < 1e-9);
    CHECK(compare_paths(maker<systems::LandingGear>(), 0.1, 4, LinearSolverKind::Automatic, 1e-4) < 1e-9);
    // One to four tearing variables take the fused solve (z and y(0) + D·z from L⁻¹ and D·L⁻¹, sizes known to the
    // compiler): the oscillator below has one, ComVessels two, the cooling loop three, a tree of four leaves four.
    CHECK(compare_paths([] { return std::unique_ptr<Component>(testing::make_tree(4)); }, 1.0, 3) < 1e-9);
    // 64 tearing variables: KLU on both paths (D would have N·log N entries here: the blocks re-run instead).
    CHECK(compare_paths([] { return std::unique_ptr<Component>(testing::make_tree(64)); }, 1.0, 3) < 1e-9);
    CHECK(compare_paths([] { return std::unique_ptr<Component>(testing::make_chain(40)); }, 1.0, 3) < 1e-9);
}

TEST_CASE("blocks left at z = 0 run again after anything evaluated them elsewhere") {
    // The valves' ṁ' blocks are skipped while they hold their values at z = 0. A full evaluation leaves them at the
    // solution (ṁ' ≠ 0 mid-transient), which must not leak into the next r0: derivatives after evaluate(), and after a
    // second call equal those of a simulator that did nothing else.
    systems::ComVessels a, b;
    Simulator busy(a), fresh(b);
    busy.simulate(1.5);   // past the step of t1's elevation: the flows accelerate
    fresh.simulate(1.5);  // the same discrete values (the step is a time event)
    const Eigen::VectorXd x = busy.states();
    Eigen::VectorXd expected(x.size()), got(x.size());
    REQUIRE(fresh.derivatives(1.5, x.data(), expected.data()));
    REQUIRE(std::abs(busy.linear_system().solution()[0]) > 1e-3);   // ṁ' is far from 0 there
    for (int round = 0; round < 3; ++round) {
        CAPTURE(round);
        busy.evaluate();
        REQUIRE(busy.derivatives(1.5, x.data(), got.data()));
        CHECK(largest_difference(got, expected) < 1e-12);
        REQUIRE(busy.derivatives(1.5, x.data(), got.data()));
        CHECK(largest_difference(got, expected) < 1e-12);
    }
}

TEST_CASE("with L re-probed at every call D is re-probed too: the variable-mass oscillator on both paths") {
    CHECK(compare_paths([] { return std::make_unique<testing::Holder<testing::VariableMassOscillator>>("osc"); }, 2.0, 5) < 1e-12);
}

TEST_CASE("a zero-crossing indicator that depends on the tearing variable fires where the closed form says") {
    for (bool check_linearity : {true, false}) {
        CAPTURE(check_linearity);
        WatchedOscillator osc;
        SimulatorOptions o;
        o.dt = 1e-3;
        o.check_linearity = check_linearity;   // false: the indicator's block re-runs after the solve
        Simulator sim(osc, o);
        sim.simulate(1.0);
        // a = −(k/m)·cos(ω·t) rises through −2 once before 1 s, at t = π/6 (ω = 2). RK4's error over 0.5 s at
        // 1 ms is ~1e-13 in x; the event is located to 1e-10 s.
        REQUIRE(osc.fired.size() == 1);
        CHECK(osc.fired[0] == doctest::Approx(std::numbers::pi / 6).epsilon(1e-9));
    }
}

TEST_CASE("the engine takes y(0) + D·z where D is small and re-runs the blocks where D would be large") {
    systems::ComVessels vessels;
    CHECK(Simulator(vessels).schedule().outputs_by_map);          // a few entries of D against the blocks
    systems::SliderCrank crank;
    CHECK(Simulator(crank).schedule().outputs_by_map);
    auto small_tree = testing::make_tree(4);
    const Simulator on_small_tree(*small_tree);
    CHECK(on_small_tree.schedule().outputs_by_map);
    CHECK(on_small_tree.linear_system().size() == 4);
    auto tree = testing::make_tree(64);
    const Simulator on_tree(*tree);
    CHECK(!on_tree.schedule().outputs_by_map);                    // a tree: every flow below each splitter
    CHECK(on_tree.schedule().output_rows.empty());                // neither probed nor coloured
}

namespace {
// y = (p_a + c·zᵉ) − p_b with p_a = p_b = 1e5 Pa: zero at the probe origin, and for e = 1 affine in the tearing
// variable z although its operands carry rounding of about 1e-11 Pa, far more than 1e-7 of y's own changes (c·z ≈ 1e-6 Pa).
class PressureDifference : public Component {
public:
    State x{0.0};
    double c = 5e-7, exponent = 1.0, m = 1.0;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        meta.tearing(z_, "z");
        meta.residual(residual_, "residual");
        meta.signal(pa_, "p_a");
        meta.signal(pb_, "p_b");
        meta.signal(y_, "y");
        meta.block<&PressureDifference::evalPressures>(this, "evalPressures", {}, {&pa_, &pb_});
        meta.block<&PressureDifference::evalResidual>(this, "evalResidual", {&x.value, &z_}, {&residual_});
        meta.block<&PressureDifference::evalDifference>(this, "evalDifference", {&pa_, &pb_, &z_}, {&y_});
        meta.block<&PressureDifference::evalX>(this, "evalX", {&y_}, {&x.der});
    }
    const char* type_name() const override { return "PressureDifference"; }

private:
    void evalPressures() {
        pa_.value() = 1e5;
        pb_.value() = 1e5;
    }
    void evalResidual() { residual_.value() = m * z_.value() - x.value.value() - 1.0; }
    void evalDifference() { y_.value() = (pa_.value() + c * std::pow(z_.value(), exponent)) - pb_.value(); }
    void evalX() { x.der.value() = y_.value(); }
    Out<double> z_, residual_, pa_, pb_, y_;
};
}  // namespace

TEST_CASE("affinity is judged against the size of the operands: a difference of two pressures that is zero at the origin") {
    PressureDifference affine;
    CHECK_NOTHROW(Simulator{affine});
    PressureDifference squared;
    squared.exponent = 2.0;
    squared.c = 1e-3;   // z² with a coefficient 1e-8 of the operands: still refused
    CHECK_THROWS_WITH_AS(Simulator{squared}, doctest::Contains("block evalDifference computes y as a nonlinear function of the tearing variables"),
                         BuildError);
}
