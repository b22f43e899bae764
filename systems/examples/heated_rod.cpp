#include "systems/examples/heated_rod.h"

#include "systems/io/system_registry.h"
#include "thermofluid/thermal/insulated_rod.h"
#include "thermofluid/thermal/thermal_boundaries.h"

#include <string>

namespace lied::systems {

std::unique_ptr<Composite> HeatedRod::make(int volumes) {
    auto net = std::make_unique<Composite>("HeatedRod");
    auto& wall = static_cast<thermofluid::FixedTemperature&>(net->add("wall", std::make_unique<thermofluid::FixedTemperature>(), "220 °C at the left end"));
    wall.T = T_wall;
    auto& rod = static_cast<thermofluid::InsulatedRod&>(net->add("rod", std::make_unique<thermofluid::InsulatedRod>(), "aluminium, 0.2 m, insulated surface"));
    rod.n = volumes;
    rod.T_start = T_start;
    auto& end = static_cast<thermofluid::FixedHeatFlow&>(net->add("end", std::make_unique<thermofluid::FixedHeatFlow>(), "insulated right end"));
    connect(wall.port, rod.a);
    connect(rod.b, end.port);
    return net;
}

StructuralChange HeatedRod::refine(int volumes) {
    StructuralChange change("the rod refined to " + std::to_string(volumes) + " volumes");
    change.set_parameter("rod.n", volumes);
    return change;
}

void HeatedRod::schedule_changes(Simulator& sim) {
    sim.schedule(30.0, refine(8));
    sim.schedule(100.0, refine(100));
}

namespace {
const SystemRegistration registration{{
    "HeatedRod",
    "a rod heated at one end whose discretisation is refined while it runs, 5 → 8 → 100 volumes, energy kept (Neumayr & Otter, App. B.1)",
    [] { return std::unique_ptr<Component>(HeatedRod::make()); },
    RunSettings{300.0, 1e-2, "rk4", 1.0, {"rod.T_b", "rod.U", "rod.Q_a"}},
    [](Simulator& sim) { HeatedRod::schedule_changes(sim); },
}};
}  // namespace

}  // namespace lied::systems
