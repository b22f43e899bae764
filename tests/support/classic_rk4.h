#pragma once
// Classic fourth-order Runge–Kutta for the small reference ODEs the tests write by hand (independent of the engine's
// integrators): `steps` steps of h from y.
#include <array>
#include <cstddef>

namespace lied::testing {

template <std::size_t N, class Rhs>
std::array<double, N> classic_rk4(std::array<double, N> y, const Rhs& rhs, double h, int steps) {
    using State = std::array<double, N>;
    auto add = [](const State& a, const State& b, double s) {
        State r;
        for (std::size_t i = 0; i < N; ++i) r[i] = a[i] + s * b[i];
        return r;
    };
    for (int k = 0; k < steps; ++k) {
        const State k1 = rhs(y), k2 = rhs(add(y, k1, h / 2)), k3 = rhs(add(y, k2, h / 2)), k4 = rhs(add(y, k3, h));
        for (std::size_t i = 0; i < N; ++i) y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
    return y;
}

}  // namespace lied::testing
