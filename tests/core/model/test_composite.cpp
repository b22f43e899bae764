#include "core/model/composite.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/in_tank.h"
#include "thermofluid/boundaries/out_tank.h"
#include "thermofluid/processes/pressure_drop.h"

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

TEST_CASE("a composite crawls its children in the order child_names() shows, after take and insert too") {
    Composite line("Line");
    for (const char* name : {"a", "b", "c", "d"}) line.add(name, std::make_unique<PressureDrop>());
    auto crawled = [&] {
        Model m;
        Meta meta(m, "", 0);
        line.metainfo(meta);
        std::vector<std::string> names;
        for (auto& c : m.components) names.push_back(c.path);
        return names;
    };
    CHECK(crawled() == std::vector<std::string>{"a", "b", "c", "d"});
    Composite::Taken b = line.take("b");
    CHECK(b.position == 1);
    CHECK(crawled() == std::vector<std::string>{"a", "c", "d"});
    line.insert("b2", std::move(b.component), "moved", 3);
    line.insert("e", std::make_unique<PressureDrop>(), "", 0);
    line.insert("f", std::make_unique<PressureDrop>(), "", 99);   // past the end: appended
    const std::vector<std::string> expected{"e", "a", "c", "d", "b2", "f"};
    CHECK(line.child_names() == expected);
    CHECK(crawled() == expected);
    CHECK(line.take("e").position == 0);
    CHECK(line.take("f").position == 4);
    CHECK(crawled() == std::vector<std::string>{"a", "c", "d", "b2"});
}
