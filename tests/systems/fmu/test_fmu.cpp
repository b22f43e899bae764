// FMUs exported by `lied export-fmu`, used through the FMI 2.0 C API as an importer would: Co-Simulation stepped
// by a master equals `lied run`; Model Exchange integrated by the importer's own RK4, with its time event and a
// state event found through the event indicators, equals `lied run` with rk4; and the FMU's errors. The
// modelDescription.xml rules are checked by tests/systems/fmu/check_model_description.py.
#include "support/cli_runner.h"
#include "support/fmi_importer.h"
#include "support/model_exchange_rk4.h"
#include "systems/results/mat_results.h"

#include <doctest/doctest.h>

#include <cmath>

using lied::testing::FmiImporter;
using lied::testing::check_refusal;
using lied::testing::run_lied;
using lied::testing::TempFolder;
using namespace lied::systems;

namespace {
const std::string kVessels = std::string(LIED_SOURCE_DIR) + "/systems/examples/files/com_vessels.yaml";

// The vessels with a Trigger on the flow into t2: a state event when it rises through 10 kg/s.
const std::string kWatched = std::string(LIED_SOURCE_DIR) + "/tests/systems/fmu/watched_vessels.yaml";

double final_value(const ResultTable& t, const std::string& name) { return t.rows.back()[t.series_index(name)]; }

// The FMI 2 calls an importer's Model Exchange solver makes (support/model_exchange_rk4.h), for instance `c` with `n`
// states and `indicators` event indicators.
lied::testing::ModelExchangeCalls fmi2_model_exchange(FmiImporter& fmu, fmi2Component c, std::size_t n, std::size_t indicators) {
    auto new_discrete = fmu.function<decltype(&fmi2NewDiscreteStates)>("fmi2NewDiscreteStates");
    auto enter_continuous = fmu.function<decltype(&fmi2EnterContinuousTimeMode)>("fmi2EnterContinuousTimeMode");
    auto enter_event = fmu.function<decltype(&fmi2EnterEventMode)>("fmi2EnterEventMode");
    auto set_time = fmu.function<decltype(&fmi2SetTime)>("fmi2SetTime");
    auto set_states = fmu.function<decltype(&fmi2SetContinuousStates)>("fmi2SetContinuousStates");
    auto get_states = fmu.function<decltype(&fmi2GetContinuousStates)>("fmi2GetContinuousStates");
    auto get_derivatives = fmu.function<decltype(&fmi2GetDerivatives)>("fmi2GetDerivatives");
    auto get_indicators = fmu.function<decltype(&fmi2GetEventIndicators)>("fmi2GetEventIndicators");
    auto completed = fmu.function<decltype(&fmi2CompletedIntegratorStep)>("fmi2CompletedIntegratorStep");
    lied::testing::ModelExchangeCalls calls;
    calls.set_time = [=](double t) { return set_time(c, t) == fmi2OK; };
    calls.set_states = [=](const double* x) { return set_states(c, x, n) == fmi2OK; };
    calls.get_states = [=](double* x) { return get_states(c, x, n) == fmi2OK; };
    calls.get_derivatives = [=](double* dx) { return get_derivatives(c, dx, n) == fmi2OK; };
    calls.get_indicators = [=](double* g) { return get_indicators(c, g, indicators) == fmi2OK; };
    calls.completed_step = [=] {
        fmi2Boolean enter_event_mode = fmi2False, terminate = fmi2False;
        return completed(c, fmi2True, &enter_event_mode, &terminate) == fmi2OK && !enter_event_mode && !terminate;
    };
    calls.enter_event_mode = [=] { return enter_event(c) == fmi2OK; };
    calls.enter_continuous_mode = [=] { return enter_continuous(c) == fmi2OK; };
    calls.update_discrete_states = [=](lied::testing::EventUpdate& u) {
        fmi2EventInfo info{};
        do
            if (new_discrete(c, &info) != fmi2OK) return false;
        while (info.newDiscreteStatesNeeded);
        u = {info.valuesOfContinuousStatesChanged != fmi2False, info.nextEventTimeDefined != fmi2False, info.nextEventTime};
        return true;
    };
    return calls;
}
}  // namespace

