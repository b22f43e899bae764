// The planar gripper: the box rests on the table until the grip closes, is carried off the table at the hand's
// pose (the pose taken at the closing), held by a vertical grip force equal to its weight when still, and put down
// at x = 0.5 m, at rest and level, after the grip opens; the number of states never changes; the file is the same
// system as the C++ class.
#include "core/simulation/simulator.h"
#include "systems/examples/planar_gripper.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>

using namespace lied;
using systems::PlanarGripper;

namespace {

SimulatorOptions bdf() {
    SimulatorOptions o;
    o.solver = "cvode-bdf";
    o.tolerances = {1e-7, 1e-9, 0.0};
    return o;
}

constexpr double g = 9.81;

}  // namespace

TEST_CASE("planar gripper: picks the box up, carries it, and puts it down at rest on the table") {
    auto gripper = PlanarGripper::make();
    Simulator sim(*gripper, bdf());
    const std::size_t states = sim.model().states.size();
    CHECK(states == 10);   // hand x, y; box x, y, angle: two states each

    // Before the grip: the box rests on its corners, which carry its weight (static balance, 1e-6).
    sim.simulate(1.9);
    sim.evaluate();
    CHECK(sim.value("corner_left.N") + sim.value("corner_right.N") == doctest::Approx(PlanarGripper::box_mass * g).epsilon(1e-6));
    CHECK(sim.value("grip.sigma") == 0.0);
    CHECK(sim.value("grip.f_y") == 0.0);

    // Carried across at constant speed (3.3–4.6 s, no acceleration): off the table, at the pose taken at the closing
    // (the constraint error decays at η = 50/s: below 0.1 mm), the vertical grip force carrying the weight (2e-3:
    // the hand's slide still settles from the lift).
    sim.simulate(3.9);
    sim.evaluate();
    CHECK(sim.value("corner_left.N") == 0.0);
    CHECK(sim.value("corner_right.N") == 0.0);
    CHECK(sim.value("grip.error") < 1e-4);
    CHECK(sim.value("box_y.q") > 0.25);
    CHECK(std::abs(sim.value("box_x.q") - sim.value("hand_x.q")) < 1e-3);   // taken at the hand's x
    CHECK(-sim.value("grip.f_y") == doctest::Approx(PlanarGripper::box_mass * g).epsilon(2e-3));
    CHECK(std::abs(sim.value("box_turn.q")) < 1e-6);   // held level

    // Put down: after the opening and the hand gone, the box lies still at x = 0.5 m on the table, level.
    sim.simulate(8.0);
    sim.evaluate();
    CHECK(sim.value("grip.sigma") == 0.0);
    CHECK(sim.value("grip.f_y") == 0.0);
    CHECK(sim.value("box_x.q") == doctest::Approx(0.5).epsilon(2e-3));
    CHECK(sim.value("box_y.q") == doctest::Approx(0.05).epsilon(1e-3));
    CHECK(std::abs(sim.value("box_turn.q")) < 1e-6);
    CHECK(std::abs(sim.value("box_x.w")) + std::abs(sim.value("box_y.w")) < 1e-4);
    CHECK(sim.value("corner_left.N") + sim.value("corner_right.N") == doctest::Approx(PlanarGripper::box_mass * g).epsilon(1e-5));
    CHECK(sim.value("hand_y.q") > 0.29);
    CHECK(sim.model().states.size() == states);
}

TEST_CASE("planar gripper: the system file is the C++ system") {
    auto loaded = systems::load_system_file((std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/planar_gripper.yaml").string());
    auto gripper = PlanarGripper::make();
    Simulator from_file(*loaded.root, bdf()), from_cpp(*gripper, bdf());
    for (double t : {2.05, 4.0, 8.0}) {
        from_file.simulate(t);
        from_cpp.simulate(t);
        for (const char* v : {"hand_x.q", "hand_y.q", "box_x.q", "box_y.q", "box_turn.q", "box_y.w"})
            CHECK(from_file.value(v) == doctest::Approx(from_cpp.value(v)).epsilon(1e-9));
    }
}
