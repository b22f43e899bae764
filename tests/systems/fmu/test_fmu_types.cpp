// Integer and Boolean variables of an FMU (FMI 2's Integer and Boolean, FMI 3's Int32 and Boolean): an event count
// that changes at events, choices set before initialisation (a Boolean, an option by its position) that give what
// `lied run --set` gives, a choice that would change the FMU's variables refused and undone, each getter and setter
// refusing a variable of another type with the call to use instead.
#include "support/cli_runner.h"
#include "support/fmi_importer.h"
#include "systems/fmu/fmi3.h"
#include "systems/fmu/fmu_model.h"
#include "systems/examples/simple_stream.h"
#include "core/simulation/simulator.h"
#include "systems/results/mat_results.h"

#include <doctest/doctest.h>

#include <cmath>
#include <vector>

using lied::testing::FmiImporter;
using lied::testing::run_lied;
using lied::testing::TempFolder;

namespace {
const std::string kTyped = std::string(LIED_SOURCE_DIR) + "/tests/systems/fmu/typed_values.yaml";

double final_value(const lied::systems::ResultTable& t, const std::string& name) { return t.rows.back()[t.series_index(name)]; }

// The declaration of `name` in modelDescription.xml, from its name to the end of its type element.
std::string declaration(const FmiImporter& fmu, const std::string& name) {
    const auto from = fmu.xml.find("name=\"" + name + "\"");
    if (from == std::string::npos) return "";
    return fmu.xml.substr(from, fmu.xml.find("/>", from) + 2 - from);
}
}  // namespace

