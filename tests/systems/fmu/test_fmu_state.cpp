// FMU states, as a co-simulation master that rolls back uses them: get the state, step on, set it, step on again —
// the same values, bit for bit, across a time event and a state event; a serialized state set in a second instance
// gives them too; damaged, cut or foreign states are refused with the reason in the log. FMI 2 and FMI 3.
#include "support/cli_runner.h"
#include "support/fmi_importer.h"
#include "systems/fmu/fmi3.h"

#include <doctest/doctest.h>

#include <cstring>
#include <vector>

using lied::testing::FmiImporter;
using lied::testing::run_lied;
using lied::testing::TempFolder;

namespace {
// The vessels with a Trigger: the elevation steps at 1 s (a time event), the flow into t2 rises through 10 kg/s
// after it (a state event, counted by watch.count).
const std::string kWatched = std::string(LIED_SOURCE_DIR) + "/tests/systems/fmu/watched_vessels.yaml";
const char* const kSeen[] = {"t1.level", "t2.level", "t3.level", "p1.m_flow"};   // and watch.count, an Integer

bool identical(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

void log_into(fmi3InstanceEnvironment env, fmi3Status status, fmi3String category, fmi3String message) {
    FmiImporter::log_message(env, status, category, message);
}
}  // namespace

TEST_CASE("FMI 2 Co-Simulation: get the state, step on, set it, step on again gives the same values, also in a second instance from the serialized state") {
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", kWatched, "-o", dir / "w.fmu", "--output", "watch.count"}).code == 0);
    FmiImporter fmu(dir / "w.fmu", dir.path() / "unpacked");
    CHECK(fmu.xml.find("canGetAndSetFMUstate=\"true\" canSerializeFMUstate=\"true\"") != std::string::npos);
    auto instantiate = fmu.function<decltype(&fmi2Instantiate)>("fmi2Instantiate");
    auto setup = fmu.function<decltype(&fmi2SetupExperiment)>("fmi2SetupExperiment");
    auto enter = fmu.function<decltype(&fmi2EnterInitializationMode)>("fmi2EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi2ExitInitializationMode)>("fmi2ExitInitializationMode");
    auto get_real = fmu.function<decltype(&fmi2GetReal)>("fmi2GetReal");
    auto get_integer = fmu.function<decltype(&fmi2GetInteger)>("fmi2GetInteger");
    auto do_step = fmu.function<decltype(&fmi2DoStep)>("fmi2DoStep");
    auto get_state = fmu.function<decltype(&fmi2GetFMUstate)>("fmi2GetFMUstate");
    auto set_state = fmu.function<decltype(&fmi2SetFMUstate)>("fmi2SetFMUstate");
    auto free_state = fmu.function<decltype(&fmi2FreeFMUstate)>("fmi2FreeFMUstate");
    auto size_of = fmu.function<decltype(&fmi2SerializedFMUstateSize)>("fmi2SerializedFMUstateSize");
    auto serialize = fmu.function<decltype(&fmi2SerializeFMUstate)>("fmi2SerializeFMUstate");
    auto deserialize = fmu.function<decltype(&fmi2DeSerializeFMUstate)>("fmi2DeSerializeFMUstate");
    auto free_instance = fmu.function<decltype(&fmi2FreeInstance)>("fmi2FreeInstance");
    const fmi2CallbackFunctions callbacks = fmu.callbacks();

    auto started = [&](const char* name) {
        fmi2Component c = instantiate(name, fmi2CoSimulation, fmu.guid.c_str(), fmu.resource_uri().c_str(), &callbacks, fmi2False, fmi2False);
        REQUIRE(c);
        REQUIRE(setup(c, fmi2False, 0, 0, fmi2False, 0) == fmi2OK);
        REQUIRE(enter(c) == fmi2OK);
        REQUIRE(exit(c) == fmi2OK);
        return c;
    };
    // Steps of 0.1 s from t0 to 3 s, and what the master sees after each.
    auto step_on = [&](fmi2Component c, double t0) {
        std::vector<double> seen;
        for (int k = 0; t0 + k * 0.1 < 3.0 - 1e-9; ++k) {
            REQUIRE(do_step(c, t0 + k * 0.1, 0.1, fmi2True) == fmi2OK);
            for (const char* name : kSeen) {
                const fmi2ValueReference r = fmu.vr(name);
                double v = 0;
                REQUIRE(get_real(c, &r, 1, &v) == fmi2OK);
                seen.push_back(v);
            }
            const fmi2ValueReference count = fmu.vr("watch.count");
            fmi2Integer crossings = -1;
            REQUIRE(get_integer(c, &count, 1, &crossings) == fmi2OK);
            seen.push_back(crossings);
        }
        return seen;
    };

    fmi2Component c = started("first");
    for (int k = 0; k < 5; ++k) REQUIRE(do_step(c, k * 0.1, 0.1, fmi2True) == fmi2OK);
    fmi2FMUstate state = nullptr;
    REQUIRE(get_state(c, &state) == fmi2OK);
    REQUIRE(state);
    const std::vector<double> first = step_on(c, 0.5);
    CHECK(first.back() == 1.0);   // the trigger fired once in the window
    REQUIRE(set_state(c, state) == fmi2OK);
    CHECK(identical(first, step_on(c, 0.5)));

    // Serialized, and set in a second instance that has run elsewhere.
    std::size_t size = 0;
    REQUIRE(size_of(c, state, &size) == fmi2OK);
    std::vector<char> bytes(size);
    CHECK(serialize(c, state, bytes.data(), size - 1) == fmi2Error);
    CHECK(fmu.log.back().find("fmi2SerializeFMUstate: the buffer holds") == 0);
    REQUIRE(serialize(c, state, bytes.data(), size) == fmi2OK);
    fmi2Component second = started("second");
    for (int k = 0; k < 12; ++k) REQUIRE(do_step(second, k * 0.1, 0.1, fmi2True) == fmi2OK);
    fmi2FMUstate copy = nullptr;
    REQUIRE(deserialize(second, bytes.data(), size, &copy) == fmi2OK);
    REQUIRE(set_state(second, copy) == fmi2OK);
    CHECK(identical(first, step_on(second, 0.5)));

    // A state overwritten in place by a later get: it then holds the later point.
    REQUIRE(get_state(c, &state) == fmi2OK);
    double t_now = 0;
    const fmi2ValueReference level = fmu.vr("t2.level");
    double level_now = 0, level_later = 0;
    REQUIRE(get_real(c, &level, 1, &level_now) == fmi2OK);
    REQUIRE(do_step(c, 3.0, 0.5, fmi2True) == fmi2OK);
    REQUIRE(get_real(c, &level, 1, &level_later) == fmi2OK);
    CHECK(level_later != level_now);
    REQUIRE(set_state(c, state) == fmi2OK);
    REQUIRE(get_real(c, &level, 1, &t_now) == fmi2OK);
    CHECK(t_now == level_now);
    CHECK(do_step(c, 3.0, 0.1, fmi2True) == fmi2OK);   // the master's time is the state's again

    // Damaged, cut and foreign bytes.
    std::vector<char> damaged = bytes;
    damaged[damaged.size() - 20] ^= 0x10;
    fmi2FMUstate bad = nullptr;
    REQUIRE(deserialize(c, damaged.data(), damaged.size(), &bad) == fmi2OK);   // the simulator's part is checked when set
    CHECK(set_state(c, bad) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetFMUstate: restore_state: the saved state is damaged (its length or checksum does not match)");
    CHECK(free_state(c, &bad) == fmi2OK);
    CHECK(bad == nullptr);
    CHECK(deserialize(c, bytes.data(), size - 3, &bad) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2DeSerializeFMUstate: the serialized state is cut short or too long");
    const std::vector<char> noise(64, 'x');
    CHECK(deserialize(c, noise.data(), noise.size(), &bad) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2DeSerializeFMUstate: these 64 bytes are no serialized state of a Lied FMU");
    // A Co-Simulation state does not fit a Model Exchange instance of the same FMU.
    fmi2Component me = instantiate("me", fmi2ModelExchange, fmu.guid.c_str(), fmu.resource_uri().c_str(), &callbacks, fmi2False, fmi2False);
    REQUIRE(me);
    CHECK(set_state(me, state) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetFMUstate: the state was saved by a Co-Simulation instance, this one is Model Exchange");

    CHECK(free_state(c, &state) == fmi2OK);
    CHECK(free_state(second, &copy) == fmi2OK);
    free_instance(me);
    free_instance(second);
    free_instance(c);
}

TEST_CASE("FMI 3 Co-Simulation: get the state, step on, set it, step on again gives the same values, also from the serialized state") {
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", kWatched, "-o", dir / "w3.fmu", "--fmi-version", "3", "--output", "watch.count"}).code == 0);
    FmiImporter fmu(dir / "w3.fmu", dir.path() / "unpacked");
    CHECK(fmu.xml.find("canGetAndSetFMUState=\"true\" canSerializeFMUState=\"true\"") != std::string::npos);
    auto instantiate = fmu.function<decltype(&fmi3InstantiateCoSimulation)>("fmi3InstantiateCoSimulation");
    auto enter = fmu.function<decltype(&fmi3EnterInitializationMode)>("fmi3EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi3ExitInitializationMode)>("fmi3ExitInitializationMode");
    auto get = fmu.function<decltype(&fmi3GetFloat64)>("fmi3GetFloat64");
    auto get_int32 = fmu.function<decltype(&fmi3GetInt32)>("fmi3GetInt32");
    auto do_step = fmu.function<decltype(&fmi3DoStep)>("fmi3DoStep");
    auto get_state = fmu.function<decltype(&fmi3GetFMUState)>("fmi3GetFMUState");
    auto set_state = fmu.function<decltype(&fmi3SetFMUState)>("fmi3SetFMUState");
    auto free_state = fmu.function<decltype(&fmi3FreeFMUState)>("fmi3FreeFMUState");
    auto size_of = fmu.function<decltype(&fmi3SerializedFMUStateSize)>("fmi3SerializedFMUStateSize");
    auto serialize = fmu.function<decltype(&fmi3SerializeFMUState)>("fmi3SerializeFMUState");
    auto deserialize = fmu.function<decltype(&fmi3DeserializeFMUState)>("fmi3DeserializeFMUState");
    auto free_instance = fmu.function<decltype(&fmi3FreeInstance)>("fmi3FreeInstance");

    auto started = [&](const char* name) {
        fmi3Instance c = instantiate(name, fmu.guid.c_str(), fmu.resource_path().c_str(), false, false, false, false, nullptr, 0, &fmu, log_into, nullptr);
        REQUIRE(c);
        REQUIRE(enter(c, false, 0, 0, false, 0) == fmi3OK);
        REQUIRE(exit(c) == fmi3OK);
        return c;
    };
    auto step_on = [&](fmi3Instance c, double t0) {
        std::vector<double> seen;
        for (int k = 0; t0 + k * 0.1 < 3.0 - 1e-9; ++k) {
            bool event = false, terminate = false, early = false;
            double last = 0;
            REQUIRE(do_step(c, t0 + k * 0.1, 0.1, true, &event, &terminate, &early, &last) == fmi3OK);
            for (const char* name : kSeen) {
                const fmi3ValueReference r = fmu.vr(name);
                double v = 0;
                REQUIRE(get(c, &r, 1, &v, 1) == fmi3OK);
                seen.push_back(v);
            }
            const fmi3ValueReference count = fmu.vr("watch.count");
            fmi3Int32 crossings = -1;
            REQUIRE(get_int32(c, &count, 1, &crossings, 1) == fmi3OK);
            seen.push_back(crossings);
        }
        return seen;
    };

    fmi3Instance c = started("first");
    for (int k = 0; k < 5; ++k) {
        bool event = false, terminate = false, early = false;
        double last = 0;
        REQUIRE(do_step(c, k * 0.1, 0.1, true, &event, &terminate, &early, &last) == fmi3OK);
    }
    fmi3FMUState state = nullptr;
    REQUIRE(get_state(c, &state) == fmi3OK);
    const std::vector<double> first = step_on(c, 0.5);
    REQUIRE(set_state(c, state) == fmi3OK);
    CHECK(identical(first, step_on(c, 0.5)));

    std::size_t size = 0;
    REQUIRE(size_of(c, state, &size) == fmi3OK);
    std::vector<fmi3Byte> bytes(size);
    REQUIRE(serialize(c, state, bytes.data(), size) == fmi3OK);
    fmi3Instance second = started("second");
    fmi3FMUState copy = nullptr;
    REQUIRE(deserialize(second, bytes.data(), size, &copy) == fmi3OK);
    REQUIRE(set_state(second, copy) == fmi3OK);
    CHECK(identical(first, step_on(second, 0.5)));
    bytes[bytes.size() / 2] ^= 0x01;
    fmi3FMUState bad = nullptr;
    REQUIRE(deserialize(second, bytes.data(), size, &bad) == fmi3OK);
    CHECK(set_state(second, bad) == fmi3Error);
    CHECK(fmu.log.back().find("fmi3SetFMUState: restore_state: the saved state is damaged") == 0);

    CHECK(free_state(second, &bad) == fmi3OK);
    CHECK(free_state(second, &copy) == fmi3OK);
    CHECK(free_state(c, &state) == fmi3OK);
    free_instance(second);
    free_instance(c);
}

TEST_CASE("FMI 2 Model Exchange: a state set back restores the states, the derivatives and the mode the importer left") {
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", kWatched, "-o", dir / "me.fmu"}).code == 0);
    FmiImporter fmu(dir / "me.fmu", dir.path() / "unpacked");
    auto instantiate = fmu.function<decltype(&fmi2Instantiate)>("fmi2Instantiate");
    auto setup = fmu.function<decltype(&fmi2SetupExperiment)>("fmi2SetupExperiment");
    auto enter = fmu.function<decltype(&fmi2EnterInitializationMode)>("fmi2EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi2ExitInitializationMode)>("fmi2ExitInitializationMode");
    auto new_discrete_states = fmu.function<decltype(&fmi2NewDiscreteStates)>("fmi2NewDiscreteStates");
    auto continuous = fmu.function<decltype(&fmi2EnterContinuousTimeMode)>("fmi2EnterContinuousTimeMode");
    auto enter_event = fmu.function<decltype(&fmi2EnterEventMode)>("fmi2EnterEventMode");
    auto set_time = fmu.function<decltype(&fmi2SetTime)>("fmi2SetTime");
    auto set_states = fmu.function<decltype(&fmi2SetContinuousStates)>("fmi2SetContinuousStates");
    auto get_states = fmu.function<decltype(&fmi2GetContinuousStates)>("fmi2GetContinuousStates");
    auto get_derivatives = fmu.function<decltype(&fmi2GetDerivatives)>("fmi2GetDerivatives");
    auto get_state = fmu.function<decltype(&fmi2GetFMUstate)>("fmi2GetFMUstate");
    auto set_state = fmu.function<decltype(&fmi2SetFMUstate)>("fmi2SetFMUstate");
    auto free_state = fmu.function<decltype(&fmi2FreeFMUstate)>("fmi2FreeFMUstate");
    auto free_instance = fmu.function<decltype(&fmi2FreeInstance)>("fmi2FreeInstance");
    const fmi2CallbackFunctions callbacks = fmu.callbacks();

    fmi2Component c = instantiate("me", fmi2ModelExchange, fmu.guid.c_str(), fmu.resource_uri().c_str(), &callbacks, fmi2False, fmi2False);
    REQUIRE(c);
    REQUIRE(setup(c, fmi2False, 0, 0, fmi2False, 0) == fmi2OK);
    REQUIRE(enter(c) == fmi2OK);
    REQUIRE(exit(c) == fmi2OK);
    fmi2EventInfo info{};
    REQUIRE(new_discrete_states(c, &info) == fmi2OK);
    REQUIRE(continuous(c) == fmi2OK);
    const std::size_t n = 5;   // the vessels' states
    std::vector<double> x(n), dx(n);
    REQUIRE(set_time(c, 0.25) == fmi2OK);
    REQUIRE(get_states(c, x.data(), n) == fmi2OK);
    REQUIRE(get_derivatives(c, dx.data(), n) == fmi2OK);
    fmi2FMUstate state = nullptr;
    REQUIRE(get_state(c, &state) == fmi2OK);

    // The importer moves on, and into event mode.
    std::vector<double> moved = x;
    for (double& v : moved) v *= 1.1;
    REQUIRE(set_time(c, 0.5) == fmi2OK);
    REQUIRE(set_states(c, moved.data(), n) == fmi2OK);
    REQUIRE(enter_event(c) == fmi2OK);
    REQUIRE(set_state(c, state) == fmi2OK);
    std::vector<double> x_back(n), dx_back(n);
    REQUIRE(get_states(c, x_back.data(), n) == fmi2OK);
    REQUIRE(get_derivatives(c, dx_back.data(), n) == fmi2OK);
    CHECK(identical(x, x_back));
    CHECK(identical(dx, dx_back));
    // Back in continuous-time mode, as when the state was got: the calls of that mode are accepted again.
    CHECK(set_time(c, 0.3) == fmi2OK);
    CHECK(continuous(c) == fmi2Error);   // not allowed from continuous-time mode
    CHECK(free_state(c, &state) == fmi2OK);
    free_instance(c);
}
