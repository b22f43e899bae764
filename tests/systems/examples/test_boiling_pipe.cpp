// The BoilingPipe example (IAPWS-IF97): the system file gives the C++ class's trajectory; at the end (heating held
// for 80 s) the outlet is wet steam at the saturation temperature of 1 MPa, its quality follows from the energy
// balance with the saturation enthalpies of the IAPWS tables, and each wall sits Q/(U·A) above the boiling water.
#include "core/simulation/simulator.h"
#include "systems/examples/boiling_pipe.h"
#include "support/file_twin.h"
#include "systems/io/system_file.h"
#include "thermofluid/media/media_registry.h"

#include <doctest/doctest.h>

#include <filesystem>

using namespace lied;
using namespace lied::systems;

namespace {
SimulatorOptions as_registered() {
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-8, 1e-8, 0.0};
    return options;
}
}  // namespace

TEST_CASE("BoilingPipe: the system file reproduces the C++ class") {
    BoilingPipe cpp;
    LoadedSystem file = load_system_file((std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/boiling_pipe.yaml").string());
    testing::drive_file_inputs(file);   // the heating's table
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 2e-3;
    Simulator a(cpp, options), b(*file.root, options);
    for (double t : {20.0, 40.0}) {   // through subcooled heating and the onset of boiling
        a.simulate(t);
        b.simulate(t);
        for (const char* name : {"cell1.T", "cell4.h", "wall2.T", "x_out.value", "T_out.value", "feed.m_flow"}) {
            CAPTURE(name);
            CHECK(a.value(name) == doctest::Approx(b.value(name)).epsilon(1e-12));
        }
    }
}

TEST_CASE("BoilingPipe at steady heating: saturation temperature, quality from the energy balance, wall superheat") {
    BoilingPipe pipe;
    Simulator sim(pipe, as_registered());
    sim.simulate(150.0);
    // IAPWS-IF97 at 1 MPa (the release's saturation table): T_s = 453.035632 K, h' = 762.683 kJ/kg, h'' = 2777.12 kJ/kg.
    const double T_s = 453.035632, h_liquid = 762.683e3, h_vapour = 2777.12e3;
    CHECK(sim.value("feed.m_flow") == doctest::Approx(0.05).epsilon(1e-9));   // the feed valve's 0.5 bar
    CHECK(sim.value("T_out.value") + 273.15 == doctest::Approx(T_s).epsilon(1e-8));
    // Energy: the outlet carries the feed's enthalpy plus the 80 kW the heaters give (walls settled, tolerance of the
    // solver's 1e-8 and the table's six digits).
    const auto& water = thermofluid::medium("WaterIF97");
    const double h_feed = water.specific_enthalpy(10.5e5, 423.15, nullptr), h_out = h_feed + 4 * 20e3 / 0.05;
    CHECK(sim.value("cell4.h") == doctest::Approx(h_out).epsilon(1e-7));
    CHECK(sim.value("x_out.value") == doctest::Approx((h_out - h_liquid) / (h_vapour - h_liquid)).epsilon(2e-5));
    CHECK(sim.value("x_middle.value") == doctest::Approx((h_feed + 2 * 20e3 / 0.05 - h_liquid) / (h_vapour - h_liquid)).epsilon(2e-5));
    // Each wall passes its 20 kW through U·A = 250 W/K to water boiling at T_s.
    for (const char* wall : {"wall1.T", "wall4.T"}) {
        CAPTURE(wall);
        CHECK(sim.value(wall) == doctest::Approx(T_s + 20e3 / 250).epsilon(1e-7));
    }
}
