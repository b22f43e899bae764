// Every example system, built-in and as a file, with its own solver and step: run, save, run on, restore, run on
// again — bit-identical, and the same again in a second simulator of the system built afresh (so the structure's
// fingerprint does not depend on the build, and no value the next steps need lives outside the saved state). A
// window that passes a structural change ends in another structure, to which the saved state does not fit; nor does
// a state saved after a change fit a simulator built afresh.
#include "core/simulation/simulator.h"
#include "support/example_files.h"
#include "systems/io/system_loading.h"
#include "systems/io/system_registry.h"

#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

using namespace lied;

namespace {

// The run from now to `until`, seen at five points: time, every value by name, the books, the step monitor's record
// and the event counts, each with its name (they follow from the saved state too).
struct Seen {
    std::vector<double> values;
    std::vector<std::string> names;
};
Seen run_on(Simulator& sim, double until) {
    Seen seen;
    const double from = sim.time();
    for (int k = 1; k <= 5; ++k) {
        sim.simulate(from + (until - from) * k / 5);
        seen.values.push_back(sim.time());
        seen.names.push_back("time");
        const std::string at = " at t = " + std::to_string(sim.time());
        auto see = [&](double value, const std::string& name) {
            seen.values.push_back(value);
            seen.names.push_back(name + at);
        };
        for (const std::string& name : sim.value_names()) see(sim.value(name), name);
        for (Quantity q : {Quantity::Mass, Quantity::Energy}) {
            const BalanceAccount& a = sim.balance().account(q);
            see(a.stored, std::string("books: stored ") + to_string(q));
            see(a.residual(), std::string("books: residual ") + to_string(q));
            see(a.allowance, std::string("books: allowance ") + to_string(q));
            see(a.worst_ratio, std::string("books: worst ratio ") + to_string(q));
        }
        see(static_cast<double>(sim.step_monitor().checks()), "step monitor: checks");
        see(sim.step_monitor().worst().ratio, "step monitor: worst ratio");
        see(sim.step_monitor().following() ? 1.0 : 0.0, "step monitor: following");
        for (const auto& [event, count] : sim.statistics().events) see(static_cast<double>(count), "event count " + event);
    }
    return seen;
}

// Bit for bit; if not, the first value that differs is named.
bool identical(const Seen& a, const Seen& b) {
    if (a.values.size() != b.values.size()) return false;
    for (std::size_t i = 0; i < a.values.size(); ++i)
        if (std::memcmp(&a.values[i], &b.values[i], sizeof(double)) != 0) {
            MESSAGE("first difference: " << a.names[i] << ": " << a.values[i] << " then " << b.values[i]);
            return false;
        }
    return true;
}

void check_save_and_restore(const std::string& argument) {
    CAPTURE(argument);
    systems::ResolvedSystem system = systems::resolve_system(argument);
    auto sim = systems::make_simulation(system, system.settings, {});
    const double t_end = system.settings.t_end;
    const long started = sim->generation();
    // Windows of a fifth of the run, until one passes no structural change.
    for (int w = 1; w < 5; ++w) {
        CAPTURE(w);
        sim->simulate(w * t_end / 5);
        SimulationState saved;
        sim->save_state(saved);
        const long generation = sim->generation();
        const Seen first = run_on(*sim, (w + 1) * t_end / 5);
        if (sim->generation() != generation) {
            std::string why = "(restored)";
            try {
                sim->restore_state(saved);
            } catch (const std::invalid_argument& e) {
                why = e.what();
            }
            // Another structure, or one of the same shape (a pump replaced by a pump): refused either way.
            CHECK((why.find("the state was saved from another structure") != std::string::npos ||
                   why.find("the state was saved before the structural change") != std::string::npos));
            continue;
        }
        sim->restore_state(saved);
        CHECK(identical(first, run_on(*sim, (w + 1) * t_end / 5)));

        // A second simulator built afresh has the structure of the start: the state fits it only if no change ran yet.
        systems::ResolvedSystem again = systems::resolve_system(argument);
        auto other = systems::make_simulation(again, again.settings, {});
        if (generation == started) {
            other->restore_state(saved);
            CHECK(identical(first, run_on(*other, (w + 1) * t_end / 5)));
        } else {
            CHECK_THROWS_WITH_AS(other->restore_state(saved), doctest::Contains("restore_state: the state was saved "), std::invalid_argument);
        }
        return;
    }
    FAIL("every window passed a structural change");
}

}  // namespace

TEST_CASE("every built-in example: run, save, run on, restore, run on again is bit-identical, in this simulator and a fresh one") {
    for (const auto& name : systems::SystemRegistry::instance().names()) check_save_and_restore(name);
}

TEST_CASE("every example file: run, save, run on, restore, run on again is bit-identical, in this simulator and a fresh one") {
    for (const std::string& file : lied::testing::runnable_example_files()) check_save_and_restore(file);
}
