// The CoolingLoop example: the system file gives the C++ class's trajectory; the controller saturates while the
// load is too small to reach the set point and holds it once the load is large; the loop's steady balance (heat in =
// heat out through the radiator, mass conserved at the splitter and junction) at the 2 kW plateau.
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "systems/examples/cooling_loop.h"
#include "systems/io/system_file.h"
#include "support/cooling_loop_ode.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <filesystem>

using namespace lied;
using namespace lied::systems;

TEST_CASE("CoolingLoop: the system file reproduces the C++ class") {
    CoolingLoop cpp;
    LoadedSystem file = load_system_file((std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/cooling_loop.yaml").string());
    SimulatorOptions options{.solver = "rk4", .dt = 2e-3};
    Simulator a(cpp, options), b(*file.root, options);
    for (double t : {10.0, 120.0}) {
        a.simulate(t);
        b.simulate(t);
        for (const char* name : {"pump.m_flow", "bypass.m_flow", "T_coolant.value", "plate.T", "controller.y", "tank.p"}) {
            CAPTURE(name);
            CHECK(a.value(name) == doctest::Approx(b.value(name)).epsilon(1e-12));
        }
    }
}

TEST_CASE("CoolingLoop: the bypass controller saturates at low load and holds 35 °C at high load; heat balance at 2 kW") {
    CoolingLoop loop;
    Simulator sim(loop, SimulatorOptions{.solver = "cvode-bdf"});   // as registered for lied run
    sim.simulate(99.0);
    // 2 kW plateau: nearly steady. The radiator rejects the load, the bypass is wide open (the coolant stays below
    // the set point) and mass is conserved at the split.
    CHECK(sim.value("controller.y") == 1.0);
    CHECK(sim.value("T_coolant.value") < 308.15);
    CHECK(sim.value("radiator.Q_flow") == doctest::Approx(2000).epsilon(2e-3));
    CHECK(sim.value("radiatorPipe.m_flow") + sim.value("bypass.m_flow") == doctest::Approx(sim.value("pump.m_flow")).epsilon(1e-6));
    // 6 kW with a ±0.5 kW ripple from 300 s: the controller works inside its limits and holds the set point.
    Recorder r({"T_coolant.value", "controller.y"}, 1.0);
    sim.simulate(600.0, &r);
    const auto T = r.column("T_coolant.value"), y = r.column("controller.y");
    double worst = 0, y_min = 1, y_max = 0;
    for (std::size_t k = 0; k < T.size(); ++k)
        if (r.times()[k] >= 350) {
            worst = std::max(worst, std::abs(T[k] - 308.15));
            y_min = std::min(y_min, y[k]), y_max = std::max(y_max, y[k]);
        }
    MESSAGE("from 350 s: |T − T_set| ≤ " << worst << " K, bypass opening " << y_min << " … " << y_max);
    CHECK(worst < 0.6);
    CHECK(y_min > 0.0);
    CHECK(y_max < 1.0);
}

TEST_CASE("CoolingLoop: the engine's derivatives equal the hand-written ODE (bench/'s twin) at states along a run") {
    CoolingLoop loop;
    Simulator sim(loop, SimulatorOptions{.solver = "cvode-bdf"});
    lied::testing::CoolingLoopOde ode;
    // The engine's state order, mapped by name onto the twin's.
    std::array<int, lied::testing::CoolingLoopOde::kStates> index{};
    REQUIRE(sim.model().states.size() == index.size());
    for (int k = 0; k < lied::testing::CoolingLoopOde::kStates; ++k) {
        const auto it = std::find_if(sim.model().states.begin(), sim.model().states.end(),
                                     [&](const auto& s) { return s.path == lied::testing::CoolingLoopOde::names[k]; });
        REQUIRE(it != sim.model().states.end());
        index[static_cast<std::size_t>(k)] = static_cast<int>(it - sim.model().states.begin());
    }
    for (double t : {50.0, 130.0, 400.0}) {   // low load with the bypass saturated, the ramp, the controlled ripple
        sim.simulate(t);
        const Eigen::VectorXd x = sim.states();
        Eigen::VectorXd engine(x.size());
        REQUIRE(sim.derivatives(t, x.data(), engine.data()));
        std::array<double, lied::testing::CoolingLoopOde::kStates> xs{}, dx{};
        for (int k = 0; k < lied::testing::CoolingLoopOde::kStates; ++k) xs[static_cast<std::size_t>(k)] = x[index[static_cast<std::size_t>(k)]];
        ode.rhs(t, xs.data(), dx.data());
        double worst = 0.0;
        for (int k = 0; k < lied::testing::CoolingLoopOde::kStates; ++k) {
            CAPTURE(t);
            CAPTURE(lied::testing::CoolingLoopOde::names[k]);
            const double e = engine[index[static_cast<std::size_t>(k)]], h = dx[static_cast<std::size_t>(k)];
            // Both evaluate the same expressions in a different order, and each stops the tank's Newton iteration
            // within 1e-12 of p from its own start: the flows' derivatives differ by that pressure error over the
            // loop's inertance (compared in Pa), the others by rounding. dM/dt is zero in exact arithmetic.
            const bool momentum = k == lied::testing::CoolingLoopOde::m_flow || k == lied::testing::CoolingLoopOde::m_flow_1;
            if (momentum) CHECK(std::abs(e - h) * (9 * ode.L + ode.L_s) <= 1e-11 * sim.value("tank.p"));
            else CHECK(std::abs(e - h) <= 1e-10 * std::max(std::abs(e), 1e-6));
            if (!momentum) worst = std::max(worst, std::abs(e - h) / std::max(std::abs(e), 1e-6));
        }
        MESSAGE("t = " << t << " s: largest relative difference of the non-momentum derivatives " << worst);
    }
}
