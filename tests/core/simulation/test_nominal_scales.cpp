// Nominals from the system's own scale: a state whose nominal follows a system default that no provider sets takes
// the largest value its group settles at with the other states held at their starts. The toy drain has a closed
// form for it (ṁ = level / R); the start itself is not moved; a provider's value wins; a system at rest keeps the
// fallback and caps the measured scale, as does a system too large to measure; a reset measures again, a rebuild keeps it, and a saved state carries it into another simulator.
#include "core/model/meta.h"
#include "core/simulation/simulation_state.h"
#include "core/simulation/simulator.h"

#include <doctest/doctest.h>

#include <array>
#include <optional>
#include <string>

using namespace lied;

namespace {

constexpr const char* kKey = "test.flow_nominal";
constexpr NominalScale kFlowScale{kKey, 1.0, 1.0};

// A tank of level h drained through a resistance R with inertance I: h' = −ṁ/A, ṁ' = (h − R·ṁ)/I. With the level
// held, the flow settles at ṁ = h / R.
class Drain : public Component {
public:
    State level{2.0};
    State flow{0.0};
    double R = 1e3, I = 1.0, A = 1.0;
    void metainfo(Meta& meta) override {
        meta.state(level, "level", 1.0, "m");
        meta.state(flow, "flow", kFlowScale, "kg/s");
        meta.parameter(level.start, "level_start", ParameterSpec::non_negative("m", "start level"));
        meta.parameter(R, "R", ParameterSpec::positive("m.s/kg", "resistance"));
        meta.block<&Drain::eval>(this, "eval", {&level.value, &flow.value}, {&level.der, &flow.der});
    }
    const char* type_name() const override { return "Drain"; }

private:
    void eval() {
        level.der.value() = -flow() / A;
        flow.der.value() = (level() - R * flow()) / I;
    }
};

class ScaleProvider : public Component {
public:
    double nominal = 0.0;
    void metainfo(Meta& meta) override {
        meta.provide_default(nominal, "flow_nominal", kKey, ParameterSpec::non_negative("kg/s", "typical flow; 0: from the start"));
    }
    const char* type_name() const override { return "ScaleProvider"; }
};

// Two drains, optionally a provider; a subsystem with its own provider and drain.
class Plant : public Component {
public:
    std::optional<ScaleProvider> provider;
    Drain drain;
    void metainfo(Meta& meta) override {
        if (provider) meta.component(*provider, "provider");
        meta.component(drain, "drain");
    }
    const char* type_name() const override { return "Plant"; }
};

class Tanks : public Component {
public:
    std::optional<ScaleProvider> provider;
    Drain big, small;
    std::optional<Plant> plant;
    Tanks() { small.level.start = 0.5; }
    void metainfo(Meta& meta) override {
        if (provider) meta.component(*provider, "provider");
        meta.component(big, "big");
        meta.component(small, "small");
        if (plant) meta.component(*plant, "plant");
    }
    const char* type_name() const override { return "Tanks"; }
};

double nominal_of(const Simulator& sim, const std::string& path) {
    for (const StateInfo& s : sim.model().states)
        if (s.path == path) return s.nominal;
    FAIL("no state " << path);
    return 0.0;
}

SimulatorOptions cvode() {
    SimulatorOptions o;
    o.solver = "cvode-bdf";
    return o;
}

}  // namespace

TEST_CASE("a flow's nominal is the largest flow its start drives, and the start is not moved") {
    Tanks tanks;
    Simulator sim(tanks, cvode());
    // The flows settle at h/R with the levels held: 2e-3 and 5e-4; the larger is the group's scale. The settling is
    // solved to |ṁ'| ≤ 1e-8 kg/s² (·I = 1): the flow to 1e-11 kg/s, 5e-9 of it.
    CHECK(nominal_of(sim, "big.flow") == doctest::Approx(2e-3).epsilon(1e-8));
    CHECK(nominal_of(sim, "small.flow") == doctest::Approx(2e-3).epsilon(1e-8));
    CHECK(nominal_of(sim, "big.level") == 1.0);   // a fixed nominal stays
    CHECK(sim.value("big.flow") == 0.0);           // measured aside: the start is the start
    CHECK(sim.value("big.level") == 2.0);
}

TEST_CASE("a measured scale is at most the fallback: a held start overestimates where storage is small") {
    Tanks tanks;
    tanks.big.level.start = 5e3;   // settles at 5 kg/s with the level held
    Simulator sim(tanks, cvode());
    CHECK(nominal_of(sim, "big.flow") == 1.0);
}

TEST_CASE("a settled flow below 1e-6 of the fallback is rounding, not a scale") {
    Tanks tanks;
    tanks.big.level.start = 1e-4;    // settles at 1e-7 kg/s: at rest
    tanks.small.level.start = 0.0;
    {
        Simulator sim(tanks, cvode());
        CHECK(nominal_of(sim, "big.flow") == 1.0);
    }
    tanks.big.level.start = 2e-3;    // 2e-6 kg/s: a scale
    Simulator sim(tanks, cvode());
    CHECK(nominal_of(sim, "big.flow") == doctest::Approx(2e-6).epsilon(1e-6));
}

