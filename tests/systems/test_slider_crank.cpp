// The SliderCrank against a reduced-coordinate model written in this test (one degree of freedom, the crank angle
// θ, Lagrange's equation with the loop solved by hand): for small T_D the dialectic model with its stiff loop
// closure follows it with an error proportional to T_D, and the wrist pin stays closed to within |f|/c.
#include "core/simulator.h"
#include "systems/slider_crank.h"
#include "systems/system_file.h"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <filesystem>

using namespace lied;
using systems::SliderCrank;

namespace {
constexpr double r = SliderCrank::crank_length, l = SliderCrank::rod_length, m1 = SliderCrank::crank_mass, m2 = SliderCrank::rod_mass,
                 m3 = SliderCrank::piston_mass, I1 = m1 * r * r / 12.0, I2 = m2 * l * l / 12.0, g = 9.81;

// Generalised mass M(θ) and potential V(θ): the rod angle ψ = asin(−r·sin θ/l), the piston at x = r·cos θ + l·cos ψ.
double mass(double theta) {
    const double s = std::sin(theta), c = std::cos(theta), psi = std::asin(-r * s / l), dpsi = -r * c / (l * std::cos(psi));
    const double rod_x = -r * s - 0.5 * l * std::sin(psi) * dpsi, rod_y = r * c + 0.5 * l * std::cos(psi) * dpsi;
    const double piston_x = -r * s - l * std::sin(psi) * dpsi;
    return m1 * 0.25 * r * r + I1 + m2 * (rod_x * rod_x + rod_y * rod_y) + I2 * dpsi * dpsi + m3 * piston_x * piston_x;
}
double potential(double theta) {
    const double psi = std::asin(-r * std::sin(theta) / l);
    return g * (m1 * 0.5 * r * std::sin(theta) + m2 * (r * std::sin(theta) + 0.5 * l * std::sin(psi)));
}
// M·θ̈ + ½·M'·θ̇² = τ − d·θ̇ − V'; M' and V' by central differences (error ~1e-10, far below what is compared).
std::array<double, 2> rhs(const std::array<double, 2>& y) {
    const double h = 1e-5, theta = y[0], omega = y[1];
    const double dM = (mass(theta + h) - mass(theta - h)) / (2 * h), dV = (potential(theta + h) - potential(theta - h)) / (2 * h);
    return {omega, (SliderCrank::motor_torque - SliderCrank::bearing_damping * omega - dV - 0.5 * dM * omega * omega) / mass(theta)};
}
std::array<double, 2> reduced_at(double t_end, double h) {
    std::array<double, 2> y{0.0, 0.0};
    auto add = [](const std::array<double, 2>& a, const std::array<double, 2>& b, double s) { return std::array<double, 2>{a[0] + s * b[0], a[1] + s * b[1]}; };
    for (int k = 0; k < static_cast<int>(std::lround(t_end / h)); ++k) {
        const auto k1 = rhs(y), k2 = rhs(add(y, k1, h / 2)), k3 = rhs(add(y, k2, h / 2)), k4 = rhs(add(y, k3, h));
        for (std::size_t i = 0; i < 2; ++i) y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
    return y;
}
}  // namespace

TEST_CASE("slider-crank: for small T_D the crank follows the reduced-coordinate model, error proportional to T_D") {
    // Over 0.5 s (three dead-centre passes; later the phase error makes the speed error nonlinear in T_D) the error
    // is about 240·T_D in ω (rad/s) and halves with T_D (ratio 2 within 15%). ros2 at 20 µs keeps its own error
    // two orders below; the reference takes RK4 at 10 µs.
    const double t_end = 0.5;
    const std::array<double, 2> ref = reduced_at(t_end, 1e-5);
    auto error_at = [&](double T_D) {
        SliderCrank crank;
        crank.defaults.T_D = T_D;
        SimulatorOptions options;
        options.solver = "ros2";
        options.dt = 2e-5;
        Simulator sim(crank, options);
        sim.simulate(t_end);
        // The piston follows the crank through the closed loop: its position is the reduced model's x(θ).
        const double theta = sim.value("crank.q"), psi = std::asin(-r * std::sin(theta) / l);
        CHECK(sim.value("cylinder.q") == doctest::Approx(r * std::cos(theta) + l * std::cos(psi)).epsilon(1e-5));
        return std::max(std::abs(sim.value("crank.q") - ref[0]), std::abs(sim.value("crank.w") - ref[1]));
    };
    const double e1 = error_at(1e-3), e2 = error_at(5e-4), e3 = error_at(2.5e-4);
    MESSAGE("reduced model at 0.5 s: theta " << ref[0] << " rad, omega " << ref[1] << " rad/s; max error in theta and omega: T_D = 1 ms " << e1
                                               << ", 0.5 ms " << e2 << ", 0.25 ms " << e3);
    CHECK(ref[0] > 2 * M_PI);   // the crank did turn through its dead centres
    CHECK(e3 < 300 * 2.5e-4);
    CHECK(e1 / e2 == doctest::Approx(2.0).epsilon(0.15));
    CHECK(e2 / e3 == doctest::Approx(2.0).epsilon(0.15));
}

TEST_CASE("slider-crank: the loop closure's gap stays below |f|/c at every step") {
    // f = c·gap + d·Δv: the gap exceeds |f|/c only by the damper's share d·|Δv|/c, below 1e-7 m for relative
    // velocities under 1 mm/s (1 % of the largest gap). ros2 at 0.1 ms resolves the dead-centre passes (at 1 ms it
    // stays stable but overestimates the peak force 2.5-fold, see the README).
    SliderCrank crank;
    SimulatorOptions options;
    options.solver = "ros2";
    options.dt = 1e-4;
    Simulator sim(crank, options);
    double largest_gap = 0.0, largest_force = 0.0;
    for (int k = 1; k <= 2000; ++k) {
        sim.simulate(k * 1e-3);
        const double gap = sim.value("wristPin.error"), force = sim.value("wristPin.f");
        CHECK(gap <= force / crank.wristPin.c + 1e-7);
        largest_gap = std::max(largest_gap, gap);
        largest_force = std::max(largest_force, force);
    }
    MESSAGE("largest wrist-pin gap " << largest_gap << " m at forces up to " << largest_force << " N (c = 1e7 N/m)");
    CHECK(largest_force > 1.0);
    CHECK(largest_gap < 1.01 * largest_force / crank.wristPin.c);
}

TEST_CASE("SliderCrank: the system file reproduces the C++ class") {
    SliderCrank cpp;
    systems::LoadedSystem file = systems::load_system_file((std::filesystem::path(LIED_SOURCE_DIR) / "systems/files/slider_crank.yaml").string());
    SimulatorOptions options;   // rk4: no finite-difference Jacobian whose rounding depends on the order of the states
    options.dt = 1e-4;
    Simulator a(cpp, options), b(*file.root, options);
    a.simulate(0.5);
    b.simulate(0.5);
    for (const char* name : {"crank.q", "crank.w", "cylinder.q"}) {
        CAPTURE(name);
        CHECK(a.value(name) == doctest::Approx(b.value(name)).epsilon(1e-12));
    }
    // The closure force is c times a gap 1e5 times smaller than the positions it is the difference of: rounding
    // (and the file's decimal inertias) show at 1e-10 there.
    for (const char* name : {"wristPin.f", "world.reaction_y"}) {
        CAPTURE(name);
        CHECK(a.value(name) == doctest::Approx(b.value(name)).epsilon(1e-8));
    }
}
