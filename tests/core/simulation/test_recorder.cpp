#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "systems/examples/com_vessels.h"

#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

using namespace lied;

TEST_CASE("the output interval is independent of the step size") {
    systems::ComVessels v;
    SimulatorOptions o;
    o.dt = 0.03;   // not a divisor of the interval
    Simulator sim(v, o);
    Recorder rec({"t1.level", "p1.m_flow"}, 0.1);
    sim.simulate(1.5, &rec);
    REQUIRE(rec.times().size() == 16);
    for (std::size_t k = 0; k < rec.times().size(); ++k) CHECK(std::abs(rec.times()[k] - 0.1 * static_cast<double>(k)) < 1e-12);
    // Recorded values are those at the sample time (re-evaluated there), not at the last stage.
    CHECK(rec.column("t1.level").back() == sim.value("t1.level"));
}

TEST_CASE("CSV has the header time,<names> and one row per sample") {
    systems::ComVessels v;
    Simulator sim(v);
    Recorder rec({"t1.level", "p2.m_flow"}, 0.5);
    sim.simulate(1.0, &rec);
    std::ostringstream csv;
    rec.write_csv(csv);
    std::istringstream lines(csv.str());
    std::string header, row;
    std::getline(lines, header);
    CHECK(header == "time,t1.level,p2.m_flow");
    int rows = 0;
    while (std::getline(lines, row)) ++rows;
    CHECK(rows == 3);
    CHECK_THROWS_WITH(rec.column("t1.lvl"), "'t1.lvl' is not recorded (did you mean 't1.level'?)");
}

TEST_CASE("recording an unknown variable fails with a suggestion") {
    systems::ComVessels v;
    Simulator sim(v);
    Recorder rec({"t2.levl"}, 0.1);
    CHECK_THROWS_WITH(sim.attach(rec), "cannot record unknown variable 't2.levl' (did you mean 't2.level'?)");
}

TEST_CASE("a loop that steps by itself records by itself: the same samples as simulate()") {
    // The recorder reads through the simulator's NameIndex and is handed the time; nothing in it calls back.
    systems::ComVessels a, b;
    Simulator by_simulate(a), by_loop(b);   // rk4, dt = 0.01
    Recorder from_simulate({"t1.level", "p2.m_flow"}, 0.1), from_loop({"t1.level", "p2.m_flow"}, 0.1);
    by_simulate.simulate(2.0, &from_simulate);
    by_loop.attach(from_loop);
    by_loop.evaluate();
    from_loop.sample(by_loop.names(), by_loop.time());
    for (int k = 1; k <= 200; ++k) {
        REQUIRE(by_loop.step(0.01) == StepStatus::Ok);
        if (k % 10 == 0) {
            by_loop.evaluate();
            from_loop.sample(by_loop.names(), by_loop.time());
        }
    }
    REQUIRE(from_loop.times().size() == from_simulate.times().size());
    // The same steps of 0.01 s; a step to t + 0.01 may differ from one of 0.01 s by rounding of t.
    for (std::size_t k = 0; k < from_loop.times().size(); ++k) {
        CHECK(from_loop.times()[k] == doctest::Approx(from_simulate.times()[k]).epsilon(1e-12));
        CHECK(from_loop.row(k)[0] == doctest::Approx(from_simulate.row(k)[0]).epsilon(1e-12));
        CHECK(from_loop.row(k)[1] == doctest::Approx(from_simulate.row(k)[1]).epsilon(1e-9));
    }
}
