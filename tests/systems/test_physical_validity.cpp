// Physically impossible or numerically meaningless results never end as a normal result: each reproducer of
// the vessels' trust issue stops with a message naming the value, the time, the rule and the likely cause.
#include "core/model/build_error.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "systems/examples/com_vessels.h"

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

using namespace lied;
using lied::systems::ComVessels;

namespace {
// Simulates the vessels with the given settings and returns the failure message ("" if it ran through).
std::string failure(const std::vector<std::pair<std::string, double>>& settings, const char* solver = "rk4", double dt = 0.01,
                    double t_end = 60.0, double* time_at_failure = nullptr, CheckMode step_check = CheckMode::Error) {
    ComVessels v;
    SimulatorOptions o;
    o.solver = solver;
    o.dt = dt;
    o.step_monitor.mode = step_check;
    Simulator sim(v, o);
    for (auto& [name, value] : settings) sim.set_parameter(name, value);
    sim.reset();
    try {
        sim.simulate(t_end);
    } catch (const SimulationError& e) {
        if (time_at_failure) *time_at_failure = sim.time();
        // t and x stay at the last good point: every state is finite and inside its range there.
        for (Eigen::Index i = 0; i < sim.states().size(); ++i) CHECK(std::isfinite(sim.states()[i]));
        CHECK(sim.value("t1.level") >= 0);
        return e.what();
    }
    return "";
}
}  // namespace

TEST_CASE("a tank that runs dry stops the run: empty tanks and a raised t1") {
    const std::string empty = failure({{"t1.h0", 0}, {"t2.h0", 0}, {"t3.h0", 0}});
    CHECK(empty == "t1.level = -1.63224e-06 m at t = 1.01 s is outside its valid range [0, inf) (rule: a tank holds no less than "
                   "nothing: it ran dry)");
    const std::string raised = failure({{"elevation.height", 1e3}});
    CHECK(raised.find("t1.level = -") == 0);
    CHECK(raised.find("is outside its valid range [0, inf) (rule: a tank holds no less than nothing: it ran dry)") != std::string::npos);
}

TEST_CASE("divergence is named as such, with the stable step: frictionless vessels under euler and rk4") {
    const std::vector<std::pair<std::string, double>> frictionless{{"p1.dp_ref", 0}, {"p2.dp_ref", 0}, {"p3.dp_ref", 0}};
    const std::string euler = failure(frictionless, "euler", 2.0, 2000.0);
    INFO(euler);
    CHECK(euler.find("is outside its valid range [0, inf)") != std::string::npos);
    CHECK(euler.find("likely cause: numerical instability of euler: the fastest mode has eigenvalue 0 ± 0.313i 1/s (period 20.1 s); "
                     "euler is unstable for every practical step on this undamped oscillation: use rk4 with a step below 9.03 s") !=
          std::string::npos);
    const std::string rk4 = failure(frictionless, "rk4", 15.0, 2000.0);
    CHECK(rk4.find("the step 15 s is beyond the stable limit of about 9.03 s") != std::string::npos);
    // Inside the limit rk4 is stable, but a quarter period per step is no accurate answer: the step monitor says so,
    // and without it the run goes through.
    const std::string coarse = failure(frictionless, "rk4", 5.0, 200.0);
    CHECK(coarse.find("the fixed step of rk4 is too large for this model: state t1.m_flow: local error about 7.91596 kg/s in the step of 5 s "
                      "from t = 1 s (8.10485 times the accepted 0.976694 kg/s); 10 steps later the solution with half the step still differs by") == 0);
    CHECK(failure(frictionless, "rk4", 5.0, 200.0, nullptr, CheckMode::Off) == "");
    CHECK(failure(frictionless, "rk4", 0.5, 200.0) == "");
}

TEST_CASE("blow-ups are not reported as a singular L") {
    // Tiny inertances under euler, a tiny tank under rk4: the step is far beyond the stable limit.
    for (auto [settings, solver] : std::vector<std::pair<std::vector<std::pair<std::string, double>>, const char*>>{
             {{{"p1.L", 1e-6}, {"p2.L", 1e-6}, {"p3.L", 1e-6}}, "euler"}, {{{"t1.A", 1e-10}}, "rk4"}}) {
        const std::string m = failure(settings, solver);
        INFO(m);
        CHECK(m.find("singular") == std::string::npos);
        CHECK(m.find(std::string("likely cause: numerical instability of ") + solver) != std::string::npos);
        CHECK(m.find("beyond the stable limit") != std::string::npos);
    }
    // An absurd drop coefficient: the block that overflows is named with its inputs.
    const std::string dp = failure({{"p1.dp_ref", 1e300}});
    INFO(dp);
    CHECK(dp.find("the model cannot be evaluated at t = 1.0") == 0);
    CHECK(dp.find("block p1.evalState computed p1.outlet.state = {p = inf Pa") != std::string::npos);
    // The tiny tank runs through with dopri5, which adapts its step to the fast mode.
    CHECK(failure({{"t1.A", 1e-10}}, "dopri5") == "");
}

