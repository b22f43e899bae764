// A program of its own that uses the installed Lied as a library: it composes a system in C++ from a built-in
// component and its own CoolingBody, simulates it, and compares with the closed form; then it runs a system
// file of the installed gallery through lied::systems.
#include "components/sources.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"
#include "cooling_body.h"

#include <cmath>
#include <cstdio>

class HeatedBody final : public lied::Component {
public:
    lied::components::Constant heater{500.0};   // W
    CoolingBody body;
    HeatedBody() { body.power.connect(heater.y); }
    void metainfo(lied::Meta& meta) override {
        meta.component(heater, "heater");
        meta.component(body, "body");
    }
    const char* type_name() const override { return "HeatedBody"; }
};

int main(int argc, char** argv) {
    HeatedBody system;
    lied::SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 0.1;
    lied::Simulator sim(system, options);
    sim.simulate(200.0);
    // T(t) = T_amb + P/hA + (T0 − T_amb − P/hA)·exp(−t·hA/C): 350 K − 50 K·e⁻² at 200 s. RK4 with h = 0.1 s
    // against τ = 100 s errs by about (h/τ)⁴ of the transient: far below 1e-9 K.
    const double exact = 350.0 - 50.0 * std::exp(-2.0), T = sim.value("body.T");
    std::printf("HeatedBody: T(200 s) = %.9f K, closed form %.9f K\n", T, exact);
    if (std::abs(T - exact) > 1e-9) return 1;
    if (argc > 1) {   // a file of the installed gallery, through lied::systems
        lied::systems::LoadedSystem vessels = lied::systems::load_system_file(argv[1]);
        lied::Simulator file_sim(*vessels.root);
        file_sim.simulate(2.0);
        std::printf("%s: t1.level(2 s) = %.6f m\n", vessels.name.c_str(), file_sim.value("t1.level"));
        if (!(file_sim.value("t1.level") > 0)) return 1;
    }
    return 0;
}
