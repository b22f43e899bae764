// Pass-throughs (Meta::pass_through) and their alias elimination: a skipped pass-through leaves the evaluation,
// its readers read the value it hands on, and nothing a user or the engine reads changes.
#include "core/model/build_error.h"
#include "core/model/composite.h"
#include "core/model/introspection.h"
#include "core/model/meta.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "core/model/state.h"
#include "support/networks.h"
#include "systems/examples/com_vessels.h"

#include <doctest/doctest.h>

#include <memory>

using namespace lied;

namespace {
// y = 1 + t.
class Clock : public Component {
public:
    Out<double> y;
    void metainfo(Meta& meta) override {
        meta.signal(y, "y");
        meta.signal(time_, "time");
        meta.time(time_);
        meta.block<&Clock::update>(this, "update", {&time_}, {&y});
    }
    const char* type_name() const override { return "Clock"; }

private:
    void update() { y.value() = 1.0 + time_.value(); }
    In<double> time_;
};

// y = u, declared as a pass-through. With `watch`, a block of its own reads y itself (w = 3·y).
class Relay : public Component {
public:
    Relay() = default;
    explicit Relay(double fallback) : u(In<double>::Optional{fallback}) {}
    In<double> u;
    Out<double> y, w;
    bool watch = false;
    void metainfo(Meta& meta) override {
        meta.signal(u, "u");
        meta.signal(y, "y");
        meta.pass_through(u, y, "pass");
        if (watch) {
            meta.signal(w, "w");
            meta.block<&Relay::evalWatch>(this, "watch", {&y}, {&w});
        }
    }
    const char* type_name() const override { return "Relay"; }

private:
    void evalWatch() { w.value() = 3.0 * y.value(); }
};

// x' = u, with the input recorded as the variable "input" (registered at the In's value, as pipes register m_flow).
class Accumulator : public Component {
public:
    In<double> u;
    State x{0.0};
    void metainfo(Meta& meta) override {
        meta.signal(u, "u");
        meta.state(x, "x", 1.0, "");
        meta.block<&Accumulator::evalDer>(this, "evalDer", {&u}, {&x.der});
        meta.variable(u.value(), "input", "");
    }
    const char* type_name() const override { return "Accumulator"; }

private:
    void evalDer() { x.der.value() = u.value(); }
};

// clock → first → second → integrator
struct Line : Component {
    Clock clock;
    Relay first, second;
    Accumulator integrator;
    Line() {
        connect(clock.y, first.u);
        connect(first.y, second.u);
        connect(second.y, integrator.u);
    }
    void metainfo(Meta& meta) override {
        meta.component(clock, "clock");
        meta.component(first, "first");
        meta.component(second, "second");
        meta.component(integrator, "integrator");
    }
    const char* type_name() const override { return "Line"; }
};

SimulatorOptions every_copy() {
    SimulatorOptions o;
    o.skip_pass_throughs = false;
    return o;
}

bool skipped(const Simulator& sim, const std::string& path) {
    for (auto& b : sim.model().blocks)
        if (b.path == path) return b.skipped;
    FAIL("no block " << path);
    return false;
}
}  // namespace

TEST_CASE("skipped pass-throughs: the reader reads the source's value, the copies leave the evaluation, the results stay") {
    Line line;
    Simulator sim(line);
    CHECK(skipped(sim, "first.pass"));
    CHECK(skipped(sim, "second.pass"));
    CHECK(sim.schedule().passed_through.size() == 2);
    CHECK(sim.schedule().independent.size() + sim.schedule().dependent.size() == sim.model().blocks.size() - 2);
    // Through both relays to the clock's output.
    CHECK(&line.integrator.u.value() == &line.clock.y.value());
    CHECK(line.integrator.u.reads_elsewhere());
    CHECK_FALSE(line.first.u.reads_elsewhere());   // bound to the clock itself

    Line reference;
    Simulator copied(reference, every_copy());
    CHECK(copied.schedule().passed_through.empty());
    CHECK(&reference.integrator.u.value() == &reference.second.y.value());
    for (int i = 0; i < 100; ++i) {
        REQUIRE(sim.step(0.01) == StepStatus::Ok);
        REQUIRE(copied.step(0.01) == StepStatus::Ok);
        // The same arithmetic on the same numbers: equal to the bit, states and the variable read after a step.
        REQUIRE(sim.value("integrator.x") == copied.value("integrator.x"));
        REQUIRE(sim.value("integrator.input") == copied.value("integrator.input"));
    }
    // x = t + t²/2 (RK4 integrates the polynomial exactly, up to rounding over 100 steps).
    CHECK(sim.value("integrator.x") == doctest::Approx(1.5).epsilon(1e-12));
    // The skipped copies' Outs hold their values once the simulator evaluates (before every recorded sample).
    line.first.y.value() = line.second.y.value() = -1.0;
    sim.evaluate();
    CHECK(line.clock.y.value() == doctest::Approx(2.0));
    CHECK(line.first.y.value() == line.clock.y.value());
    CHECK(line.second.y.value() == line.clock.y.value());
}

