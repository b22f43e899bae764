// The communicating vessels: equilibrium and conservation against hand calculation, L against the hand-derived
// matrix, trajectories against an independent ODE, and a valve replaced while running.
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "support/vessels_ode.h"
#include "systems/examples/com_vessels.h"
#include "thermofluid/processes/pressure_drop.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using lied::systems::ComVessels;
using lied::testing::VesselsOde;
using lied::thermofluid::PressureDrop;

namespace {
SimulatorOptions tight_dopri() {
    SimulatorOptions o;
    o.solver = "dopri5";
    o.tolerances = {1e-10, 1e-10};
    return o;
}

void apply(Simulator& sim, const VesselsOde& ode) {
    for (int i = 0; i < 3; ++i) {
        const std::string t = "t" + std::to_string(i + 1), p = "p" + std::to_string(i + 1);
        sim.set_parameter(t + ".A", ode.A[i]);
        sim.set_parameter(t + ".h0", ode.h0[i]);
        sim.set_parameter(p + ".L", ode.L[i]);
        sim.set_parameter(p + ".dp_ref", ode.dp_ref[i]);
        sim.set_parameter(p + ".v_ref", ode.v_ref[i]);
    }
    sim.reset();
}

// Compares levels (to 1e-6 m) and flows (to 1e-4 kg/s, ~1e-5 of their peak) every 0.5 s up to t_end.
void compare_with_ode(Simulator& sim, VesselsOde ode, double t_end, SimulatorOptions = {}) {
    double t = 0;
    auto y = ode.initial();
    double worst_level = 0;
    for (double t_out = 0.5; t_out <= t_end + 1e-9; t_out += 0.5) {
        sim.simulate(t_out);
        ode.integrate(t, y, t_out);
        for (int i = 0; i < 3; ++i) worst_level = std::max(worst_level, std::abs(sim.value("t" + std::to_string(i + 1) + ".level") - y[static_cast<std::size_t>(i)]));
        CHECK(std::abs(sim.value("p1.m_flow") - y[3]) < 1e-4);
        CHECK(std::abs(sim.value("p2.m_flow") - y[4]) < 1e-4);
        CHECK(std::abs(sim.value("p3.m_flow") - (y[3] - y[4])) < 1e-4);
    }
    INFO("largest level difference " << worst_level);
    CHECK(worst_level < 1e-6);
}
}  // namespace

TEST_CASE("equilibrium: t1.level + 0.5 = t2.level = t3.level, as calculated by hand, and water is conserved") {
    ComVessels v;
    Simulator sim(v, tight_dopri());
    Recorder rec({"t1.level", "t2.level", "t3.level"}, 1.0);
    sim.simulate(300.0, &rec);
    // Hand calculation: equal pressures and 3 m³ of water in 1 m² tanks: h2 = h3 = 3.5/3, h1 = h2 − 0.5.
    CHECK(std::abs(sim.value("t2.level") - 3.5 / 3) < 1e-8);
    CHECK(std::abs(sim.value("t3.level") - 3.5 / 3) < 1e-8);
    CHECK(std::abs(sim.value("t1.level") - (3.5 / 3 - 0.5)) < 1e-8);
    CHECK(std::abs(sim.value("p1.m_flow")) < 1e-6);
    // Total water at every sample: the splitter conserves mass exactly, RK methods keep linear invariants.
    const auto h1 = rec.column("t1.level"), h2 = rec.column("t2.level"), h3 = rec.column("t3.level");
    for (std::size_t k = 0; k < h1.size(); ++k) CHECK(std::abs(h1[k] + h2[k] + h3[k] - 3.0) / 3.0 < 1e-9);
}

TEST_CASE("conservation with unequal tank areas under a fixed-step solver") {
    ComVessels v;
    Simulator sim(v);
    sim.set_parameter("t1.A", 2.0);
    sim.set_parameter("t2.A", 0.5);
    sim.set_parameter("t3.A", 1.5);
    sim.reset();
    const double volume0 = 2.0 + 0.5 + 1.5;
    for (int k = 1; k <= 20; ++k) {
        sim.simulate(k * 1.0);
        const double volume = 2.0 * sim.value("t1.level") + 0.5 * sim.value("t2.level") + 1.5 * sim.value("t3.level");
        CHECK(std::abs(volume - volume0) / volume0 < 1e-9);
    }
}

