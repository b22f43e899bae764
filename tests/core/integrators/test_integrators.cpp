// Integrators against analytic solutions, independent of the engine.
#include "core/integrators/dormand_prince.h"
#include "core/integrators/explicit_euler.h"
#include "core/integrators/runge_kutta4.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;

namespace {
struct Decay final : OdeFunction {   // y' = −y
    std::size_t size() const override { return 1; }
    bool derivatives(double, const double* x, double* xdot) override {
        xdot[0] = -x[0];
        return true;
    }
};
struct Harmonic final : OdeFunction {   // x'' = −x
    std::size_t size() const override { return 2; }
    bool derivatives(double, const double* x, double* xdot) override {
        xdot[0] = x[1];
        xdot[1] = -x[0];
        return true;
    }
};

double error_at_one(Integrator& integrator, double h) {
    Decay f;
    integrator.resize(1, {1.0});
    Eigen::VectorXd x(1);
    x << 1.0;
    const int n = static_cast<int>(std::lround(1.0 / h));
    for (int i = 0; i < n; ++i) REQUIRE(integrator.advance(f, i * h, h, x) == StepStatus::Ok);
    return std::abs(x[0] - std::exp(-1.0));
}
}  // namespace

TEST_CASE("explicit Euler converges with order 1") {
    ExplicitEuler e;
    const double ratio = error_at_one(e, 0.01) / error_at_one(e, 0.005);
    CHECK(ratio == doctest::Approx(2.0).epsilon(0.02));
}

TEST_CASE("RK4 converges with order 4") {
    RungeKutta4 rk;
    const double ratio = error_at_one(rk, 0.1) / error_at_one(rk, 0.05);
    CHECK(ratio == doctest::Approx(16.0).epsilon(0.05));
    CHECK(error_at_one(rk, 0.01) < 1e-10);
}

TEST_CASE("Dormand–Prince meets its tolerance and lands exactly on the requested time") {
    Harmonic f;
    for (double tol : {1e-6, 1e-9}) {
        DormandPrince dp;
        dp.set_tolerances({tol, tol});
        dp.resize(2, {1.0, 1.0});
        Eigen::VectorXd x(2);
        x << 1.0, 0.0;
        double t = 0;
        for (int k = 0; k < 10; ++k, t += 1.0) REQUIRE(dp.advance(f, t, 1.0, x) == StepStatus::Ok);
        // Global error grows roughly linearly over 10 time units: allow 100× the local tolerance.
        CHECK(std::abs(x[0] - std::cos(10.0)) < 100 * tol);
        CHECK(std::abs(x[1] + std::sin(10.0)) < 100 * tol);
        CHECK(dp.stats().steps > 5);
    }
}

TEST_CASE("an integrator reports a failed evaluation instead of producing numbers") {
    struct Failing final : OdeFunction {
        std::size_t size() const override { return 1; }
        bool derivatives(double, const double*, double* xdot) override {
            xdot[0] = 0;
            return false;
        }
    } f;
    Eigen::VectorXd x = Eigen::VectorXd::Ones(1);
    for (auto* integrator : std::initializer_list<Integrator*>{new ExplicitEuler, new RungeKutta4, new DormandPrince}) {
        integrator->resize(1, {1.0});
        CHECK(integrator->advance(f, 0.0, 0.1, x) == StepStatus::EvaluationFailed);
        delete integrator;
    }
}
