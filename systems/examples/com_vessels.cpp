#include "systems/examples/com_vessels.h"

#include "core/model/meta.h"
#include "systems/io/system_registry.h"

#include <stdexcept>

namespace lied::systems {

using thermofluid::PressureDrop;

ComVessels::ComVessels()
    : p1(std::make_unique<PressureDrop>()), p2(std::make_unique<PressureDrop>()), p3(std::make_unique<PressureDrop>()) {
    t1.elevation.connect(elevation.y);
    for (auto name : {"p1", "p2", "p3"}) connect_valve(name);
}

std::unique_ptr<thermofluid::SISOFlow>& ComVessels::valve(std::string_view name) {
    if (name == "p1") return p1;
    if (name == "p2") return p2;
    if (name == "p3") return p3;
    throw std::invalid_argument("ComVessels has no valve '" + std::string(name) + "' (valves: p1, p2, p3)");
}

void ComVessels::connect_valve(std::string_view name) {
    auto& v = *valve(name);
    if (name == "p1") {
        connect(t1.outlet, v.inlet);
        connect(v.outlet, s.inlet);
    } else if (name == "p2") {
        connect(s.outlet1, v.inlet);
        connect(v.outlet, t2.inlet);
    } else {
        connect(s.outlet2, v.inlet);
        connect(v.outlet, t3.inlet);
    }
}

void ComVessels::replace_valve(std::string_view name, std::unique_ptr<thermofluid::SISOFlow> replacement) {
    auto& slot = valve(name);
    if (!replacement) throw std::invalid_argument("replace_valve: the replacement for " + std::string(name) + " is null");
    // Unbind the neighbours from the old valve before it is destroyed.
    if (name == "p1") {
        disconnect(t1.outlet, slot->inlet);
        disconnect(slot->outlet, s.inlet);
    } else if (name == "p2") {
        disconnect(s.outlet1, slot->inlet);
        disconnect(slot->outlet, t2.inlet);
    } else {
        disconnect(s.outlet2, slot->inlet);
        disconnect(slot->outlet, t3.inlet);
    }
    slot = std::move(replacement);
    connect_valve(name);
}

void ComVessels::metainfo(Meta& meta) {
    meta.component(t1, "t1", "first vessel");
    meta.component(t2, "t2", "second vessel");
    meta.component(t3, "t3", "third vessel");
    meta.component(s, "s", "flow split");
    meta.component(*p1, "p1", "first valve");
    meta.component(*p2, "p2", "second valve");
    meta.component(*p3, "p3", "third valve");
    meta.component(elevation, "elevation", "elevation of t1");
}

namespace {
const SystemRegistration registration{{
    "ComVessels",
    "three communicating vessels; t1 is raised by 0.5 m at t = 1 s (Zimmer's LIED paper)",
    [] { return std::make_unique<ComVessels>(); },
    RunSettings{60.0, 1e-2, "rk4", 0.1,
                {"t1.level", "t2.level", "t3.level", "p1.m_flow", "p2.m_flow", "p3.m_flow"}},
}};
}  // namespace

}  // namespace lied::systems