TEST_CASE("L equals the hand-derived matrix [[L1+L3, -L3], [-L3, L2+L3]]") {
    ComVessels v;
    static_cast<PressureDrop&>(*v.p1).L = 100;
    static_cast<PressureDrop&>(*v.p2).L = 60;
    static_cast<PressureDrop&>(*v.p3).L = 30;
    Simulator sim(v);
    REQUIRE(sim.model().tearing.size() == 2);
    CHECK(sim.model().tearing[0].path == "t1.der_m_flow");
    CHECK(sim.model().tearing[1].path == "s.der_m_flow_1");
    Eigen::Matrix2d expected;
    expected << 130, -30, -30, 90;
    CHECK((sim.linear_system().matrix() - expected).cwiseAbs().maxCoeff() < 1e-9);
    // The tanks' and the splitter's inertances add to the paths they sit on.
    sim.set_parameter("t1.L", 5);
    sim.set_parameter("s.L", 7);
    sim.evaluate();
    expected << 142, -37, -37, 104;
    CHECK((sim.linear_system().matrix() - expected).cwiseAbs().maxCoeff() < 1e-9);
}

TEST_CASE("trajectory matches the independent ODE: equal valves and tanks") {
    ComVessels v;
    Simulator sim(v, tight_dopri());
    compare_with_ode(sim, VesselsOde{}, 20.0);
}

TEST_CASE("trajectory matches the independent ODE: unequal valves and tank areas") {
    VesselsOde ode;
    ode.A = {2.0, 0.5, 1.5};
    ode.L = {100, 50, 200};
    ode.dp_ref = {1000, 3000, 500};
    ode.v_ref = {0.01, 0.02, 0.005};
    ComVessels v;
    Simulator sim(v, tight_dopri());
    apply(sim, ode);
    compare_with_ode(sim, ode, 20.0);
}

TEST_CASE("reverse flow: a branch flows back into the splitter, and the trajectory still matches") {
    VesselsOde ode;
    ode.h0 = {0.3, 2.0, 0.8};   // t2 stands highest even after t1 is raised by 0.5 m
    ComVessels v;
    Simulator sim(v, tight_dopri());
    apply(sim, ode);
    sim.simulate(3.0);
    CHECK(sim.value("p2.m_flow") < -1.0);   // t2 drains back through p2 into the splitter
    CHECK(sim.value("p1.m_flow") < 0.0);    // and on into t1
    sim.reset();
    compare_with_ode(sim, ode, 20.0);
}

TEST_CASE("fixed-step RK4 at the default step also matches the ODE") {
    ComVessels v;
    Simulator sim(v);   // rk4, dt = 0.01: global error ~1e-9 m here
    compare_with_ode(sim, VesselsOde{}, 10.0);
}

TEST_CASE("replacing a valve while running keeps the levels and continues correctly") {
    ComVessels v;
    Simulator sim(v, tight_dopri());
    sim.simulate(5.0);
    const double h1 = sim.value("t1.level"), h2 = sim.value("t2.level"), h3 = sim.value("t3.level");
    const double m1 = sim.value("p1.m_flow"), m2 = sim.value("p2.m_flow");

    v.replace_valve("p2", std::make_unique<PressureDrop>(0.01, 4000.0, 100.0));   // a valve four times as tight
    sim.rebuild();
    CHECK(sim.time() == 5.0);
    CHECK(sim.value("t1.level") == h1);
    CHECK(sim.value("t2.level") == h2);
    CHECK(sim.value("t3.level") == h3);
    CHECK(sim.value("p1.m_flow") == m1);
    CHECK(sim.value("p2.m_flow") == m2);
    CHECK(sim.parameter("p2.dp_ref") == 4000.0);

    // Continue and compare with the ODE whose p2 changes at t = 5 s.
    VesselsOde ode;
    ode.schedule = [](double t, VesselsOde& o) { o.dp_ref[1] = t >= 5.0 - 1e-12 ? 4000.0 : 1000.0; };
    double t = 0;
    auto y = ode.initial();
    ode.integrate(t, y, 5.0);
    for (double t_out = 6.0; t_out <= 20.0; t_out += 1.0) {
        sim.simulate(t_out);
        ode.integrate(t, y, t_out);
        CHECK(std::abs(sim.value("t2.level") - y[1]) < 1e-6);
        CHECK(std::abs(sim.value("t3.level") - y[2]) < 1e-6);
        CHECK(std::abs(sim.value("p2.m_flow") - y[4]) < 1e-4);
    }
    CHECK(sim.value("p2.m_flow") < sim.value("p3.m_flow"));   // the tighter valve passes less
}
