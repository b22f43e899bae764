// Integrator and LimIntegrator with Modelica's use_reset/use_set: `when reset then reinit(y, if use_set then set else
// y_start)`, written out here as the closed forms of y = k·∫u since the last rise of reset. The reset's rise is found
// whether it crosses 0.5 inside a step (a zero crossing) or jumps at another block's event (a relation's output, a
// step source's time event); a reset that is true where the run starts does not reset. The integrand is constant,
// so rk4 is exact and the checks hold to the event tolerance.
#include "core/model/build_error.h"
#include "core/simulation/simulation_state.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <numbers>
#include <string>

using namespace lied;

namespace {
constexpr double kPi = std::numbers::pi;

SimulatorOptions coarse_rk4() {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 0.3;   // lands on none of the reset times below
    return o;
}

// u = 1 into an integrator reset by `reset_source` (its output y drives reset), set from a constant 2.
std::string bench(const std::string& reset_source, const std::string& integrator_type = "Integrator",
                  const std::string& extra = "") {
    return "components:\n"
           "  one: {type: Constant, parameters: {k: 1}}\n"
           "  two: {type: Constant, parameters: {k: 2}}\n"
           "  trigger: " + reset_source + "\n"
           "  integral: {type: " + integrator_type + ", parameters: {use_reset: true" + extra + "}}\n"
           "connections:\n"
           "  - [one.y, integral.u]\n"
           "  - [trigger.y, integral.reset]\n" +
           (extra.find("use_set") != std::string::npos ? "  - [two.y, integral.set]\n" : "");
}

std::string replaced(std::string text, const std::string& what, const std::string& by) {
    text.replace(text.find(what), what.size(), by);
    return text;
}

template <class Run>
std::string error_of(Run&& run) {
    try {
        run();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "<no error>";
}

double run(const std::string& text, double t_end, double* resets = nullptr) {
    auto loaded = systems::parse_system_text(text, "reset.yaml", ".");
    Simulator sim(*loaded.root, coarse_rk4());
    sim.simulate(t_end);
    if (resets) *resets = sim.value("integral.resets");
    return sim.value("integral.y");
}
}  // namespace

TEST_CASE("an integrator's reset that rises through 0.5 inside a step restarts it at y_start there") {
    // reset = sin(t), true above 0.5 on (π/6, 5π/6) and (13π/6, 17π/6).
    const std::string sine = "{type: Sine, parameters: {amplitude: 1, f: 0.15915494309189535}}";
    double resets = 0;
    CHECK(run(bench(sine), 3.0, &resets) == doctest::Approx(3.0 - kPi / 6).epsilon(1e-8));
    CHECK(resets == 1);
    CHECK(run(bench(sine), 3 * kPi, &resets) == doctest::Approx(3 * kPi - 13 * kPi / 6).epsilon(1e-8));
    CHECK(resets == 2);
    SUBCASE("to set, not y_start") {
        CHECK(run(bench(sine, "Integrator", ", use_set: true, y_start: -7"), 3.0) == doctest::Approx(2.0 + 3.0 - kPi / 6).epsilon(1e-8));
    }
}

TEST_CASE("an integrator's reset that jumps at another block's event: a relation's output, a step's time event") {
    SUBCASE("a relation, true where sin(t) > 0.5: its output jumps at its own located crossing") {
        const std::string relation = "{type: GreaterThreshold, parameters: {threshold: 0.5}}";
        const std::string text = replaced(bench(relation), "  trigger:", "  wave: {type: Sine, parameters: {amplitude: 1, f: 0.15915494309189535}}\n  trigger:") +
                                 "  - [wave.y, trigger.u]\n";
        double resets = 0;
        CHECK(run(text, 3.0, &resets) == doctest::Approx(3.0 - kPi / 6).epsilon(1e-8));
        CHECK(resets == 1);
        CHECK(run(text, 3 * kPi, &resets) == doctest::Approx(3 * kPi - 13 * kPi / 6).epsilon(1e-8));
        CHECK(resets == 2);
    }
    SUBCASE("a step at t = 1.1 s (a time event)") {
        const std::string step = "{type: StepSource, parameters: {height: 1, start_time: 1.1}}";
        CHECK(run(bench(step), 2.0) == doctest::Approx(0.9).epsilon(1e-12));
        CHECK(run(bench(step, "Integrator", ", use_set: true"), 2.0) == doctest::Approx(2.9).epsilon(1e-12));
    }
    SUBCASE("true where the run starts: no rise, no reset (Modelica's when)") {
        double resets = -1;
        CHECK(run(bench("{type: Constant, parameters: {k: 1}}"), 2.0, &resets) == doctest::Approx(2.0).epsilon(1e-12));
        CHECK(resets == 0);
    }
}

TEST_CASE("a limited integrator held at its limit is reset, clipped into its limits, and held again when it gets there") {
    // dy/dt = 1, outMax = 1: held at 1 from t = 1 s; reset to y_start = 0 at t = 2.5 s, at the limit again at 3.5 s.
    const std::string step = "{type: StepSource, parameters: {height: 1, start_time: 2.5}}";
    const std::string limits = ", outMax: 1, outMin: -1";
    // Held where the located event left it: a hair inside the limit (the event tolerance).
    CHECK(run(bench(step, "LimIntegrator", limits), 2.4) == doctest::Approx(1.0).epsilon(1e-9));
    CHECK(run(bench(step, "LimIntegrator", limits), 3.0) == doctest::Approx(0.5).epsilon(1e-12));
    CHECK(run(bench(step, "LimIntegrator", limits), 5.0) == doctest::Approx(1.0).epsilon(1e-9));
    // set = 2 lies above outMax: clipped to it, and held there at once while u pushes on.
    CHECK(run(bench(step, "LimIntegrator", limits + ", use_set: true"), 3.0) == 1.0);
}

TEST_CASE("an integrator's reset and set inputs: the rules they break are named") {
    const std::string step = "{type: StepSource, parameters: {height: 1, start_time: 1}}";
    const std::string wire = "  - [trigger.y, integral.reset]\n";
    CHECK(error_of([&] { run(replaced(bench(step), wire, ""), 1.0); }).find("integral: use_reset = true, but reset is not connected") != std::string::npos);
    CHECK(error_of([&] { run(replaced(bench(step), "use_reset: true", "use_reset: false"), 1.0); })
              .find("integral: reset is connected, but use_reset = false") != std::string::npos);
    const std::string set_alone = replaced(replaced(bench(step, "Integrator", ", use_set: true"), "use_reset: true", "use_reset: false"), wire, "");
    CHECK(error_of([&] { run(set_alone, 1.0); }).find("integral: use_set = true, but use_reset = false") != std::string::npos);
}

TEST_CASE("a saved state holds what the reset saw: restored while reset is true, another event does not reset again") {
    // reset = (sin t > 0.5), true from π/6 to 5π/6; an unrelated step at 1.5 s is an event while it is true. Saved at
    // 1 s (reset true, seen), run on past its fall, restored: the run from 1 s again equals the first to the bit.
    const std::string relation = "{type: GreaterThreshold, parameters: {threshold: 0.5}}";
    const std::string text = replaced(bench(relation), "  trigger:",
                                      "  wave: {type: Sine, parameters: {amplitude: 1, f: 0.15915494309189535}}\n"
                                      "  tick: {type: StepSource, parameters: {start_time: 1.5}}\n  trigger:") +
                             "  - [wave.y, trigger.u]\n";
    auto loaded = systems::parse_system_text(text, "reset.yaml", ".");
    Simulator sim(*loaded.root, coarse_rk4());
    sim.simulate(1.0);
    SimulationState saved;
    sim.save_state(saved);
    sim.simulate(3.0);
    const double y_first = sim.value("integral.y"), resets_first = sim.value("integral.resets");
    CHECK(y_first == doctest::Approx(3.0 - kPi / 6).epsilon(1e-8));
    CHECK(resets_first == 1);
    sim.restore_state(saved);
    sim.simulate(3.0);
    CHECK(sim.value("integral.y") == y_first);
    CHECK(sim.value("integral.resets") == resets_first);
}
