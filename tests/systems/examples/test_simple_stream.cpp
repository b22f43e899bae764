// The SimpleStream example: the system file gives the C++ class's trajectory; its steady state conserves mass
// exactly and energy to the junction's mixing regularisation (≤ N·m_flow_reg/Σṁ ≈ 1e-3 of the heat removed),
// and the parallel branches share one pressure drop (Kirchhoff).
#include "core/simulation/simulator.h"
#include "systems/examples/simple_stream.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <filesystem>

using namespace lied;
using namespace lied::systems;

TEST_CASE("SimpleStream: the system file reproduces the C++ class") {
    SimpleStream cpp;
    LoadedSystem file = load_system_file((std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/simple_stream.yaml").string());
    SimulatorOptions options{.solver = "rk4", .dt = 1e-3};
    Simulator a(cpp, options), b(*file.root, options);
    for (double t : {5.0, 35.0}) {
        a.simulate(t);
        b.simulate(t);
        for (const char* name : {"source.m_flow", "pipe_heated.m_flow", "cooler.T", "wall.T", "sensor.T"}) {
            CAPTURE(name);
            CHECK(a.value(name) == doctest::Approx(b.value(name)).epsilon(1e-12));
        }
    }
}

TEST_CASE("SimpleStream at steady state: mass, energy and equal branch pressure drops") {
    SimpleStream sys;
    Simulator sim(sys);
    sim.initialize_steady_state();
    const double m = sim.value("source.m_flow");
    CHECK(m > 0.1);
    CHECK(sim.value("pipe_heated.m_flow") + sim.value("pipe_plain.m_flow") == doctest::Approx(m).epsilon(1e-12));
    CHECK(sim.value("sensor.m_flow") == doctest::Approx(m).epsilon(1e-12));
    // Heat: fluid → wall (cooler) = wall → ambient (insulation), and what the stream lost
    const double Q_wall = sim.value("cooler.Q_flow"), Q_amb = sim.value("insulation.Q_flow");
    CHECK(-Q_wall == doctest::Approx(Q_amb).epsilon(1e-8));
    CHECK(m * (sim.value("source.h") - sim.value("sensor.h")) == doctest::Approx(Q_amb).epsilon(1e-3));
    CHECK(sim.value("pipe_heated.dp") == doctest::Approx(sim.value("pipe_plain.dp")).epsilon(1e-8));
    CHECK(sim.value("sensor.T") < 350.0);
    CHECK(sim.value("wall.T") > 293.15);
}
