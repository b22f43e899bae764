#pragma once
// The communicating vessels written directly as a plain ODE, independent of the engine: two path equations
//   L1·m1' + L2·m2'        = P1 − dp1(m1) − dp2(m2) − P2      (t1 → p1 → p2 → t2)
//   L1·m1' + L3·(m1' − m2') = P1 − dp1(m1) − dp3(m3) − P3     (t1 → p1 → p3 → t3),  m3 = m1 − m2
// solved by Cramer's rule, integrated with a hand-written RK4 at a small step.
#include <array>
#include <cmath>
#include <functional>

namespace lied::testing {

struct VesselsOde {
    std::array<double, 3> A{1, 1, 1}, L{100, 100, 100}, dp_ref{1000, 1000, 1000}, v_ref{0.01, 0.01, 0.01};
    std::array<double, 3> h0{1, 1, 1};
    double step_height = 0.5, step_time = 1.0;
    double rho = 1000, g = 9.81, p_amb = 1e5;
    // Called at t with the parameters; lets a test change a valve mid-run.
    std::function<void(double, VesselsOde&)> schedule;

    using Y = std::array<double, 5>;   // h1, h2, h3, m1 (= p1 flow), m2 (= p2 flow)

    double dp(int i, double m) const {
        const double vn = m / rho / v_ref[i];
        return 0.5 * dp_ref[i] * (vn + vn * std::abs(vn));
    }
    // e1: t1's elevation, constant within a segment between events (as the engine's time events make it).
    Y rhs(double e1, const Y& y) const {
        const double P1 = p_amb + rho * g * (y[0] + e1), P2 = p_amb + rho * g * y[1], P3 = p_amb + rho * g * y[2];
        const double m1 = y[3], m2 = y[4], m3 = m1 - m2;
        // [L1, L2; L1+L3, -L3] [m1'; m2'] = [b1; b2]
        const double b1 = P1 - dp(0, m1) - dp(1, m2) - P2;
        const double b2 = P1 - dp(0, m1) - dp(2, m3) - P3;
        const double a11 = L[0], a12 = L[1], a21 = L[0] + L[2], a22 = -L[2];
        const double det = a11 * a22 - a12 * a21;
        const double dm1 = (b1 * a22 - a12 * b2) / det;
        const double dm2 = (a11 * b2 - a21 * b1) / det;
        return {-m1 / (rho * A[0]), m2 / (rho * A[1]), m3 / (rho * A[2]), dm1, dm2};
    }
    Y initial() const { return {h0[0], h0[1], h0[2], 0.0, 0.0}; }

    // Integrates from t0 to t1 with RK4 at step h; does not step across the elevation step.
    void integrate(double& t, Y& y, double t_end, double h = 1e-3) {
        while (t < t_end - 1e-12) {
            if (schedule) schedule(t, *this);
            double stop = t_end;
            if (t < step_time - 1e-12 && step_time < stop) stop = step_time;
            const double hh = std::min(h, stop - t);
            const double e1 = t >= step_time - 1e-12 ? step_height : 0.0;
            auto add = [](const Y& a, const Y& b, double s) { Y r; for (int i = 0; i < 5; ++i) r[i] = a[i] + s * b[i]; return r; };
            const Y k1 = rhs(e1, y), k2 = rhs(e1, add(y, k1, hh / 2)), k3 = rhs(e1, add(y, k2, hh / 2)),
                    k4 = rhs(e1, add(y, k3, hh));
            for (int i = 0; i < 5; ++i) y[i] += hh / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
            t = (stop - (t + hh) < 1e-12) ? stop : t + hh;
        }
    }
};

}  // namespace lied::testing
