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
  sink: {type: Sink, parameters: {p0_par: 1e5}}
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

TEST_CASE("flows are measured on the system's own scale: the flow the start drives, or the m_flow_nominal set") {
    // A 1.7 g air volume passed by about 1.6 g/s. Told that flows are about 1 kg/s (m_flow_nominal: 1, what every
    // system had before the scale was measured), the solver's absolute tolerance (1e-6 of the nominal) is about 6e-4
    // of the flow itself; left to the system, the nominal is the flow the start's pressures drive (about 1.6 g/s)
    // and takes the flow to about rtol. The reference is the same system at rtol 1e-10 and an absolute tolerance far
    // below either.
    auto text = [](const std::string& drop) {
        return "defaults: {medium: SimpleAir}\ncomponents:\n" + drop +
               "  source: {type: Source, parameters: {p0_par: 1.01e5}}\n"
               "  r1: {type: FlowResistance, parameters: {r: 0.005, l: 1}}\n"
               "  volume: {type: Volume, parameters: {V_par: 1.4e-3, p_start: 1.005e5}}\n"
               "  r2: {type: FlowResistance, parameters: {r: 0.005, l: 1}}\n"
               "  sink: {type: Sink, parameters: {p0_par: 1e5}}\n"
               "connections: [[source.outlet, r1.inlet], [r1.outlet, volume.inlet], [volume.outlet, r2.inlet], [r2.outlet, sink.inlet]]\n";
    };
    const std::string told_one = "  dropOfCommons: {type: DropOfCommons, parameters: {m_flow_nominal: 1}}\n";
    // The largest error of the flow over the first second, where it sets up, sampled every 10 ms.
    auto flows = [&](const std::string& drop, double rtol, double atol, double* nominal = nullptr) {
        auto loaded = systems::parse_system_text(text(drop), "volume.yaml", ".");
        SimulatorOptions o;
        o.solver = "cvode-bdf";
        o.tolerances = {rtol, atol};
        Simulator sim(*loaded.root, o);
        if (nominal)
            for (auto& s : sim.model().states)
                if (s.path == "volume.m_flow_out") *nominal = s.nominal;
        std::vector<double> values;
        for (int k = 1; k <= 100; ++k) {
            sim.simulate(0.01 * k);
            values.push_back(sim.value("r2.m_flow"));
        }
        return values;
    };
    const std::vector<double> reference = flows("", 1e-10, 1e-12);
    double told_nominal = 0, measured_nominal = 0;
    auto worst_error = [&](const std::vector<double>& v) {
        double worst = 0;
        for (std::size_t k = 0; k < v.size(); ++k) worst = std::max(worst, std::abs(v[k] - reference[k]) / reference.back());
        return worst;
    };
    const double coarse_error = worst_error(flows(told_one, 1e-6, 1e-6, &told_nominal));
    const double fitted_error = worst_error(flows("", 1e-6, 1e-6, &measured_nominal));
    CHECK(told_nominal == 1.0);
    // Each resistance carries 500 Pa at the start, the same law both ways: the start drives one flow through both.
    CHECK(measured_nominal == doctest::Approx(reference.back()).epsilon(0.05));
    CHECK(reference.back() == doctest::Approx(1.5693e-3).epsilon(1e-3));
    INFO("largest relative flow error: nominal 1 kg/s ", coarse_error, ", measured nominal ", fitted_error);
    CHECK(coarse_error > 3e-4);
    CHECK(fitted_error < 3e-5);
    CHECK(fitted_error < 0.1 * coarse_error);
}

TEST_CASE("the measured flow scale is the flow a hand calculation gives, and 1 kg/s where nothing flows at the start") {
    // Source → linear resistance (Δp = k·ṁ) → sink: the start drives ṁ = Δp / k through it.
    auto nominal = [](double dp) {
        const std::string text = "defaults: {medium: SimpleAir}\ncomponents:\n"
                                 "  source: {type: Source, parameters: {p0_par: " + std::to_string(1e5 + dp) + "}}\n"
                                 "  pipe: {type: FlowResistance, parameters: {r: 0.01, l: 1, pLoss: linearQuadratic, k: 2e5, k2: 0}}\n"
                                 "  sink: {type: Sink, parameters: {p0_par: 1e5}}\n"
                                 "connections: [[source.outlet, pipe.inlet], [pipe.outlet, sink.inlet]]\n";
        auto loaded = systems::parse_system_text(text, "line.yaml", ".");
        Simulator sim(*loaded.root);
        CHECK(sim.value("pipe.m_flow") == 0.0);   // the start is not moved by measuring
        for (auto& s : sim.model().states)
            if (s.path == "source.m_flow") return s.nominal;
        return 0.0;
    };
    CHECK(nominal(300.0) == doctest::Approx(300.0 / 2e5).epsilon(1e-6));
    CHECK(nominal(0.0) == 1.0);   // at rest: the fallback
}

TEST_CASE("a flow's nominal follows its DropOfCommons when m_flow_nominal is set during a run") {
    Line line;
    line.drop.emplace();
    line.drop->L = 100.0;   // a flow that takes its time to set up
    line.drop->m_flow_nominal = 1.0;
    SimulatorOptions o;
    o.solver = "cvode-bdf";
    Simulator sim(line, o);
    auto nominal = [&] {
        for (auto& s : sim.model().states)
            if (s.path == "source.m_flow") return s.nominal;
        return 0.0;
    };
    CHECK(nominal() == doctest::Approx(1.0));
    sim.simulate(0.01);
    const double before = sim.value("pipe.m_flow");
    sim.set_parameter("dropOfCommons.m_flow_nominal", 2e-2);
    CHECK(nominal() == doctest::Approx(2e-2));
    sim.simulate(0.02);   // the integrator runs on with the new tolerances: the flow still rises as Δp / ΣL
    CHECK(sim.value("pipe.m_flow") > before);
    CHECK(sim.value("pipe.m_flow") < 3 * before);
}
