// Variable structure through StructuralChange on file-built (Composite) systems: a replacement takes over its
// predecessor's connections, added and removed components are tied and untied, states survive by name, a change
// scheduled in time happens there, and a change that cannot be made or does not build leaves the running
// simulation exactly as it was, saying why.
#include "components/trigger.h"
#include "core/model/build_error.h"
#include "core/model/composite.h"
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"
#include "support/networks.h"
#include "systems/examples/com_vessels.h"
#include "systems/io/system_file.h"
#include "thermofluid/boundaries/in_tank.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/processes/conduction_element.h"
#include "thermofluid/processes/pressure_drop.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <memory>
#include <string>

using namespace lied;
using thermofluid::PressureDrop;

namespace {

const std::filesystem::path kFiles = std::filesystem::path(LIED_SOURCE_DIR) / "systems" / "examples" / "files";

// An example file's text, to append actions to.
std::string file_text(const char* name) {
    std::ifstream in(kFiles / name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::unique_ptr<Composite> vessels_from_file() {
    return std::move(systems::load_system_file((kFiles / "com_vessels.yaml").string()).root);
}

SimulatorOptions rk4() {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 1e-3;
    return o;
}

std::string message_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("replacing a valve of the file-built vessels equals the C++ class's own replacement, step for step") {
    // The C++ class rewires its member by hand (replace_valve) and rebuilds; the general API finds the plugs the
    // old valve was connected by and connects the new one the same way. Same structure, same numbers: bit-equal.
    auto file = vessels_from_file();
    systems::ComVessels cpp;
    Simulator by_change(*file, rk4()), by_hand(cpp, rk4());
    by_change.simulate(5.0);
    by_hand.simulate(5.0);

    StructuralChange tighter("p2 becomes a valve four times as tight");
    tighter.replace("p2", std::make_unique<PressureDrop>(0.01, 4000.0, 100.0));
    by_change.apply(tighter);
    cpp.replace_valve("p2", std::make_unique<PressureDrop>(0.01, 4000.0, 100.0));
    by_hand.rebuild();

    CHECK(by_change.parameter("p2.dp_ref") == 4000.0);
    CHECK(by_change.model().states.size() == by_hand.model().states.size());
    for (double t : {6.0, 10.0, 20.0}) {
        by_change.simulate(t);
        by_hand.simulate(t);
        for (const char* name : {"t1.level", "t2.level", "t3.level", "p2.m_flow", "s.m_flow_1"}) CHECK(by_change.value(name) == by_hand.value(name));
    }
    REQUIRE(by_change.segments().size() == 2);
    CHECK(by_change.segments()[1].start == 5.0);
    CHECK(by_change.segments()[1].change == "p2 becomes a valve four times as tight");
}

TEST_CASE("a branch added while running is tied in, water is conserved across the change, and it can be removed again") {
    // The vessels' third branch (p3 → t3) is cut off and a new branch (p4 → t4) added at the same split; water in
    // all tanks together is conserved through both changes (equal areas: the sum of the levels).
    auto net = vessels_from_file();
    Simulator sim(*net, rk4());
    sim.simulate(3.0);
    auto total = [&] {   // the tanks this structure has
        double sum = 0.0;
        for (const char* tank : {"t1.level", "t2.level", "t3.level", "t4.level"})
            if (const double* level = sim.find_value(tank)) sum += *level;
        return sum;
    };
    const double before = total();
    StructuralChange grow("a fourth tank on the second outlet of the split instead of the third");
    auto t4 = std::make_unique<thermofluid::InTank>();
    t4->level.start = 0.2;
    grow.disconnect("s.outlet2", "p3.inlet")
        .add("", "p4", std::make_unique<PressureDrop>(0.01, 2000.0, 100.0), "new valve")
        .add("", "t4", std::move(t4), "new tank")
        .connect("s.outlet2", "p4.inlet")
        .connect("p4.outlet", "t4.inlet")
        .remove("p3")
        .remove("t3");   // left with nothing connected, which the build would refuse
    const double t3_level = sim.value("t3.level");
    sim.apply(grow);
    CHECK(sim.find_value("t3.level") == nullptr);
    CHECK(sim.value("t4.level") == 0.2);                                  // a new state starts from its start value
    CHECK(sim.value("t1.level") + sim.value("t2.level") + 0.2 == doctest::Approx(before - t3_level + 0.2).epsilon(1e-15));
    const double after_change = total();
    sim.simulate(10.0);
    // RK4 keeps the linear invariant Σ level up to rounding.
    CHECK(total() == doctest::Approx(after_change).epsilon(1e-12));
    CHECK(sim.value("p4.m_flow") != 0.0);
}

TEST_CASE("a change that cannot be made leaves the run as it was and names the edit and the reason") {
    auto net = vessels_from_file();
    auto twin = vessels_from_file();
    Simulator sim(*net, rk4()), untouched(*twin, rk4());
    sim.simulate(2.0);
    untouched.simulate(2.0);

    SUBCASE("a replacement without the plugs its predecessor was connected by") {
        StructuralChange bad("a tank where a valve was");
        bad.replace("p2", std::make_unique<thermofluid::InTank>());
        const std::string why = message_of([&] { sim.apply(bad); });
        CHECK(why.find("structural change 'a tank where a valve was' refused at t = 2") != std::string::npos);
        CHECK(why.find("edit 1: ") != std::string::npos);
        CHECK(why.find("has no 'outlet'") != std::string::npos);
    }
    SUBCASE("an unknown component, with a suggestion") {
        StructuralChange bad("typo");
        bad.remove("p22");
        const std::string why = message_of([&] { sim.apply(bad); });
        CHECK(why.find("no component 'p22'") != std::string::npos);
        CHECK(why.find("p2") != std::string::npos);
    }
    SUBCASE("a structure that does not build: a valve removed and its neighbours left open") {
        StructuralChange bad("p3 taken away");
        bad.remove("p3");
        const std::string why = message_of([&] { sim.apply(bad); });
        CHECK(why.find("structural change 'p3 taken away' refused at t = 2") != std::string::npos);
        CHECK(why.find("not bound") != std::string::npos);   // the crawler's rule for the open inputs
        CHECK(why.find("the previous structure runs on") != std::string::npos);
    }
    SUBCASE("two outlets joined") {
        StructuralChange bad("outlet to outlet");
        bad.disconnect("p1.outlet", "s.inlet").connect("p1.outlet", "s.outlet1");
        const std::string why = message_of([&] { sim.apply(bad); });
        CHECK(why.find("edit 2") != std::string::npos);
        CHECK(why.find("rule: a connection goes from an outlet to an inlet") != std::string::npos);
    }
    SUBCASE("a plug connected twice: refused before anything is bound, so undoing it cannot unbind the first connection") {
        StructuralChange bad("t1 to t2 as well");
        bad.connect("t1.outlet", "t2.inlet");
        const std::string why = message_of([&] { sim.apply(bad); });
        CHECK(why.find("edit 1") != std::string::npos);
        CHECK(why.find("t1.outlet is connected already") != std::string::npos);
        CHECK(why.find("rule: a plug connects to one partner") != std::string::npos);
    }
    // Whatever failed, the run goes on exactly as the untouched twin.
    CHECK(sim.segments().size() == 1);
    sim.simulate(6.0);
    untouched.simulate(6.0);
    for (const char* name : {"t1.level", "t2.level", "t3.level", "p1.m_flow", "p2.m_flow"}) CHECK(sim.value(name) == untouched.value(name));
}

TEST_CASE("a change scheduled at a time happens there, within step() and simulate(), and a refused one is reported") {
    auto net = vessels_from_file();
    Simulator sim(*net, rk4());
    StructuralChange tighter("p3 tighter");
    tighter.set_parameter("p3.dp_ref", 8000.0);
    sim.schedule(2.5005, std::move(tighter));   // between two 1 ms steps: the step stops there
    for (int k = 0; k < 3000; ++k) REQUIRE(sim.step(1e-3) == StepStatus::Ok);
    REQUIRE(sim.segments().size() == 2);
    CHECK(sim.segments()[1].start == doctest::Approx(2.5005).epsilon(1e-14));
    CHECK(sim.parameter("p3.dp_ref") == 8000.0);

    StructuralChange bad("remove a tank that feeds a valve");
    bad.remove("t2");
    sim.schedule(4.0, std::move(bad));
    CHECK_THROWS_WITH_AS(sim.simulate(5.0), doctest::Contains("structural change 'remove a tank that feeds a valve' refused at t = 4"), SimulationError);
    CHECK(sim.time() == doctest::Approx(4.0));
    sim.simulate(5.0);   // the previous structure runs on
    CHECK(sim.value("t2.level") > 0.0);
    CHECK_THROWS_AS(sim.schedule(1.0, StructuralChange("in the past")), std::invalid_argument);
}

TEST_CASE("set_state re-initialises a state by name and refuses what is not one") {
    auto net = vessels_from_file();
    Simulator sim(*net, rk4());
    sim.simulate(1.0);
    sim.set_state("t2.level", 1.5);
    CHECK(sim.value("t2.level") == 1.5);
    sim.simulate(1.5);   // runs on from there
    CHECK(sim.value("t2.level") < 1.5);
    CHECK_THROWS_WITH_AS(sim.set_state("p1.dp_ref", 1.0), doctest::Contains("is not a state"), std::invalid_argument);
    CHECK_THROWS_WITH_AS(sim.set_state("t2.levle", 1.0), doctest::Contains("t2.level"), std::invalid_argument);
}

TEST_CASE("an action in a system file equals the same change made through the C++ API, and a refused one names itself") {
    auto with_action = [&](const std::string& action) {
        return systems::parse_system_text(file_text("com_vessels.yaml") + action, "vessels_with_action.yaml", kFiles.string());
    };
    auto file = with_action("actions:\n  - {at: 5, description: p2 tighter, replace: {p2: {type: PressureDrop, parameters: {dp_ref: 4000}}}}\n");
    auto net = vessels_from_file();
    Simulator by_file(*file.root, rk4()), by_api(*net, rk4());
    for (auto& [at, change] : file.actions) by_file.schedule(at, std::move(change));
    by_api.simulate(5.0);
    StructuralChange tighter("p2 tighter");
    tighter.replace("p2", std::make_unique<PressureDrop>(0.01, 4000.0, 100.0));
    by_api.apply(tighter);
    for (double t : {5.0, 8.0, 12.0}) {
        by_file.simulate(t);
        by_api.simulate(t);
        for (const char* name : {"t1.level", "t2.level", "t3.level", "p2.m_flow"}) CHECK(by_file.value(name) == by_api.value(name));
    }

    auto refused = with_action("actions:\n  - {at: 1, description: drop a tank, remove: [t3]}\n");
    Simulator sim(*refused.root, rk4());
    for (auto& [at, change] : refused.actions) sim.schedule(at, std::move(change));
    CHECK_THROWS_WITH_AS(sim.simulate(2.0), doctest::Contains("structural change 'drop a tank' refused at t = 1"), SimulationError);
}

TEST_CASE("a pump fails and a standby pump takes over: the loop settles where a loop with the standby pump settles") {
    // The cooling loop's file with one action at 200 s: the duty pump is replaced by a smaller standby pump (its
    // connections taken over, the loop's states carried by name). After 400 s more (the loop's slowest time
    // constants are tens of seconds) it runs as a loop that had the standby pump from the start, to the solver's
    // tolerance.
    const std::string loop = file_text("cooling_loop.yaml");
    const std::string standby =
        "{type: Pump, parameters: {medium: Glycol47, parametrizeByDesignPoint: \"true\", omega_par: 300, dp_D: 0.7e5, V_flow_D: 2e-4, omega_D: 300, slip_D: 0.3, eta_D: 0.5}}";
    auto failing = systems::parse_system_text(loop + "actions:\n  - {at: 200, description: duty pump fails, replace: {pump: " + standby + "}}\n",
                                              "failover.yaml", kFiles.string());
    std::string with_standby = loop;
    const auto at = with_standby.find("  pump: {");
    with_standby.replace(at, with_standby.find('\n', at) - at, "  pump: " + standby);
    auto reference = systems::parse_system_text(with_standby, "standby.yaml", kFiles.string());

    SimulatorOptions o;
    o.solver = "cvode-bdf";
    o.tolerances = {1e-8, 1e-8};
    Simulator sim(*failing.root, o), ref(*reference.root, o);
    for (auto& [t, change] : failing.actions) sim.schedule(t, std::move(change));
    sim.simulate(200.0 - 1e-6);
    const Eigen::VectorXd before = sim.states();
    const double flow_before = sim.value("pump.m_flow");
    sim.simulate(200.0);
    REQUIRE(sim.segments().size() == 2);
    CHECK((sim.states() - before).cwiseAbs().maxCoeff() < 1e-3 * before.cwiseAbs().maxCoeff());   // 1 µs apart: the states go on
    sim.simulate(210.0);
    CHECK(sim.value("pump.m_flow") < flow_before);   // the smaller pump delivers less
    sim.simulate(600.0);
    ref.simulate(600.0);
    for (const char* name : {"pump.m_flow", "T_coolant.value", "plate.T", "controller.y", "tank.p", "bypass.m_flow"})
        CHECK(sim.value(name) == doctest::Approx(ref.value(name)).epsilon(1e-5));
}

TEST_CASE("the pump fail-over example file: the cooling loop as a component, its pump replaced by the action") {
    // systems/examples/files/cooling_loop_pump_failover.yaml uses the unchanged cooling_loop.yaml as the component `loop`;
    // its run equals the loop's own file with the same action (paths prefixed), to the solver's tolerance.
    auto example = systems::load_system_file((kFiles / "cooling_loop_pump_failover.yaml").string());
    const std::string standby =
        "{type: Pump, parameters: {medium: Glycol47, parametrizeByDesignPoint: \"true\", omega_par: 300, dp_D: 0.7e5, V_flow_D: 2e-4, omega_D: 300, slip_D: 0.3, eta_D: 0.5}}";
    auto direct = systems::parse_system_text(file_text("cooling_loop.yaml") + "actions:\n  - {at: 200, description: duty pump fails, replace: {pump: " + standby + "}}\n",
                                             "failover.yaml", kFiles.string());
    REQUIRE(example.actions.size() == 1);
    CHECK(example.actions.front().first == 200.0);
    SimulatorOptions o;
    o.solver = "cvode-bdf";
    o.tolerances = {1e-8, 1e-8};
    Simulator a(*example.root, o), b(*direct.root, o);
    for (auto& [t, change] : example.actions) a.schedule(t, std::move(change));
    for (auto& [t, change] : direct.actions) b.schedule(t, std::move(change));
    a.simulate(260.0);
    b.simulate(260.0);
    CHECK(a.segments().size() == 2);
    for (const char* name : {"pump.m_flow", "plate.T", "controller.y"})
        CHECK(a.value(std::string("loop.") + name) == doctest::Approx(b.value(name)).epsilon(1e-6));
}

TEST_CASE("an action started by a state event happens where the watched state crosses, from a file as from C++") {
    // t2 fills after t1 is raised at 1 s; when its level rises through 1.03 m, p2 is tightened. The engine locates
    // the crossing (event tolerance 1e-10 s) and ends the step there: the new segment starts with t2.level = 1.03.
    auto file = systems::parse_system_text(file_text("com_vessels.yaml") + "actions:\n  - {when: {signal: t2.level, crosses: 1.03, direction: up}, description: p2 tighter, "
                                                         "set: {p2.dp_ref: 4000}}\n",
                                           "when.yaml", kFiles.string());
    REQUIRE(file.event_actions.size() == 1);
    CHECK(file.event_actions[0].first == "when_1.crossed");
    Simulator by_file(*file.root, rk4());
    for (auto& [event, change] : file.event_actions) by_file.schedule_on_event(event, std::move(change));
    by_file.simulate(8.0);
    REQUIRE(by_file.segments().size() == 2);
    const double t_cross = by_file.segments()[1].start;
    CHECK(t_cross > 4.0);
    CHECK(t_cross < 5.0);
    CHECK(by_file.parameter("p2.dp_ref") == 4000.0);

    // The same through the C++ API: a Trigger added to the file-built vessels and a change on its event.
    auto net = vessels_from_file();
    auto trigger = std::make_unique<components::Trigger>();
    trigger->threshold = 1.03;
    trigger->direction = lied::components::Trigger::Direction::up;
    auto& watch = static_cast<components::Trigger&>(net->add("when_1", std::move(trigger)));
    watch.u.connect_any(static_cast<thermofluid::InTank&>(*net->child("t2")).level.value);
    Simulator by_api(*net, rk4());
    StructuralChange tighter("p2 tighter");
    tighter.set_parameter("p2.dp_ref", 4000.0);
    by_api.schedule_on_event("when_1.crossed", std::move(tighter));
    by_api.simulate(t_cross);
    CHECK(by_api.value("t2.level") == doctest::Approx(1.03).epsilon(1e-9));   // the crossing, located
    by_api.simulate(8.0);
    CHECK(by_api.segments().size() == 2);
    CHECK(by_api.segments()[1].start == t_cross);
    for (const char* name : {"t1.level", "t2.level", "t3.level", "p2.m_flow"}) CHECK(by_file.value(name) == by_api.value(name));
}

TEST_CASE("an action reaches into subsystems: it watches a state inside one and adds a component to one") {
    // The vessels with ValveTank subsystems behave like the flat vessels (test_system_file.cpp); the action watches
    // b2's tank as the flat file's action watches t2, so it fires at the same crossing (dopri5 at 1e-10 on both).
    const std::string action = "actions:\n  - {when: {signal: b2.tank.level, crosses: 1.03, direction: up}, set: {b2.valve.dp_ref: 4000}, "
                               "add: {b2.marker: {type: Constant, parameters: {k: 7}}}}\n";
    auto nested = systems::parse_system_text(file_text("com_vessels_subsystems.yaml") + action, "nested.yaml", kFiles.string());
    auto flat = systems::parse_system_text(file_text("com_vessels.yaml") + "actions:\n  - {when: {signal: t2.level, crosses: 1.03, direction: up}, "
                                                                            "set: {p2.dp_ref: 4000}}\n",
                                           "flat.yaml", kFiles.string());
    SimulatorOptions o;
    o.solver = "dopri5";
    o.tolerances = {1e-10, 1e-10};
    Simulator a(*nested.root, o), b(*flat.root, o);
    for (auto& [event, change] : nested.event_actions) a.schedule_on_event(event, std::move(change));
    for (auto& [event, change] : flat.event_actions) b.schedule_on_event(event, std::move(change));
    a.simulate(8.0);
    b.simulate(8.0);
    REQUIRE(a.segments().size() == 2);
    REQUIRE(b.segments().size() == 2);
    CHECK(a.segments()[1].start == doctest::Approx(b.segments()[1].start).epsilon(1e-6));
    CHECK(a.value("b2.marker.y") == 7.0);   // added inside b2, under b2's name
    CHECK(a.parameter("b2.valve.dp_ref") == 4000.0);
    CHECK(a.value("b2.tank.level") == doctest::Approx(b.value("t2.level")).epsilon(1e-6));

    // A name inside a subsystem that is not there is refused when the file is read, naming what the subsystem holds.
    const std::string wrong = "actions:\n  - {when: {signal: b2.tnak.level, crosses: 1.03}, set: {b2.valve.dp_ref: 4000}}\n";
    try {
        systems::parse_system_text(file_text("com_vessels_subsystems.yaml") + wrong, "wrong.yaml", kFiles.string());
        FAIL("expected an error");
    } catch (const std::exception& e) {
        const std::string what = e.what();
        CHECK(what.find("unknown component 'b2.tnak'") != std::string::npos);
        CHECK(what.find("did you mean 'tank'") != std::string::npos);
    }
}

TEST_CASE("the previous states are found where they stood when the order is kept, and by name when it is not") {
    // A rebuild of the same shape finds every state at its old position (no index by name is built); a change that
    // adds or removes components shifts positions, and then the name decides.
    const std::vector<std::string> paths{"t1.level", "t2.level", "t3.level"};
    const std::vector<double> values{0.5, 0.25, 0.125};
    const PreviousValues previous(paths, values.data());
    CHECK_FALSE(previous.empty());
    REQUIRE(previous.find("t2.level", 1) != nullptr);
    CHECK(*previous.find("t2.level", 1) == 0.25);   // where it stood
    REQUIRE(previous.find("t3.level", 0) != nullptr);
    CHECK(*previous.find("t3.level", 0) == 0.125);  // moved: by name
    CHECK(*previous.find("t1.level") == 0.5);       // no position given
    CHECK(previous.find("t4.level", 2) == nullptr);
    CHECK(previous.find("t4.level", 99) == nullptr);
    CHECK(previous.has("t1.level"));
    CHECK(previous("t3.level") == 0.125);
    CHECK_THROWS_WITH_AS(previous("t2.levle"), "the previous structure has no state 't2.levle' (did you mean 't2.level'?)", std::invalid_argument);
    const std::vector<std::string> none;
    CHECK(PreviousValues(none, nullptr).empty());
}

TEST_CASE("a replacement's own start values win when the change says so (start_fresh, start_values_win), and without it the books refuse the jump") {
    // The vessels hold 3 m³ in three tanks of 1 m²; at 5 s t2 becomes a tank of 2 m² whose start level is 0.5 m.
    for (const char* rule : {"carry", "start_fresh", "start_values_win"}) {
        CAPTURE(rule);
        auto root = vessels_from_file();
        Simulator sim(*root, rk4());
        sim.simulate(5.0);
        const double level_before = sim.value("t2.level"), t1_before = sim.value("t1.level");
        const double water_before = sim.balance().account(Quantity::Mass).stored;
        auto wide = std::make_unique<thermofluid::InTank>();
        wide->A = 2.0;
        wide->level.start = 0.5;
        StructuralChange change("t2 widened");
        change.replace("t2", std::move(wide));
        if (std::string(rule) == "carry") {
            // The level carried by name into twice the area would double t2's water: refused, the run goes on as it was.
            CHECK_THROWS_WITH_AS(sim.apply(change), doctest::Contains("the states of t2 were carried over by name, but what it holds jumped"),
                                 StructuralChangeError);
            CHECK(sim.value("t2.level") == level_before);
            CHECK(sim.value("t2.A") == 1.0);
            continue;
        }
        if (std::string(rule) == "start_fresh") change.start_fresh("t2");
        else change.start_values_win({"t2.h0", "t2.A"});   // A starts no state: nothing to do for it
        sim.apply(change);
        CHECK(sim.value("t2.level") == 0.5);
        CHECK(sim.value("t1.level") == t1_before);   // the others carried
        CHECK(sim.segments().back().carried == "5 carried by name, 1 set by the change or a take-over (t2.level)");
        // The books take the jump as the change's: ρ·(2 m² · 0.5 m − 1 m² · level before), with ρ = water / 3 m³.
        const BalanceAccount& mass = sim.balance().account(Quantity::Mass);
        const double rho = water_before / 3.0;
        CHECK(mass.changes == doctest::Approx(rho * (2.0 * 0.5 - level_before)).epsilon(1e-9));
        CHECK(mass.stored - water_before == doctest::Approx(mass.changes).epsilon(1e-9));
        sim.simulate(10.0);   // and keep closing afterwards
        CHECK(sim.balance().violations() == 0);
    }
}

TEST_CASE("start_fresh and start_values_win name what they cannot find") {
    auto root = vessels_from_file();
    Simulator sim(*root, rk4());
    StructuralChange fresh("fresh t9");
    fresh.start_fresh("t9");
    CHECK_THROWS_WITH_AS(sim.apply(fresh), doctest::Contains("start_fresh: no component 't9' in the new structure"),
                         StructuralChangeError);
    StructuralChange given("given t2.h00");
    given.start_values_win({"t2.h00"});
    CHECK_THROWS_WITH_AS(sim.apply(given), doctest::Contains("unknown parameter 't2.h00' (did you mean 't2.h0'?)"), StructuralChangeError);
    CHECK(sim.value("t2.level") == 1.0);   // nothing changed
}

TEST_CASE("a start parameter read at build (a conduction element's T_0) makes its replacement start from its own start values") {
    // SimpleStream's cooler replaced at 10 s by one that starts at 320 K: its enthalpy is DryAirNasa's h(320 K),
    // not the carried one; an area given with it starts nothing.
    const auto file = (kFiles / "simple_stream.yaml").string();
    for (bool given : {false, true}) {
        CAPTURE(given);
        auto root = std::move(systems::load_system_file(file).root);
        SimulatorOptions o;
        o.solver = "cvode-bdf";   // the example's own solver
        Simulator sim(*root, o);
        sim.simulate(10.0);
        const double carried = sim.value("cooler.h");
        auto cooler = std::make_unique<thermofluid::ConductionElement>();
        cooler->medium.name = "DryAirNasa";
        cooler->V = 2e-3, cooler->U = 50, cooler->A = 1, cooler->init = thermofluid::ConductionElement::Init::T, cooler->T_0 = 320.0;
        StructuralChange change("a warmer cooler");
        change.replace("cooler", std::move(cooler));
        if (given) change.start_values_win({"cooler.T_0", "cooler.A"});
        sim.apply(change);
        const double expected = given ? thermofluid::medium("DryAirNasa").specific_enthalpy(1e5, 320.0, nullptr) : carried;
        CHECK(sim.value("cooler.h") == expected);
    }
}
