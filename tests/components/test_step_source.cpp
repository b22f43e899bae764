#include "components/step_source.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "core/model/state.h"
#include "support/integral_of.h"

#include <doctest/doctest.h>

using namespace lied;

// x' = step(t): integrates the step, so x(t) = height·(t − start_time) after the step, exactly.
using Integral = test::IntegralOf<components::StepSource>;

TEST_CASE("the step is a time event: solvers stop exactly there, even when the step size does not hit it") {
    for (const char* solver : {"euler", "rk4", "dopri5"}) {
        Integral sys{2.0, 1.0};
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 0.3;
        Simulator sim(sys, o);
        CHECK(sim.value("source.y") == 0.0);
        sim.simulate(0.9);
        CHECK(sim.value("x") == 0.0);
        sim.simulate(2.2);
        CHECK(sim.value("source.y") == 2.0);
        CHECK(sim.value("x") == doctest::Approx(2.0 * 1.2).epsilon(1e-12));
    }
}

TEST_CASE("the step time and height are parameters") {
    Integral sys{2.0, 1.0};
    Simulator sim(sys);
    sim.set_parameter("source.start_time", 0.5);
    sim.set_parameter("source.height", -1.0);
    sim.reset();
    sim.simulate(1.5);
    CHECK(sim.value("x") == doctest::Approx(-1.0).epsilon(1e-12));
}
