// The TankDrain example: a tank drained through a control valve whose opening is an input driven by the file's
// table (held between rows). Against the closed form of a quasi-static outflow through the valve law, segment by
// segment, and through its input from outside (a handle set between steps gives the table's trajectory).
#include "core/simulation/simulator.h"
#include "support/file_twin.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>

using namespace lied;
using namespace lied::systems;

namespace {
const std::string kTankDrain = (std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/tank_drain.yaml").string();

SimulatorOptions tight() {
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-10, 1e-12, 0.0};
    return options;
}

// The level written independently of the components. Water of ρ = 1000 kg/m³ (the valve's reference density too)
// leaves through the valve law ṁ = k_u·ṁ_ref·√(ρ·g·h/Δp_ref), ṁ_ref = ρ·Kvs/3600, k_u = k_min + (1 − k_min)·u
// (linear), into a drain at the tank's ambient pressure. The inertance of valve and tank (L = 0.01 1/m) lets the
// flow follow within L·ṁ/(2·Δp) ≈ 1e-7 s, so the outflow is quasi-static and A·dh/dt = −ṁ/ρ integrates to
//     √h(t) = √h(t0) − a·k_u·(t − t0)/2,   a = Kvs/(3600·A)·√(ρ·g/Δp_ref).
struct QuasiStaticDrain {
    double A = 0.1, Kvs = 10, k_min = 0.03, rho = 1000, g = 9.81, dp_ref = 1e5;
    double a() const { return Kvs / (3600 * A) * std::sqrt(rho * g / dp_ref); }
    double k_u(double u) const { return k_min + (1 - k_min) * u; }
    double level(double h0, double u, double duration) const {
        const double root = std::sqrt(h0) - a() * k_u(u) * duration / 2;
        return root * root;
    }
    double outflow(double h, double u) const { return k_u(u) * rho * Kvs / 3600 * std::sqrt(rho * g * h / dp_ref); }
};
}  // namespace

TEST_CASE("TankDrain: the level follows the closed form of the valve law through each opening of the table") {
    LoadedSystem file = load_system_file(kTankDrain);
    testing::drive_file_inputs(file);   // the opening: 1, 0.25 from 60 s, 1 from 180 s (held)
    Simulator sim(*file.root, tight());
    const QuasiStaticDrain drain;
    // Segment ends and the opening during each: the closed form restarts from its own level at each row.
    const double h60 = drain.level(2.0, 1.0, 60), h180 = drain.level(h60, 0.25, 120), h300 = drain.level(h180, 1.0, 120);
    // At a row's instant the opening has changed but the flow, a state behind the inertance, has not yet: it is
    // still the flow of the opening before.
    struct Point {
        double t, level, opening, opening_of_flow;
    };
    for (const Point& p : {Point{30, drain.level(2.0, 1.0, 30), 1.0, 1.0}, Point{60, h60, 0.25, 1.0}, Point{120, drain.level(h60, 0.25, 60), 0.25, 0.25},
                           Point{180, h180, 1.0, 0.25}, Point{300, h300, 1.0, 1.0}}) {
        sim.simulate(p.t);
        CAPTURE(p.t);
        // Tolerance: the quasi-static lag (~1e-7 s of flow at each of the table's jumps) and CVODE's 1e-10.
        CHECK(sim.value("level") == doctest::Approx(p.level).epsilon(1e-7));
        CHECK(sim.value("valve.u") == p.opening);   // a row at t takes effect at t (the event fires before the sample)
        CHECK(sim.value("outflow") == doctest::Approx(drain.outflow(p.level, p.opening_of_flow)).epsilon(1e-6));
    }
    // A millisecond after the row the flow has followed the new opening.
    LoadedSystem again = load_system_file(kTankDrain);
    testing::drive_file_inputs(again);
    Simulator after_row(*again.root, tight());
    after_row.simulate(60.001);
    CHECK(after_row.value("outflow") == doctest::Approx(drain.outflow(h60, 0.25)).epsilon(1e-4));
    // What the example shows: about 0.24 m left after 300 s, where a valve open throughout leaves 0.012 m.
    CHECK(h300 == doctest::Approx(0.239).epsilon(0.01));
    CHECK(drain.level(2.0, 1.0, 300) == doctest::Approx(0.0119).epsilon(0.01));
}

TEST_CASE("TankDrain: the opening set from outside through its input handle gives the table's trajectory") {
    LoadedSystem driven = load_system_file(kTankDrain);
    testing::drive_file_inputs(driven);
    LoadedSystem handled = load_system_file(kTankDrain);   // no table: the input at its start value until set
    Simulator by_table(*driven.root, tight()), by_hand(*handled.root, tight());
    InputHandle opening = by_hand.input("valve_opening");
    for (const auto& [t, u] : {std::pair{60.0, 0.25}, std::pair{180.0, 1.0}, std::pair{300.0, 1.0}}) {
        by_table.simulate(t);
        by_hand.simulate(t);
        CAPTURE(t);
        CHECK(by_hand.value("level") == doctest::Approx(by_table.value("level")).epsilon(1e-9));
        REQUIRE(opening.set(u));   // the next row, at the same instant
    }
    // Outside the input's declared range [0, 1]: refused, nothing changed.
    CHECK_FALSE(opening.set(1.5));
    CHECK(by_hand.input_refusal(0, 1.5).find("valve_opening") != std::string::npos);
}
