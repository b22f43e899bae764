// The DriveTrain example (rotational dialectic mechanics): the file gives the class's trajectory; the gear keeps
// the angular momentum balance ratio·J_m·ω_m + J_l·ω_l = ratio·∫τ dt exactly (the shaft's torques cancel); the load
// stays at rest until the play is taken up, and then follows ratio·τ/(J_l + ratio²·J_m).
#include "core/simulation/simulator.h"
#include "systems/examples/drive_train.h"
#include "support/file_twin.h"

#include <doctest/doctest.h>


using namespace lied;
using namespace lied::systems;

namespace {
SimulatorOptions rk4() {
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-4;   // 10× below the fastest eigenvalue −1/T_D = −1000/s
    return options;
}
}  // namespace

TEST_CASE("DriveTrain: the system file reproduces the C++ class") {
    DriveTrain cpp;
    testing::check_file_twin(cpp, "drive_train.yaml", rk4(), {0.15, 0.3}, {{"rotor.w"}, {"load.w"}, {"shaft.f"}, {"load.s"}, {"loadSpeed.v"}});
}

TEST_CASE("DriveTrain: angular momentum through the gear, the play, and the rigid-body acceleration") {
    const double ratio = 10.0, J_m = 0.01, J_l = 1.0, tau = 2.0, t_on = 0.1;
    DriveTrain train;
    Simulator sim(train, rk4());
    sim.simulate(0.12);   // the motor has turned the gear output by 0.5·(τ/J_m)·0.02²/ratio = 0.004 rad < b/2
    CHECK(sim.value("load.w") == 0.0);
    CHECK(sim.value("shaft.penetration") == 0.0);
    for (double t : {0.2, 0.4, 0.6}) {
        sim.simulate(t);
        CAPTURE(t);
        // d/dt(ratio·J_m·w_m + J_l·w_l) = ratio·τ: linear in the states, kept by RK4 to rounding.
        CHECK(ratio * J_m * sim.value("rotor.w") + J_l * sim.value("load.w") == doctest::Approx(ratio * tau * (t - t_on)).epsilon(1e-9));
    }
    // Rung down (shaft damping): both turn together, the load at ratio·τ/(J_l + ratio²·J_m) = 10 rad/s², the shaft
    // twisted beyond the play by J_l·α/c.
    const double alpha = ratio * tau / (J_l + ratio * ratio * J_m);
    CHECK(sim.value("rotor.w") == doctest::Approx(ratio * sim.value("load.w")).epsilon(1e-6));
    CHECK(sim.value("shaft.penetration") == doctest::Approx(J_l * alpha / 5e4).epsilon(1e-3));
    CHECK(sim.value("shaft.f") == doctest::Approx(-J_l * alpha).epsilon(1e-3));
}
