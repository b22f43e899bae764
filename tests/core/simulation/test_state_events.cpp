// State events: located crossings, re-initialised states, simultaneous events, events at the instant of
// time and sampled events, chattering, and every solver against the closed form of a bouncing ball.
#include "core/model/build_error.h"
#include "core/model/composite.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "support/event_components.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <vector>

using namespace lied;
using lied::testing::BouncingBall;
using lied::testing::Relay;

namespace {

struct Bounce {
    double t, v;
};

// Runs the ball to t_end and records each event's time and the velocity after its handler.
std::vector<Bounce> bounces(BouncingBall& ball, SimulatorOptions o, double t_end) {
    Simulator sim(ball, o);
    std::vector<Bounce> seen;
    sim.on_event([&](Simulator& s, const std::string& name) {
        CHECK(name == "floor");
        seen.push_back({s.time(), s.value("v")});
    });
    sim.simulate(t_end);
    CHECK(sim.statistics().total_events() == static_cast<long>(seen.size()));
    return seen;
}

// Closed form: dropped from h0 at rest, the k-th impact (k = 1, 2, ...) is at t1·(1 + 2·Σ_{j<k} e^j) with
// t1 = √(2·h0/g), and leaves with v = e^k·g·t1.
std::vector<Bounce> closed_form(double h0, double g, double e, double t_end) {
    const double t1 = std::sqrt(2 * h0 / g);
    std::vector<Bounce> b;
    double t = t1, v = g * t1;
    while (t < t_end) {
        v *= e;
        b.push_back({t, v});
        t += 2 * v / g;
    }
    return b;
}

// Counts a sampled event (period 0.5 s) and a time event (at 1 s).
struct Clock : Component {
    Out<double> ticks{0.0};
    double period = 0.5, offset = 0.0, at = 1.0;
    int samples = 0, timed = 0;
    double timed_at = -1;
    In<double> time;
    void metainfo(Meta& meta) override {
        meta.discrete_signal(ticks, "ticks");
        meta.signal(time, "clock");
        meta.time(time);
        meta.sampled_event<&Clock::sample>(this, period, offset, "sample");
        meta.time_event<&Clock::timed_event>(this, at, "at");
    }
    const char* type_name() const override { return "Clock"; }
    void sample() { ++samples; }
    void timed_event() {
        if (time.value() >= at) ++timed, timed_at = time.value();
    }
};

template <class T>
T& add(Composite& root, const std::string& name) {
    return static_cast<T&>(root.add(name, std::make_unique<T>()));
}

}  // namespace

TEST_CASE("a bouncing ball: impact times and rebound velocities against the closed form, for every solver") {
    // Tolerances: rk4, dopri5, ros2 and the cubic Hermite locator are exact for a parabola, so only the
    // locator's width (1e-10 s) and rounding remain (1e-7). ros2 differentiates J numerically and CVODE
    // controls its error at 1e-10 (1e-6). Euler and the linearly implicit Euler are first order: with
    // dt = 1e-4 s their impact times drift by about dt per bounce (3e-3).
    struct Case {
        const char* solver;
        double dt, tolerance;
    };
    for (Case c : {Case{"rk4", 1e-2, 1e-7}, Case{"dopri5", 1e-2, 1e-7}, Case{"ros2", 1e-2, 1e-6}, Case{"cvode-bdf", 1e-2, 1e-6},
                   Case{"cvode-adams", 1e-2, 1e-6}, Case{"euler", 1e-4, 3e-3}, Case{"linearly-implicit-euler", 1e-4, 3e-3}}) {
        CAPTURE(c.solver);
        BouncingBall ball;
        SimulatorOptions o;
        o.solver = c.solver;
        o.dt = c.dt;
        o.tolerances.relative = o.tolerances.absolute = 1e-10;
        const auto got = bounces(ball, o, 3.0);
        const auto want = closed_form(1.0, 9.81, 0.8, 3.0);
        REQUIRE(got.size() == want.size());
        for (std::size_t k = 0; k < want.size(); ++k) {
            CAPTURE(k);
            CHECK(got[k].t == doctest::Approx(want[k].t).epsilon(c.tolerance));
            CHECK(got[k].v == doctest::Approx(want[k].v).epsilon(c.tolerance * 10));
        }
        CHECK(ball.bounces == static_cast<int>(want.size()));
    }
}

