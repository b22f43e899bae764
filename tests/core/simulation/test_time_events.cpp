// Time events happen exactly once, at their time, and their handlers see that time: also when the step
// or output grid reaches the event only up to rounding (3 × 0.3 < 0.9), and for events just after t = 0.
#include "components/step_source.h"
#include "core/model/meta.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "systems/examples/com_vessels.h"

#include <doctest/doctest.h>

using namespace lied;

namespace {
// Counts its handler calls and remembers the time each call saw.
class EventProbe : public Component {
public:
    double at = 0.9;
    int calls = 0;
    double seen = -1;
    State x{0.0};
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        meta.signal(time_, "clock");
        meta.time(time_);
        meta.block<&EventProbe::eval>(this, "eval", {}, {&x.der});
        meta.time_event<&EventProbe::handle>(this, at, "event");
    }
    const char* type_name() const override { return "EventProbe"; }

private:
    void eval() { x.der.value() = 1.0; }
    void handle() {
        ++calls;
        seen = time_.value();
    }
    In<double> time_;
};
}  // namespace

TEST_CASE("an event reached only up to rounding fires at its own time (3 × 0.3 ≠ 0.9)") {
    for (const char* solver : {"euler", "rk4", "dopri5"}) {
        CAPTURE(solver);
        for (double at : {0.9, 1.8}) {
            EventProbe probe;
            probe.at = at;
            SimulatorOptions o;
            o.solver = solver;
            Simulator sim(probe, o);
            REQUIRE(probe.calls == 1);   // the initialization call at t = 0
            for (int k = 0; k < 7; ++k) REQUIRE(sim.step(0.3) == StepStatus::Ok);
            CHECK(probe.calls == 2);     // once, not twice, and not skipped
            CHECK(probe.seen == at);     // the handler saw the event time, not 0.8999999999999999
        }
    }
}

TEST_CASE("the vessels' step at 0.9 s happens with an output interval of 0.3 s") {
    systems::ComVessels v;
    for (const char* solver : {"rk4", "dopri5"}) {
        SimulatorOptions o;
        o.solver = solver;
        Simulator sim(v, o);
        sim.set_parameter("elevation.start_time", 0.9);
        sim.reset();
        Recorder rec({"t1.level", "elevation.y"}, 0.3);
        sim.simulate(3.0, &rec);
        CHECK(sim.value("elevation.y") == 0.5);
        CHECK(sim.value("t1.level") < 0.99);   // t1 was raised and drains
    }
}

TEST_CASE("an event just after t = 0 (at 1e-13 s) is not dropped at reset") {
    EventProbe probe;
    probe.at = 1e-13;
    Simulator sim(probe);
    REQUIRE(sim.step(0.01) == StepStatus::Ok);
    CHECK(probe.calls == 2);
    CHECK(probe.seen == 1e-13);
}

TEST_CASE("an event at t = 0 and one in the past fire once, at initialization") {
    for (double at : {0.0, -1.0}) {
        EventProbe probe;
        probe.at = at;
        Simulator sim(probe);
        sim.simulate(1.0);
        CHECK(probe.calls == 1);
    }
}

TEST_CASE("an event at any representable time fires with every solver: 1e-15 s, 1e-300 s") {
    // Far below the scale of the run a step is one explicit Euler step (exact to rounding over such a span); the
    // adaptive solvers, which refuse steps that short, never see it.
    for (const double at : {1e-15, 1e-300}) {
        for (const char* solver : {"rk4", "ros2", "dopri5", "cvode-bdf", "cvode-adams"}) {
            CAPTURE(at);
            CAPTURE(solver);
            EventProbe probe;
            probe.at = at;
            SimulatorOptions o;
            o.solver = solver;
            Simulator sim(probe, o);
            REQUIRE_NOTHROW(sim.simulate(1.0));
            CHECK(probe.calls == 2);   // once at the start (discrete values for t = 0), once at its time
            CHECK(probe.seen == at);
            CHECK(sim.value("x") == doctest::Approx(1.0).epsilon(1e-9));   // ẋ = 1 from 0
        }
    }
}
