// Structural change in a real-time loop (RealtimeSwap): one thread steps, another prepares the next structure; the
// swap at a step boundary gives the same run as Simulator::apply at that time (states carried by name, by a
// component's take_over and by a change's initializers alike), and a preparation that fails leaves the loop
// stepping the running structure.
#include "core/simulation/realtime_swap.h"
#include "support/stepping_thread.h"
#include "systems/examples/heated_rod.h"
#include "systems/io/system_file.h"
#include "systems/examples/two_stage_rocket.h"
#include "thermofluid/processes/pressure_drop.h"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <string>

using namespace lied;
using lied::test::SteppingThread;

namespace {

const std::filesystem::path kFiles = std::filesystem::path(LIED_SOURCE_DIR) / "systems" / "examples" / "files";

std::unique_ptr<Component> vessels() { return std::move(systems::load_system_file((kFiles / "com_vessels.yaml").string()).root); }

SimulatorOptions rk4(double dt) {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = dt;
    return o;
}

StructuralChange tighter_p2() {
    StructuralChange change("p2 tighter");
    change.replace("p2", std::make_unique<thermofluid::PressureDrop>(0.01, 4000.0, 100.0));
    return change;
}

// The same run without threads: `steps` steps of dt, `change` applied, then steps until `t_end`.
template <class Change>
std::unique_ptr<Simulator> replay(Component& root, double dt, long steps, Change&& change, double t_end) {
    auto sim = std::make_unique<Simulator>(root, rk4(dt));
    for (long k = 0; k < steps; ++k) REQUIRE(sim->step(dt) == StepStatus::Ok);
    sim->apply(change);
    while (sim->time() < t_end - dt / 2) REQUIRE(sim->step(dt) == StepStatus::Ok);
    return sim;
}

// Every state of the swapped run equals the replay's. Tolerance: M is probed with finite differences on an affine
// map, exact for copies and within a few ulps of the state for weights such as 1/2; 1e-12 relative leaves room for
// that and for the integrator amplifying it over a few hundred steps.
void check_same_states(const Simulator& swapped, const Simulator& replayed) {
    REQUIRE(swapped.model().states.size() == replayed.model().states.size());
    CHECK(swapped.time() == doctest::Approx(replayed.time()).epsilon(1e-15));
    for (auto& s : replayed.model().states) CHECK(swapped.value(s.path) == doctest::Approx(replayed.value(s.path)).epsilon(1e-12));
}

}  // namespace

TEST_CASE("real-time swap: a valve replaced while another thread steps equals Simulator::apply at the swap time") {
    constexpr double dt = 1e-3;
    for (long before : {300L, 1500L}) {   // before and after the step source's time event at 1 s
        RealtimeSwap swap(vessels, rk4(dt));
        {
            SteppingThread loop(swap, dt, /*after_swaps=*/1, /*extra_steps=*/400);
            loop.wait_for_steps(before);
            swap.prepare(vessels, tighter_p2());
            REQUIRE(swap.wait_for_swap());
            loop.join();
            REQUIRE(loop.failures() == 0);
        }
        const Simulator& sim = swap.simulator();
        REQUIRE(sim.segments().size() == 2);
        const double t_swap = sim.segments().back().start;
        CHECK(sim.segments().back().change == "p2 tighter");
        CHECK(sim.parameter("p2.dp_ref") == 4000.0);
        const long steps = std::lround(t_swap / dt);
        CHECK(steps >= before);
        auto root = vessels();
        check_same_states(sim, *replay(*root, dt, steps, tighter_p2(), sim.time()));
        CHECK(swap.carry_entries() == 5);   // three levels and two inertial flows copied by name, nothing probed
        CHECK(swap.probed_states() == 0);
        CHECK(sim.value("elevation.y") == (t_swap >= 1.0 ? 0.5 : 0.0));   // the discrete signal and the time event carried
    }
}

TEST_CASE("real-time swap: the rocket's stages released off the real-time thread conserve momentum as apply does") {
    constexpr double dt = 1e-3;
    auto make = [] { return std::unique_ptr<Component>(systems::TwoStageRocket::make()); };
    RealtimeSwap swap(make, rk4(dt));
    {
        SteppingThread loop(swap, dt, 1, 300);
        loop.wait_for_steps(200);
        swap.prepare(make, systems::TwoStageRocket::release());
        REQUIRE(swap.wait_for_swap());
        loop.join();
        REQUIRE(loop.failures() == 0);
    }
    const Simulator& sim = swap.simulator();
    const double t_swap = sim.segments().back().start;
    CHECK(swap.probed_states() == 2);   // the initializer reads the assembly's position and velocity
    auto root = systems::TwoStageRocket::make();
    Simulator reference(*root, rk4(dt));
    for (long k = 0; k < std::lround(t_swap / dt); ++k) REQUIRE(reference.step(dt) == StepStatus::Ok);
    const double momentum_before = 200.0 * reference.value("stages.w");
    StructuralChange release = systems::TwoStageRocket::release();
    reference.apply(release);
    CHECK(100.0 * (reference.value("stage1.w") + reference.value("stage2.w")) == doctest::Approx(momentum_before).epsilon(1e-14));
    while (reference.time() < sim.time() - dt / 2) REQUIRE(reference.step(dt) == StepStatus::Ok);
    check_same_states(sim, reference);
}

