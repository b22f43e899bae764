// The dialectic formulation on 1D translational systems, against the equations worked out by hand in each test:
// L = m/T_D, the state equations of the rigid-body law whatever T_D, the classic oscillator to the integrator's own
// order (RK4: fourth order in the step), and a stiff spring's classic eigenvalues.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "dialectic_mechanics/one_dimensional/translational.h"

#include <doctest/doctest.h>

#include <Eigen/Eigenvalues>
#include <cmath>

using namespace lied;
using namespace lied::mechanics;

namespace {
// Fixed → Spring(c) → Mass(m), released from s0 at rest.
struct Oscillator : Component {
    Fixed ground;
    Spring spring;
    Mass mass;
    Oscillator(double m, double c, double s0, double T_D) {
        mass.m = m;
        mass.s.start = s0;
        mass.T_D = T_D;
        spring.c = c;
        connect(ground.flange, spring.flange_a);
        connect(mass.flange, spring.flange_b);
    }
    void metainfo(Meta& meta) override {
        meta.component(ground, "ground");
        meta.component(spring, "spring");
        meta.component(mass, "mass");
    }
    const char* type_name() const override { return "Oscillator"; }
};

// ∂ẋ/∂x by central differences of the engine's own derivatives (the system is linear: exact up to rounding).
Eigen::MatrixXd jacobian(Simulator& sim) {
    const Eigen::VectorXd x0 = sim.states();
    const auto n = x0.size();
    Eigen::MatrixXd J(n, n);
    Eigen::VectorXd up(n), down(n);
    for (Eigen::Index j = 0; j < n; ++j) {
        Eigen::VectorXd xp = x0, xm = x0;
        xp[j] += 1e-6;
        xm[j] -= 1e-6;
        REQUIRE(sim.derivatives(0.0, xp.data(), up.data()));
        REQUIRE(sim.derivatives(0.0, xm.data(), down.data()));
        J.col(j) = (up - down) / 2e-6;
    }
    return J;
}
}  // namespace

TEST_CASE("mass on a spring: L is m/T_D and the state equations are Newton's, whatever T_D") {
    for (const double T_D : {1e-3, 1e-1}) {
        Oscillator osc(2.0, 800.0, 0.1, T_D);
        Simulator sim(osc);
        REQUIRE(sim.linear_system().size() == 1);
        sim.evaluate();
        CHECK(sim.linear_system().matrix()(0, 0) == doctest::Approx(2.0 / T_D).epsilon(1e-12));
        // x = (s, w): ṡ = w, ẇ = −c·s/m. T_D only scales the tearing variable v = w + T_D·ẇ.
        const Eigen::MatrixXd J = jacobian(sim);
        CHECK(std::abs(J(0, 0)) < 1e-9);
        CHECK(J(0, 1) == doctest::Approx(1.0).epsilon(1e-8));
        CHECK(J(1, 0) == doctest::Approx(-800.0 / 2.0).epsilon(1e-8));
        CHECK(std::abs(J(1, 1)) < 1e-6);
    }
}

TEST_CASE("mass on a spring: the classic oscillation at any T_D, with RK4's fourth-order error in the step") {
    // Classic: s = s0·cos(ωt), ω = √(c/m). RK4's global error is O(h⁴): halving h divides it by 16 (within 10 %:
    // the next term is O(h⁵) relative to it at ωh ≤ 0.04). T_D does not enter (the largest difference between
    // T_D = 1 ms and 0.1 s is rounding).
    const double m = 1.0, c = 100.0, s0 = 0.05, t_end = 1.0, omega = std::sqrt(c / m);
    auto error_at = [&](double h, double T_D) {
        Oscillator osc(m, c, s0, T_D);
        SimulatorOptions options;
        options.solver = "rk4";
        options.dt = h;
        Simulator sim(osc, options);
        sim.simulate(t_end);
        return std::max(std::abs(sim.value("mass.s") - s0 * std::cos(omega * t_end)),
                        std::abs(sim.value("mass.w") - (-s0 * omega * std::sin(omega * t_end))) / omega);
    };
    const double e1 = error_at(4e-3, 1e-3), e2 = error_at(2e-3, 1e-3), e3 = error_at(1e-3, 1e-3);
    MESSAGE("largest error at h = 4, 2, 1 ms: " << e1 << ", " << e2 << ", " << e3 << " m");
    CHECK(e1 / e2 == doctest::Approx(16.0).epsilon(0.1));
    CHECK(e2 / e3 == doctest::Approx(16.0).epsilon(0.1));
    CHECK(e3 < 1e-9);
    CHECK(std::abs(error_at(1e-3, 1e-1) - e3) < 1e-13);
}

TEST_CASE("stiff spring: the classic oscillation at sqrt(c/m) for every T_D (no replacement dynamics, no lead)") {
    const double m = 0.1, c = 1e7;   // ω = 10⁴ rad/s
    for (const double T_D : {1e-3, 1e-6}) {
        Oscillator osc(m, c, 1e-4, T_D);
        Simulator sim(osc);
        const Eigen::VectorXcd lambda = jacobian(sim).eigenvalues();
        REQUIRE(lambda.size() == 2);
        for (const auto& l : lambda) {
            CHECK(std::abs(l.imag()) == doctest::Approx(std::sqrt(c / m)).epsilon(1e-6));
            CHECK(std::abs(l.real()) < 1e-3 * std::sqrt(c / m));
        }
    }
}

TEST_CASE("gravity on a translational mass: hung from a spring it oscillates about -m·g/c, its weight in the books") {
    // Fixed → Spring(c = 100 N/m, unstretched at s = 0) → Mass(2 kg, g = 9.81 along −s), released at s = 0 at rest:
    // s(t) = −(m·g/c)·(1 − cos ωt), ω = √(c/m). RK4 at 1 ms: 1e-9 m. Kinetic, spring and gravity energy together stay
    // constant (the books, on by default, check that at every step; the test at the end).
    Oscillator hung(2.0, 100.0, 0.0, 1e-3);
    hung.mass.g = 9.81;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-3;
    Simulator sim(hung, options);
    const double m = 2.0, g = 9.81, c = 100.0, omega = std::sqrt(c / m);
    const double E0 = sim.value("mass.E_kin") + sim.value("spring.E_pot") + sim.value("mass.E_pot");
    sim.simulate(1.0);
    CHECK(sim.value("mass.s") == doctest::Approx(-(m * g / c) * (1.0 - std::cos(omega))).epsilon(1e-9));
    CHECK(sim.value("mass.E_pot") == doctest::Approx(m * g * sim.value("mass.s")).epsilon(1e-12));
    CHECK(sim.value("mass.E_kin") + sim.value("spring.E_pot") + sim.value("mass.E_pot") == doctest::Approx(E0).epsilon(1e-9).scale(m * g * m * g / c));
}
