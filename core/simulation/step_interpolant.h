#pragma once
// Dense output: the last step from (t0, x0) to (t1, x1) as the cubic Hermite interpolant of its ends, third order,
// from the states and the derivatives k0, k1 there. Samples between fixed steps, the event locator and the books'
// midpoint read the solution inside a step from it: a fixed step is not shortened to land on a sample (the locator
// does end a step at a crossing, found on the interpolant).
#include <Eigen/Core>

namespace lied {

struct StepInterpolant {
    double t0 = 0.0, t1 = 0.0;
    Eigen::VectorXd x0, k0, x1, k1;

    void resize(Eigen::Index n) {
        for (auto* v : {&x0, &k0, &x1, &k1}) v->setZero(n);
    }
    // x(t) for t0 <= t <= t1 (k0, x1, k1 filled for this step).
    void at(double t, Eigen::VectorXd& x) const {
        const double h = t1 - t0, s = (t - t0) / h, s2 = s * s, s3 = s2 * s;
        x = (2 * s3 - 3 * s2 + 1) * x0 + ((s3 - 2 * s2 + s) * h) * k0 + (-2 * s3 + 3 * s2) * x1 + ((s3 - s2) * h) * k1;
    }
};

}  // namespace lied
