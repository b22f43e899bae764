#pragma once
// The chain of tests/support/networks.h (OutTank → N pressure drops → InTank) written by hand, as a
// performance-minded engineer would without Lied: parameters in flat arrays, one loop for the pressures,
// the single path equation solved in closed form. The engine is measured against this.
#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace lied::bench {

struct HandWrittenChain {
    static constexpr double rho = 1000.0, g = 9.81, p_amb = 1e5, p_min = 1.0;
    std::vector<double> v_ref, dp_ref, L;
    double A_source = 1.0, A_sink = 1.0, L_ends = 0.0, L_sum = 0.0;

    explicit HandWrittenChain(int n) {
        for (int i = 0; i < n; ++i) {   // the same parameters as make_chain
            v_ref.push_back(0.01);
            dp_ref.push_back(1000.0 / n * (1 + i % 3));
            L.push_back(100.0 / n * (1 + i % 5));
        }
        for (double l : L) L_sum += l;
    }

    using Y = std::array<double, 3>;   // source level, mass flow, sink level
    Y initial() const { return {2.0, 0.0, 1.0}; }

    Y rhs(const Y& y) const {
        const double m = y[1];
        double p = p_amb + rho * g * y[0], correction = 0.0;
        for (std::size_t i = 0; i < v_ref.size(); ++i) {
            const double vn = m / rho / v_ref[i];
            const double dp = 0.5 * dp_ref[i] * (vn + vn * std::abs(vn));
            const double p_out = std::max(p_min, p - dp);
            correction += p_out - (p - dp);
            p = p_out;
        }
        const double p_sink = p_amb + rho * g * y[2];
        const double dm = -(p_sink - p + correction) / (L_sum + L_ends);
        return {-m / (rho * A_source), dm, m / (rho * A_sink)};
    }

    void rk4_step(Y& y, double h) const {
        auto add = [](const Y& a, const Y& b, double s) { return Y{a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]}; };
        const Y k1 = rhs(y), k2 = rhs(add(y, k1, h / 2)), k3 = rhs(add(y, k2, h / 2)), k4 = rhs(add(y, k3, h));
        for (int i = 0; i < 3; ++i) y[static_cast<std::size_t>(i)] += h / 6 * (k1[static_cast<std::size_t>(i)] + 2 * k2[static_cast<std::size_t>(i)] + 2 * k3[static_cast<std::size_t>(i)] + k4[static_cast<std::size_t>(i)]);
    }
};

}  // namespace lied::bench
