// The fixed-step error monitor against the exact local error of a harmonic oscillator, independent of the engine.
#include "core/integrators/step_error_monitor.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace lied;

namespace {
struct Oscillator final : OdeFunction {   // x'' = −ω²x; exact: x = cos ωt, v = −ω sin ωt from (1, 0)
    double omega = 3.0;
    std::size_t size() const override { return 2; }
    bool derivatives(double, const double* x, double* xdot) override {
        xdot[0] = x[1];
        xdot[1] = -omega * omega * x[0];
        return true;
    }
};

// One step of `solver` from (1, 0) over h, then the monitor's estimate; returns the exact local error of the state
// the monitor named as the worst.
double exact_error_of_named_state(const char* solver, double h, StepErrorMonitor& monitor) {
    Oscillator f;
    auto integrator = make_integrator(solver);
    integrator->resize(2, {1.0, 1.0});
    monitor.configure(*integrator, {CheckMode::Error, 1, 1e-2}, 2, {1.0, 1.0}, nullptr, LinearSolverKind::Automatic);
    REQUIRE(monitor.active());
    Eigen::VectorXd x0(2), x1(2);
    x0 << 1.0, 0.0;
    x1 = x0;
    REQUIRE(integrator->advance(f, 0.0, h, x1) == StepStatus::Ok);
    REQUIRE(monitor.due());
    REQUIRE(monitor.estimate(f, 0.0, h, x0, x1));
    const double exact[2] = {std::cos(f.omega * h), -f.omega * std::sin(f.omega * h)};
    const int i = monitor.last().state;
    REQUIRE(i >= 0);
    return std::abs(x1[i] - exact[i]);
}
}  // namespace

TEST_CASE("step doubling estimates the local error of each fixed-step solver to within 25 %") {
    // Richardson's estimate is exact up to the next order: at h·ω = 0.03 the neglected terms are a few per cent of
    // the error for every method (25 % leaves room for the first-order methods, whose next term is largest).
    for (const char* solver : {"euler", "rk4", "linearly-implicit-euler", "ros2"}) {
        CAPTURE(solver);
        StepErrorMonitor monitor;
        const double exact = exact_error_of_named_state(solver, 0.01, monitor);
        CHECK(monitor.last().error == doctest::Approx(exact).epsilon(0.25));
    }
}

TEST_CASE("the suggested step meets the tolerance it was asked for") {
    for (const std::string solver : {"euler", "rk4", "ros2"}) {
        CAPTURE(solver);
        StepErrorMonitor monitor;
        exact_error_of_named_state(solver.c_str(), solver == "rk4" ? 0.4 : 0.2, monitor);   // too large for the tolerance
        REQUIRE(monitor.last().ratio > 1.0);
        const double suggested = monitor.last().suggested_step;
        REQUIRE(suggested > 0.0);
        REQUIRE(suggested < 0.4);
        StepErrorMonitor again;
        exact_error_of_named_state(solver.c_str(), suggested, again);
        CHECK(again.last().ratio <= 1.0);
    }
}

TEST_CASE("the monitor checks every k-th step and the step after a discontinuity, and only fixed-step solvers") {
    auto rk4 = make_integrator("rk4");
    rk4->resize(1, {1.0});
    StepErrorMonitor monitor;
    monitor.configure(*rk4, {CheckMode::Error, 3, 1e-2}, 1, {1.0}, nullptr, LinearSolverKind::Automatic);
    std::string pattern;
    for (int k = 0; k < 7; ++k) pattern += monitor.due() ? 'x' : '.';
    CHECK(pattern == "x..x..x");
    monitor.check_next();
    CHECK(monitor.due());
    CHECK_FALSE(monitor.due());

    for (const char* adaptive : {"dopri5", "cvode-bdf", "cvode-adams"}) {
        auto solver = make_integrator(adaptive);
        monitor.configure(*solver, {}, 1, {1.0}, nullptr, LinearSolverKind::Automatic);
        CHECK_FALSE(monitor.active());
    }
    monitor.configure(*rk4, {CheckMode::Off, 1, 1e-2}, 1, {1.0}, nullptr, LinearSolverKind::Automatic);
    CHECK_FALSE(monitor.active());
    CHECK_THROWS_WITH_AS(monitor.configure(*rk4, {CheckMode::Error, 0, 1e-2}, 1, {1.0}, nullptr, LinearSolverKind::Automatic),
                         "the step error monitor needs a tolerance > 0, an interval of at least 1 step and at least 1 step to confirm", std::invalid_argument);
}

TEST_CASE("check modes by name") {
    CHECK(check_mode_from_string("error") == CheckMode::Error);
    CHECK(check_mode_from_string("warn") == CheckMode::Warn);
    CHECK(check_mode_from_string("off") == CheckMode::Off);
    CHECK(std::string(to_string(CheckMode::Warn)) == "warn");
    CHECK_THROWS_WITH_AS(check_mode_from_string("maybe"), "'maybe' is not a check mode (error, warn or off)", std::invalid_argument);
}
