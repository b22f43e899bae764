// System-wide defaults (TFS's DropOfCommons): followers take the provider's value, a value set on the component
// overrides it, the nearest provider up the tree wins, two providers in one scope are a build error, and the
// physics uses the value in force (the start-up ramp dṁ/dt = Δp / ΣL).
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/processes/flow_resistance.h"
#include "support/derivative_of.h"

#include <doctest/doctest.h>

#include <optional>

using namespace lied;
using namespace lied::thermofluid;

namespace {
constexpr double kDp = 2e4;

// Source → FlowResistance (L given) → Sink, with an optional DropOfCommons next to them.
struct Line : Component {
    std::optional<DropOfCommons> drop;
    std::optional<DropOfCommons> second_drop;
    Source source;
    FlowResistance pipe;
    Sink sink;
    Line() {
        source.p0_par = 1e5 + kDp;
        sink.p0_par = 1e5;
        pipe.computeL = false;
        connect(source.outlet, pipe.inlet);
        connect(pipe.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        if (drop) meta.component(*drop, "dropOfCommons");
        if (second_drop) meta.component(*second_drop, "commons2");
        meta.component(source, "source");
        meta.component(pipe, "pipe");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "Line"; }
};

double start_up_rate(Simulator& sim) { return test::derivative_of(sim, "source.m_flow"); }
}  // namespace

TEST_CASE("without a DropOfCommons the TFS defaults hold: L = 0.01 1/m, p_min = 100 Pa") {
    Line line;
    Simulator sim(line);
    CHECK(sim.parameter("source.L") == 0.01);
    CHECK(sim.parameter("pipe.L_value") == 0.01);
    CHECK(sim.parameter("pipe.p_min") == 100.0);
    // 1e-9: L is probed by finite steps of the tearing variable, exact only to rounding of p ~ 1e5 Pa
    CHECK(start_up_rate(sim) == doctest::Approx(kDp / 0.03).epsilon(1e-9));
}

TEST_CASE("a DropOfCommons sets L for every follower — a component's own value overrides it") {
    Line line;
    line.drop.emplace();
    line.drop->L = 0.5;
    line.drop->p_min = 500.0;
    line.pipe.L_value = 2.0;   // set on the component: overrides
    Simulator sim(line);
    CHECK(sim.parameter("source.L") == 0.5);
    CHECK(sim.parameter("sink.L") == 0.5);
    CHECK(sim.parameter("pipe.L_value") == 2.0);
    CHECK(sim.parameter("pipe.p_min") == 500.0);
    CHECK(start_up_rate(sim) == doctest::Approx(kDp / (0.5 + 2.0 + 0.5)).epsilon(1e-12));

    SUBCASE("changing the provider at runtime reaches the followers, not the overridden") {
        sim.set_parameter("dropOfCommons.L", 0.25);
        CHECK(sim.parameter("source.L") == 0.25);
        CHECK(sim.parameter("pipe.L_value") == 2.0);
        CHECK(start_up_rate(sim) == doctest::Approx(kDp / (0.25 + 2.0 + 0.25)).epsilon(1e-12));
    }
    SUBCASE("setting a follower by name overrides it, and it stays so across rebuilds") {
        sim.set_parameter("sink.L", 1.0);
        sim.set_parameter("dropOfCommons.L", 0.25);
        sim.rebuild();
        CHECK(sim.parameter("sink.L") == 1.0);
        CHECK(sim.parameter("source.L") == 0.25);
    }
    SUBCASE("describe says which default a parameter follows") {
        bool found = false;
        for (auto& p : sim.model().parameters)
            if (p.path == "source.L") {
                found = true;
                CHECK(p.spec.description.view().find("system default thermofluid.L") != std::string::npos);
            }
        CHECK(found);
    }
}

TEST_CASE("two DropOfCommons in one (sub)system are a build error naming both") {
    Line line;
    line.drop.emplace();
    line.second_drop.emplace();
    try {
        Simulator sim(line);
        FAIL("expected a BuildError");
    } catch (const BuildError& e) {
        const std::string what = e.what();
        CHECK(what.find("commons2.L") != std::string::npos);
        CHECK(what.find("dropOfCommons.L") != std::string::npos);
        CHECK(what.find("one provider per system default") != std::string::npos);
    }
}

namespace {
// A subsystem with its own DropOfCommons: the nearest provider wins.
struct Branch : Component {
    DropOfCommons drop;
    FlowResistance pipe;
    void metainfo(Meta& meta) override {
        meta.component(drop, "dropOfCommons");
        meta.component(pipe, "pipe");
    }
    const char* type_name() const override { return "Branch"; }
};
struct Nested : Component {
    DropOfCommons drop;
    Source source;
    Branch branch;
    Sink sink;
    Nested() {
        drop.L = 0.5;
        branch.drop.L = 3.0;
        branch.pipe.computeL = false;
        connect(source.outlet, branch.pipe.inlet);
        connect(branch.pipe.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(drop, "dropOfCommons");
        meta.component(source, "source");
        meta.component(branch, "branch");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "Nested"; }
};
}  // namespace

TEST_CASE("the nearest DropOfCommons up the tree wins (Modelica's inner/outer)") {
    Nested system;
    Simulator sim(system);
    CHECK(sim.parameter("source.L") == 0.5);
    CHECK(sim.parameter("branch.pipe.L_value") == 3.0);
    CHECK(sim.parameter("sink.L") == 0.5);
}

TEST_CASE("system files: a DropOfCommons component, overrides in parameters") {
    const std::string text = R"(system: Defaults
components:
  dropOfCommons: {type: DropOfCommons, parameters: {L: 0.5}}
  source: {type: Source, parameters: {p0_par: 1.2e5}}
  pipe: {type: FlowResistance, parameters: {computeL: "false", L_value: 2}}
  sink: {type: Sink}
connections:
  - [source.outlet, pipe.inlet]
  - [pipe.outlet, sink.inlet]
)";
    systems::LoadedSystem loaded = systems::parse_system_text(text, "defaults.yaml", ".");
    Simulator sim(*loaded.root);
    CHECK(sim.parameter("source.L") == 0.5);
    CHECK(sim.parameter("sink.L") == 0.5);
    CHECK(sim.parameter("pipe.L_value") == 2.0);
    CHECK(start_up_rate(sim) == doctest::Approx(kDp / 3.0).epsilon(1e-12));
}