TEST_CASE("real-time swap: a refined rod keeps its energy, the carry-over probed through take_over") {
    constexpr double dt = 1e-2;
    auto make = [] { return std::unique_ptr<Component>(systems::HeatedRod::make(5)); };
    RealtimeSwap swap(make, rk4(dt));
    double energy_running = 0.0, energy_swapped = 0.0;
    {
        SteppingThread loop(swap, dt, 1, 0);   // stops right after the swap
        loop.wait_for_steps(100);
        swap.prepare(make, systems::HeatedRod::refine(8));
        REQUIRE(swap.wait_for_swap());
        loop.join();
        REQUIRE(loop.failures() == 0);
    }
    CHECK(swap.probed_states() == 5);   // take_over read the five old volumes
    const Simulator& sim = swap.simulator();
    CHECK(sim.model().states.size() == 8);
    // The swap step: the old structure at t_swap against the new one at t_swap, through a replay of the old one.
    const double t_swap = sim.segments().back().start;
    auto root = systems::HeatedRod::make(5);
    Simulator reference(*root, rk4(dt));
    for (long k = 0; k < std::lround(t_swap / dt); ++k) REQUIRE(reference.step(dt) == StepStatus::Ok);
    reference.evaluate();   // the variables at the state reached (a step leaves them at its last stage)
    energy_running = reference.value("rod.U");
    StructuralChange refine = systems::HeatedRod::refine(8);
    reference.apply(refine);
    energy_swapped = reference.value("rod.U");   // the structure the swapped run matches state by state (below)
    while (reference.time() < sim.time() - dt / 2) REQUIRE(reference.step(dt) == StepStatus::Ok);
    check_same_states(sim, reference);
    CHECK(energy_swapped == doctest::Approx(energy_running).epsilon(1e-13));
}

TEST_CASE("real-time swap: a preparation that fails leaves the loop stepping the running structure, and says why") {
    constexpr double dt = 1e-3;
    RealtimeSwap swap(vessels, rk4(dt));
    SteppingThread loop(swap, dt, 1, 100);
    loop.wait_for_steps(50);

    SUBCASE("a broken composition") {
        StructuralChange broken("p2 out");
        broken.remove("p2");   // t2's inlet is left open: t2 has no flow path
        CHECK_THROWS_WITH_AS(swap.prepare(vessels, std::move(broken)), doctest::Contains("structural change 'p2 out' refused"), StructuralChangeError);
    }
    SUBCASE("a carry-over that is not affine in the running states") {
        auto squared = [](const PreviousValues& previous, Simulator& sim) { sim.set_state("t3.level", previous("t3.level") * previous("t3.level")); };
        CHECK_THROWS_WITH_AS(swap.prepare("t3 squared", vessels, {squared}),
                             doctest::Contains("the new value of t3.level is not an affine function of the running states"), StructuralChangeError);
    }
    SUBCASE("a factory that does not make the running structure") {
        auto rod = [] { return std::unique_ptr<Component>(systems::HeatedRod::make(5)); };
        CHECK_THROWS_WITH_AS(swap.prepare(rod, tighter_p2()), doctest::Contains("the factory does not make the running structure"), StructuralChangeError);
    }
    CHECK_FALSE(swap.swap_pending());
    const long steps = loop.steps();
    loop.wait_for_steps(steps + 20);   // still stepping the old structure
    CHECK(swap.swaps() == 0);
    loop.stop();
    CHECK(loop.failures() == 0);
    CHECK(swap.simulator().segments().size() == 1);
}

TEST_CASE("real-time swap: without a stepping thread, prepare gives up after its timeout and says why") {
    RealtimeSwap swap(vessels, rk4(1e-3));
    CHECK_THROWS_WITH_AS(swap.prepare(vessels, tighter_p2(), std::chrono::milliseconds(20)),
                         doctest::Contains("reached no step boundary within 20 ms"), StructuralChangeError);
    CHECK(swap.step(1e-3) == StepStatus::Ok);   // nothing is left waiting: the next step is an ordinary one
    CHECK_FALSE(swap.swap_pending());
}

