// The C++ snippets of README.md, compiled and run, so the documentation cannot drift from the API.
#include "core/recorder.h"
#include "core/realtime_swap.h"
#include "core/simulator.h"
#include "systems/two_stage_rocket.h"
#include "systems/com_vessels.h"
#include "thermofluid/pressure_drop.h"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

TEST_CASE("README: simulating ComVessels from C++") {
    lied::systems::ComVessels vessels;
    lied::SimulatorOptions options;
    options.solver = "dopri5";
    lied::Simulator sim(vessels, options);
    sim.set_parameter("p2.dp_ref", 3000);
    sim.reset();
    lied::Recorder rec({"t1.level", "p2.m_flow"}, 0.1);
    sim.simulate(60.0, &rec);
    const auto path = (std::filesystem::temp_directory_path() / "lied_readme_out.csv").string();
    rec.write_csv(path);
    CHECK(std::filesystem::file_size(path) > 100);
    std::filesystem::remove(path);
    const double level = sim.value("t2.level");
    CHECK(std::abs(sim.value("t1.level") + 0.5 - level) < 0.01);   // nearly settled at 60 s
}

TEST_CASE("README: real-time loop and replacing a valve") {
    lied::systems::ComVessels vessels;
    lied::Simulator sim(vessels);   // rk4 by default
    for (int k = 0; k < 5000; ++k)
        if (sim.step(1e-3) != lied::StepStatus::Ok) FAIL(sim.describe(lied::StepStatus::Ok));
    CHECK(sim.time() == doctest::Approx(5.0));
    vessels.replace_valve("p2", std::make_unique<lied::thermofluid::PressureDrop>(0.01, 4000.0, 100.0));
    sim.rebuild();
    sim.simulate(20.0);
    CHECK(sim.value("p2.m_flow") < sim.value("p3.m_flow"));
}

TEST_CASE("README: cites papers by title, never by a path outside the repository") {
    std::ifstream in(std::filesystem::path(LIED_SOURCE_DIR) / "README.md");
    std::stringstream text;
    text << in.rdbuf();
    CHECK(text.str().find("../shared") == std::string::npos);
    CHECK(text.str().find("papers/0") == std::string::npos);
}

TEST_CASE("README: a structural change swapped into a real-time loop") {
    using lied::systems::TwoStageRocket;
    auto make = [] { return std::unique_ptr<lied::Component>(lied::systems::TwoStageRocket::make()); };
    lied::RealtimeSwap swap(make);                 // the first structure
    std::thread worker([&] {                       // any thread but the real-time one
        swap.prepare(make, TwoStageRocket::release());   // a StructuralChange, made on a fresh tree of the running structure
        swap.wait_for_swap();                      // then frees the old structure here, not on the real-time thread
    });
    int steps = 0;
    auto running = [&] { return swap.swaps() == 0 || ++steps < 10; };
    while (running()) {                            // the 1 kHz loop
        if (swap.step(1e-3) != lied::StepStatus::Ok) break;   // serves the snapshot, swaps when ready, steps
        const lied::Simulator& sim = swap.simulator();       // fetch it after each step: a swap replaces it
        CHECK(std::isfinite(sim.time()));
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    worker.join();
    CHECK(swap.simulator().find_value("stage1.w") != nullptr);   // released
}