TEST_CASE("after a bounce the ball rises again: no second event at the same impact") {
    BouncingBall ball;
    ball.e = 1.0;   // elastic: every impact at the same speed, period 2·t1
    SimulatorOptions o;
    o.dt = 0.01;
    Simulator sim(ball, o);
    sim.simulate(10.0);
    const double t1 = std::sqrt(2 / 9.81);
    CHECK(ball.bounces == static_cast<int>(std::floor((10.0 - t1) / (2 * t1))) + 1);
    CHECK(sim.value("h") >= -1e-9);
}

TEST_CASE("simultaneous events: two balls, one impact instant, each handler once — with a time and a sampled event") {
    // h0 = g/2 puts the first impact at exactly t = 1 s, where a time event and a sampled event also fall.
    Composite root("Root");
    auto& a = add<BouncingBall>(root, "a");
    auto& b = add<BouncingBall>(root, "b");
    auto& clock = add<Clock>(root, "clock");
    a.h.start = b.h.start = 9.81 / 2;
    SimulatorOptions o;
    o.dt = 0.01;
    Simulator sim(root, o);
    std::vector<std::pair<std::string, double>> events;
    double va = 0, vb = 0;
    sim.on_event([&](Simulator& s, const std::string& name) {
        events.emplace_back(name, s.time());
        if (name == "a.floor") va = s.value("a.v"), vb = s.value("b.v");
    });
    sim.simulate(1.2);
    // At t = 1 the step ends on the time and sampled events with both balls exactly on the floor (h = 0, not
    // yet crossed): those two fire first, and the floors in the next step, within the event tolerance.
    REQUIRE(events.size() >= 5);
    CHECK(events[0] == std::make_pair(std::string("clock.sample"), 0.0));
    CHECK(events[1].first == "clock.sample");
    CHECK(events[1].second == doctest::Approx(0.5));
    std::vector<std::string> at_one;
    for (auto& [name, t] : events)
        if (std::abs(t - 1.0) < 1e-9) at_one.push_back(name);
    CHECK(at_one == std::vector<std::string>{"clock.at", "clock.sample", "a.floor", "b.floor"});
    CHECK(a.bounces == 1);
    CHECK(b.bounces == 1);
    CHECK(clock.timed == 1);
    CHECK(clock.timed_at == 1.0);
    CHECK(clock.samples == 3);   // 0, 0.5, 1.0
    CHECK(va == doctest::Approx(0.8 * 9.81).epsilon(1e-9));
    CHECK(vb == doctest::Approx(0.8 * 9.81).epsilon(1e-9));
}

TEST_CASE("chattering stops the run with the zero-crossing's name and time — a hysteresis makes it a limit cycle") {
    for (const char* solver : {"rk4", "dopri5", "cvode-bdf"}) {
        CAPTURE(solver);
        Relay relay;   // x' = −sign(x) from x = 1 reaches 0 at t = 1 and chatters there
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 0.01;
        Simulator sim(relay, o);
        try {
            sim.simulate(2.0);
            FAIL("a chattering relay must not run to the end");
        } catch (const SimulationError& e) {
            const std::string m = e.what();
            CHECK(m.find("zero-crossing switch chatters") != std::string::npos);
            CHECK(m.find("up to t = 1") != std::string::npos);
            CHECK(m.find("declare a hysteresis") != std::string::npos);
        }
    }
    Relay relay;
    relay.hysteresis = 0.01;
    SimulatorOptions o;
    o.dt = 0.001;
    Simulator sim(relay, o);
    double lowest = 1, highest = -1;
    for (int k = 0; k < 2000; ++k) {
        REQUIRE(sim.step(0.001) == StepStatus::Ok);
        if (sim.time() > 1.05) lowest = std::min(lowest, sim.value("x")), highest = std::max(highest, sim.value("x"));
    }
    // Switching at ±0.01 with |x'| = 1: a triangle wave of amplitude 0.01 and period 0.04 s after t = 1.01.
    CHECK(highest == doctest::Approx(0.01).epsilon(1e-6));
    CHECK(lowest == doctest::Approx(-0.01).epsilon(1e-6));
    const long events = sim.statistics().total_events();
    CHECK(events == doctest::Approx((2.0 - 1.01) / 0.02).epsilon(0.03));
}

