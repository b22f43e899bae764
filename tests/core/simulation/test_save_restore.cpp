// Saving and restoring a run: run, save, run on, restore, run on again — the second run on is the first, bit for bit,
// under every solver, across state events (a re-initialisation, a relay with hysteresis), a sampled controller and a
// time event. A save changes nothing where the solver's history can be saved; a state goes into another simulator
// of the same structure; a state that does not fit (another structure or solver, damaged bytes, a type without a
// layout) is refused with the reason, and the simulator runs on as if nothing had been tried.
#include "components/step_source.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "support/event_components.h"
#include "support/heated_chamber.h"

#include <doctest/doctest.h>

#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

using namespace lied;
using namespace lied::testing;

namespace {

// Every kind of value a saved state holds: states re-initialised by a state event (the ball), a discrete signal
// switched by a crossing with hysteresis (the relay), a sampler with its integral (the PI loop), a time event (the
// step, which also feeds nothing: its output is a discrete value of its own).
class EveryKindOfValue : public Component {
public:
    BouncingBall ball;
    Relay relay;
    PlantWithPI loop;
    components::StepSource step{2.0, 1.0};
    EveryKindOfValue() { relay.hysteresis = 0.05; }
    void metainfo(Meta& meta) override {
        meta.component(ball, "ball");
        meta.component(relay, "relay");
        meta.component(loop, "loop");
        meta.component(step, "step");
    }
    const char* type_name() const override { return "EveryKindOfValue"; }
};

// A discrete signal whose type has no value layout: a saved state cannot hold it.
class Label : public Component {
public:
    State x{1.0};
    Out<int> label;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        meta.block<&Label::eval>(this, "eval", {&x.value}, {&x.der});
        meta.discrete_signal(label, "label");
    }
    const char* type_name() const override { return "Label"; }

private:
    void eval() { x.der.value() = -x(); }
};

SimulatorOptions options_for(const std::string& solver) {
    SimulatorOptions o;
    o.solver = solver;
    o.dt = 1e-3;
    o.tolerances.relative = o.tolerances.absolute = 1e-8;
    o.step_monitor.mode = CheckMode::Warn;   // kept (its record is part of the state), but explicit Euler may go on
    o.jacobian_interval = 3;                  // an implicit solver's Jacobian then has an age worth saving
    return o;
}

// The run from now to `until`, seen at ten points: time, every value by name (states, variables, parameters).
std::vector<double> run_on(Simulator& sim, double until) {
    std::vector<double> seen;
    const double from = sim.time();
    for (int k = 1; k <= 10; ++k) {
        sim.simulate(from + (until - from) * k / 10);
        seen.push_back(sim.time());
        for (const std::string& name : sim.value_names()) seen.push_back(sim.value(name));
    }
    return seen;
}

// Bit for bit, and where they first differ if not.
void check_identical(const std::vector<double>& a, const std::vector<double>& b) {
    REQUIRE(a.size() == b.size());
    std::size_t first = a.size();
    for (std::size_t i = 0; i < a.size() && first == a.size(); ++i)
        if (std::memcmp(&a[i], &b[i], sizeof(double)) != 0) first = i;
    INFO("first difference at entry ", first, (first < a.size() ? ": " + std::to_string(a[first]) + " vs " + std::to_string(b[first]) : ""));
    CHECK(first == a.size());
}

std::string refusal(Simulator& sim, const SimulationState& state) {
    try {
        sim.restore_state(state);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(not refused)";
}

}  // namespace

TEST_CASE("run, save, run on, restore, run on again: bit-identical under every solver, across state, sampled and time events") {
    for (const std::string& solver : integrator_names()) {
        CAPTURE(solver);
        EveryKindOfValue system;
        Simulator sim(system, options_for(solver));
        sim.simulate(0.4);
        SimulationState saved;
        sim.save_state(saved);
        CHECK(saved.time() == sim.time());
        const std::vector<double> first = run_on(sim, 1.6);
        // The window holds a bounce (0.45 s), the relay's switch (1.05 s), 12 samples and the step (1 s).
        CHECK(std::abs(system.relay.x()) < 0.06);   // switched: it oscillates within its hysteresis
        CHECK(system.ball.bounces >= 1);
        sim.set_parameter("ball.e", 0.5);   // undone by the restore: parameters are part of the state
        sim.restore_state(saved);
        CHECK(sim.time() == saved.time());
        CHECK(sim.parameter("ball.e") == 0.8);
        check_identical(first, run_on(sim, 1.6));

        // Into another simulator of the same structure, fresh at t = 0.
        EveryKindOfValue twin;
        Simulator other(twin, options_for(solver));
        other.restore_state(saved);
        check_identical(first, run_on(other, 1.6));
    }
}

TEST_CASE("a discrete value keeps what its event set, even if a parameter it came from changed since: a restore runs no handler") {
    // The step fired at 1 s with height 2; the height set to 5 afterwards changes no output until an event would.
    EveryKindOfValue system;
    Simulator sim(system, options_for("rk4"));
    sim.simulate(1.2);
    sim.set_parameter("step.height", 5.0);
    SimulationState saved;
    sim.save_state(saved);
    const std::vector<double> first = run_on(sim, 1.6);
    CHECK(system.step.y.value() == 2.0);
    sim.restore_state(saved);
    CHECK(system.step.y.value() == 2.0);
    check_identical(first, run_on(sim, 1.6));
    // Restored into a fresh simulator, whose step has not fired: the state brings the fired flag and the value.
    EveryKindOfValue twin;
    Simulator other(twin, options_for("rk4"));
    CHECK(twin.step.y.value() == 0.0);
    other.restore_state(saved);
    CHECK(twin.step.y.value() == 2.0);
    CHECK(other.parameter("step.height") == 5.0);
    check_identical(first, run_on(other, 1.6));
}

