// Every call makes progress or says why not; the step size of fixed-step solvers does not depend on the output
// interval (samples inside a step are interpolated); the final time is always recorded.
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "systems/examples/com_vessels.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using namespace lied;

TEST_CASE("step() refuses steps that cannot advance, with a reason") {
    systems::ComVessels v;
    Simulator sim(v);
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    for (double dt : {0.0, -1.0, nan, inf}) {
        CAPTURE(dt);
        CHECK(sim.step(dt) == StepStatus::InvalidStep);
        CHECK(sim.time() == 0.0);
    }
    CHECK(sim.describe(StepStatus::InvalidStep) == "cannot step by dt = inf s at t = 0 s: a step is a finite number > 0");
    CHECK_THROWS_WITH(sim.simulate(inf), "t_end must be finite and not before the current time");
    sim.options().dt = inf;
    CHECK_THROWS_WITH(sim.simulate(1.0), "the step size dt must be a finite number > 0");
}

TEST_CASE("a run to t_end = 1e-12 s advances to 1e-12 s") {
    systems::ComVessels v;
    Simulator sim(v);
    Recorder rec({"t1.level"}, 0.1);
    sim.simulate(1e-12, &rec);
    CHECK(sim.time() == 1e-12);
    REQUIRE(rec.times().size() == 2);
    CHECK(rec.times().back() == 1e-12);
}

TEST_CASE("an output interval of 1e-13 s over 1e-9 s ends, with every sample") {
    systems::ComVessels v;
    Simulator sim(v);
    Recorder rec({"t1.level"}, 1e-13);
    sim.simulate(1e-9, &rec);
    CHECK(sim.time() == 1e-9);
    CHECK(rec.times().size() == 10001);
}

TEST_CASE("the final time is always recorded") {
    systems::ComVessels v;
    for (const char* solver : {"rk4", "dopri5"}) {
        SimulatorOptions o;
        o.solver = solver;
        {
            Simulator sim(v, o);
            Recorder rec({"t1.level"}, 0.3);
            sim.simulate(1.0, &rec);
            REQUIRE(rec.times().size() == 5);
            CHECK(rec.times()[3] == doctest::Approx(0.9).epsilon(1e-15));
            CHECK(rec.times().back() == 1.0);
        }
        {
            Simulator sim(v, o);
            Recorder rec({"t1.level"}, 100.0);
            sim.simulate(60.0, &rec);
            CHECK(rec.times() == std::vector<double>{0.0, 60.0});
        }
    }
}

TEST_CASE("fixed steps do not depend on the output interval — samples inside a step are interpolated") {
    // RK4 with dt = 1 s sampled every 0.1 s: at whole seconds the states equal a run sampled every 1 s
    // (same steps, bit for bit), and the samples between are the cubic Hermite interpolant, within 1e-3 of a
    // converged reference (RK4 at 1 s has errors of that order itself; the interpolant adds O(h⁴)).
    systems::ComVessels a, b, c;
    SimulatorOptions coarse;
    coarse.dt = 1.0;
    Simulator fine_out(a, coarse), coarse_out(b, coarse);
    Recorder r_fine({"t1.level", "t2.level"}, 0.1), r_coarse({"t1.level", "t2.level"}, 1.0);
    fine_out.simulate(20.0, &r_fine);
    coarse_out.simulate(20.0, &r_coarse);
    CHECK(fine_out.integrator().stats().steps == coarse_out.integrator().stats().steps);
    const auto fine = r_fine.column("t1.level"), coarse_col = r_coarse.column("t1.level");
    REQUIRE(fine.size() == 201);
    for (std::size_t k = 0; k < coarse_col.size(); ++k) CHECK(fine[10 * k] == coarse_col[k]);

    SimulatorOptions reference;
    reference.solver = "dopri5";
    reference.tolerances = {1e-10, 1e-10};
    Simulator ref(c, reference);
    Recorder r_ref({"t1.level", "t2.level"}, 0.1);
    ref.simulate(20.0, &r_ref);
    const auto exact = r_ref.column("t1.level");
    // The interpolant may not add to RK4's own error at the steps by more than its O(h⁴) share: measured, RK4 at
    // dt = 1 s is off by 1.0e-3 at the whole seconds and the samples between by at most 1.013e-3.
    double worst = 0, worst_at_steps = 0, worst_small_dt = 0;
    for (std::size_t k = 0; k < exact.size(); ++k) {
        worst = std::max(worst, std::abs(fine[k] - exact[k]));
        if (k % 10 == 0) worst_at_steps = std::max(worst_at_steps, std::abs(fine[k] - exact[k]));
    }
    MESSAGE("RK4 at dt = 1 s: worst error " << worst_at_steps << " at the steps, " << worst << " at the interpolated samples");
    CHECK(worst_at_steps < 1.5e-3);
    CHECK(worst < worst_at_steps + 1e-4);
    // And it is a different run from dt = 0.1 (the step was not silently capped at the interval).
    systems::ComVessels d;
    Simulator small(d);
    small.options().dt = 0.1;
    Recorder r_small({"t1.level", "t2.level"}, 0.1);
    small.simulate(20.0, &r_small);
    const auto small_col = r_small.column("t1.level");
    for (std::size_t k = 0; k < exact.size(); ++k) worst_small_dt = std::max(worst_small_dt, std::abs(small_col[k] - fine[k]));
    CHECK(worst_small_dt > 1e-7);
    CHECK(small.integrator().stats().steps == 200);
    CHECK(fine_out.integrator().stats().steps == 20);
}