TEST_CASE("real-time swap: a new structure from a factory, its new states initialised from the running ones") {
    constexpr double dt = 1e-3;
    // The vessels made again with p3 tighter (the factory's own parameters), and t3's level set from t1's: an
    // affine carry-over across states of other names. The replay makes the same change with apply.
    auto tighter_p3 = [] {
        auto root = vessels();
        Simulator probe(*root);   // parameters are set by name through a simulator; the tree keeps them
        probe.set_parameter("p3.dp_ref", 3000.0);
        return root;
    };
    auto level = [](const PreviousValues& previous, Simulator& sim) { sim.set_state("t3.level", 0.5 * previous("t1.level") + 0.25); };
    RealtimeSwap swap(vessels, rk4(dt));
    {
        SteppingThread loop(swap, dt, 1, 200);
        loop.wait_for_steps(100);
        swap.prepare("t3 reset", tighter_p3, {level});
        REQUIRE(swap.wait_for_swap());
        loop.join();
        REQUIRE(loop.failures() == 0);
    }
    CHECK(swap.probed_states() == 1);
    CHECK(swap.carry_entries() == 5);   // t1, t2 and the two inertial flows copied, t3 = 1/4 + 1/2 · t1
    const Simulator& sim = swap.simulator();
    CHECK(sim.segments().back().change == "t3 reset");
    CHECK(sim.parameter("p3.dp_ref") == 3000.0);
    StructuralChange change("t3 reset");
    change.set_parameter("p3.dp_ref", 3000.0).initialize(level);
    auto root = vessels();
    check_same_states(sim, *replay(*root, dt, std::lround(sim.segments().back().start / dt), change, sim.time()));
}

TEST_CASE("continue_from refuses a carry-over map made for other structures and leaves the simulator as it was") {
    // The swap applies its map without checks of its own on the real-time thread; a map whose sizes or indices do
    // not fit the two structures would write out of bounds, so continue_from checks them first.
    auto running_root = systems::TwoStageRocket::make();
    auto next_root = systems::TwoStageRocket::make();
    Simulator running(*running_root), next(*next_root);
    running.step(0.01);
    const Eigen::VectorXd before = next.states();
    CarryMap empty;   // sized for nothing
    CHECK_FALSE(next.continue_from(running, empty));
    CarryMap wrong;
    wrong.constant.assign(static_cast<std::size_t>(next.states().size()), 0.0);
    wrong.entries.push_back({0, 1000, 1.0});   // a running state that does not exist
    wrong.time_event_from.assign(next.model().time_events.size(), -1);
    wrong.sample_from.assign(next.model().sampled_events.size(), -1);
    wrong.crossing_from.assign(next.model().zero_crossings.size(), -1);
    CHECK_FALSE(next.continue_from(running, wrong));
    CHECK(next.states() == before);
    CHECK(next.time() == 0.0);
    wrong.entries.clear();   // now it fits: every state from its constant
    CHECK(next.continue_from(running, wrong));
    CHECK(next.time() == running.time());
}

TEST_CASE("real-time swap: a transport delay's history goes on in the new structure, as with apply") {
    // u = sin(2t) into a 0.5 s delay; a gain elsewhere is replaced at about 0.3 s. Built anew by the worker, the delay
    // would hold u(t_swap) for 0.5 s; carried, its output equals the replay's, where the same block goes on.
    const std::string text = "components:\n"
                             "  u: {type: Sine, parameters: {amplitude: 1, f: 0.3183098861837907}}\n"
                             "  delay: {type: FixedDelay, parameters: {delayTime: 0.5}}\n"
                             "  gain: {type: Gain, parameters: {k: 1}}\n"
                             "  integral: {type: Integrator}\n"
                             "connections:\n  - [u.y, delay.u]\n  - [delay.y, gain.u]\n  - [gain.y, integral.u]\n";
    auto make = [&] { return std::move(systems::parse_system_text(text, "delayed.yaml", ".").root); };
    auto doubled = [] {
        StructuralChange change("gain doubled");
        change.set_parameter("gain.k", 2.0);
        return change;
    };
    constexpr double dt = 1e-3;
    RealtimeSwap swap(make, rk4(dt));
    {
        SteppingThread loop(swap, dt, 1, 400);
        loop.wait_for_steps(300);
        swap.prepare(make, doubled());
        REQUIRE(swap.wait_for_swap());
        loop.join();
        REQUIRE(loop.failures() == 0);
    }
    const Simulator& sim = swap.simulator();
    const double t_swap = sim.segments().back().start;
    REQUIRE(sim.time() - t_swap > 0.2);   // long enough after the swap that a restarted history would show
    auto root = make();
    auto replayed = replay(*root, dt, std::lround(t_swap / dt), doubled(), sim.time());
    CHECK(sim.value("delay.y") == doctest::Approx(replayed->value("delay.y")).epsilon(1e-12));
    CHECK(sim.value("integral.y") == doctest::Approx(replayed->value("integral.y")).epsilon(1e-12));
    CHECK(sim.value("delay.y") == doctest::Approx(std::sin(2 * (sim.time() - 0.5))).epsilon(1e-5));
}
