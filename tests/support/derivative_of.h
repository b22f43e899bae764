#pragma once
// The derivative of one state, by name, at time t (0 unless given) and the simulator's current states (start-up
// ramps, balances in tests).
#include "core/simulation/simulator.h"

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <string>

namespace lied::test {

inline double derivative_of(Simulator& sim, const std::string& state, double t = 0.0) {
    Eigen::VectorXd xdot(sim.states().size());
    REQUIRE(sim.derivatives(t, sim.states().data(), xdot.data()));
    for (std::size_t i = 0; i < sim.model().states.size(); ++i)
        if (sim.model().states[i].path == state) return xdot[static_cast<Eigen::Index>(i)];
    FAIL("no state " << state);
    return 0.0;
}

}  // namespace lied::test