TEST_CASE("FMI 2 Integer and Boolean variables: counts, choices set before initialisation, refusals that name the call to use") {
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", kTyped, "-o", dir / "t.fmu"}).code == 0);
    FmiImporter fmu(dir / "t.fmu", dir.path() / "unpacked");
    // The declarations: an event count is a discrete Integer, a bool choice a fixed Boolean, an option list an Integer
    // from 0 whose description names each position.
    const std::string count = declaration(fmu, "watch.count");
    CHECK(count.find("causality=\"local\" variability=\"discrete\" initial=\"calculated\">\n      <Integer/>") != std::string::npos);
    CHECK(declaration(fmu, "openings").find("causality=\"output\" variability=\"discrete\"") != std::string::npos);
    CHECK(declaration(fmu, "openings").find("<Integer/>") != std::string::npos);
    CHECK(declaration(fmu, "valve.invertInput").find("causality=\"parameter\" variability=\"fixed\" initial=\"exact\">\n      <Boolean start=\"false\"/>") !=
          std::string::npos);
    const std::string characteristic = declaration(fmu, "valve.valveCharacteristics");
    CHECK(characteristic.find("(0: linear, 1: parabolic, 2: equalPercentage)") != std::string::npos);
    CHECK(characteristic.find("<Integer min=\"0\" max=\"2\" start=\"0\"/>") != std::string::npos);

    const FmiImporter::Fmi2 f = fmu.fmi2();
    auto get_integer = fmu.function<decltype(&fmi2GetInteger)>("fmi2GetInteger");
    auto set_integer = fmu.function<decltype(&fmi2SetInteger)>("fmi2SetInteger");
    auto get_boolean = fmu.function<decltype(&fmi2GetBoolean)>("fmi2GetBoolean");
    auto set_boolean = fmu.function<decltype(&fmi2SetBoolean)>("fmi2SetBoolean");
    auto reset = fmu.function<decltype(&fmi2Reset)>("fmi2Reset");
    fmi2Component c = fmu.instantiate(f, "typed", fmi2CoSimulation);
    REQUIRE(c);
    const fmi2ValueReference characteristic_vr = fmu.vr("valve.valveCharacteristics"), invert = fmu.vr("valve.invertInput"),
                             controller_type = fmu.vr("controller.controllerType"), crossings = fmu.vr("watch.count"), opening = fmu.vr("opening"),
                             m_flow = fmu.vr("valve.m_flow"), openings = fmu.vr("openings");

    // Before initialisation: choices take new options (the system rebuilt with them).
    const fmi2Integer parabolic = 1;
    const fmi2Boolean inverted = fmi2True;
    REQUIRE(set_integer(c, &characteristic_vr, 1, &parabolic) == fmi2OK);
    REQUIRE(set_boolean(c, &invert, 1, &inverted) == fmi2OK);
    fmi2Integer option = -1;
    fmi2Boolean flag = fmi2False;
    REQUIRE(get_integer(c, &characteristic_vr, 1, &option) == fmi2OK);
    CHECK(option == 1);
    REQUIRE(get_boolean(c, &invert, 1, &flag) == fmi2OK);
    CHECK(flag == fmi2True);
    // A PID adds the derivative's state: the FMU's variables could not follow, so the option is refused and undone.
    const fmi2Integer pid = 3, no_option = 7;
    CHECK(set_integer(c, &controller_type, 1, &pid) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetInteger: controller.controllerType = PID changes the system's variables, states or events, which the FMU's model "
                            "description fixes; export it again with --set controller.controllerType=PID");
    REQUIRE(get_integer(c, &controller_type, 1, &option) == fmi2OK);
    CHECK(option == 1);   // PI, as exported
    CHECK(set_integer(c, &controller_type, 1, &no_option) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetInteger: 7 is no option of controller.controllerType (0: P, 1: PI, 2: PD, 3: PID)");
    // Each type through its own call.
    double real = 0;
    CHECK(f.get_real(c, &characteristic_vr, 1, &real) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2GetReal: valve.valveCharacteristics (value reference " + std::to_string(characteristic_vr) +
                                ") is an Integer variable: use fmi2GetInteger");
    CHECK(get_integer(c, &invert, 1, &option) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2GetInteger: valve.invertInput (value reference " + std::to_string(invert) + ") is a Boolean variable: use fmi2GetBoolean");
    CHECK(set_boolean(c, &opening, 1, &inverted) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetBoolean: opening (value reference " + std::to_string(opening) + ") is a Real variable: use fmi2SetReal");

    REQUIRE(f.setup(c, fmi2False, 0, 0, fmi2False, 0) == fmi2OK);
    REQUIRE(f.enter(c) == fmi2OK);
    REQUIRE(f.exit(c) == fmi2OK);
    for (int k = 0; k < 10; ++k) REQUIRE(f.do_step(c, k * 0.01, 0.01, fmi2True) == fmi2OK);
    // The flow with the choices set in the FMU is what lied run gives with the same choices set on its command line
    // (the same solver, step and system: equal to rounding).
    REQUIRE(run_lied({"run", kTyped, "--t-end", "0.1", "--set", "valve.valveCharacteristics=parabolic", "--set", "valve.invertInput=true", "--record",
                      "valve.m_flow", "--out", dir / "ref.mat"})
                .code == 0);
    const lied::systems::ResultTable ref = lied::systems::read_mat_results(dir / "ref.mat");
    double flow = 0;
    REQUIRE(f.get_real(c, &m_flow, 1, &flow) == fmi2OK);
    CHECK(flow == doctest::Approx(final_value(ref, "valve.m_flow")).epsilon(1e-12));
    REQUIRE(get_integer(c, &crossings, 1, &option) == fmi2OK);
    CHECK(option == 0);
    // The master opens the valve through 0.5: the Trigger fires at that communication point and counts.
    const double wide = 0.8, narrow = 0.1;
    REQUIRE(f.set_real(c, &opening, 1, &wide) == fmi2OK);
    REQUIRE(f.do_step(c, 0.1, 0.01, fmi2True) == fmi2OK);
    REQUIRE(f.set_real(c, &opening, 1, &narrow) == fmi2OK);
    REQUIRE(f.do_step(c, 0.11, 0.01, fmi2True) == fmi2OK);
    REQUIRE(f.set_real(c, &opening, 1, &wide) == fmi2OK);
    REQUIRE(f.do_step(c, 0.12, 0.01, fmi2True) == fmi2OK);
    fmi2Integer both[2] = {-1, -1};
    const fmi2ValueReference count_and_output[2] = {crossings, openings};
    REQUIRE(get_integer(c, count_and_output, 2, both) == fmi2OK);
    CHECK(both[0] == 2);   // up through 0.5 twice (the way down is not counted: direction up)
    CHECK(both[1] == 2);
    // After initialisation a choice is fixed, and a count is the model's.
    CHECK(set_integer(c, &characteristic_vr, 1, &parabolic) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetInteger: valve.valveCharacteristics is a fixed parameter (a choice): set it before initialisation ends");
    CHECK(set_integer(c, &crossings, 1, &parabolic) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetInteger: watch.count is calculated by the model and cannot be set");
    // A reset gives the options the FMU was exported with.
    REQUIRE(reset(c) == fmi2OK);
    REQUIRE(get_integer(c, &characteristic_vr, 1, &option) == fmi2OK);
    CHECK(option == 0);
    REQUIRE(get_boolean(c, &invert, 1, &flag) == fmi2OK);
    CHECK(flag == fmi2False);
    f.free_instance(c);
}

TEST_CASE("An FMU state saved after choices were set carries them: a fresh instance takes it and goes on alike") {
    // Instance A: the valve parabolic and inverted before initialisation, 0.1 s of steps, the state saved and
    // serialized, 0.1 s more. Instance B, fresh with the exported options: the deserialized state sets the options
    // first, then the run; its next 0.1 s equal A's bit for bit.
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", kTyped, "-o", dir / "t.fmu"}).code == 0);
    FmiImporter fmu(dir / "t.fmu", dir.path() / "unpacked");
    const FmiImporter::Fmi2 f = fmu.fmi2();
    auto set_integer = fmu.function<decltype(&fmi2SetInteger)>("fmi2SetInteger");
    auto set_boolean = fmu.function<decltype(&fmi2SetBoolean)>("fmi2SetBoolean");
    auto get_integer = fmu.function<decltype(&fmi2GetInteger)>("fmi2GetInteger");
    auto get_state = fmu.function<decltype(&fmi2GetFMUstate)>("fmi2GetFMUstate");
    auto set_state = fmu.function<decltype(&fmi2SetFMUstate)>("fmi2SetFMUstate");
    auto free_state = fmu.function<decltype(&fmi2FreeFMUstate)>("fmi2FreeFMUstate");
    auto size_of = fmu.function<decltype(&fmi2SerializedFMUstateSize)>("fmi2SerializedFMUstateSize");
    auto serialize = fmu.function<decltype(&fmi2SerializeFMUstate)>("fmi2SerializeFMUstate");
    auto deserialize = fmu.function<decltype(&fmi2DeSerializeFMUstate)>("fmi2DeSerializeFMUstate");
    const fmi2ValueReference characteristic = fmu.vr("valve.valveCharacteristics"), invert = fmu.vr("valve.invertInput"),
                             m_flow = fmu.vr("valve.m_flow");
    auto started = [&](const char* name) {
        fmi2Component c = fmu.instantiate(f, name, fmi2CoSimulation);
        REQUIRE(c);
        REQUIRE(f.setup(c, fmi2False, 0, 0, fmi2False, 0) == fmi2OK);
        REQUIRE(f.enter(c) == fmi2OK);
        return c;
    };
    auto flows = [&](fmi2Component c, double t0) {
        std::vector<double> seen;
        for (int k = 0; k < 10; ++k) {
            REQUIRE(f.do_step(c, t0 + k * 0.01, 0.01, fmi2True) == fmi2OK);
            double v = 0;
            REQUIRE(f.get_real(c, &m_flow, 1, &v) == fmi2OK);
            seen.push_back(v);
        }
        return seen;
    };
    fmi2Component a = started("a");
    const fmi2Integer parabolic = 1;
    const fmi2Boolean on = fmi2True;
    REQUIRE(set_integer(a, &characteristic, 1, &parabolic) == fmi2OK);
    REQUIRE(set_boolean(a, &invert, 1, &on) == fmi2OK);
    REQUIRE(f.exit(a) == fmi2OK);
    flows(a, 0.0);
    fmi2FMUstate state = nullptr;
    REQUIRE(get_state(a, &state) == fmi2OK);
    std::size_t size = 0;
    REQUIRE(size_of(a, state, &size) == fmi2OK);
    std::vector<fmi2Byte> bytes(size);
    REQUIRE(serialize(a, state, bytes.data(), size) == fmi2OK);
    const std::vector<double> from_a = flows(a, 0.1);

    fmi2Component b = started("b");
    REQUIRE(f.exit(b) == fmi2OK);   // linear and not inverted, as exported
    fmi2FMUstate copy = nullptr;
    REQUIRE(deserialize(b, bytes.data(), size, &copy) == fmi2OK);
    REQUIRE(set_state(b, copy) == fmi2OK);
    fmi2Integer option = -1;
    REQUIRE(get_integer(b, &characteristic, 1, &option) == fmi2OK);
    CHECK(option == 1);
    const std::vector<double> from_b = flows(b, 0.1);
    CHECK(from_a == from_b);
    REQUIRE(free_state(a, &state) == fmi2OK);
    REQUIRE(free_state(b, &copy) == fmi2OK);
    f.free_instance(a);
    f.free_instance(b);
}

TEST_CASE("FMU whole-number parameters are Integers: a count that sizes the structure is fixed at export") {
    TempFolder dir;
    lied::testing::write_file(dir / "body.yaml", R"(system: Body
components:
  body: {type: HeatCapacitor, parameters: {N: 1, C: 1000, T_start: 300}}
  heater: {type: FixedHeatFlow, parameters: {Q_flow: 100}}
connections:
  - [heater.port, "body.ports[1]"]
run: {t_end: 1}
)");
    REQUIRE(run_lied({"export-fmu", dir / "body.yaml", "-o", dir / "b.fmu"}).code == 0);
    FmiImporter fmu(dir / "b.fmu", dir.path() / "unpacked");
    CHECK(declaration(fmu, "body.N").find("causality=\"parameter\" variability=\"fixed\" initial=\"exact\">\n      <Integer min=\"1\" max=\"") !=
          std::string::npos);
    const FmiImporter::Fmi2 f = fmu.fmi2();
    auto set_integer = fmu.function<decltype(&fmi2SetInteger)>("fmi2SetInteger");
    auto get_integer = fmu.function<decltype(&fmi2GetInteger)>("fmi2GetInteger");
    fmi2Component c = fmu.instantiate(f, "body", fmi2CoSimulation);
    REQUIRE(c);
    const fmi2ValueReference n = fmu.vr("body.N");
    const fmi2Integer same = 1, two = 2;
    fmi2Integer read = 0;
    REQUIRE(get_integer(c, &n, 1, &read) == fmi2OK);
    CHECK(read == 1);
    CHECK(set_integer(c, &n, 1, &same) == fmi2OK);   // its own value: nothing changes, nothing is rebuilt
    CHECK(set_integer(c, &n, 1, &two) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetInteger: body.N sizes the structure, which an FMU's variables fix when it is exported; export it again "
                            "with --set body.N=<value>");
    const double as_real = 2;
    CHECK(f.set_real(c, &n, 1, &as_real) == fmi2Error);
    CHECK(fmu.log.back() == "fmi2SetReal: body.N (value reference " + std::to_string(n) + ") is an Integer variable: use fmi2SetInteger");
    f.free_instance(c);
}

TEST_CASE("FMI 3 Int32 and Boolean variables: the same choices and counts in FMI 3's terms") {
    TempFolder dir;
    REQUIRE(run_lied({"export-fmu", kTyped, "-o", dir / "t3.fmu", "--fmi-version", "3"}).code == 0);
    FmiImporter fmu(dir / "t3.fmu", dir.path() / "unpacked");
    CHECK(fmu.xml.find("<Int32 name=\"watch.count\"") != std::string::npos);
    CHECK(fmu.xml.find("<Boolean name=\"valve.invertInput\"") != std::string::npos);
    CHECK(declaration(fmu, "valve.valveCharacteristics").find("min=\"0\" max=\"2\" start=\"0\"/>") != std::string::npos);
    auto instantiate = fmu.function<decltype(&fmi3InstantiateCoSimulation)>("fmi3InstantiateCoSimulation");
    auto enter = fmu.function<decltype(&fmi3EnterInitializationMode)>("fmi3EnterInitializationMode");
    auto exit = fmu.function<decltype(&fmi3ExitInitializationMode)>("fmi3ExitInitializationMode");
    auto set_float = fmu.function<decltype(&fmi3SetFloat64)>("fmi3SetFloat64");
    auto get_int32 = fmu.function<decltype(&fmi3GetInt32)>("fmi3GetInt32");
    auto set_int32 = fmu.function<decltype(&fmi3SetInt32)>("fmi3SetInt32");
    auto get_boolean = fmu.function<decltype(&fmi3GetBoolean)>("fmi3GetBoolean");
    auto set_boolean = fmu.function<decltype(&fmi3SetBoolean)>("fmi3SetBoolean");
    auto do_step = fmu.function<decltype(&fmi3DoStep)>("fmi3DoStep");
    auto free_instance = fmu.function<decltype(&fmi3FreeInstance)>("fmi3FreeInstance");
    auto log_into = [](fmi3InstanceEnvironment env, fmi3Status status, fmi3String category, fmi3String message) {
        FmiImporter::log_message(env, status, category, message);
    };
    fmi3Instance c = instantiate("typed", fmu.guid.c_str(), fmu.resource_path().c_str(), false, false, false, false, nullptr, 0, &fmu, log_into, nullptr);
    REQUIRE(c);
    const fmi3ValueReference invert = fmu.vr("valve.invertInput"), crossings = fmu.vr("watch.count"), opening = fmu.vr("opening");
    const bool on = true;
    REQUIRE(set_boolean(c, &invert, 1, &on, 1) == fmi3OK);
    bool flag = false;
    REQUIRE(get_boolean(c, &invert, 1, &flag, 1) == fmi3OK);
    CHECK(flag);
    const fmi3Int32 one = 1;
    CHECK(set_int32(c, &invert, 1, &one, 1) == fmi3Error);
    CHECK(fmu.log.back() == "fmi3SetInt32: valve.invertInput (value reference " + std::to_string(invert) + ") is a Boolean variable: use fmi3SetBoolean");
    REQUIRE(enter(c, false, 0, 0, false, 0) == fmi3OK);
    REQUIRE(exit(c) == fmi3OK);
    const double wide = 0.8;
    REQUIRE(set_float(c, &opening, 1, &wide, 1) == fmi3OK);
    bool event = false, terminate = false, early = false;
    double last = 0;
    REQUIRE(do_step(c, 0.0, 0.01, true, &event, &terminate, &early, &last) == fmi3OK);
    fmi3Int32 count = -1;
    REQUIRE(get_int32(c, &crossings, 1, &count, 1) == fmi3OK);
    CHECK(count == 1);
    free_instance(c);
}

TEST_CASE("a bool's choice is a Boolean whatever the order of its options, its start the option's name") {
    // FlowResistance's computeL lists "true" before "false": still a Boolean, true while the option is "true".
    lied::systems::SimpleStream stream;
    lied::Simulator sim(stream);
    auto computeL = [&] {
        for (const lied::systems::FmuVariable& v : lied::systems::fmu_variables(sim, {}, 2))
            if (v.name == "pipe_in.computeL") return v;
        FAIL("no variable pipe_in.computeL");
        return lied::systems::FmuVariable{};
    };
    CHECK(computeL().type == lied::systems::FmuVariable::Type::Boolean);
    CHECK(computeL().start == 1.0);
    sim.set_choice("pipe_in.computeL", "false");
    CHECK(computeL().start == 0.0);
}
