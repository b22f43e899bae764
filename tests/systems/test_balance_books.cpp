// Every example system, built-in and as a file, runs with the mass and energy books kept: no component goes
// unaudited, and the books close within their allowance with each system's own solver and step. And the replaced
// tank: a wider tank that keeps the old level would hold more water than the system had, so the change is refused
// with the tank named, unless the new tank's start level is given (then it wins, and the books take the difference
// as brought by the change).
#include "core/simulation/simulator.h"
#include "support/cli_runner.h"
#include "support/example_files.h"
#include "systems/io/system_loading.h"
#include "systems/io/system_registry.h"

#include <doctest/doctest.h>

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
    REQUIRE(sim->balance().active());
    sim->simulate(system.settings.t_end);   // throws SimulationError naming the balance if it breaks
    CHECK(sim->balance().violations() == 0);
    for (Quantity q : {Quantity::Mass, Quantity::Energy}) {
        const BalanceAccount& a = sim->balance().account(q);
        if (!a.audited) continue;
        INFO(to_string(q), ": residual ", a.residual(), " of ", a.allowance, " allowed");
        CHECK(std::abs(a.residual()) <= a.allowance);
    }
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
