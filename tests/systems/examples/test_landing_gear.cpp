// The LandingGear against hand balances: at rest the tyre carries the whole weight and the moments on the arm about
// its free pivot cancel; in the touch-down the energy only decreases and the horizontal momentum changes by the
// friction impulse alone; friction spins the wheel up to rolling.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "systems/examples/landing_gear.h"
#include "systems/io/system_registry.h"
#include "support/file_twin.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <utility>

using namespace lied;
using systems::LandingGear;

namespace {
constexpr double g = 9.81, total_mass = LandingGear::airframe_mass + LandingGear::arm_mass + LandingGear::wheel_mass;

// Kinetic energy (kinetic velocities w), height in gravity, shock absorber and tyre.
double energy(const Simulator& sim) {
    double e = sim.value("shock.E_pot") + sim.value("tyre.E_pot");
    for (auto [body, m] : {std::pair<const char*, double>{"airframe", LandingGear::airframe_mass}, {"arm", LandingGear::arm_mass}, {"wheel", LandingGear::wheel_mass}})
        e += sim.value(std::string(body) + ".E_kin") + m * g * sim.value(std::string(body) + ".y_cm");
    return e;
}
double momentum_x(const Simulator& sim) {
    return LandingGear::airframe_mass * sim.value("airframe.vx_cm") + LandingGear::arm_mass * sim.value("arm.vx_cm") +
           LandingGear::wheel_mass * sim.value("wheel.vx_cm");
}
}  // namespace

TEST_CASE("landing gear at rest: the tyre carries the weight, the moments on the arm about its pivot cancel") {
    LandingGear gear;
    gear.airframeX.w.start = 0.0;
    gear.airframeY.w.start = 0.0;
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-10, 1e-12, 0.0};
    Simulator sim(gear, options);
    sim.simulate(10.0);
    CHECK(sim.value("tyre.N") == doctest::Approx(total_mass * g).epsilon(1e-7));
    CHECK(std::abs(sim.value("world.reaction_y")) < 1e-5);   // nothing hangs on the world
    // Arm and wheel about the pivot P: shock force at the arm's middle M, the tyre's N below the axle, both weights.
    const double q = sim.value("armPivot.q"), ex = std::cos(q), ey = std::sin(q), L = LandingGear::arm_length;
    const double Px = sim.value("airframe.x_cm"), Py = sim.value("airframe.y_cm") - 0.2;
    const double Mx = Px + 0.5 * L * ex, My = Py + 0.5 * L * ey, Ax = Px + L * ex;
    const double Ux = sim.value("airframe.x_cm") - 0.22, Uy = sim.value("airframe.y_cm") + 0.3;
    const double length = std::hypot(Mx - Ux, My - Uy), tension = sim.value("shock.f");
    const double Fx = -tension * (Mx - Ux) / length, Fy = -tension * (My - Uy) / length;   // the shock's force on the arm
    const double moment = (Mx - Px) * Fy - (My - Py) * Fx + (Ax - Px) * sim.value("tyre.N") - (Mx - Px) * LandingGear::arm_mass * g -
                          (Ax - Px) * LandingGear::wheel_mass * g;
    CHECK(length == doctest::Approx(sim.value("shock.length")).epsilon(1e-12));
    CHECK(std::abs(moment) < 1e-6 * std::abs((Ax - Px) * sim.value("tyre.N")));
    CHECK(tension < -5e3);   // the strut is compressed by about twice the weight (the arm's lever)
}

