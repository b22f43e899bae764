// Stiff integration: CVODE's BDF on Robertson's kinetics against the literature, the linearly implicit
// methods' order and stability, and the counters that show the cost.
#include "core/integrators/integrator.h"
#include "core/model/build_error.h"
#include "core/simulation/recorder.h"
#include "core/simulation/run_statistics.h"
#include "core/simulation/simulator.h"
#include "support/event_components.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;

namespace {
struct Linear final : OdeFunction {
    double lambda;
    explicit Linear(double l) : lambda(l) {}
    std::size_t size() const override { return 1; }
    bool derivatives(double, const double* x, double* xdot) override {
        xdot[0] = lambda * x[0];
        return true;
    }
};

double error_at_one(const char* solver, int steps) {
    auto integrator = make_integrator(solver);
    integrator->resize(1, {1.0});
    Linear f(-1.0);
    Eigen::VectorXd x(1);
    x[0] = 1.0;
    const double h = 1.0 / steps;
    for (int k = 0; k < steps; ++k) REQUIRE(integrator->advance(f, k * h, h, x) == StepStatus::Ok);
    return std::abs(x[0] - std::exp(-1.0));
}
}  // namespace

TEST_CASE("CVODE BDF solves Robertson's stiff kinetics to the published values with far fewer steps than dopri5") {
    // Reference (Hairer & Wanner, Solving ODE II; SUNDIALS' cvRoberts example): at t = 40,
    // y1 = 0.7158, y2 = 9.185e-6, y3 = 0.2842 (4 digits given, hence 2e-4 and 1e-3 relative).
    auto run = [](const char* solver) {
        lied::testing::Robertson chem;
        SimulatorOptions o;
        o.solver = solver;
        o.tolerances.relative = 1e-6;
        o.tolerances.absolute = 1e-8;   // times the nominals: 1e-8 for y1 and y3, 1e-13 for y2
        Simulator sim(chem, o);
        sim.simulate(40.0);
        return std::make_pair(sim.statistics(), std::array<double, 3>{sim.value("y1"), sim.value("y2"), sim.value("y3")});
    };
    const auto [bdf, y] = run("cvode-bdf");
    CHECK(y[0] == doctest::Approx(0.7158).epsilon(2e-4));
    CHECK(y[1] == doctest::Approx(9.185e-6).epsilon(1e-3));
    CHECK(y[2] == doctest::Approx(0.2842).epsilon(5e-4));
    // y1 + y2 + y3 = 1 is a linear invariant, which BDF keeps up to its Newton tolerance.
    CHECK(std::abs(y[0] + y[1] + y[2] - 1.0) < 1e-6);
    const auto [dopri, y_explicit] = run("dopri5");
    CHECK(y_explicit[0] == doctest::Approx(0.7158).epsilon(2e-4));
    MESSAGE("Robertson to t = 40: cvode-bdf ", bdf.steps, " steps, ", bdf.solver_evaluations, " evaluations; dopri5 ",
            dopri.steps, " steps, ", dopri.solver_evaluations, " evaluations");
    CHECK(bdf.steps * 20 < dopri.steps);
    CHECK(bdf.jacobians > 0);
    CHECK(bdf.jacobian_colours == 3);
    CHECK(bdf.factorizations > 0);
}

TEST_CASE("the linearly implicit Euler is first order, ros2 second order") {
    const double e1 = error_at_one("linearly-implicit-euler", 100), e2 = error_at_one("linearly-implicit-euler", 200);
    CHECK(std::log2(e1 / e2) == doctest::Approx(1.0).epsilon(0.02));
    const double r1 = error_at_one("ros2", 100), r2 = error_at_one("ros2", 200);
    CHECK(std::log2(r1 / r2) == doctest::Approx(2.0).epsilon(0.02));
}

TEST_CASE("the linearly implicit methods are stable at h·λ = −1000, where explicit ones explode") {
    for (const char* solver : {"linearly-implicit-euler", "ros2"}) {
        CAPTURE(solver);
        auto integrator = make_integrator(solver);
        integrator->resize(1, {1.0});
        Linear f(-1000.0);
        Eigen::VectorXd x(1);
        x[0] = 1.0;
        for (int k = 0; k < 10; ++k) REQUIRE(integrator->advance(f, k, 1.0, x) == StepStatus::Ok);
        CHECK(std::abs(x[0]) < 1e-6);   // |R(−1000)| ≤ 1e-3 per step
        // One Jacobian (one evaluation for one state) and one LU per step, two f for ros2, one for Euler.
        CHECK(integrator->stats().jacobians == 10);
        CHECK(integrator->stats().factorizations == 10);
        CHECK(integrator->stats().rhs_calls == 10 * ((std::string(solver) == "ros2" ? 2 : 1) + 1));
    }
    auto rk4 = make_integrator("rk4");
    rk4->resize(1, {});
    Linear f(-1000.0);
    Eigen::VectorXd x(1);
    x[0] = 1.0;
    for (int k = 0; k < 10; ++k) rk4->advance(f, k, 1.0, x);
    CHECK(!(std::abs(x[0]) < 1e10));
}