TEST_CASE("dopri5 does not depend on the output interval across the event: L = 0.1 valves") {
    std::vector<double> final_levels;
    for (double interval : {0.1, 1.0}) {
        ComVessels v;
        SimulatorOptions o;
        o.solver = "dopri5";
        Simulator sim(v, o);
        for (const char* p : {"p1.L", "p2.L", "p3.L"}) sim.set_parameter(p, 0.1);
        sim.reset();
        Recorder rec({"t1.level"}, interval);
        sim.simulate(60.0, &rec);
        final_levels.push_back(sim.value("t1.level"));
    }
    CHECK(final_levels[0] == doctest::Approx(2.0 / 3.0).epsilon(1e-4));
    CHECK(final_levels[1] == doctest::Approx(final_levels[0]).epsilon(1e-5));
}

TEST_CASE("values outside what double precision resolves are refused at build") {
    ComVessels v;
    Simulator sim(v);
    // An ambient pressure of 1e20 Pa makes the 0.5 m head (4905 Pa) smaller than one rounding step.
    CHECK_THROWS_WITH(sim.set_parameter("t1.p_amb", 1e20),
                      "t1.p_amb = 1e+20 is out of range (0, 1e+08] [Pa] (ambient pressure (the idealized water is valid up to 100 MPa))");
    // A start flow of 1e150 kg/s: the residuals are so large that probing loses L to rounding.
    sim.set_parameter("t1.m_flow_0", 1e150);
    CHECK_THROWS_WITH_AS(sim.reset(),
                         "the residual t1.residual = 1e+301 at the initial point is so large that probing L loses its change to "
                         "rounding (L looks singular, rank 0 of 2); a parameter or start value is far outside any physical range "
                         "(rule: values stay within the range where double precision resolves the model)",
                         BuildError);
}

TEST_CASE("non-finite values are named, never recorded: a step source of 1e308") {
    // At the start: offset + height = inf is found at build, with the block and its inputs.
    ComVessels v;
    Simulator sim(v);
    sim.set_parameter("elevation.offset", 1e308);
    CHECK_THROWS_WITH_AS(sim.reset(),
                         "at t = 0 s, block t1.evalState computed t1.outlet.state = {p = inf Pa, h = 83900 J/kg} from finite "
                         "inputs (t1.level = 1, t1.elevation = 1e+308) (rule: every value is finite at the start; check the "
                         "parameters and start values of that component)",
                         BuildError);
    // During the run: the step to 1e308 m at t = 1 s makes t1's pressure infinite.
    sim.set_parameter("elevation.offset", 0);
    sim.set_parameter("elevation.height", 1e308);
    sim.reset();
    Recorder rec({"elevation.y", "t1.p"}, 0.1);
    std::string m;
    try {
        sim.simulate(2.0, &rec);
    } catch (const SimulationError& e) {
        m = e.what();
    }
    INFO(m);
    CHECK(m.find("at t = 1 s") != std::string::npos);
    CHECK(m.find("block t1.evalState computed t1.outlet.state = {p = inf Pa") != std::string::npos);
    CHECK(rec.times().back() < 1.0);
    for (double p : rec.column("t1.p")) CHECK(std::isfinite(p));   // nothing non-finite was recorded
}

TEST_CASE("tank pressure must stay positive — the declared ranges are listed with the model") {
    ComVessels v;
    Simulator sim(v);
    std::vector<std::string> ranges;
    for (auto& r : sim.model().ranges) ranges.push_back(r.path + " " + r.range.text());
    CHECK(ranges == std::vector<std::string>{"t1.level [0, inf)", "t1.p (0, inf)", "t2.level [0, inf)", "t2.p (0, inf)",
                                            "t3.level [0, inf)", "t3.p (0, inf)"});
}
