#pragma once
// The DoublePendulum as the classic rigid-body ODE, independent of the engine: two links on revolute joints, q1 the
// first link's angle from the x axis, q2 the second's relative to the first; Lagrange's equations with the mass
// matrix derived by hand. Used by the planar tests (against the dialectic model as T_D → 0) and the MuJoCo bench.
#include "support/classic_rk4.h"

#include <Eigen/Dense>
#include <array>
#include <cmath>

namespace lied::testing::double_pendulum {

// Link lengths, masses, centre-of-mass distances, inertias about the centres (systems/examples/double_pendulum.h).
constexpr double l1 = 1.0, m1 = 1.0, a1 = 0.5, I1 = 1.0 / 12.0, m2 = 0.5, a2 = 0.4, I2 = 0.5 * 0.64 / 12.0, g = 9.81;
constexpr double q1_start = 0.0, q2_start = -0.7853981633974483;

// Joint-space mass matrix.
inline Eigen::Matrix2d mass_matrix(double q2) {
    const double c2 = std::cos(q2);
    Eigen::Matrix2d M;
    M(0, 0) = m1 * a1 * a1 + I1 + m2 * (l1 * l1 + a2 * a2 + 2 * l1 * a2 * c2) + I2;
    M(0, 1) = M(1, 0) = m2 * (a2 * a2 + l1 * a2 * c2) + I2;
    M(1, 1) = m2 * a2 * a2 + I2;
    return M;
}

// y = (q1, q2, q̇1, q̇2): M·q̈ = −G + (h·(2·q̇1·q̇2 + q̇2²), −h·q̇1²), h = m2·l1·a2·sin q2.
using State = std::array<double, 4>;
inline State rhs(const State& y) {
    const double q1 = y[0], q2 = y[1], d1 = y[2], d2 = y[3], h = m2 * l1 * a2 * std::sin(q2);
    const Eigen::Vector2d G(m1 * g * a1 * std::cos(q1) + m2 * g * (l1 * std::cos(q1) + a2 * std::cos(q1 + q2)), m2 * g * a2 * std::cos(q1 + q2));
    const Eigen::Vector2d right = -G + Eigen::Vector2d(h * (2 * d1 * d2 + d2 * d2), -h * d1 * d1);
    const Eigen::Vector2d qdd = mass_matrix(q2).ldlt().solve(right);
    return {d1, d2, qdd[0], qdd[1]};
}

// `steps` RK4 steps of h from y; `at` starts from the release at rest.
inline State advance(const State& y, double h, int steps) { return classic_rk4(y, rhs, h, steps); }
inline State at(double t_end, double h) { return advance({q1_start, q2_start, 0.0, 0.0}, h, static_cast<int>(std::lround(t_end / h))); }

}  // namespace lied::testing::double_pendulum
