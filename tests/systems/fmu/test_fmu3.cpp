// FMI 3.0 FMUs from `lied export-fmu --fmi-version 3`, through the FMI 3 C API as an importer would: Co-Simulation
// equals `lied run`; Model Exchange with the importer's RK4 (time event, state event) equals `lied run --solver rk4`;
// time and the event indicator are variables, as FMI 3 has them.
#include "support/cli_runner.h"
#include "support/fmi_importer.h"
#include "support/model_exchange_rk4.h"
#include "systems/fmu/fmi3.h"
#include "systems/results/mat_results.h"

#include <doctest/doctest.h>

#include <cmath>
#include <iterator>
#include <sstream>
#include <vector>

using lied::testing::FmiImporter;
using lied::testing::run_lied;
using lied::testing::TempFolder;
using namespace lied::systems;

namespace {
const std::string kVessels = std::string(LIED_SOURCE_DIR) + "/systems/examples/files/com_vessels.yaml";

double final_value(const ResultTable& t, const std::string& name) { return t.rows.back()[t.series_index(name)]; }

void log_into(fmi3InstanceEnvironment env, fmi3Status status, fmi3String category, fmi3String message) {
    FmiImporter::log_message(env, status, category, message);
}
}  // namespace

TEST_CASE("FMI 3 Co-Simulation: steps of 0.1 s with a parameter set at initialisation give what lied run gives") {
    TempFolder dir;
    const auto exported = run_lied({"export-fmu", kVessels, "-o", dir / "v3.fmu", "--fmi-version", "3"});
    REQUIRE(exported.code == 0);
    CHECK(exported.out.find("(FMI 3.0, Model Exchange and Co-Simulation; 5 states") != std::string::npos);
    REQUIRE(run_lied({"run", kVessels, "--t-end", "3", "--set", "t2.h0=1.5", "--out", dir / "ref.mat"}).code == 0);
    const ResultTable ref = read_mat_results(dir / "ref.mat");

    FmiImporter fmu(dir / "v3.fmu", dir.path() / "unpacked");
    REQUIRE(fmu.version == 3);
    CHECK(std::string(fmu.function<decltype(&fmi3GetVersion)>("fmi3GetVersion")()) == "3.0");
    auto instantiate = fmu.function<decltype(&fmi3InstantiateCoSimulation)>("fmi3InstantiateCoSimulation");
    auto enter = fmu.function<decltype(&fmi3EnterInitializationMode)>("fmi3EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi3ExitInitializationMode)>("fmi3ExitInitializationMode");
    auto set = fmu.function<decltype(&fmi3SetFloat64)>("fmi3SetFloat64");
    auto get = fmu.function<decltype(&fmi3GetFloat64)>("fmi3GetFloat64");
    auto do_step = fmu.function<decltype(&fmi3DoStep)>("fmi3DoStep");
    auto free_instance = fmu.function<decltype(&fmi3FreeInstance)>("fmi3FreeInstance");

    fmi3Instance c = instantiate("vessels", fmu.guid.c_str(), fmu.resource_path().c_str(), false, false, false, false, nullptr, 0, &fmu, log_into, nullptr);
    REQUIRE(c);
    REQUIRE(enter(c, false, 0, 0, false, 0) == fmi3OK);
    const fmi3ValueReference h0 = fmu.vr("t2.h0");
    const double start = 1.5;
    REQUIRE(set(c, &h0, 1, &start, 1) == fmi3OK);
    REQUIRE(exit(c) == fmi3OK);
    for (int k = 0; k < 30; ++k) {
        bool event = true, terminate = true, early = true;
        double last = -1;
        REQUIRE(do_step(c, k * 0.1, 0.1, true, &event, &terminate, &early, &last) == fmi3OK);
        CHECK((!event && !terminate && !early));
        CHECK(last == doctest::Approx((k + 1) * 0.1));
    }
    for (const char* name : {"t1.level", "t2.level", "p3.m_flow", "time"}) {
        const fmi3ValueReference r = fmu.vr(name);
        double v = 0;
        REQUIRE(get(c, &r, 1, &v, 1) == fmi3OK);
        INFO(std::string(name));
        const double expected = std::string(name) == "time" ? 3.0 : final_value(ref, name);
        CHECK(v == doctest::Approx(expected).epsilon(1e-10).scale(1.0));
    }
    // A fixed parameter after initialisation: refused, in FMI 3's terms.
    REQUIRE(set(c, &h0, 1, &start, 1) == fmi3Error);
    CHECK(fmu.log.back() == "fmi3SetFloat64: t2.h0 is a fixed parameter (a start value): set it before initialisation ends");
    free_instance(c);
    CHECK(instantiate("x", "{0}", fmu.resource_path().c_str(), false, false, false, false, nullptr, 0, &fmu, log_into, nullptr) == nullptr);
    CHECK(fmu.log.back().find("instantiation token {0} is not this FMU's") == 0);
}

TEST_CASE("FMI 3 Model Exchange: the importer's RK4 through a time event and a state event equals lied run") {
    TempFolder dir;
    const std::string watched = std::string(LIED_SOURCE_DIR) + "/tests/systems/fmu/watched_vessels.yaml";
    REQUIRE(run_lied({"export-fmu", watched, "-o", dir / "w3.fmu", "--fmi-version", "3"}).code == 0);
    REQUIRE(run_lied({"run", watched, "--t-end", "3", "--record", "watch.count", "--out", dir / "ref.mat"}).code == 0);
    const ResultTable ref = read_mat_results(dir / "ref.mat");

    FmiImporter fmu(dir / "w3.fmu", dir.path() / "unpacked");
    CHECK(fmu.xml.find("<EventIndicator valueReference=\"" + std::to_string(fmu.vr("indicator(watch.crossed)")) + "\"/>") != std::string::npos);
    auto instantiate = fmu.function<decltype(&fmi3InstantiateModelExchange)>("fmi3InstantiateModelExchange");
    auto enter = fmu.function<decltype(&fmi3EnterInitializationMode)>("fmi3EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi3ExitInitializationMode)>("fmi3ExitInitializationMode");
    auto count_states = fmu.function<decltype(&fmi3GetNumberOfContinuousStates)>("fmi3GetNumberOfContinuousStates");
    auto count_indicators = fmu.function<decltype(&fmi3GetNumberOfEventIndicators)>("fmi3GetNumberOfEventIndicators");
    auto update = fmu.function<decltype(&fmi3UpdateDiscreteStates)>("fmi3UpdateDiscreteStates");
    auto enter_continuous = fmu.function<decltype(&fmi3EnterContinuousTimeMode)>("fmi3EnterContinuousTimeMode");
    auto enter_event = fmu.function<decltype(&fmi3EnterEventMode)>("fmi3EnterEventMode");
    auto set_time = fmu.function<decltype(&fmi3SetTime)>("fmi3SetTime");
    auto set_states = fmu.function<decltype(&fmi3SetContinuousStates)>("fmi3SetContinuousStates");
    auto get_states = fmu.function<decltype(&fmi3GetContinuousStates)>("fmi3GetContinuousStates");
    auto get_derivatives = fmu.function<decltype(&fmi3GetContinuousStateDerivatives)>("fmi3GetContinuousStateDerivatives");
    auto get_indicators = fmu.function<decltype(&fmi3GetEventIndicators)>("fmi3GetEventIndicators");
    auto completed = fmu.function<decltype(&fmi3CompletedIntegratorStep)>("fmi3CompletedIntegratorStep");
    auto get = fmu.function<decltype(&fmi3GetFloat64)>("fmi3GetFloat64");
    auto free_instance = fmu.function<decltype(&fmi3FreeInstance)>("fmi3FreeInstance");

    fmi3Instance c = instantiate("watched", fmu.guid.c_str(), fmu.resource_path().c_str(), false, false, &fmu, log_into);
    REQUIRE(c);
    REQUIRE(enter(c, false, 0, 0, false, 0) == fmi3OK);
    REQUIRE(exit(c) == fmi3OK);
    std::size_t n = 0, ni = 0;
    REQUIRE(count_states(c, &n) == fmi3OK);
    REQUIRE(count_indicators(c, &ni) == fmi3OK);
    CHECK(n == 5);
    CHECK(ni == 1);
    lied::testing::ModelExchangeCalls calls;
    calls.set_time = [&](double t) { return set_time(c, t) == fmi3OK; };
    calls.set_states = [&](const double* x) { return set_states(c, x, n) == fmi3OK; };
    calls.get_states = [&](double* x) { return get_states(c, x, n) == fmi3OK; };
    calls.get_derivatives = [&](double* dx) { return get_derivatives(c, dx, n) == fmi3OK; };
    calls.get_indicators = [&](double* g) { return get_indicators(c, g, ni) == fmi3OK; };
    calls.completed_step = [&] {
        bool enter_event_mode = true, terminate = true;
        return completed(c, true, &enter_event_mode, &terminate) == fmi3OK && !enter_event_mode && !terminate;
    };
    calls.enter_event_mode = [&] { return enter_event(c) == fmi3OK; };
    calls.enter_continuous_mode = [&] { return enter_continuous(c) == fmi3OK; };
    calls.update_discrete_states = [&](lied::testing::EventUpdate& u) {
        bool again = true, terminate = false, nominals = false;
        while (again)
            if (update(c, &again, &terminate, &nominals, &u.values_changed, &u.next_defined, &u.next_time) != fmi3OK) return false;
        return !terminate;
    };
    CHECK(lied::testing::integrate_rk4(calls, n, ni, 3.0, 0.01) == 1);
    for (const char* name : {"t1.level", "t3.level"}) {
        const fmi3ValueReference r = fmu.vr(name);
        double v = 0;
        REQUIRE(get(c, &r, 1, &v, 1) == fmi3OK);
        INFO(std::string(name));
        CHECK(v == doctest::Approx(final_value(ref, name)).epsilon(1e-9).scale(1.0));
    }
    // The event count is an Int32 (FMI 3's name for a whole number).
    auto get_int32 = fmu.function<decltype(&fmi3GetInt32)>("fmi3GetInt32");
    const fmi3ValueReference count = fmu.vr("watch.count");
    fmi3Int32 crossings = -1;
    REQUIRE(get_int32(c, &count, 1, &crossings, 1) == fmi3OK);
    CHECK(crossings == 1);
    CHECK(final_value(ref, "watch.count") == 1.0);
    double as_float = 0;
    CHECK(get(c, &count, 1, &as_float, 1) == fmi3Error);
    CHECK(fmu.log.back() == "fmi3GetFloat64: watch.count (value reference " + std::to_string(count) + ") is an Int32 variable: use fmi3GetInt32");
    // The event indicator as a variable: the flow into t2 above its 10 kg/s threshold at the end.
    const fmi3ValueReference indicator = fmu.vr("indicator(watch.crossed)");
    double g = 0;
    REQUIRE(get(c, &indicator, 1, &g, 1) == fmi3OK);
    CHECK(g == doctest::Approx(final_value(ref, "p2.m_flow") - 10).epsilon(1e-6));
    free_instance(c);
}

TEST_CASE("FMI 3 offers a matrix parameter as one array variable with its dimensions, FMI 2 offers its elements") {
    TempFolder dir;
    const std::string file = std::string(LIED_SOURCE_DIR) + "/tests/systems/fmu/lti_arrays.yaml";
    REQUIRE(run_lied({"export-fmu", file, "-o", dir / "lti3.fmu", "--fmi-version", "3"}).code == 0);
    REQUIRE(run_lied({"export-fmu", file, "-o", dir / "lti2.fmu"}).code == 0);
    FmiImporter fmu(dir / "lti3.fmu", dir.path() / "unpacked3");
    const std::size_t a = fmu.xml.find("<Float64 name=\"lti.A\"");
    REQUIRE(a != std::string::npos);
    const std::string element = fmu.xml.substr(a, fmu.xml.find("</Float64>", a) - a);
    const std::size_t at = element.find("start=\"") + 7;
    std::istringstream values(element.substr(at, element.find('"', at) - at));
    std::vector<double> starts{std::istream_iterator<double>(values), std::istream_iterator<double>()};
    CHECK(starts == std::vector<double>{-0.2, 2, -2, -0.2});   // row-major, each as it reads back
    CHECK(element.find("<Dimension start=\"2\"/>\n      <Dimension start=\"2\"/>") != std::string::npos);
    CHECK(fmu.xml.find("name=\"lti.A[2,1]\"") == std::string::npos);   // the array stands for its elements
    CHECK(fmu.xml.find("<Float64 name=\"lti.x_start\"") != std::string::npos);
    FmiImporter fmu2(dir / "lti2.fmu", dir.path() / "unpacked2");
    CHECK(fmu2.xml.find("name=\"lti.A[2,1]\"") != std::string::npos);
    CHECK(fmu2.xml.find("name=\"lti.A\"") == std::string::npos);

    auto instantiate = fmu.function<decltype(&fmi3InstantiateCoSimulation)>("fmi3InstantiateCoSimulation");
    auto enter = fmu.function<decltype(&fmi3EnterInitializationMode)>("fmi3EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi3ExitInitializationMode)>("fmi3ExitInitializationMode");
    auto set = fmu.function<decltype(&fmi3SetFloat64)>("fmi3SetFloat64");
    auto get = fmu.function<decltype(&fmi3GetFloat64)>("fmi3GetFloat64");
    auto do_step = fmu.function<decltype(&fmi3DoStep)>("fmi3DoStep");
    auto free_instance = fmu.function<decltype(&fmi3FreeInstance)>("fmi3FreeInstance");
    fmi3Instance c = instantiate("lti", fmu.guid.c_str(), fmu.resource_path().c_str(), false, false, false, false, nullptr, 0, &fmu, log_into, nullptr);
    REQUIRE(c);
    REQUIRE(enter(c, false, 0, 0, false, 0) == fmi3OK);
    const fmi3ValueReference A = fmu.vr("lti.A"), x_start = fmu.vr("lti.x_start");
    // An array and a scalar in one call: nValues counts the array's elements.
    const fmi3ValueReference both[] = {A, fmu.vr("time")};
    double got[5] = {};
    REQUIRE(get(c, both, 2, got, 5) == fmi3OK);
    CHECK(std::vector<double>(got, got + 5) == std::vector<double>{-0.2, 2, -2, -0.2, 0});
    // Too few values for the array, or too many for what was asked: refused, named.
    CHECK(get(c, &A, 1, got, 3) == fmi3Error);
    CHECK(fmu.log.back().find("fmi3GetFloat64: nValues = 3 is too few for the variables asked for (lti.A alone holds 4 values)") != std::string::npos);
    CHECK(get(c, &A, 1, got, 5) == fmi3Error);
    CHECK(fmu.log.back().find("nValues = 5, but the variables asked for hold 4 values") != std::string::npos);
    // A diagonal A, set as an array before initialisation ends: x = (e^−t, 2·e^−2t).
    const double diagonal[] = {-1, 0, 0, -2}, start[] = {1, 2};
    REQUIRE(set(c, &A, 1, diagonal, 4) == fmi3OK);
    REQUIRE(set(c, &x_start, 1, start, 2) == fmi3OK);
    REQUIRE(exit(c) == fmi3OK);
    for (int k = 0; k < 10; ++k) {
        bool event = true, terminate = true, early = true;
        double last = -1;
        REQUIRE(do_step(c, k * 0.1, 0.1, true, &event, &terminate, &early, &last) == fmi3OK);
    }
    const fmi3ValueReference x[] = {fmu.vr("lti.x[1]"), fmu.vr("lti.x[2]")};
    double xv[2] = {};
    REQUIRE(get(c, x, 2, xv, 2) == fmi3OK);
    // rk4 at 1 ms: its error (h⁴/120 per unit time, relative) is far below 1e-10.
    CHECK(xv[0] == doctest::Approx(std::exp(-1.0)).epsilon(1e-10));
    CHECK(xv[1] == doctest::Approx(2 * std::exp(-2.0)).epsilon(1e-10));
    REQUIRE(get(c, &A, 1, got, 4) == fmi3OK);
    CHECK(std::vector<double>(got, got + 4) == std::vector<double>{-1, 0, 0, -2});
    free_instance(c);
}

TEST_CASE("FMI 3: an array read at build is set whole, so a table's new grid is judged once, not half old and half new") {
    // Element by element, moving the grid {0, 1, 2} to {10, 11, 12} passes through {10, 1, 2}, which does not increase.
    TempFolder dir;
    const std::string file = std::string(LIED_SOURCE_DIR) + "/tests/systems/fmu/table_array.yaml";
    REQUIRE(run_lied({"export-fmu", file, "-o", dir / "t.fmu", "--fmi-version", "3"}).code == 0);
    FmiImporter fmu(dir / "t.fmu", dir.path() / "unpacked");
    auto instantiate = fmu.function<decltype(&fmi3InstantiateCoSimulation)>("fmi3InstantiateCoSimulation");
    auto enter = fmu.function<decltype(&fmi3EnterInitializationMode)>("fmi3EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi3ExitInitializationMode)>("fmi3ExitInitializationMode");
    auto set = fmu.function<decltype(&fmi3SetFloat64)>("fmi3SetFloat64");
    auto get = fmu.function<decltype(&fmi3GetFloat64)>("fmi3GetFloat64");
    auto free_instance = fmu.function<decltype(&fmi3FreeInstance)>("fmi3FreeInstance");
    fmi3Instance c = instantiate("table", fmu.guid.c_str(), fmu.resource_path().c_str(), false, false, false, false, nullptr, 0, &fmu, log_into, nullptr);
    REQUIRE(c);
    REQUIRE(enter(c, false, 0, 0, false, 0) == fmi3OK);
    const fmi3ValueReference table = fmu.vr("t.table");
    const double moved[] = {10, 0, 11, 1, 12, 4};
    REQUIRE(set(c, &table, 1, moved, 6) == fmi3OK);
    // A grid that does not increase is refused whole, naming the rule, and the table stays as it was.
    const double bad[] = {10, 0, 9, 1, 12, 4};
    CHECK(set(c, &table, 1, bad, 6) == fmi3Error);
    CHECK(fmu.log.back().find("does not increase") != std::string::npos);
    REQUIRE(exit(c) == fmi3OK);
    const fmi3ValueReference y = fmu.vr("t.y[1]");
    double value = 0;
    REQUIRE(get(c, &y, 1, &value, 1) == fmi3OK);
    CHECK(value == doctest::Approx(2.5).epsilon(1e-14));   // u = 11.5 between (11, 1) and (12, 4)
    free_instance(c);
}
