#include "core/composite.h"
#include "core/simulator.h"
#include "thermofluid/in_tank.h"
#include "thermofluid/out_tank.h"
#include "thermofluid/pressure_drop.h"

#include <doctest/doctest.h>

using namespace lied;
using namespace lied::thermofluid;

TEST_CASE("a composite owns named children, rejects duplicate names and exposes parameters as aliases") {
    Composite line("Line");
    auto& source = static_cast<OutTank&>(line.add("source", std::make_unique<OutTank>()));
    auto& valve = static_cast<PressureDrop&>(line.add("valve", std::make_unique<PressureDrop>()));
    auto& sink = static_cast<InTank&>(line.add("sink", std::make_unique<InTank>()));
    CHECK_THROWS_WITH(line.add("valve", std::make_unique<PressureDrop>()), "a component named 'valve' exists already");
    connect(source.outlet, valve.inlet);
    connect(valve.outlet, sink.inlet);
    line.expose_parameter("resistance", valve.dp_ref, ParameterSpec::non_negative("Pa", "valve dp_ref"));
    Simulator sim(line);
    sim.set_parameter("resistance", 2500);
    CHECK(sim.parameter("valve.dp_ref") == 2500);
    CHECK(line.child_names() == std::vector<std::string>{"source", "valve", "sink"});
    CHECK(line.child("nope") == nullptr);
}
