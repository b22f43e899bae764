// The two policies for L: re-probed at every evaluation (coefficients depend on the state) and factored once
// per structure or parameter change (constant coefficients).
#include "core/simulation/simulator.h"
#include "support/test_components.h"
#include "systems/examples/com_vessels.h"

#include <doctest/doctest.h>

#include <array>
#include <cmath>

using namespace lied;

namespace {
// x' = v, v' = −k·x / (m0 + m1·x²), written directly; RK4 at a small step.
std::array<double, 2> reference_oscillator(double t_end, double k, double m0, double m1) {
    std::array<double, 2> y{1.0, 0.0};
    auto f = [&](const std::array<double, 2>& s) {
        return std::array<double, 2>{s[1], -k * s[0] / (m0 + m1 * s[0] * s[0])};
    };
    const double h = 1e-4;
    for (int n = 0; n < static_cast<int>(std::lround(t_end / h)); ++n) {
        auto k1 = f(y);
        auto k2 = f({y[0] + h / 2 * k1[0], y[1] + h / 2 * k1[1]});
        auto k3 = f({y[0] + h / 2 * k2[0], y[1] + h / 2 * k2[1]});
        auto k4 = f({y[0] + h * k3[0], y[1] + h * k3[1]});
        for (int i = 0; i < 2; ++i) y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
    return y;
}
}  // namespace

TEST_CASE("state-dependent coefficients: L is re-probed at every call and matches the plain ODE") {
    testing::Holder<testing::VariableMassOscillator> h("osc");
    SimulatorOptions o;
    o.solver = "dopri5";
    o.tolerances = {1e-10, 1e-10};
    Simulator sim(h, o);
    REQUIRE(sim.linear_system().policy() == LinearPolicy::ReprobeEveryCall);   // chosen automatically
    sim.simulate(10.0);
    const auto ref = reference_oscillator(10.0, 4.0, 1.0, 0.5);
    // Both sides are converged far below 1e-7 (dopri5 at 1e-10, RK4 at h = 1e-4 gives ~1e-12).
    CHECK(std::abs(sim.value("osc.x") - ref[0]) < 1e-7);
    CHECK(std::abs(sim.value("osc.v") - ref[1]) < 1e-7);
    CHECK(sim.linear_system().matrix()(0, 0) == doctest::Approx(h.child.mass()));
    CHECK(sim.linear_system().probes() >= sim.integrator().stats().rhs_calls);
}

TEST_CASE("freezing a state-dependent L gives a different (wrong) trajectory: the policy matters") {
    testing::Holder<testing::VariableMassOscillator> h("osc");
    SimulatorOptions o;
    o.solver = "dopri5";
    o.tolerances = {1e-10, 1e-10};
    o.policy = LinearPolicy::FactorOnChange;
    Simulator sim(h, o);
    sim.simulate(10.0);
    const auto ref = reference_oscillator(10.0, 4.0, 1.0, 0.5);
    CHECK(std::abs(sim.value("osc.x") - ref[0]) > 1e-2);
    // With L frozen at m0 + m1·x0² = 1.5 it is exactly the linear oscillator x = cos(sqrt(k/1.5)·t).
    CHECK(std::abs(sim.value("osc.x") - std::cos(std::sqrt(4.0 / 1.5) * 10.0)) < 1e-7);
}

TEST_CASE("constant coefficients: L is factored once per structure or parameter change, and both policies agree") {
    systems::ComVessels a, b;
    SimulatorOptions constant;
    constant.policy = LinearPolicy::Automatic;
    SimulatorOptions reprobe;
    reprobe.policy = LinearPolicy::ReprobeEveryCall;
    Simulator sa(a, constant), sb(b, reprobe);
    REQUIRE(sa.linear_system().policy() == LinearPolicy::FactorOnChange);
    // The build's regularity check probes and factors L; the first evaluation solves with that factorization.
    CHECK(sa.linear_system().probes() == 1);
    const long probes_at_start = sa.linear_system().probes();
    sa.simulate(5.0);
    sb.simulate(5.0);
    // Probed again only after the elevation step (an event); not per call.
    CHECK(sa.linear_system().probes() - probes_at_start <= 2);
    CHECK(sb.linear_system().probes() > 1000);
    for (const char* n : {"t1.level", "t2.level", "t3.level", "p1.m_flow", "p2.m_flow"})
        CHECK(std::abs(sa.value(n) - sb.value(n)) < 1e-12);

    // A parameter change re-probes: L(0,0) = L1 + L3.
    sa.set_parameter("p1.L", 50);
    sa.evaluate();
    CHECK(sa.linear_system().matrix()(0, 0) == doctest::Approx(150.0));
}

namespace {
// x' = v, m·a + k·x = 0 with the tearing variable a = v': counts how often its dependent blocks run.
class CountedOscillator : public Component {
public:
    State x{1.0}, v{0.0};
    double k = 4.0, m = 2.0;
    int residual_runs = 0, derivative_runs = 0;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "m");
        meta.state(v, "v", 1.0, "m/s");
        meta.tearing(a_, "a");
        meta.residual(res_, "residual");
        meta.block<&CountedOscillator::evalX>(this, "evalX", {&v.value}, {&x.der});
        meta.block<&CountedOscillator::evalV>(this, "evalV", {&a_}, {&v.der});
        meta.block<&CountedOscillator::evalResidual>(this, "evalResidual", {&x.value, &a_}, {&res_});
    }
    const char* type_name() const override { return "CountedOscillator"; }
    double residual() const { return res_.value(); }

private:
    void evalX() { x.der.value() = v(); }
    void evalV() {
        ++derivative_runs;
        v.der.value() = a_.value();
    }
    void evalResidual() {
        ++residual_runs;
        res_.value() = m * a_.value() + k * x();
    }
    Out<double> a_, res_;
};
}  // namespace

TEST_CASE("a build runs the dependent blocks once at z = 0 for every check, and leaves them at the solution") {
    // One pass at z = 0 serves the finiteness check, r0 of L's probe and f(0) of the affinity check; then one probe
    // pass (one tearing variable), the affinity check's f(z), f(−z), f(2z), and the pass at the solution. Each
    // further pass costs a full sweep over a large model at every rebuild (10⁴ components: about 0.4 ms each).
    for (bool check_linearity : {true, false}) {
        CAPTURE(check_linearity);
        testing::Holder<CountedOscillator> holder("osc");
        SimulatorOptions o;
        o.check_linearity = check_linearity;
        Simulator sim(holder, o);
        CountedOscillator& osc = holder.child;
        const int expected = check_linearity ? 6 : 3;
        CHECK(osc.residual_runs == expected);
        CHECK(osc.derivative_runs == expected);
        // Left at the solution a = −k·x/m = −2: the residual holds, v' is a.
        CHECK(std::abs(osc.residual()) < 1e-14);
        CHECK(osc.v.der.value() == doctest::Approx(-2.0).epsilon(1e-14));
        sim.rebuild();
        CHECK(osc.residual_runs == 2 * expected);
    }
}