TEST_CASE("a gas volume's Newton starts where it ended: the saved state holds that start, so a restore is bit-identical after an excursion") {
    // The excursion (a hotter wall for a while) leaves the volume's iteration starting from another pressure; without
    // the warm start in the state the restored run differs in its last bits, and an adaptive solver's steps follow.
    for (const std::string solver : {"ros2", "cvode-bdf"}) {   // the chamber is stiff: the solvers made for it
        CAPTURE(solver);
        HeatedChamber chamber;
        SimulatorOptions o = options_for(solver);
        o.jacobian_interval = 1;   // a Jacobian three steps old lets ros2 run away on this stiff volume
        Simulator sim(chamber, o);
        sim.simulate(0.1);
        SimulationState saved;
        sim.save_state(saved);
        const std::vector<double> first = run_on(sim, 0.3);
        sim.set_parameter("wall.T", 600);
        sim.simulate(0.5);
        sim.restore_state(saved);
        check_identical(first, run_on(sim, 0.3));
    }
}

TEST_CASE("a save changes nothing where the solver's history is saved, and under CVODE it restarts the solver as an event does") {
    for (const std::string& solver : integrator_names()) {
        CAPTURE(solver);
        EveryKindOfValue plain_system, saving_system;
        Simulator plain(plain_system, options_for(solver)), saving(saving_system, options_for(solver));
        plain.simulate(0.4);
        saving.simulate(0.4);
        SimulationState saved;
        saving.save_state(saved);
        const std::vector<double> without = run_on(plain, 1.6), with = run_on(saving, 1.6);
        if (plain.integrator().history_archivable()) {
            check_identical(without, with);
        } else {
            // A fresh start of a multistep method: another sequence of steps, the same solution within its tolerance.
            REQUIRE(without.size() == with.size());
            double largest = 0;
            for (std::size_t i = 0; i < with.size(); ++i) largest = std::max(largest, std::abs(with[i] - without[i]) / (1 + std::abs(without[i])));
            CHECK(largest < 1e-5);
        }
    }
}

TEST_CASE("a state that does not fit is refused with the reason, and the simulator runs on untouched") {
    EveryKindOfValue system;
    Simulator sim(system, options_for("rk4"));
    sim.simulate(0.3);
    SimulationState saved;
    sim.save_state(saved);

    BouncingBall ball;
    Simulator other_structure(ball, options_for("rk4"));
    other_structure.simulate(0.2);
    CHECK(refusal(other_structure, saved).find("the state was saved from another structure") != std::string::npos);

    EveryKindOfValue twin;
    Simulator other_solver(twin, options_for("ros2"));
    CHECK(refusal(other_solver, saved) ==
          "restore_state: the state was saved under the solver 'rk4', this simulator uses 'ros2' (restore it under 'rk4', then set_solver)");

    SimulatorOptions unmonitored = options_for("rk4");
    unmonitored.step_monitor.mode = CheckMode::Off;
    EveryKindOfValue third;
    Simulator other_monitor(third, unmonitored);
    CHECK(refusal(other_monitor, saved).find("saved with the step error monitor on, this simulator has it off") != std::string::npos);

    // The same structure after a rebuild (a change of the same shape would look alike): the state is from before it.
    EveryKindOfValue rebuilt_system;
    Simulator rebuilt(rebuilt_system, options_for("rk4"));
    rebuilt.simulate(0.3);
    SimulationState before_rebuild;
    rebuilt.save_state(before_rebuild);
    rebuilt.rebuild();
    CHECK(refusal(rebuilt, before_rebuild) ==
          "restore_state: the state was saved before the structural change 'rebuild' at t = 0.300000 s; a run restored there would go on without it");
    CHECK(refusal(sim, [&] {
              SimulationState after;
              rebuilt.save_state(after);
              return after;
          }()) == "restore_state: the state was saved after 1 structural changes, this simulator has made 0");

    const std::span<const std::byte> good = saved.bytes();
    SimulationState damaged;
    std::vector<std::byte> flipped(good.begin(), good.end());
    flipped[flipped.size() / 2] ^= std::byte{0x10};
    damaged.assign(flipped);
    CHECK(refusal(sim, damaged) == "restore_state: the saved state is damaged (its length or checksum does not match)");
    damaged.assign(good.first(good.size() - 8));
    CHECK(refusal(sim, damaged) == "restore_state: the saved state is damaged (its length or checksum does not match)");
    const std::vector<std::byte> noise(200, std::byte{0x5a});
    damaged.assign(noise);
    CHECK(refusal(sim, damaged) == "restore_state: these 200 bytes are no saved simulation state");
    CHECK(refusal(sim, SimulationState{}) == "restore_state: these 0 bytes are no saved simulation state");
    CHECK(std::isnan(SimulationState{}.time()));

    // Nothing was changed by the refusals: the simulator goes on as its untouched twin.
    EveryKindOfValue untouched_system;
    Simulator untouched(untouched_system, options_for("rk4"));
    untouched.simulate(0.3);
    SimulationState scratch;
    untouched.save_state(scratch);   // a save changes nothing under rk4 (the case above)
    check_identical(run_on(untouched, 1.0), run_on(sim, 1.0));
}

TEST_CASE("a discrete signal whose type has no value layout: the save names it") {
    Label system;
    Simulator sim(system);
    SimulationState state;
    try {
        sim.save_state(state);
        FAIL("saved");
    } catch (const std::invalid_argument& e) {
        CHECK(std::string(e.what()) ==
              "the state of this simulator cannot be saved: the discrete signal label carries a value, a type that registers no value layout "
              "(LIED_REGISTER_VALUE_LAYOUT)");
    }
}