TEST_CASE("bad event declarations are build errors naming the component and the rule") {
    Relay relay;
    relay.hysteresis = -1;
    CHECK_THROWS_WITH(Simulator{relay}, doctest::Contains("switch: hysteresis = -1"));
    lied::testing::PlantWithPI loop;
    loop.pi.Ts = 0;
    CHECK_THROWS_WITH(Simulator{loop}, doctest::Contains("pi.sample: sample period = 0"));
}

TEST_CASE("an event may request a structural change: the callback changes the system and rebuilds between steps") {
    // After the second impact the floor turns soft (e = 0.5): a parameter change and a rebuild in the
    // callback; the ball keeps its state and the next rebound follows the new law.
    BouncingBall ball;
    SimulatorOptions o;
    o.dt = 0.01;
    Simulator sim(ball, o);
    std::vector<double> rebounds;
    sim.on_event([&](Simulator& s, const std::string&) {
        rebounds.push_back(s.value("v"));
        if (rebounds.size() == 2) {
            ball.e = 0.5;
            s.rebuild();
        }
    });
    sim.simulate(2.0);   // impacts at 0.45, 1.17 and 1.75 s (the fourth, softer, at 2.04 s)
    REQUIRE(rebounds.size() == 3);
    const double t1 = std::sqrt(2 / 9.81), v0 = 9.81 * t1;
    CHECK(rebounds[0] == doctest::Approx(0.8 * v0).epsilon(1e-7));
    CHECK(rebounds[1] == doctest::Approx(0.64 * v0).epsilon(1e-7));
    CHECK(rebounds[2] == doctest::Approx(0.5 * 0.64 * v0).epsilon(1e-7));
    CHECK(sim.generation() == 2);
    CHECK(sim.statistics().events[0].second == 3);   // counts survive the rebuild
}

TEST_CASE("event iteration: a crossing that another event's handler makes happen fires at that event") {
    // The step source jumps from 0 to 1 at its time event (t = 1 s): the trigger on it and a file's `when` action on the
    // same signal must fire there, as Modelica fires a `when` whose condition an event made true. No root lies inside
    // a step to locate: the indicator jumps across zero at the event itself.
    const std::string file = R"(
components:
  s: {type: StepSource, parameters: {height: 1, start_time: 1}}
  watch: {type: Trigger, parameters: {threshold: 0.5}}
  k: {type: Constant, parameters: {k: 1}}
connections:
  - [s.y, watch.u]
actions:
  - when: {signal: s.y, crosses: 0.5, direction: up}
    set: {k.k: 5}
)";
    for (const char* solver : {"rk4", "cvode-bdf"}) {
        CAPTURE(solver);
        auto loaded = systems::parse_system_text(file, "stepped.yaml", ".");
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 0.1;
        Simulator sim(*loaded.root, o);
        for (auto& [event, change] : loaded.event_actions) sim.schedule_on_event(event, std::move(change));
        sim.simulate(0.9);
        CHECK(sim.value("watch.count") == 0);
        CHECK(sim.value("k.y") == 1);
        sim.simulate(2.0);
        CHECK(sim.value("watch.count") == 1);
        CHECK(sim.value("k.y") == 5);
        // A step back down crosses downwards: the trigger (direction up) does not count it.
        sim.set_parameter("s.height", 0.0);
        sim.simulate(3.0);
        CHECK(sim.value("watch.count") == 1);
    }
}