TEST_CASE("a pass-through whose Out a block reads itself keeps its copy, the others are still skipped") {
    Line line;
    line.second.watch = true;
    Simulator sim(line);
    CHECK(skipped(sim, "first.pass"));
    CHECK_FALSE(skipped(sim, "second.pass"));
    CHECK(&line.integrator.u.value() == &line.second.y.value());   // the Out the copy keeps current
    CHECK(&line.second.u.value() == &line.clock.y.value());        // past the skipped first relay
    REQUIRE(sim.step(0.5) == StepStatus::Ok);
    CHECK(line.second.w.value() == doctest::Approx(3.0 * 1.5));   // the last evaluation, at t = 0.5
}

TEST_CASE("a skipped pass-through whose source is an unbound optional In hands on the fallback") {
    struct Fallback : Component {
        Relay relay{4.0};
        Accumulator integrator;
        Fallback() { connect(relay.y, integrator.u); }
        void metainfo(Meta& meta) override {
            meta.component(relay, "relay");
            meta.component(integrator, "integrator");
        }
        const char* type_name() const override { return "Fallback"; }
    } system;
    Simulator sim(system);
    CHECK(skipped(sim, "relay.pass"));
    REQUIRE(sim.step(0.25) == StepStatus::Ok);
    CHECK(sim.value("integrator.x") == doctest::Approx(1.0));
}

TEST_CASE("an In read past a pass-through follows the tree as it is when the structure changes") {
    Line line;
    Simulator sim(line);
    REQUIRE(&line.integrator.u.value() == &line.clock.y.value());

    // A new clock upstream; the integrator's own binding (to the second relay) is untouched, but what it read
    // through the relays is gone.
    auto clock = std::make_unique<Clock>();
    struct Tree : Component {
        Clock* clock;
        Line* line;
        void metainfo(Meta& meta) override {
            meta.component(*clock, "clock");
            meta.component(line->first, "first");
            meta.component(line->second, "second");
            meta.component(line->integrator, "integrator");
        }
        const char* type_name() const override { return "Tree"; }
    };
    line.first.u.disconnect();
    connect(clock->y, line.first.u);
    Tree tree;
    tree.clock = clock.get();
    tree.line = &line;
    Simulator moved(tree);
    CHECK(&line.integrator.u.value() == &clock->y.value());

    // The second relay's Out now read by a block of its own: the integrator reads that Out again.
    line.second.watch = true;
    moved.rebuild();
    CHECK_FALSE(line.integrator.u.reads_elsewhere());
    CHECK(&line.integrator.u.value() == &line.second.y.value());
    REQUIRE(moved.step(0.5) == StepStatus::Ok);
    CHECK(moved.value("integrator.x") == doctest::Approx(0.5 + 0.125));
}

TEST_CASE("another simulator's failed build of the same tree leaves the first one's reads where it put them") {
    Line line;
    Simulator first(line);
    REQUIRE(&line.integrator.u.value() == &line.clock.y.value());
    // Refused at the binding check, after its crawl pointed the tree's Ins at their own sources.
    line.first.u.disconnect();
    CHECK_THROWS_WITH_AS(Simulator{line}, doctest::Contains("first.u: In-signal is not bound"), BuildError);
    connect(line.clock.y, line.first.u);
    CHECK(&line.integrator.u.value() == &line.clock.y.value());
    REQUIRE(first.step(1.0) == StepStatus::Ok);
    CHECK(first.value("integrator.x") == doctest::Approx(1.5));
}

TEST_CASE("describing a tree a simulator runs leaves its reads where the simulator put them") {
    Line line;
    Simulator sim(line);
    REQUIRE(&line.integrator.u.value() == &line.clock.y.value());
    (void)describe(line);   // its crawl points every In at its own source while it runs metainfo
    CHECK(&line.integrator.u.value() == &line.clock.y.value());
    // On a network: the chain stepped with a description in between follows the one stepped without, to the bit.
    auto described = testing::make_chain(20), untouched = testing::make_chain(20);
    Simulator a(*described), b(*untouched);
    for (int k = 0; k < 100; ++k) {
        if (k == 50) (void)describe(*described);
        REQUIRE(a.step(1e-3) == StepStatus::Ok);
        REQUIRE(b.step(1e-3) == StepStatus::Ok);
    }
    CHECK(a.states() == b.states());
}

