// An FMU's inputs and outputs, used through the FMI 2.0 C API: a master closes a speed loop around the drive train
// through the input motorTorque and the output w_motor, and gets what the same loop gives on a Simulator; a value
// outside the input's range is an error naming it; an input set during initialisation holds; modelDescription.xml
// declares inputs with their ranges and the system's outputs.
#include "core/simulation/simulator.h"
#include "support/cli_runner.h"
#include "support/fmi_importer.h"
#include "systems/results/mat_results.h"
#include "systems/examples/drive_train.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <regex>
#include <sstream>

using lied::testing::FmiImporter;
using lied::testing::run_lied;
using lied::testing::TempFolder;

namespace {
const std::string kDriveTrain = std::string(LIED_SOURCE_DIR) + "/systems/examples/files/drive_train.yaml";

// The controller of the loop: a PI on the motor's speed, clamped to the input's range.
struct SpeedController {
    double integral = 0.0;
    double torque(double w_motor, double dt) {
        const double error = 200.0 - w_motor;
        integral += error * dt;
        return std::clamp(0.2 * error + 0.4 * integral, -10.0, 10.0);
    }
};
}  // namespace

TEST_CASE("FMU inputs: a master's loop through an input and an output equals the same loop on a Simulator") {
    TempFolder dir;
    const auto exported = run_lied({"export-fmu", kDriveTrain, "-o", dir / "d.fmu", "--solver", "rk4", "--dt", "1e-3"});
    INFO(exported.err);
    REQUIRE(exported.code == 0);
    FmiImporter fmu(dir / "d.fmu", dir.path() / "unpacked");
    const FmiImporter::Fmi2 f = fmu.fmi2();
    // The declarations: the input with its range and start, the outputs with their units.
    CHECK(fmu.xml.find("name=\"motorTorque\" valueReference=\"" + std::to_string(fmu.vr("motorTorque")) +
                       "\" description=\"motor torque (run.inputs: steps to 2 N.m at 0.1 s)\" causality=\"input\" variability=\"continuous\">\n"
                       "      <Real unit=\"N.m\" min=\"-10\" max=\"10\" start=\"0\"/>") != std::string::npos);
    CHECK(fmu.xml.find("name=\"w_motor\" valueReference=\"" + std::to_string(fmu.vr("w_motor")) +
                       "\" description=\"speed of the motor (rotor.w)\" causality=\"output\"") != std::string::npos);

    fmi2Component c = fmu.instantiate(f, "drive", fmi2CoSimulation);
    REQUIRE(c);
    REQUIRE(f.setup(c, fmi2False, 0, 0, fmi2False, 0) == fmi2OK);
    REQUIRE(f.enter(c) == fmi2OK);
    const fmi2ValueReference torque = fmu.vr("motorTorque"), w_motor = fmu.vr("w_motor"), w_load = fmu.vr("w_load");
    const double initial = 1.0;   // set during initialisation: it holds through it
    REQUIRE(f.set_real(c, &torque, 1, &initial) == fmi2OK);
    REQUIRE(f.exit(c) == fmi2OK);
    double read = 0;
    REQUIRE(f.get_real(c, &torque, 1, &read) == fmi2OK);
    CHECK(read == 1.0);

    // The same loop directly on a Simulator of the C++ class (the file's twin), the same solver and step.
    lied::systems::DriveTrain drive;
    drive.motorTorque.table.clear();
    lied::SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 1e-3;
    lied::Simulator sim(drive, o);
    sim.set_input("motorTorque", 1.0);
    SpeedController fmu_controller, direct_controller;
    for (int k = 0; k < 600; ++k) {
        double w = 0;
        REQUIRE(f.get_real(c, &w_motor, 1, &w) == fmi2OK);
        const double tau = fmu_controller.torque(w, 1e-3);
        REQUIRE(f.set_real(c, &torque, 1, &tau) == fmi2OK);
        const fmi2Status stepped = f.do_step(c, k * 1e-3, 1e-3, fmi2True);
        if (stepped != fmi2OK) FAIL_CHECK("the FMU's step failed: " << (fmu.log.empty() ? std::string("(no log)") : fmu.log.back()));
        REQUIRE(stepped == fmi2OK);
        sim.set_input("motorTorque", direct_controller.torque(sim.value("w_motor"), 1e-3));
        REQUIRE(sim.step(1e-3) == lied::StepStatus::Ok);
    }
    double w_fmu = 0, load_fmu = 0;
    REQUIRE(f.get_real(c, &w_motor, 1, &w_fmu) == fmi2OK);
    REQUIRE(f.get_real(c, &w_load, 1, &load_fmu) == fmi2OK);
    // The same steps on the same equations: equal to rounding (the FMU's time is the master's, summed differently).
    CHECK(w_fmu == doctest::Approx(sim.value("w_motor")).epsilon(1e-9));
    CHECK(load_fmu == doctest::Approx(sim.value("load.w")).epsilon(1e-9));
    CHECK(w_fmu > 150.0);   // the loop did its work

    const double too_much = 12.0;
    CHECK(f.set_real(c, &torque, 1, &too_much) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetReal: input motorTorque = 12 N.m is outside its range [-10, 10] (rule: an input stays in its declared range)");
    f.free_instance(c);
}

TEST_CASE("FMU Co-Simulation: the master's time, an event at a communication point, the stop time and the tolerance") {
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", "SimpleStream", "-o", dir / "s.fmu"}).code == 0);
    FmiImporter fmu(dir / "s.fmu", dir.path() / "unpacked");
    const FmiImporter::Fmi2 f = fmu.fmi2();
    const fmi2ValueReference source_T = fmu.vr("source.T");
    // The source's temperature steps from 350 K to 400 K at t = 30 s. `lied run` samples at 30 s after the event;
    // so does a master at 30 s, whatever its communication step, and the FMU's time is exactly the master's.
    for (const double h : {0.1, 0.5, 0.3}) {
        CAPTURE(h);
        fmi2Component c = fmu.instantiate(f, "s", fmi2CoSimulation);
        REQUIRE(c);
        REQUIRE(f.setup(c, fmi2False, 0, 0, fmi2True, 40.0) == fmi2OK);
        REQUIRE(f.enter(c) == fmi2OK);
        REQUIRE(f.exit(c) == fmi2OK);
        const int steps = static_cast<int>(std::lround(30.0 / h));
        double t = 0;
        for (int k = 0; k < steps; ++k) {
            t = k * h;
            REQUIRE(f.do_step(c, t, h, fmi2True) == fmi2OK);
            double reached = 0;
            REQUIRE(f.get_real_status(c, fmi2LastSuccessfulTime, &reached) == fmi2OK);
            REQUIRE(reached == t + h);
        }
        double T = 0;
        REQUIRE(f.get_real(c, &source_T, 1, &T) == fmi2OK);
        CHECK(T == 400.0);
        // Past the stop time of 40 s: an error naming both times.
        CHECK(f.do_step(c, t + h, 40.0, fmi2True) == fmi2Error);
        CHECK(fmu.log.back().find("past the stop time 40.000000 s the experiment was set up with") != std::string::npos);
        f.free_instance(c);
    }
}

TEST_CASE("FMU Co-Simulation with an adaptive solver takes the importer's tolerance") {
    // The vessels with cvode-bdf, exported at the default relative tolerance 1e-6 and run by masters that ask for
    // 1e-10 and 1e-3, against `lied run --rtol 1e-10`.
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", "ComVessels", "-o", dir / "v.fmu", "--solver", "cvode-bdf"}).code == 0);
    REQUIRE(run_lied({"run", "ComVessels", "--solver", "cvode-bdf", "--rtol", "1e-10", "--t-end", "2", "--interval", "0.1", "--out", dir / "ref.mat"}).code == 0);
    const lied::systems::ResultTable ref = lied::systems::read_mat_results(dir / "ref.mat");
    const double reference = ref.rows.back()[ref.series_index("t2.level")];
    FmiImporter fmu(dir / "v.fmu", dir.path() / "unpacked");
    const FmiImporter::Fmi2 f = fmu.fmi2();
    auto level_at_2 = [&](double tolerance) {
        fmi2Component c = fmu.instantiate(f, "v", fmi2CoSimulation);
        REQUIRE(c);
        REQUIRE(f.setup(c, fmi2True, tolerance, 0, fmi2False, 0) == fmi2OK);
        REQUIRE(f.enter(c) == fmi2OK);
        REQUIRE(f.exit(c) == fmi2OK);
        for (int k = 0; k < 20; ++k) REQUIRE(f.do_step(c, k * 0.1, 0.1, fmi2True) == fmi2OK);
        const fmi2ValueReference level = fmu.vr("t2.level");
        double v = 0;
        REQUIRE(f.get_real(c, &level, 1, &v) == fmi2OK);
        f.free_instance(c);
        return v;
    };
    const double tight = level_at_2(1e-10), loose = level_at_2(1e-3);
    MESSAGE("t2.level at 2 s: FMU at 1e-10 " << std::setprecision(17) << tight << ", at 1e-3 " << loose << ", lied run at 1e-10 " << reference);
    // The absolute tolerance (1e-6 of each state's nominal value, the same in both) bounds what 1e-10 can give: the
    // two runs at 1e-10 agree to 1e-7, the one at 1e-3 is a hundred times further off.
    CHECK(std::abs(tight - reference) < 1e-7);
    CHECK(std::abs(loose - reference) > 100 * std::abs(tight - reference));
}

TEST_CASE("FMU ModelStructure: what each output and derivative depends on, checked by perturbing every known") {
    // The dependencies come from the block graph. The check is independent of it: in Model Exchange each known (a state
    // or the input) is moved by a small amount, and every output or derivative that changes must list that known. The
    // graph may list more than changes (a path whose effect vanishes at this point), never less.
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", kDriveTrain, "-o", dir / "d.fmu"}).code == 0);
    FmiImporter fmu(dir / "d.fmu", dir.path() / "unpacked");
    const FmiImporter::Fmi2 f = fmu.fmi2();
    // index (1-based) → its dependencies, for every Unknown of Outputs and Derivatives.
    std::map<int, std::vector<int>> listed;
    const std::string structure = fmu.xml.substr(fmu.xml.find("<ModelStructure>"), fmu.xml.find("<InitialUnknowns>") - fmu.xml.find("<ModelStructure>"));
    const std::regex unknown("<Unknown index=\"([0-9]+)\" dependencies=\"([0-9 ]*)\"/>");
    for (auto it = std::sregex_iterator(structure.begin(), structure.end(), unknown); it != std::sregex_iterator(); ++it) {
        std::istringstream numbers((*it)[2].str());
        std::vector<int> deps;
        for (int d; numbers >> d;) deps.push_back(d);
        listed[std::stoi((*it)[1].str())] = deps;
    }
    const int motor = static_cast<int>(fmu.vr("motorTorque")) + 1, w_motor = static_cast<int>(fmu.vr("w_motor")) + 1,
              rotor_w = static_cast<int>(fmu.vr("rotor.w")) + 1;
    REQUIRE(listed.count(w_motor));
    CHECK(listed[w_motor] == std::vector<int>{rotor_w});   // the motor's speed is a state: no feedthrough from the torque
    const int der_rotor_w = static_cast<int>(fmu.vr("der(rotor.w)")) + 1;
    REQUIRE(listed.count(der_rotor_w));
    CHECK(std::count(listed[der_rotor_w].begin(), listed[der_rotor_w].end(), motor) == 1);

    fmi2Component c = fmu.instantiate(f, "d", fmi2ModelExchange);
    REQUIRE(c);
    REQUIRE(f.enter(c) == fmi2OK);
    REQUIRE(f.exit(c) == fmi2OK);
    fmi2EventInfo info{};
    REQUIRE(f.new_discrete(c, &info) == fmi2OK);
    REQUIRE(f.enter_continuous(c) == fmi2OK);
    // A point inside the backlash's contact, where every coupling acts: the shaft wound up by 0.03 rad, all turning.
    const std::size_t n = 4;
    std::vector<double> x(n), base_x;
    REQUIRE(f.get_states(c, x.data(), n) == fmi2OK);
    std::vector<std::pair<std::string, double>> point;
    const double torque = 3.0;
    const fmi2ValueReference torque_vr = fmu.vr("motorTorque");
    REQUIRE(f.set_real(c, &torque_vr, 1, &torque) == fmi2OK);
    for (std::size_t i = 0; i < n; ++i) x[i] = 0.3 * static_cast<double>(i + 1);
    REQUIRE(f.set_states(c, x.data(), n) == fmi2OK);
    base_x = x;
    std::vector<fmi2ValueReference> unknowns;
    for (auto& [index, deps] : listed) unknowns.push_back(static_cast<fmi2ValueReference>(index - 1));
    std::vector<double> base(unknowns.size()), moved(unknowns.size());
    REQUIRE(f.get_real(c, unknowns.data(), unknowns.size(), base.data()) == fmi2OK);
    // The knowns: the states (value references of the state variables, in order) and the input.
    std::vector<int> state_index;
    for (std::size_t i = 0; i < n; ++i) state_index.push_back(static_cast<int>(i) + 1);   // states come first in ModelVariables
    int changes = 0;
    for (std::size_t k = 0; k <= n; ++k) {
        const int known = k < n ? state_index[k] : motor;
        if (k < n) {
            x = base_x;
            x[k] += 1e-4;
            REQUIRE(f.set_states(c, x.data(), n) == fmi2OK);
        } else {
            const double more = torque + 1e-2;
            REQUIRE(f.set_states(c, base_x.data(), n) == fmi2OK);
            REQUIRE(f.set_real(c, &torque_vr, 1, &more) == fmi2OK);
        }
        REQUIRE(f.get_real(c, unknowns.data(), unknowns.size(), moved.data()) == fmi2OK);
        for (std::size_t u = 0; u < unknowns.size(); ++u) {
            if (moved[u] == base[u]) continue;
            ++changes;
            const auto& deps = listed[static_cast<int>(unknowns[u]) + 1];
            CAPTURE(unknowns[u]);
            CAPTURE(known);
            CHECK(std::count(deps.begin(), deps.end(), known) == 1);
        }
    }
    MESSAGE(changes << " unknowns changed over " << n + 1 << " perturbed knowns");
    CHECK(changes >= 8);   // the check saw real couplings
    f.free_instance(c);
}

TEST_CASE("FMU directional derivatives against the lag's analytic Jacobian, in Model Exchange and Co-Simulation, FMI 2") {
    // der(y) = (2·u − y)/0.5: ∂/∂y = −2, ∂/∂u = 4; y: ∂/∂y = 1, ∂/∂u = 0; u_echo: ∂/∂u = 1. The derivative is a central
    // difference of a function linear in the knowns: exact but for rounding over the step (1e-6 relative), so 1e-8.
    TempFolder dir;
    const std::string lag = std::string(LIED_SOURCE_DIR) + "/tests/systems/fmu/lag_with_input.yaml";
    REQUIRE(run_lied({"export-fmu", lag, "-o", dir / "lag.fmu"}).code == 0);
    FmiImporter fmu(dir / "lag.fmu", dir.path() / "unpacked");
    const FmiImporter::Fmi2 f = fmu.fmi2();
    CHECK(fmu.xml.find("providesDirectionalDerivative=\"true\"") != std::string::npos);
    const fmi2ValueReference y = fmu.vr("lag.y"), der = fmu.vr("der(lag.y)"), u = fmu.vr("u"), out = fmu.vr("y"), echo = fmu.vr("u_echo");

    fmi2Component me = fmu.instantiate(f, "me", fmi2ModelExchange);
    REQUIRE(me);
    REQUIRE(f.enter(me) == fmi2OK);
    REQUIRE(f.exit(me) == fmi2OK);
    const fmi2ValueReference unknowns[] = {der, out, echo}, knowns[] = {y, u};
    double sensitivity[3] = {};
    const double along_y[] = {1.0, 0.0}, along_u[] = {0.0, 1.0}, both[] = {0.5, -2.0};
    REQUIRE(f.directional(me, unknowns, 3, knowns, 2, along_y, sensitivity) == fmi2OK);
    CHECK(sensitivity[0] == doctest::Approx(-2.0).epsilon(1e-8));
    CHECK(sensitivity[1] == doctest::Approx(1.0).epsilon(1e-8));
    CHECK(sensitivity[2] == doctest::Approx(0.0).scale(1.0).epsilon(1e-8));
    REQUIRE(f.directional(me, unknowns, 3, knowns, 2, along_u, sensitivity) == fmi2OK);
    CHECK(sensitivity[0] == doctest::Approx(4.0).epsilon(1e-8));
    CHECK(sensitivity[1] == doctest::Approx(0.0).scale(1.0).epsilon(1e-8));
    CHECK(sensitivity[2] == doctest::Approx(1.0).epsilon(1e-8));
    REQUIRE(f.directional(me, unknowns, 3, knowns, 2, both, sensitivity) == fmi2OK);
    CHECK(sensitivity[0] == doctest::Approx(-2.0 * 0.5 + 4.0 * -2.0).epsilon(1e-8));
    double after[2] = {};
    const fmi2ValueReference read[] = {y, u};
    REQUIRE(f.get_real(me, read, 2, after) == fmi2OK);
    CHECK(after[0] == 0.3);   // the instance is where it was
    CHECK(after[1] == 0.5);
    CHECK(f.directional(me, unknowns, 3, &der, 1, along_y, sensitivity) == fmi2Error);   // a derivative is no known
    CHECK(fmu.log.back() == "fmi2GetDirectionalDerivative: der(lag.y) is no known (the knowns are the inputs and the continuous states)");
    f.free_instance(me);

    // Co-Simulation: outputs with respect to inputs, between steps; the steps after it are those without it.
    fmi2Component cs = fmu.instantiate(f, "cs", fmi2CoSimulation);
    fmi2Component plain = fmu.instantiate(f, "plain", fmi2CoSimulation);
    REQUIRE(cs);
    REQUIRE(plain);
    for (fmi2Component c : {cs, plain}) {
        REQUIRE(f.setup(c, fmi2False, 0, 0, fmi2False, 0) == fmi2OK);
        REQUIRE(f.enter(c) == fmi2OK);
        REQUIRE(f.exit(c) == fmi2OK);
        REQUIRE(f.do_step(c, 0.0, 0.2, fmi2True) == fmi2OK);
    }
    const fmi2ValueReference outputs[] = {out, echo};
    REQUIRE(f.directional(cs, outputs, 2, &u, 1, along_y, sensitivity) == fmi2OK);
    CHECK(sensitivity[0] == doctest::Approx(0.0).scale(1.0).epsilon(1e-8));
    CHECK(sensitivity[1] == doctest::Approx(1.0).epsilon(1e-8));
    CHECK(f.directional(cs, outputs, 2, &y, 1, along_y, sensitivity) == fmi2Error);   // states are no knowns in Co-Simulation
    for (fmi2Component c : {cs, plain}) REQUIRE(f.do_step(c, 0.2, 0.3, fmi2True) == fmi2OK);
    double with = 0, without = 0;
    REQUIRE(f.get_real(cs, &out, 1, &with) == fmi2OK);
    REQUIRE(f.get_real(plain, &out, 1, &without) == fmi2OK);
    CHECK(with == without);
    f.free_instance(cs);
    f.free_instance(plain);
}

TEST_CASE("FMU log categories: declared, switched by fmi2SetDebugLogging, an unknown one refused, errors always sent") {
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", "ComVessels", "-o", dir / "v.fmu"}).code == 0);
    FmiImporter fmu(dir / "v.fmu", dir.path() / "unpacked");
    const FmiImporter::Fmi2 f = fmu.fmi2();
    CHECK(fmu.xml.find("<LogCategories>\n    <Category name=\"logEvents\"") != std::string::npos);
    auto events_logged = [&](bool on, std::vector<const char*> categories) {
        fmi2Component c = fmu.instantiate(f, "v", fmi2CoSimulation);
        REQUIRE(c);
        REQUIRE(f.debug(c, on ? fmi2True : fmi2False, categories.size(), categories.data()) == fmi2OK);
        REQUIRE(f.setup(c, fmi2True, 1e-6, 0, fmi2False, 0) == fmi2OK);   // a tolerance a fixed-step solver cannot use: a warning
        REQUIRE(f.enter(c) == fmi2OK);
        REQUIRE(f.exit(c) == fmi2OK);
        fmu.log.clear();
        for (int k = 0; k < 20; ++k) REQUIRE(f.do_step(c, k * 0.1, 0.1, fmi2True) == fmi2OK);   // the elevation steps at 1 s
        const bool seen = std::count(fmu.log.begin(), fmu.log.end(), std::string("event elevation.step at t = 1.000000 s")) == 1;
        CHECK(f.do_step(c, 0.5, 0.1, fmi2True) == fmi2Error);   // an error is sent whatever is switched on
        CHECK(fmu.log.back().find("fmi2DoStep: the step starts at t = 0.500000 s") == 0);
        f.free_instance(c);
        return seen;
    };
    CHECK(events_logged(true, {"logEvents"}));
    CHECK(events_logged(true, {}));                 // every category
    CHECK_FALSE(events_logged(true, {"logStatusWarning"}));
    CHECK_FALSE(events_logged(false, {}));

    fmi2Component c = fmu.instantiate(f, "v", fmi2CoSimulation);
    const char* unknown[] = {"logEverything"};
    CHECK(f.debug(c, fmi2True, 1, unknown) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetDebugLogging: 'logEverything' is no log category of this FMU (logEvents, logStatusWarning, logStatusError, logAll)");
    const char* warnings[] = {"logStatusWarning"};
    REQUIRE(f.debug(c, fmi2True, 1, warnings) == fmi2OK);
    fmu.log.clear();
    REQUIRE(f.setup(c, fmi2True, 1e-6, 0, fmi2False, 0) == fmi2OK);
    REQUIRE(fmu.log.size() == 1);
    CHECK(fmu.log[0].find("the tolerance 0.000001 does not apply to the fixed-step solver rk4") != std::string::npos);
    f.free_instance(c);
}
