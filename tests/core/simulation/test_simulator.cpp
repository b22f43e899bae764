// Simulator behaviour around structural change: segments with and without a variable, failed rebuilds.
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "systems/examples/com_vessels.h"
#include "thermofluid/processes/pressure_drop.h"

#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

using namespace lied;
using namespace lied::thermofluid;

namespace {
// A flow element with inertance only: no pressure drop, and no "dp" variable.
class PlainInertance final : public SISOFlow {
public:
    double L = 100;
    void metainfo(Meta& meta) override {
        meta.plug(inlet, "inlet");
        meta.plug(outlet, "outlet");
        meta.block<&PlainInertance::state>(this, "state", {&inlet.state}, {&outlet.state});
        meta.block<&PlainInertance::flow>(this, "flow", {&inlet.m_flow}, {&outlet.m_flow});
        meta.block<&PlainInertance::der>(this, "der", {&inlet.der_m_flow}, {&outlet.der_m_flow});
        meta.block<&PlainInertance::inertial>(this, "inertial", {&outlet.r, &inlet.der_m_flow}, {&inlet.r});
        meta.parameter(L, "L", ParameterSpec::non_negative("1/m", "inertance"));
    }
    const char* type_name() const override { return "PlainInertance"; }

private:
    void state() { outlet.state.value() = inlet.state.value(); }
    void flow() { outlet.m_flow.value() = inlet.m_flow.value(); }
    void der() { outlet.der_m_flow.value() = inlet.der_m_flow.value(); }
    void inertial() { inlet.r.value() = outlet.r.value() + L * inlet.der_m_flow.value(); }
};
}  // namespace

TEST_CASE("a variable that exists only in some segments is recorded as empty cells, never made up") {
    systems::ComVessels v;
    Simulator sim(v);
    Recorder rec({"p2.dp", "t2.level"}, 0.5);
    sim.simulate(2.0, &rec);
    v.replace_valve("p2", std::make_unique<PlainInertance>());
    sim.rebuild();
    CHECK(sim.find_value("p2.dp") == nullptr);
    sim.simulate(4.0, &rec);
    const auto dp = rec.column("p2.dp");
    const auto level = rec.column("t2.level");
    REQUIRE(dp.size() == 9);
    for (std::size_t k = 0; k < dp.size(); ++k) {
        CHECK(std::isnan(dp[k]) == (rec.times()[k] > 2.0));   // present up to the change, absent after
        CHECK(!std::isnan(level[k]));
    }
    std::ostringstream csv;
    rec.write_csv(csv);
    CHECK(csv.str().find("\n4,,") != std::string::npos);   // time 4: empty dp cell
}

TEST_CASE("a failed rebuild leaves a simulator that refuses to step instead of touching destroyed components") {
    systems::ComVessels v;
    Simulator sim(v);
    sim.simulate(1.5);
    const double level = sim.value("t2.level");
    disconnect(v.s.outlet1, v.p2->inlet);
    disconnect(v.p2->outlet, v.t2.inlet);
    v.p2 = std::make_unique<PressureDrop>();   // the old valve is gone...
    connect(v.p2->outlet, v.t2.inlet);         // ...and the new one's inlet is left open: a broken composition
    CHECK_THROWS_AS(sim.rebuild(), BuildError);
    CHECK(sim.step(0.01) == StepStatus::NotBuilt);
    CHECK_THROWS_WITH(sim.simulate(2.0), "the simulator has no valid structure: the last rebuild failed; fix the composition and rebuild");
    CHECK_THROWS_AS(sim.set_parameter("p2.L", 1.0), std::invalid_argument);
    // Fixing the composition and rebuilding continues from where it was.
    connect(v.s.outlet1, v.p2->inlet);
    sim.rebuild();
    CHECK(sim.time() == 1.5);
    CHECK(sim.value("t2.level") == level);   // the states survived the failed attempt
    CHECK(sim.step(0.01) == StepStatus::Ok);
}

TEST_CASE("several simulators on one component tree, one after another — a failed build leaves nothing behind") {
    systems::ComVessels v;
    Simulator first(v);
    first.simulate(2.0);
    const double level_first = first.value("t1.level");
    {
        Simulator second(v);   // rebinds the time inputs to itself
        second.simulate(2.0);
        CHECK(second.value("t1.level") == doctest::Approx(level_first).epsilon(1e-12));
        // The first may not step on a tree another simulator holds: a clear refusal, not a wrong time.
        CHECK(first.step(0.01) == StepStatus::NotBuilt);
        CHECK(first.describe(StepStatus::NotBuilt) ==
              "another simulator was built on this component tree since; rebuild() this one to take the tree back");
    }
    first.rebuild();   // takes the tree back; its states survive
    CHECK(first.value("t1.level") == level_first);
    CHECK(first.step(0.01) == StepStatus::Ok);

    // A build that fails (L singular) puts the time inputs back: the first simulator goes on unharmed.
    auto& p2 = dynamic_cast<thermofluid::PressureDrop&>(*v.p2);
    auto& p3 = dynamic_cast<thermofluid::PressureDrop&>(*v.p3);
    p2.L = p3.L = 0;
    CHECK_THROWS_AS(Simulator{v}, BuildError);
    p2.L = p3.L = 100;
    CHECK(first.step(0.01) == StepStatus::Ok);
    first.simulate(10.0);
    CHECK(first.value("elevation.y") == 0.5);
}

namespace {
// A state that starts where its own block puts it: `offset` 0 settles at `target`; otherwise the value chases x.
struct Follower : Component {
    State x{0.0};
    double target = 5.0, offset = 0.0, followed = 0.0;
    void eval() {
        followed = offset != 0.0 ? x() + offset : target;
        x.der.value() = 0.0;
    }
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "1");
        meta.block<&Follower::eval>(this, "eval", {&x.value}, {&x.der});
        meta.start_follows(x, followed);
    }
    const char* type_name() const override { return "Follower"; }
};
}  // namespace

TEST_CASE("a state that starts where the model puts it: settled at a reset, refused when it feeds what it follows") {
    Follower settles;
    Simulator sim(settles);
    CHECK(sim.value("x") == 5.0);
    Follower chases;
    chases.offset = 1.0;
    CHECK_THROWS_WITH_AS(Simulator{chases}, doctest::Contains("x starts where the model puts it (its inlet's value), which moves with it and does not settle"),
                         BuildError);
}
