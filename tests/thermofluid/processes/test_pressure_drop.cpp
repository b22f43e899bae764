#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/in_tank.h"
#include "thermofluid/boundaries/out_tank.h"
#include "thermofluid/processes/pressure_drop.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using namespace lied::thermofluid;

namespace {
// OutTank → PressureDrop → InTank: the smallest complete stream.
class Line : public Component {
public:
    OutTank source;
    PressureDrop valve;
    InTank sink;
    Line() {
        connect(source.outlet, valve.inlet);
        connect(valve.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(valve, "valve");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "Line"; }
};
}  // namespace

TEST_CASE("pressure drop: dp = ½·dp_ref·(v_n + v_n·|v_n|) for both flow directions") {
    Line line;
    Simulator sim(line);
    for (double m : {20.0, 10.0, -10.0, -5.0}) {
        sim.set_parameter("source.m_flow_0", m);
        sim.reset();
        const double vn = m / 1000.0 / 0.01;
        CHECK(sim.value("valve.dp") == doctest::Approx(0.5 * 1000 * (vn + vn * std::abs(vn))));
        CHECK(line.valve.outlet.state.value().p == doctest::Approx(line.valve.inlet.state.value().p - sim.value("valve.dp")));
        CHECK(line.valve.outlet.m_flow.value() == m);
    }
}

TEST_CASE("single line: dm/dt·L = p_source − dp − p_sink, as computed by hand") {
    Line line;
    Simulator sim(line);
    sim.set_parameter("source.h0", 2.0);
    sim.set_parameter("source.m_flow_0", 5.0);
    sim.reset();
    const double p_source = 1e5 + 1000 * 9.81 * 2.0, p_sink = 1e5 + 1000 * 9.81 * 1.0;
    const double vn = 5.0 / 1000 / 0.01, dp = 0.5 * 1000 * (vn + vn * vn);
    CHECK(sim.linear_system().solution()[0] == doctest::Approx((p_source - dp - p_sink) / 100.0));
    CHECK(line.source.m_flow.der.value() == doctest::Approx((p_source - dp - p_sink) / 100.0));
}

TEST_CASE("the p_min clip keeps the outlet pressure and moves the withheld drop into r") {
    Line line;
    Simulator sim(line);
    sim.set_parameter("valve.p_min", 1e5);   // clip everything below ambient
    sim.set_parameter("source.m_flow_0", 200.0);  // dp ≫ available pressure
    sim.reset();
    CHECK(line.valve.outlet.state.value().p == 1e5);
    const double vn = 200.0 / 1000 / 0.01, dp = 0.5 * 1000 * (vn + vn * vn);
    const double p_source = 1e5 + 1000 * 9.81;
    // Total pressure along the line is unchanged by the clip: the acceleration is the same as without it.
    CHECK(sim.linear_system().solution()[0] == doctest::Approx((p_source - dp - (1e5 + 1000 * 9.81)) / 100.0));
}

TEST_CASE("plugs connect generically from the outlet side only") {
    PressureDrop a, b;
    Plug& out = a.outlet;
    Plug& in = b.inlet;
    CHECK(out.is_outlet());
    CHECK_FALSE(in.is_outlet());
    CHECK(std::string(out.domain()) == in.domain());
    out.connect_to(in);
    CHECK(b.inlet.m_flow.source() == &a.outlet.m_flow);
    CHECK(a.outlet.r.source() == &b.inlet.r);
    CHECK_THROWS_AS(in.connect_to(out), std::logic_error);
    CHECK_THROWS_WITH(out.connect_to(a.outlet), "a thermofluid outlet connects to a thermofluid inlet, not a thermofluid outlet");
}