TEST_CASE("the vessels and the splitter tree give the same trajectories and records with pass-throughs skipped or run") {
    // Bitwise: skipping changes which address a block reads, never a number. The vessels have the tank's flow (an
    // Out handed on) and the valves' flows and ṁ' (Ins handed on); the tree has them at every level.
    systems::ComVessels a, b;
    Simulator skipping(a), running(b, every_copy());
    CHECK(skipping.schedule().passed_through.size() == 7);
    // Every named value: states, variables (the valves' m_flow among them), parameters.
    const auto names = skipping.value_names();
    REQUIRE(names == running.value_names());
    Recorder ra(names, 0.1), rb(names, 0.1);
    skipping.simulate(3.0, &ra);
    running.simulate(3.0, &rb);
    CHECK(skipping.states() == running.states());
    REQUIRE(ra.times().size() == 31);
    for (std::size_t k = 0; k < ra.times().size(); ++k) CHECK(ra.row(k) == rb.row(k));

    auto ta = testing::make_tree(16), tb = testing::make_tree(16);
    Simulator tree_skipping(*ta), tree_running(*tb, every_copy());
    CHECK(tree_skipping.schedule().passed_through.size() > 16);
    for (int i = 0; i < 50; ++i) {
        REQUIRE(tree_skipping.step(0.01) == StepStatus::Ok);
        REQUIRE(tree_running.step(0.01) == StepStatus::Ok);
    }
    CHECK(tree_skipping.states() == tree_running.states());
}

TEST_CASE("a pass-through's Out written by another block too, and a loop of pass-throughs, are refused by name") {
    // Another block writes the relay's y: two writers, the pass-through named like any block.
    struct Overwriting : Component {
        Clock clock;
        Relay relay;
        Overwriting() { connect(clock.y, relay.u); }
        void metainfo(Meta& meta) override {
            meta.component(clock, "clock");
            meta.component(relay, "relay");
            meta.block<&Overwriting::overwrite>(this, "overwrite", {}, {&relay.y});
        }
        const char* type_name() const override { return "Overwriting"; }
        void overwrite() { relay.y.value() = 0.0; }
    } overwriting;
    CHECK_THROWS_WITH_AS(Simulator{overwriting}, doctest::Contains("relay.y: Out-signal has two writers, blocks relay.pass and overwrite"), BuildError);

    // Two relays handing each other's value on: a cycle no state breaks (the crawl resolves it without looping).
    struct Loop : Component {
        Relay a, b;
        Loop() {
            connect(a.y, b.u);
            connect(b.y, a.u);
        }
        void metainfo(Meta& meta) override {
            meta.component(a, "a");
            meta.component(b, "b");
        }
        const char* type_name() const override { return "Loop"; }
    } loop;
    CHECK_THROWS_WITH_AS(Simulator{loop},
                         "algebraic loop not broken by a state or tearing variable: a.pass -[b.u]-> b.pass -[a.u]-> a.pass "
                         "(rule: every cycle of blocks must pass through a state or a tearing variable)",
                         BuildError);
}

TEST_CASE("a line of pass-throughs registered from its end resolves every reader to the start") {
    // The Ins come in the reverse order of the flow, so each reader's walk meets the values its neighbours found.
    struct Backwards : Component {
        Clock clock;
        std::vector<std::unique_ptr<Relay>> relays;
        Accumulator integrator;
        Backwards() {
            for (int i = 0; i < 200; ++i) relays.push_back(std::make_unique<Relay>());
            connect(clock.y, relays.front()->u);
            for (std::size_t i = 1; i < relays.size(); ++i) connect(relays[i - 1]->y, relays[i]->u);
            connect(relays.back()->y, integrator.u);
        }
        void metainfo(Meta& meta) override {
            meta.component(integrator, "integrator");
            for (std::size_t i = relays.size(); i-- > 0;) meta.component(*relays[i], "r" + std::to_string(i));
            meta.component(clock, "clock");
        }
        const char* type_name() const override { return "Backwards"; }
    } line;
    Simulator sim(line);
    CHECK(sim.schedule().passed_through.size() == 200);
    CHECK(&line.integrator.u.value() == &line.clock.y.value());
    for (auto& r : line.relays) CHECK(&r->u.value() == &line.clock.y.value());
    REQUIRE(sim.step(1.0) == StepStatus::Ok);
    CHECK(sim.value("integrator.x") == doctest::Approx(1.5));
}
