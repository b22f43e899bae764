#include "components/step_source.h"
#include "core/meta.h"
#include "core/simulator.h"
#include "core/state.h"

#include <doctest/doctest.h>

using namespace lied;

namespace {
// x' = step(t): integrates the step, so x(t) = height·(t − start_time) after the step, exactly.
class Integral : public Component {
public:
    components::StepSource step{2.0, 1.0};
    State x{0.0};
    In<double> u;
    Integral() { u.connect(step.y); }
    void metainfo(Meta& meta) override {
        meta.component(step, "step");
        meta.signal(u, "u");
        meta.state(x, "x", 1.0, "");
        meta.block<&Integral::eval>(this, "eval", {&u}, {&x.der});
    }
    const char* type_name() const override { return "Integral"; }

private:
    void eval() { x.der.value = u.value(); }
};
}  // namespace

TEST_CASE("the step is a time event: solvers stop exactly there, even when the step size does not hit it") {
    for (const char* solver : {"euler", "rk4", "dopri5"}) {
        Integral sys;
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 0.3;
        Simulator sim(sys, o);
        CHECK(sim.value("step.y") == 0.0);
        sim.simulate(0.9);
        CHECK(sim.value("x") == 0.0);
        sim.simulate(2.2);
        CHECK(sim.value("step.y") == 2.0);
        CHECK(sim.value("x") == doctest::Approx(2.0 * 1.2).epsilon(1e-12));
    }
}

TEST_CASE("the step time and height are parameters") {
    Integral sys;
    Simulator sim(sys);
    sim.set_parameter("step.start_time", 0.5);
    sim.set_parameter("step.height", -1.0);
    sim.reset();
    sim.simulate(1.5);
    CHECK(sim.value("x") == doctest::Approx(-1.0).epsilon(1e-12));
}