TEST_CASE("FMU Co-Simulation: a master's steps of 0.1 s give what lied run gives, with a parameter set at initialisation") {
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", kVessels, "-o", dir / "v.fmu"}).code == 0);
    REQUIRE(run_lied({"run", kVessels, "--t-end", "3", "--set", "t2.h0=1.5", "--out", dir / "ref.mat"}).code == 0);
    const ResultTable ref = read_mat_results(dir / "ref.mat");

    FmiImporter fmu(dir / "v.fmu", dir.path() / "unpacked");
    auto instantiate = fmu.function<decltype(&fmi2Instantiate)>("fmi2Instantiate");
    auto setup = fmu.function<decltype(&fmi2SetupExperiment)>("fmi2SetupExperiment");
    auto enter = fmu.function<decltype(&fmi2EnterInitializationMode)>("fmi2EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi2ExitInitializationMode)>("fmi2ExitInitializationMode");
    auto set_real = fmu.function<decltype(&fmi2SetReal)>("fmi2SetReal");
    auto get_real = fmu.function<decltype(&fmi2GetReal)>("fmi2GetReal");
    auto do_step = fmu.function<decltype(&fmi2DoStep)>("fmi2DoStep");
    auto free_instance = fmu.function<decltype(&fmi2FreeInstance)>("fmi2FreeInstance");
    CHECK(std::string(fmu.function<decltype(&fmi2GetVersion)>("fmi2GetVersion")()) == "2.0");

    const fmi2CallbackFunctions callbacks = fmu.callbacks();
    fmi2Component c = instantiate("vessels", fmi2CoSimulation, fmu.guid.c_str(), fmu.resource_uri().c_str(), &callbacks, fmi2False, fmi2False);
    REQUIRE(c);
    CHECK(setup(c, fmi2False, 0, 0, fmi2False, 0) == fmi2OK);
    CHECK(enter(c) == fmi2OK);
    const fmi2ValueReference h0 = fmu.vr("t2.h0");
    const double start = 1.5;
    CHECK(set_real(c, &h0, 1, &start) == fmi2OK);
    CHECK(exit(c) == fmi2OK);
    double t = 0;
    for (int k = 0; k < 30; ++k, t = k * 0.1) REQUIRE(do_step(c, t, 0.1, fmi2True) == fmi2OK);
    // The same solver and step (rk4, 0.01 s) on the same equations; the communication points only split the run
    // into calls, which Lied's fixed-step solver continues on its own grid: equal to rounding.
    for (const char* name : {"t1.level", "t2.level", "t3.level", "p1.m_flow", "p2.m_flow", "p3.m_flow"}) {
        const fmi2ValueReference r = fmu.vr(name);
        double v = 0;
        REQUIRE(get_real(c, &r, 1, &v) == fmi2OK);
        INFO(std::string(name));
        CHECK(v == doctest::Approx(final_value(ref, name)).epsilon(1e-10).scale(1.0));
    }
    // A fixed parameter (a start value) after initialisation, and a step from the wrong time: errors, logged.
    CHECK(set_real(c, &h0, 1, &start) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetReal: t2.h0 is a fixed parameter (a start value): set it before initialisation ends");
    CHECK(do_step(c, 1.0, 0.1, fmi2True) == fmi2Error);
    CHECK(fmu.log.back().rfind("fmi2DoStep: the step starts at t = 1.000000 s, but the FMU is at t = 3.000000 s", 0) == 0);
    // A tunable parameter between steps takes effect.
    const fmi2ValueReference dp = fmu.vr("p2.dp_ref");
    const double dp_new = 4000;
    CHECK(set_real(c, &dp, 1, &dp_new) == fmi2OK);
    CHECK(do_step(c, 3.0, 0.1, fmi2True) == fmi2OK);
    free_instance(c);

    // A GUID of another FMU is refused at instantiation, with the reason in the log.
    CHECK(instantiate("x", fmi2CoSimulation, "{0}", fmu.resource_uri().c_str(), &callbacks, fmi2False, fmi2False) == nullptr);
    CHECK(fmu.log.back().find("GUID {0} is not this FMU's") == 0);
}

TEST_CASE("FMU Model Exchange: the importer's RK4 through states, derivatives, a time event and a state event equals lied run") {
    TempFolder dir;
    const std::string file = kWatched;
    REQUIRE(run_lied({"export-fmu", file, "-o", dir / "w.fmu"}).code == 0);
    REQUIRE(run_lied({"run", file, "--t-end", "3", "--record", "watch.count", "--out", dir / "ref.mat"}).code == 0);
    const ResultTable ref = read_mat_results(dir / "ref.mat");

    FmiImporter fmu(dir / "w.fmu", dir.path() / "unpacked");
    auto instantiate = fmu.function<decltype(&fmi2Instantiate)>("fmi2Instantiate");
    auto enter = fmu.function<decltype(&fmi2EnterInitializationMode)>("fmi2EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi2ExitInitializationMode)>("fmi2ExitInitializationMode");
    auto get_real = fmu.function<decltype(&fmi2GetReal)>("fmi2GetReal");
    auto free_instance = fmu.function<decltype(&fmi2FreeInstance)>("fmi2FreeInstance");
    CHECK(fmu.xml.find("numberOfEventIndicators=\"1\"") != std::string::npos);

    const fmi2CallbackFunctions callbacks = fmu.callbacks();
    fmi2Component c = instantiate("watched", fmi2ModelExchange, fmu.guid.c_str(), fmu.resource_uri().c_str(), &callbacks, fmi2False, fmi2False);
    REQUIRE(c);
    REQUIRE(enter(c) == fmi2OK);
    REQUIRE(exit(c) == fmi2OK);
    constexpr std::size_t n = 5;
    const lied::testing::ModelExchangeCalls calls = fmi2_model_exchange(fmu, c, n, 1);
    // Classic RK4 with h = 0.01 s, the step cut at the announced time event (elevation at 1 s). The state event
    // is detected by the sign of the indicator at step ends and handled at the step's end: it changes no state
    // (it counts), so the continuous solution does not depend on where in the step it is placed.
    const int state_events = lied::testing::integrate_rk4(calls, n, 1, 3.0, 0.01);
    CHECK(state_events == 1);
    // The same RK4 on the same grid as Lied's own rk4 (which also ends a step at the time event): equal to
    // rounding accumulated over 300 steps.
    for (const char* name : {"t1.level", "t2.level", "t3.level", "p1.m_flow"}) {
        const fmi2ValueReference r = fmu.vr(name);
        double v = 0;
        REQUIRE(get_real(c, &r, 1, &v) == fmi2OK);
        INFO(std::string(name));
        CHECK(v == doctest::Approx(final_value(ref, name)).epsilon(1e-9).scale(1.0));
    }
    // The event count is an Integer: read as one, it is lied run's; read as a Real, an error naming the right call.
    auto get_integer = fmu.function<decltype(&fmi2GetInteger)>("fmi2GetInteger");
    const fmi2ValueReference count = fmu.vr("watch.count");
    fmi2Integer crossings = -1;
    REQUIRE(get_integer(c, &count, 1, &crossings) == fmi2OK);
    CHECK(crossings == 1);
    CHECK(final_value(ref, "watch.count") == 1.0);
    double as_real = 0;
    CHECK(get_real(c, &count, 1, &as_real) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2GetReal: watch.count (value reference " + std::to_string(count) + ") is an Integer variable: use fmi2GetInteger");
    free_instance(c);
}

TEST_CASE("export-fmu refuses what an FMU cannot hold, and names the rule") {
    TempFolder dir;
    check_refusal({"export-fmu", "TwoStageRocket", "-o", dir / "r.fmu"},
          "export-fmu: TwoStageRocket changes its structure while it runs (actions); an FMU has a fixed set of variables, so it cannot hold a "
          "variable-structure system");
    check_refusal({"export-fmu", "ComVessels", "-o", dir / "r.zip"}, "-o '" + (dir / "r.zip") + "': an FMU is a .fmu file");
    check_refusal({"export-fmu", "ComVessels", "-o", dir / "r.fmu", "--output", "t1.levle"}, "--output: 't1.levle' is not a variable of ComVessels");
    check_refusal({"export-fmu", "ComVessels"}, "--output-file is required (lied export-fmu --help)");
}

TEST_CASE("Model Exchange: a transport delay records the importer's accepted steps (fmi2CompletedIntegratorStep)") {
    // dx/dt = −x(t − 1) with x = 1 before: x = 1 − t + (t − 1)²/2 on [1, 2] (the method of steps). The delayed x is
    // linear on [0, 1], so an importer's RK4 whose accepted steps the delay keeps is exact to rounding at t = 2; a delay
    // that saw only the start would give 1 − t = −1.
    TempFolder dir;
    const std::string file = std::string(LIED_SOURCE_DIR) + "/tests/systems/fmu/delayed_feedback.yaml";
    REQUIRE(run_lied({"export-fmu", file, "-o", dir / "d.fmu"}).code == 0);
    FmiImporter fmu(dir / "d.fmu", dir.path() / "unpacked");
    auto instantiate = fmu.function<decltype(&fmi2Instantiate)>("fmi2Instantiate");
    auto enter = fmu.function<decltype(&fmi2EnterInitializationMode)>("fmi2EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi2ExitInitializationMode)>("fmi2ExitInitializationMode");
    auto get_states = fmu.function<decltype(&fmi2GetContinuousStates)>("fmi2GetContinuousStates");
    auto free_instance = fmu.function<decltype(&fmi2FreeInstance)>("fmi2FreeInstance");
    const fmi2CallbackFunctions callbacks = fmu.callbacks();
    fmi2Component c = instantiate("delayed", fmi2ModelExchange, fmu.guid.c_str(), fmu.resource_uri().c_str(), &callbacks, fmi2False, fmi2False);
    REQUIRE(c);
    REQUIRE(enter(c) == fmi2OK);
    REQUIRE(exit(c) == fmi2OK);
    const lied::testing::ModelExchangeCalls calls = fmi2_model_exchange(fmu, c, 1, 0);
    lied::testing::integrate_rk4(calls, 1, 0, 2.0, 0.01);
    double x = 0;
    REQUIRE(get_states(c, &x, 1) == fmi2OK);
    CHECK(std::abs(x - (-0.5)) < 1e-12);
    free_instance(c);
}
