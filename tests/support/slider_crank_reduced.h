#pragma once
// The SliderCrank in reduced coordinates, independent of the engine: one degree of freedom, the crank angle θ, with
// the loop solved by hand (rod angle ψ = asin(−r·sin θ/l), piston at x = r·cos θ + l·cos ψ) and Lagrange's equation
//     M(θ)·θ̈ + ½·M'(θ)·θ̇² = τ − d·θ̇ − V'(θ)
// M' and V' by central differences (error about 1e-10, far below anything compared). Used by the slider-crank
// tests and the MuJoCo bench.
#include "support/classic_rk4.h"

#include <array>
#include <cmath>

namespace lied::testing::slider_crank {

// systems/examples/slider_crank.h: crank r, rod l (uniform rods), piston; motor torque and bearing damping.
constexpr double r = 0.1, l = 0.3, m1 = 0.5, m2 = 0.8, m3 = 1.0, I1 = m1 * r * r / 12.0, I2 = m2 * l * l / 12.0, g = 9.81;
constexpr double torque = 2.0, damping = 0.1;

inline double rod_angle(double theta) { return std::asin(-r * std::sin(theta) / l); }
inline double piston_position(double theta) { return r * std::cos(theta) + l * std::cos(rod_angle(theta)); }

inline double mass(double theta) {
    const double s = std::sin(theta), c = std::cos(theta), psi = rod_angle(theta), dpsi = -r * c / (l * std::cos(psi));
    const double rod_x = -r * s - 0.5 * l * std::sin(psi) * dpsi, rod_y = r * c + 0.5 * l * std::cos(psi) * dpsi;
    const double piston_x = -r * s - l * std::sin(psi) * dpsi;
    return m1 * 0.25 * r * r + I1 + m2 * (rod_x * rod_x + rod_y * rod_y) + I2 * dpsi * dpsi + m3 * piston_x * piston_x;
}
inline double potential(double theta) { return g * (m1 * 0.5 * r * std::sin(theta) + m2 * (r * std::sin(theta) + 0.5 * l * std::sin(rod_angle(theta)))); }

// y = (θ, θ̇).
using State = std::array<double, 2>;
inline State rhs(const State& y) {
    const double h = 1e-5, theta = y[0], omega = y[1];
    const double dM = (mass(theta + h) - mass(theta - h)) / (2 * h), dV = (potential(theta + h) - potential(theta - h)) / (2 * h);
    return {omega, (torque - damping * omega - dV - 0.5 * dM * omega * omega) / mass(theta)};
}

// `steps` RK4 steps of h from y; `at` starts from rest at top dead centre (θ = 0).
inline State advance(const State& y, double h, int steps) { return classic_rk4(y, rhs, h, steps); }
inline State at(double t_end, double h) { return advance({0.0, 0.0}, h, static_cast<int>(std::lround(t_end / h))); }

}  // namespace lied::testing::slider_crank
