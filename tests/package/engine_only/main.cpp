// Two open tanks joined by a valve, composed in C++ with the engine and the thermofluid library only. The levels
// meet halfway: water is conserved and the pressures at the bottoms equal.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/in_tank.h"
#include "thermofluid/boundaries/out_tank.h"
#include "thermofluid/processes/pressure_drop.h"

#include <cmath>
#include <cstdio>

class TwoTanks final : public lied::Component {
public:
    lied::thermofluid::OutTank upper;
    lied::thermofluid::PressureDrop valve;
    lied::thermofluid::InTank lower;
    TwoTanks() {
        upper.level.start = 2.0;   // m; the tanks' parameter h0
        lower.level.start = 1.0;
        connect(upper.outlet, valve.inlet);
        connect(valve.outlet, lower.inlet);
    }
    void metainfo(lied::Meta& meta) override {
        meta.component(upper, "upper");
        meta.component(valve, "valve");
        meta.component(lower, "lower");
    }
    const char* type_name() const override { return "TwoTanks"; }
};

int main() {
    TwoTanks tanks;
    lied::SimulatorOptions options;
    options.solver = "cvode-bdf";
    lied::Simulator sim(tanks, options);
    sim.simulate(600.0);
    const double upper = sim.value("upper.level"), lower = sim.value("lower.level");
    std::printf("upper.level = %.6f m, lower.level = %.6f m\n", upper, lower);
    return std::abs(upper - 1.5) < 1e-3 && std::abs(lower - 1.5) < 1e-3 ? 0 : 1;
}