namespace {

// Up to 60 drains: more than the measure takes from 51 on.
class ManyDrains : public Component {
public:
    std::array<Drain, 60> drains;
    int count = 60;
    void metainfo(Meta& meta) override {
        for (int i = 0; i < count; ++i) meta.component(drains[static_cast<std::size_t>(i)], "d" + std::to_string(i));
    }
    const char* type_name() const override { return "ManyDrains"; }
};

}  // namespace

TEST_CASE("a system beyond the measure's size keeps the fallback, also after a change that grew it past the size") {
    ManyDrains many;
    many.count = 30;
    Simulator sim(many, cvode());
    CHECK(nominal_of(sim, "d0.flow") == doctest::Approx(2e-3).epsilon(1e-8));
    many.count = 60;   // a change of structure: the new drains take the scale in force
    sim.rebuild();
    CHECK(nominal_of(sim, "d59.flow") == doctest::Approx(2e-3).epsilon(1e-8));
    sim.reset();       // 60 flows: not measured, the fallback for all, and the solver follows
    CHECK(nominal_of(sim, "d0.flow") == 1.0);
    CHECK(nominal_of(sim, "d59.flow") == 1.0);
    // A state saved now carries no scale: a fresh simulator of this structure continues it bit for bit.
    sim.simulate(20.0);
    SimulationState saved;
    sim.save_state(saved);
    ManyDrains other;
    Simulator fresh(other, cvode());
    fresh.restore_state(saved);
    sim.simulate(60.0);
    fresh.simulate(60.0);
    CHECK(fresh.value("d7.flow") == sim.value("d7.flow"));
    CHECK(fresh.value("d7.level") == sim.value("d7.level"));
}

TEST_CASE("a system at rest at its start keeps the fallback, and a provider's value wins over the measured scale") {
    Tanks tanks;
    tanks.big.level.start = 0.0;
    tanks.small.level.start = 0.0;
    {
        Simulator sim(tanks, cvode());
        CHECK(nominal_of(sim, "big.flow") == 1.0);
    }
    tanks.big.level.start = 2.0;
    tanks.provider.emplace();
    tanks.provider->nominal = 5e-2;
    Simulator sim(tanks, cvode());
    CHECK(nominal_of(sim, "big.flow") == 5e-2);
    // 0: the scale is the system's, measured at a reset; until then the fallback holds (nothing was measured)
    sim.set_parameter("provider.flow_nominal", 0.0);
    CHECK(nominal_of(sim, "big.flow") == 1.0);
    sim.reset();
    CHECK(nominal_of(sim, "big.flow") == doctest::Approx(2e-3).epsilon(1e-8));
    sim.set_parameter("provider.flow_nominal", 3.0);
    CHECK(nominal_of(sim, "big.flow") == 3.0);
}

TEST_CASE("each provider's subtree has its own measured scale") {
    Tanks tanks;
    tanks.plant.emplace();
    tanks.plant->provider.emplace();   // value 0: measured, for the plant's drain alone
    tanks.plant->drain.level.start = 7e-3;
    Simulator sim(tanks, cvode());
    CHECK(nominal_of(sim, "big.flow") == doctest::Approx(2e-3).epsilon(1e-8));
    CHECK(nominal_of(sim, "plant.drain.flow") == doctest::Approx(7e-6).epsilon(1e-6));
}

TEST_CASE("a reset measures the scale again from the new start, a rebuild keeps it") {
    Tanks tanks;
    Simulator sim(tanks, cvode());
    sim.simulate(1.0);
    sim.set_parameter("big.level_start", 8.0);
    CHECK(nominal_of(sim, "big.flow") == doctest::Approx(2e-3).epsilon(1e-8));   // a start value counts from a reset
    sim.rebuild();
    CHECK(nominal_of(sim, "big.flow") == doctest::Approx(2e-3).epsilon(1e-8));
    sim.reset();
    CHECK(nominal_of(sim, "big.flow") == doctest::Approx(8e-3).epsilon(1e-8));
}

TEST_CASE("a saved state carries its nominals into a simulator whose start measured another scale") {
    Tanks first, second;
    second.big.level.start = 9.0;   // another scale at its start: 9e-3
    Simulator a(first, cvode()), b(second, cvode());
    CHECK(nominal_of(b, "big.flow") == doctest::Approx(9e-3).epsilon(1e-8));
    a.simulate(50.0);
    SimulationState saved;
    a.save_state(saved);
    a.simulate(200.0);
    b.restore_state(saved);
    CHECK(nominal_of(b, "big.flow") == nominal_of(a, "big.flow"));
    b.simulate(200.0);
    for (const char* name : {"big.flow", "big.level", "small.flow", "small.level"}) {
        INFO(name);
        CHECK(b.value(name) == a.value(name));   // bit for bit: the same tolerances, the same steps
    }
}