TEST_CASE("an old Jacobian (renewed every k steps) keeps ros2 second order and saves factorisations") {
    auto run = [](int steps, int k) {
        auto integrator = make_integrator("ros2");
        integrator->set_jacobian_interval(k);
        integrator->resize(1, {1.0});
        // x' = −x·(1 + x²): J changes with x, so an old J is really old.
        struct Cubic final : OdeFunction {
            std::size_t size() const override { return 1; }
            bool derivatives(double, const double* x, double* xdot) override {
                xdot[0] = -x[0] * (1 + x[0] * x[0]);
                return true;
            }
        } f;
        Eigen::VectorXd x(1);
        x[0] = 1.0;
        const double h = 1.0 / steps;
        for (int s = 0; s < steps; ++s) integrator->advance(f, s * h, h, x);
        // Exact: x² = 1 / (2·e^{2t} − 1).
        return std::make_pair(std::abs(x[0] - 1 / std::sqrt(2 * std::exp(2.0) - 1)), integrator->stats());
    };
    const auto [e1, s1] = run(100, 5);
    const auto [e2, s2] = run(200, 5);
    CHECK(std::log2(e1 / e2) == doctest::Approx(2.0).epsilon(0.05));
    CHECK(s1.jacobians == 20);
    CHECK(s1.factorizations == 20);
}

TEST_CASE("statistics of a run: steps, evaluations, Jacobians, factorisations and events by name") {
    lied::testing::BouncingBall ball;
    SimulatorOptions o;
    o.solver = "ros2";
    o.dt = 0.01;
    Simulator sim(ball, o);
    sim.simulate(2.0);   // impacts at 0.45, 1.17 and 1.75 s
    const RunStatistics st = sim.statistics();
    CHECK(st.solver == "ros2");
    CHECK(st.steps >= 200);
    CHECK(st.jacobians == st.steps);
    CHECK(st.jacobian_colours == 1);   // h' = v, v' = −g: only h's column, and v's in another row: one colour
    CHECK(st.model_evaluations > st.solver_evaluations);   // events and checks evaluate the model too
    REQUIRE(st.events.size() == 1);
    CHECK(st.events[0] == std::make_pair(std::string("floor"), 3L));
    CHECK(st.text().find("floor: 3") != std::string::npos);
    sim.reset();
    CHECK(sim.statistics().steps == 0);
}

TEST_CASE("a stiff contact at 1 kHz: the linearly implicit methods hold it at a known cost, explicit RK4 cannot") {
    for (std::string solver : {"ros2", "linearly-implicit-euler"}) {
        CAPTURE(solver);
        lied::testing::StiffContact body;
        SimulatorOptions o;
        o.solver = solver;
        Simulator sim(body, o);
        for (int k = 0; k < 2000; ++k) REQUIRE(sim.step(1e-3) == StepStatus::Ok);
        // At rest in the ground: k·x = −m·g (hand calculation), the damper long settled.
        CHECK(sim.value("x") == doctest::Approx(-body.m * body.g / body.k).epsilon(1e-6));
        CHECK(std::abs(sim.value("v")) < 1e-12);
        // Known cost per step: f evaluations of the method, one Jacobian of 2 colours, one LU.
        const RunStatistics st = sim.statistics();
        const long per_step = (solver == "ros2" ? 2 : 1) + 2;
        CHECK(st.steps == 2000);
        CHECK(st.jacobian_colours == 2);
        CHECK(st.solver_evaluations == 2000 * per_step);
        CHECK(st.factorizations == 2000);
    }
    lied::testing::StiffContact body;
    Simulator sim(body);   // rk4
    StepStatus status = StepStatus::Ok;
    for (int k = 0; k < 2000 && status == StepStatus::Ok; ++k) status = sim.step(1e-3);
    CHECK(status != StepStatus::Ok);
    CHECK(sim.describe(status).find("numerical instability of rk4") != std::string::npos);
}

TEST_CASE("CVODE interpolates its samples: 4000 samples cost far fewer than 4000 steps — it stops only at events and the end") {
    auto steps = [](double interval) {
        lied::testing::Robertson chem;
        SimulatorOptions o;
        o.solver = "cvode-bdf";
        o.tolerances.relative = 1e-6;
        o.tolerances.absolute = 1e-8;
        Simulator sim(chem, o);
        Recorder rec({"y1", "y3"}, interval);
        sim.simulate(40.0, &rec);
        CHECK(sim.time() == 40.0);
        CHECK(rec.times().back() == 40.0);
        return std::make_pair(sim.statistics().steps, rec.column("y1")[static_cast<std::size_t>(std::lround(4.0 / interval))]);
    };
    const auto [coarse, y1_coarse] = steps(4.0);
    const auto [fine, y1_fine] = steps(0.01);   // 4000 samples
    // Measured: 270 steps for 10 samples, 359 for 4000 (CVODE's step control reacts a little to frequent
    // returns); stopping at every sample would take at least 4000.
    CHECK(fine < 2 * coarse);
    CHECK(fine < 1000);
    // Both give y1(4) = 0.9055 (cvRoberts) within the tolerance.
    CHECK(y1_coarse == doctest::Approx(0.9055097).epsilon(1e-4));
    CHECK(y1_fine == doctest::Approx(0.9055097).epsilon(1e-4));
}
