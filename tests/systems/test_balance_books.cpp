// Every example system, built-in and as a file, runs with the mass and energy books kept: no component goes
// unaudited, and the books close within their allowance with each system's own solver and step. And the replaced
// tank: a wider tank that keeps the old level would hold more water than the system had, so the change is refused
// with the tank named, unless the new tank's start level is given (then it wins, and the books take the difference
// as brought by the change).
#include "core/simulation/simulator.h"
#include "support/captured_warnings.h"
#include "systems/io/system_file.h"
#include "support/cli_runner.h"
#include "support/example_files.h"
#include "systems/io/system_loading.h"
#include "systems/io/system_registry.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

using namespace lied;
using lied::testing::run_lied;

namespace {
// Runs `argument` (a registered name or a file) with its own settings and checks its books.
void check_books(const std::string& argument) {
    CAPTURE(argument);
    systems::ResolvedSystem system = systems::resolve_system(argument);
    auto sim = systems::make_simulation(system, system.settings, {});
    REQUIRE(sim->balance().unaudited().empty());
    // A system of signal blocks only (the LTI example) holds no mass or energy: there are no books to keep. Anything
    // that declares a term must have them kept.
    const auto& terms = sim->model().balance_terms;
    if (std::all_of(terms.begin(), terms.end(), [](const BalanceTermInfo& t) { return t.kind == BalanceTermInfo::Kind::Neutral; })) return;
    REQUIRE(sim->balance().active());
    sim->simulate(system.settings.t_end);   // throws SimulationError naming the balance if it breaks
    CHECK(sim->balance().violations() == 0);
    for (Quantity q : {Quantity::Mass, Quantity::Energy}) {
        const BalanceAccount& a = sim->balance().account(q);
        if (!a.audited) continue;
        INFO(to_string(q), ": residual ", a.residual(), " of ", a.allowance, " allowed");
        CHECK(std::abs(a.residual()) <= a.allowance);
    }
    // No example lets a regularisation carry a measurable share of its energy (a run would warn).
    CHECK(sim->formulation_energy_note() == "");
}
}  // namespace

TEST_CASE("every built-in example keeps its books: every component declared, the balances closed") {
    for (const auto& name : systems::SystemRegistry::instance().names()) check_books(name);
}

TEST_CASE("every example file keeps its books") {
    for (const std::string& file : lied::testing::runnable_example_files()) check_books(file);
}

TEST_CASE("a replaced tank may not keep its level in twice the area: refused and named, while a given start level wins") {
    // The communicating vessels hold 3 m³ of water; t2 replaced at 5 s by a tank of twice the area.
    const std::string vessels = std::string(LIED_SOURCE_DIR) + "/systems/examples/files/com_vessels.yaml";
    lied::testing::TempFolder folder;
    auto write = [&](const std::string& name, const std::string& replacement) {
        std::ifstream in(vessels);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        text.replace(text.find("\nrun:"), 0, "\nactions:\n  - at: 5\n    description: t2 widened\n    replace:\n      t2: " + replacement + "\n");
        std::ofstream(folder / name) << text;
        return folder / name;
    };
    {
        const auto r = run_lied({"run", write("kept.yaml", "{type: InTank, parameters: {A: 2}}"), "--t-end", "10", "--out", folder / "kept.csv"});
        INFO(r.err);
        CHECK(r.code == 1);
        CHECK(r.err.find("structural change 't2 widened' refused at t = 5") != std::string::npos);
        CHECK(r.err.find("the mass balance broke at t = 5 s: ") != std::string::npos);
        CHECK(r.err.find("the states of t2 were carried over by name, but what it holds jumped") != std::string::npos);
    }
    {
        // h0 given: the new tank starts at its own level, and what that brings (or takes) is booked.
        const auto r = run_lied({"run", write("given.yaml", "{type: InTank, parameters: {A: 2, h0: 0.5}}"), "--t-end", "10", "--out",
                                 folder / "given.csv"});
        INFO(r.err);
        CHECK(r.code == 0);
        CHECK(r.out.find("from t = 5 s: t2 widened (5 states; 5 carried by name, 1 set by the change or a take-over (t2.level))") != std::string::npos);
    }
}

TEST_CASE("a junction whose regularisation carries a measurable share of the energy is named, with what tightens it") {
    // Hot and cold water mixed at about 1 g/s, ten times below the junction's default m_flow_eps (10 g/s): the
    // regularised mixing weights create about 8 % of the energy that moves. The books still close (they count it as
    // created); the run warns once, naming the junction and the parameter. A DropOfCommons with m_flow_reg = 1e-6
    // takes the share below 1e-4, and the warning goes.
    auto text = [](const std::string& drop) {
        return "components:\n" + drop +
               "  hot: {type: Source, parameters: {p0_par: 1.002e5, T0_par: 350}}\n"
               "  cold: {type: Source, parameters: {p0_par: 1.0018e5, T0_par: 290}}\n"
               "  r1: {type: PressureDrop, parameters: {v_ref: 1e-5, dp_ref: 1000}}\n"
               "  r2: {type: PressureDrop, parameters: {v_ref: 1e-5, dp_ref: 1000}}\n"
               "  junction: {type: JunctionN, parameters: {N: 2}}\n"
               "  r3: {type: PressureDrop, parameters: {v_ref: 1e-5, dp_ref: 1000}}\n"
               "  sink: {type: Sink, parameters: {p0_par: 1e5}}\n"
               "connections: [[hot.outlet, r1.inlet], [cold.outlet, r2.inlet], [r1.outlet, \"junction.inlets[1]\"], "
               "[r2.outlet, \"junction.inlets[2]\"], [junction.outlet, r3.inlet], [r3.outlet, sink.inlet]]\n";
    };
    SimulatorOptions o;
    o.solver = "cvode-bdf";
    auto coarse = systems::parse_system_text(text(""), "junction.yaml", ".");
    Simulator sim(*coarse.root, o);
    lied::testing::CapturedWarnings warnings;
    sim.simulate(5.0);
    const BalanceAccount& energy = sim.balance().account(Quantity::Energy);
    CHECK(sim.balance().violations() == 0);
    CHECK(std::abs(energy.created) > 0.05 * energy.supplied_in);
    const std::string note = sim.formulation_energy_note();
    CHECK(note.find("most in junction.mixing") != std::string::npos);
    CHECK(note.find("lower m_flow_eps (the system default thermofluid.m_flow_reg") != std::string::npos);
    CHECK(warnings.str().find(note) != std::string::npos);
    sim.simulate(6.0);   // once per simulator
    const std::string logged = warnings.str();
    CHECK(logged.find("regularisations created") == logged.rfind("regularisations created"));

    auto fine = systems::parse_system_text(text("  drop: {type: DropOfCommons, parameters: {m_flow_reg: 1e-6}}\n"), "junction.yaml", ".");
    Simulator tight(*fine.root, o);
    tight.simulate(5.0);
    const BalanceAccount& tight_energy = tight.balance().account(Quantity::Energy);
    CHECK(std::abs(tight_energy.created) < 1e-4 * tight_energy.supplied_in);
    CHECK(tight.formulation_energy_note() == "");
    // The flows themselves barely move: the regularisation acts on the mixing weights, not on the pressures.
    CHECK(tight.value("r3.m_flow") == doctest::Approx(sim.value("r3.m_flow")).epsilon(1e-3));
}
