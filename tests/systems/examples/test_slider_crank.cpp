// The SliderCrank against a reduced-coordinate model written independently (tests/support/slider_crank_reduced.h:
// one degree of freedom, the crank angle θ, Lagrange's equation with the loop solved by hand): the dialectic model with its stiff loop
// closure follows it to the closure's compliance, and the wrist pin stays closed to within |f|/c.
#include "core/simulation/simulator.h"
#include "systems/examples/slider_crank.h"
#include "support/slider_crank_reduced.h"
#include "support/file_twin.h"

#include <doctest/doctest.h>

#include <array>
#include <cmath>

using namespace lied;
using systems::SliderCrank;

namespace reduced = lied::testing::slider_crank;
static_assert(reduced::r == SliderCrank::crank_length && reduced::l == SliderCrank::rod_length && reduced::m1 == SliderCrank::crank_mass &&
              reduced::m2 == SliderCrank::rod_mass && reduced::m3 == SliderCrank::piston_mass && reduced::torque == SliderCrank::motor_torque &&
              reduced::damping == SliderCrank::bearing_damping);

TEST_CASE("slider-crank: the crank follows the reduced-coordinate model, to the closure's compliance, at any T_D") {
    // Over 0.5 s (three dead-centre passes) against θ alone with the loop solved by hand: what is left is the loop
    // closure's compliance (the pin opens by |f|/c), so a closure ten times stiffer brings the error down about
    // tenfold, and T_D (1 ms or 0.25 ms) changes nothing beyond the closure's own damping mode. ros2 at 20 µs keeps
    // its own error far below; the reference takes RK4 at 10 µs.
    const double t_end = 0.5;
    const reduced::State ref = reduced::at(t_end, 1e-5);
    auto run = [&](double T_D, double c) {
        SliderCrank crank;
        crank.defaults.T_D = T_D;
        crank.wristPin.c = c;
        crank.wristPin.T_D = T_D;
        SimulatorOptions options;
        options.solver = "ros2";
        options.dt = 2e-5;
        Simulator sim(crank, options);
        sim.simulate(t_end);
        // The piston follows the crank through the closed loop: its position is the reduced model's x(θ).
        CHECK(sim.value("cylinder.q") == doctest::Approx(reduced::piston_position(sim.value("crank.q"))).epsilon(1e-5));
        return std::array<double, 2>{sim.value("crank.q"), sim.value("crank.w")};
    };
    auto error = [&](const std::array<double, 2>& x) { return std::max(std::abs(x[0] - ref[0]), std::abs(x[1] - ref[1])); };
    const auto soft = run(1e-3, 1e7), soft_fast = run(2.5e-4, 1e7), stiff = run(1e-3, 1e8);
    MESSAGE("reduced model at 0.5 s: theta " << ref[0] << " rad, omega " << ref[1] << " rad/s; max error in theta and omega: c = 1e7 N/m "
                                               << error(soft) << " (T_D = 0.25 ms: " << error(soft_fast) << "), c = 1e8 N/m " << error(stiff));
    CHECK(ref[0] > 2 * M_PI);   // the crank did turn through its dead centres
    CHECK(error(soft) < 2e-3);
    CHECK(error(stiff) < 0.2 * error(soft));
    CHECK(std::abs(soft[0] - soft_fast[0]) < 1e-2 * error(soft));
}

TEST_CASE("slider-crank: the loop closure's gap stays below |f|/c at every step") {
    // f = c·gap + d·(Δw + T_D·Δa): the gap exceeds |f|/c only by the damper's share, below 5e-7 m (5 % of the
    // largest gap). ros2 at 0.1 ms resolves the dead-centre passes.
    SliderCrank crank;
    SimulatorOptions options;
    options.solver = "ros2";
    options.dt = 1e-4;
    Simulator sim(crank, options);
    double largest_gap = 0.0, largest_force = 0.0;
    for (int k = 1; k <= 2000; ++k) {
        sim.simulate(k * 1e-3);
        const double gap = sim.value("wristPin.error"), force = sim.value("wristPin.f");
        CHECK(gap <= force / crank.wristPin.c + 5e-7);
        largest_gap = std::max(largest_gap, gap);
        largest_force = std::max(largest_force, force);
    }
    MESSAGE("largest wrist-pin gap " << largest_gap << " m at forces up to " << largest_force << " N (c = 1e7 N/m)");
    CHECK(largest_force > 1.0);
    CHECK(largest_gap < 1.05 * largest_force / crank.wristPin.c);
}

TEST_CASE("SliderCrank: the system file reproduces the C++ class") {
    SliderCrank cpp;
    SimulatorOptions options;   // rk4: no finite-difference Jacobian whose rounding depends on the order of the states
    options.dt = 1e-4;
    // The closure force is c times a gap 1e5 times smaller than the positions it is the difference of: rounding
    // (and the file's decimal inertias) show at 1e-10 there.
    testing::check_file_twin(cpp, "slider_crank.yaml", options, {0.5},
                             {{"crank.q"}, {"crank.w"}, {"cylinder.q"}, {"wristPin.f", 1e-8}, {"world.reaction_y", 1e-8}});
}
