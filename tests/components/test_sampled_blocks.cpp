// ZeroOrderHold and UnitDelay against Modelica.Blocks.Discrete's definitions: on a ramp sampled every 0.25 s the
// output is the staircase the definition gives, and its integral through an Integrator is the staircase's sum exactly
// (rk4 meets every sample); the hold samples where the run starts, the delay gives y_start until its second sample.
#include "components/continuous_blocks.h"
#include "components/sampled_blocks.h"
#include "components/sources.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using namespace lied::components;

namespace {

template <class Block>
class Sampled : public Component {
public:
    Ramp u{10.0, 10.0};   // u = t up to 10 s
    Block block;
    components::Integrator integral;
    Sampled() {
        block.u.connect(u.y);
        block.samplePeriod = 0.25;
        block.startTime = 0.1;
        if constexpr (requires { block.y_start; }) block.y_start = -1.0;
        integral.u.connect(block.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(u, "u");
        meta.component(block, "block");
        meta.component(integral, "integral");
    }
    const char* type_name() const override { return "Sampled"; }
};

SimulatorOptions rk4() {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 0.07;   // lands on none of the samples
    return o;
}

// The samples are t_k = 0.1 + 0.25·k; `value_after(k)` is what the block holds on [t_k, t_k+1).
template <class ValueAfter>
double staircase_integral(double t_end, double y_start, ValueAfter value_after) {
    double sum = y_start * 0.1, t = 0.1;
    for (int k = 0; t < t_end; ++k, t += 0.25) sum += value_after(k) * (std::min(t + 0.25, t_end) - t);
    return sum;
}

}  // namespace

TEST_CASE("ZeroOrderHold holds u of the last sample, u at the start before the first") {
    Sampled<ZeroOrderHold> s;
    s.u.offset = 0.5;   // u = 0.5 + t
    Simulator sim(s, rk4());
    CHECK(sim.value("block.y") == 0.5);   // sampled where the run starts, as Modelica samples at initial()
    sim.simulate(0.05);
    CHECK(sim.value("block.y") == 0.5);
    sim.simulate(0.55);   // the last sample at 0.35
    CHECK(sim.value("block.y") == doctest::Approx(0.85).epsilon(1e-14));
    sim.simulate(2.0);
    CHECK(sim.value("integral.y") == doctest::Approx(staircase_integral(2.0, 0.5, [](int k) { return 0.6 + 0.25 * k; })).epsilon(1e-12));
    sim.reset();
    CHECK(sim.value("block.y") == 0.5);
}

TEST_CASE("UnitDelay gives u one sample earlier, y_start until the second sample") {
    Sampled<UnitDelay> s;
    Simulator sim(s, rk4());
    sim.simulate(0.3);   // one sample, at 0.1: still y_start
    CHECK(sim.value("block.y") == -1.0);
    sim.simulate(0.55);   // samples at 0.1 and 0.35: u(0.1)
    CHECK(sim.value("block.y") == doctest::Approx(0.1).epsilon(1e-14));
    sim.simulate(2.0);
    CHECK(sim.value("integral.y") ==
          doctest::Approx(staircase_integral(2.0, -1.0, [](int k) { return k == 0 ? -1.0 : 0.1 + 0.25 * (k - 1); })).epsilon(1e-12));
}
