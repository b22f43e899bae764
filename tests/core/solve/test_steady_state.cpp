// Steady-state initialisation: the vessels settle where the hand calculation says, with the water they hold.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "systems/examples/com_vessels.h"

#include <doctest/doctest.h>

using namespace lied;

TEST_CASE("steady-state initialisation of the vessels gives the hand-calculated equilibrium") {
    // Equal pressure at the bottom of every tank (same water, same ambient pressure): level + elevation equal,
    // and the water conserved: A1·h1 + A2·h2 + A3·h3 = A1·2 + A2·1 + A3·0.5 with all areas 1 m²; no flow.
    systems::ComVessels vessels;
    vessels.t1.level.start = 2.0;
    vessels.t2.level.start = 1.0;
    vessels.t3.level.start = 0.5;
    Simulator sim(vessels);
    const SteadyStateResult r = sim.initialize_steady_state();
    CHECK(r.converged);
    const double level = (2.0 + 1.0 + 0.5) / 3;
    // The residual tolerance is 1e-10 1/s on levels of 1 m: the levels agree to far better than 1e-8 m.
    CHECK(sim.value("t1.level") == doctest::Approx(level).epsilon(1e-9));
    CHECK(sim.value("t2.level") == doctest::Approx(level).epsilon(1e-9));
    CHECK(sim.value("t3.level") == doctest::Approx(level).epsilon(1e-9));
    CHECK(std::abs(sim.value("t1.m_flow")) < 1e-8);
    MESSAGE("vessels steady state: ", r.iterations, " iterations, ", r.evaluations, " evaluations, ", r.jacobians, " Jacobians");

    // After the elevation step at t = 1 s: t1.level + 0.5 = t2.level = t3.level, same water.
    sim.simulate(1.0);
    sim.initialize_steady_state();
    const double raised = (3.5 - 2 * 0.5) / 3;   // h1 + 0.5 = h2 = h3 and h1 + h2 + h3 = 3.5
    CHECK(sim.value("t1.level") == doctest::Approx(raised).epsilon(1e-9));
    CHECK(sim.value("t2.level") == doctest::Approx(raised + 0.5).epsilon(1e-9));
    // And it stays there.
    sim.simulate(3.0);
    CHECK(sim.value("t2.level") == doctest::Approx(raised + 0.5).epsilon(1e-9));
}

TEST_CASE("steady state of chosen states only: the others keep their values") {
    systems::ComVessels vessels;
    vessels.t1.level.start = 2.0;
    Simulator sim(vessels);
    // Only the flow is free: with the levels held, the flow that balances the valves is not zero, and
    // der(m_flow) = 0 is a force balance that holds at that flow.
    sim.initialize_steady_state({"t1.m_flow"});
    CHECK(sim.value("t1.level") == 2.0);
    CHECK(sim.value("t2.level") == 1.0);
    CHECK(sim.value("t1.m_flow") > 0);
    Eigen::VectorXd xdot(sim.states().size());
    REQUIRE(sim.derivatives(sim.time(), sim.states().data(), xdot.data()));
    CHECK(std::abs(xdot[1]) < 1e-10);
    CHECK_THROWS_WITH(sim.initialize_steady_state({"t1.levle"}), doctest::Contains("'t1.levle' is not a state (did you mean 't1.level'?)"));
}
