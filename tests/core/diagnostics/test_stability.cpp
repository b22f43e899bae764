// The stability analysis behind "likely cause: numerical instability": eigenvalues of the finite-difference
// Jacobian against the stability function of the fixed-step method, checked on linear ODEs with known limits.
#include "core/integrators/explicit_euler.h"
#include "core/integrators/dormand_prince.h"
#include "core/integrators/runge_kutta4.h"
#include "core/diagnostics/stability.h"

#include <doctest/doctest.h>

#include <complex>

using namespace lied;

namespace {
// ẋ = A·x for a 2×2 matrix.
struct Linear2 final : OdeFunction {
    double a, b, c, d;
    Linear2(double a, double b, double c, double d) : a(a), b(b), c(c), d(d) {}
    std::size_t size() const override { return 2; }
    bool derivatives(double, const double* x, double* xdot) override {
        xdot[0] = a * x[0] + b * x[1];
        xdot[1] = c * x[0] + d * x[1];
        return true;
    }
};
}  // namespace

TEST_CASE("stability functions of euler and rk4") {
    std::complex<double> r;
    CHECK(ExplicitEuler().stability_function({-2.0, 0.0}, r));
    CHECK(r == std::complex<double>(-1.0, 0.0));
    CHECK(RungeKutta4().stability_function({-1.0, 0.0}, r));
    CHECK(std::abs(r - (1.0 - 1.0 + 0.5 - 1.0 / 6 + 1.0 / 24)) < 1e-15);
    CHECK_FALSE(DormandPrince().stability_function({-1.0, 0.0}, r));   // adaptive: no fixed limit
}

TEST_CASE("a real eigenvalue: euler's limit is 2/|λ|, rk4's about 2.785/|λ|") {
    Linear2 f(-100.0, 0.0, 0.0, -1.0);   // λ = -100 and -1
    const Eigen::Vector2d x(1.0, 1.0);
    ExplicitEuler euler;
    RungeKutta4 rk4;
    CHECK(stability_note(f, euler, 0.0, x, 0.019, {1.0, 1.0}) == "");   // inside the limit 0.02 s
    const std::string note = stability_note(f, euler, 0.0, x, 0.05, {1.0, 1.0});
    INFO(note);
    CHECK(note.find("likely cause: numerical instability of euler: the fastest mode has eigenvalue -100 1/s (time constant 0.01 s)") == 0);
    CHECK(note.find("the step 0.05 s is beyond the stable limit of about 0.02 s") != std::string::npos);
    CHECK(stability_note(f, rk4, 0.0, x, 0.027, {1.0, 1.0}) == "");
    CHECK(stability_note(f, rk4, 0.0, x, 0.05, {1.0, 1.0}).find("stable limit of about 0.0279 s") != std::string::npos);
}

TEST_CASE("an undamped oscillation: euler is never stable, rk4 up to 2.83/ω") {
    Linear2 f(0.0, 1.0, -4.0, 0.0);   // ẍ = -4x: λ = ±2i
    const Eigen::Vector2d x(1.0, 0.0);
    ExplicitEuler euler;
    RungeKutta4 rk4;
    const std::string note = stability_note(f, euler, 0.0, x, 0.01, {1.0, 1.0});
    INFO(note);
    CHECK(note == "likely cause: numerical instability of euler: the fastest mode has eigenvalue 0 ± 2i 1/s (period 3.14 s); euler is "
                  "unstable for every practical step on this undamped oscillation: use rk4 with a step below 1.41 s (2.83/|λ|), or an implicit solver (ros2 at a fixed step, cvode-bdf)");
    CHECK(stability_note(f, rk4, 0.0, x, 1.4, {1.0, 1.0}) == "");
    CHECK(stability_note(f, rk4, 0.0, x, 1.5, {1.0, 1.0}).find("stable limit of about 1.41 s") != std::string::npos);
}

TEST_CASE("a growing mode is the model's instability, not the step's") {
    Linear2 f(3.0, 0.0, 0.0, -1.0);
    const std::string note = stability_note(f, RungeKutta4(), 0.0, Eigen::Vector2d(1.0, 1.0), 0.1, {1.0, 1.0});
    CHECK(note == "likely cause: the model itself is unstable there: a mode with eigenvalue 3 1/s (time constant 0.333 s) grows by "
                  "itself, whatever the step");
}

TEST_CASE("step advice: ten steps per period of the fastest mode, and rk4's limit 2·√2/ω on an undamped oscillation") {
    // ẍ = −400·x: λ = ±20i. Ten steps per period: 2π/(10·20) s; RK4 is stable on the imaginary axis up to
    // |h·λ| = 2·√2 (to the bisection's resolution).
    Linear2 oscillator(0.0, 1.0, -400.0, 0.0);
    RungeKutta4 rk4;
    const StepAdvice advice = step_advice(oscillator, rk4, 0.0, Eigen::Vector2d(1.0, 0.0), {1.0, 1.0});
    REQUIRE(advice.analysed);
    CHECK(std::abs(advice.fastest.imag()) == doctest::Approx(20.0).epsilon(1e-6));
    CHECK(advice.accurate == doctest::Approx(2 * M_PI / 200.0).epsilon(1e-6));
    CHECK(advice.stable == doctest::Approx(2.0 * std::sqrt(2.0) / 20.0).epsilon(1e-4));
    // A mode that grows by itself (a pendulum started off its equilibrium: λ = ±3) does not make every step unstable.
    Linear2 saddle(0.0, 1.0, 9.0, 0.0);
    const StepAdvice open = step_advice(saddle, rk4, 0.0, Eigen::Vector2d(1.0, 0.0), {1.0, 1.0});
    REQUIRE(open.analysed);
    CHECK(open.stable == doctest::Approx(2.785 / 3.0).epsilon(1e-3));
}