TEST_CASE("landing gear touch-down: energy only decreases, horizontal momentum changes by the friction impulse, the wheel spins up") {
    LandingGear gear;
    SimulatorOptions options;
    options.solver = "ros2";
    options.dt = 2e-5;   // the friction's stiff mode (about 14 µs) resolved: the trapezoid over the samples then meets the momentum change to 3e-4
    Simulator sim(gear, options);
    const double E0 = energy(sim), P0 = momentum_x(sim);
    double previous = E0, largest_gain = 0.0, impulse = 0.0, friction_before = sim.value("tyre.F_t"), peak_friction = 0.0;
    const double dt = options.dt;
    for (int k = 1; k <= 15000; ++k) {   // 0.3 s, sampled every step
        sim.simulate(k * dt);
        const double e = energy(sim), friction = sim.value("tyre.F_t");
        largest_gain = std::max(largest_gain, e - previous);
        previous = e;
        impulse += 0.5 * (friction + friction_before) * dt;
        friction_before = friction;
        peak_friction = std::max(peak_friction, std::abs(friction));
    }
    MESSAGE("energy " << E0 << " J -> " << previous << " J, largest gain in one step " << largest_gain << " J; friction impulse " << impulse
                      << " N.s (peak " << peak_friction << " N), momentum change " << momentum_x(sim) - P0 << " N.s");
    CHECK(previous < E0 - 1e3);                // the shock and tyre dampers and the spin-up took energy out
    CHECK(largest_gain < 1e-6 * E0);           // and no step put any back (up to O(T_D) and rounding)
    CHECK(impulse < -50.0);                    // the tyre pulled the aircraft back while spinning the wheel up
    CHECK(momentum_x(sim) - P0 == doctest::Approx(impulse).epsilon(1e-3));
    // Rolling: the tyre's contact point rests on the runway; the hub turns at the ground speed over the radius.
    CHECK(std::abs(sim.value("tyre.slip")) < 1e-3);
    CHECK(-sim.value("wheelHub.w") * LandingGear::wheel_radius == doctest::Approx(sim.value("wheel.vx_cm")).epsilon(2e-2));
}

TEST_CASE("landing gear at its own solver and step follows the touch-down of a tight reference") {
    // The example's run settings (ros2 and its step) against CVODE at 1e-10, sampled every millisecond through the
    // spin-up and the rolling that follows: the friction within 1 % of its peak (about 6 kN), the wheel's speed within
    // 1e-2 rad/s, the strut's force within 1 % of its peak. At twice the step ros2 lags the friction's lock at the end
    // of the spin-up (its slope μ·N/v_reg is a mode of some 20 µs): the friction stays kilonewtons off for milliseconds,
    // and the step monitor stops that run.
    const systems::RunSettings& run = systems::SystemRegistry::instance().find("LandingGear")->defaults;
    LandingGear example_gear, reference_gear;
    SimulatorOptions options;
    options.solver = run.solver;
    options.dt = run.dt;
    Simulator sim(example_gear, options);
    SimulatorOptions tight;
    tight.solver = "cvode-bdf";
    tight.tolerances = {1e-10, 1e-10, 0.0};
    Simulator reference(reference_gear, tight);
    double friction = 0.0, wheel = 0.0, strut = 0.0, peak_friction = 0.0, peak_strut = 0.0;
    for (int k = 1; k <= 200; ++k) {
        sim.simulate(k * 1e-3);
        reference.simulate(k * 1e-3);
        friction = std::max(friction, std::abs(sim.value("tyre.F_t") - reference.value("tyre.F_t")));
        wheel = std::max(wheel, std::abs(sim.value("wheelHub.w") - reference.value("wheelHub.w")));
        strut = std::max(strut, std::abs(sim.value("shock.f") - reference.value("shock.f")));
        peak_friction = std::max(peak_friction, std::abs(reference.value("tyre.F_t")));
        peak_strut = std::max(peak_strut, std::abs(reference.value("shock.f")));
    }
    MESSAGE(run.solver << " at " << run.dt << " s against CVODE: friction " << friction << " N (peak " << peak_friction << " N), wheel "
                       << wheel << " rad/s, strut " << strut << " N (peak " << peak_strut << " N)");
    CHECK(peak_friction > 5e3);
    CHECK(friction < 1e-2 * peak_friction);
    CHECK(wheel < 1e-2);
    CHECK(strut < 1e-2 * peak_strut);

    LandingGear coarse_gear;
    options.dt = 2 * run.dt;
    Simulator coarse(coarse_gear, options);
    CHECK_THROWS_WITH_AS(coarse.simulate(0.2), doctest::Contains("is too large for this model"), SimulationError);
}

TEST_CASE("LandingGear: the system file reproduces the C++ class") {
    LandingGear cpp;
    SimulatorOptions options;   // rk4: no finite-difference Jacobian whose rounding depends on the order of the states
    options.dt = 2e-5;
    testing::check_file_twin(cpp, "landing_gear.yaml", options, {0.1},
                             {{"airframeY.q", 1e-10}, {"armPivot.q", 1e-10}, {"wheelHub.w", 1e-10}, {"airframeX.w", 1e-10}, {"tyre.N", 1e-10}, {"shock.f", 1e-10}});
}
