// A system file's inputs and outputs: an input section makes Input components wired to what they drive, outputs name
// values; each rule broken is refused with the file, the line, the path in the file and the rule.
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace lied;
using namespace lied::systems;

namespace {

// A lag driven by the input u; the output y names the lag's state.
const std::string kLag = R"(system: Lag
components:
  lag: {type: FirstOrder, parameters: {T: 0.2}}
inputs:
  u: {unit: W, start: 0.5, min: -1, max: 2, description: heat in, drives: [lag.u]}
outputs:
  y: {value: lag.y, description: the response}
  u_again: u
)";

std::string refusal(const std::string& text) {
    try {
        parse_system_text(text, "f.yaml", ".");
    } catch (const SystemFileError& e) {
        return e.what();
    }
    return "(accepted)";
}

std::string with(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("a file's inputs drive what they name and its outputs read the values they name") {
    LoadedSystem loaded = parse_system_text(kLag, "lag.yaml", ".");
    SimulatorOptions o;
    o.dt = 1e-3;
    Simulator sim(*loaded.root, o);
    REQUIRE(sim.inputs().size() == 1);
    const InputInfo& u = sim.inputs()[0];
    CHECK(u.path == "u");
    CHECK(u.unit == "W");
    CHECK(u.description == "heat in");
    CHECK(*u.start == 0.5);
    CHECK(*u.min == -1.0);
    CHECK(*u.max == 2.0);
    REQUIRE(sim.outputs().size() == 2);
    CHECK(sim.outputs()[0].path == "y");
    CHECK(sim.outputs()[0].description == "the response");
    CHECK(sim.value("u_again") == 0.5);
    sim.simulate(1.0);   // y = 0.5·(1 − e^{−t/T}) at t = 1: RK4 at 1 ms, 1e-9
    CHECK(sim.value("y") == doctest::Approx(0.5 * (1 - std::exp(-5.0))).epsilon(1e-9));
    sim.set_input("u", -1.0);
    sim.simulate(2.0);
    CHECK(sim.value("y") == doctest::Approx(0.5 * (1 - std::exp(-5.0)) * std::exp(-5.0) - (1 - std::exp(-5.0))).epsilon(1e-9));
}

TEST_CASE("a file's inputs and outputs are refused with the line, the path and the rule") {
    CHECK(refusal(with(kLag, "unit: W", "unti: W")) == "f.yaml:5:7: inputs.u.unti: unknown key 'unti' (did you mean 'unit'?)");
    CHECK(refusal(with(kLag, "start: 0.5", "start: 3")) ==
          "f.yaml:5:23: inputs.u.start: the start value lies outside [min, max] (rule: an input starts inside its range)");
    CHECK(refusal(with(kLag, "min: -1, max: 2", "min: 2, max: -1")) == "f.yaml:5:6: inputs.u: min > max (rule: an input's range has min <= max)");
    CHECK(refusal(with(kLag, "  u: {unit", "  lag: {unit")) == "f.yaml:5:3: inputs.lag: 'lag' is a component already (rule: an input's name is new)");
    CHECK(refusal(with(kLag, "drives: [lag.u]", "drives: [lag.y]")).find("inputs.u.drives[0]: lag.y is not a signal input (rule: an input drives signal inputs)") !=
          std::string::npos);
    CHECK(refusal(with(kLag, "drives: [lag.u]", "drives: [lag.u, lag.u]")) ==
          "f.yaml:5:83: inputs.u.drives[1]: lag.u is already connected (inputs.u.drives[0]); an input reads one output");
    CHECK(refusal(with(kLag, "value: lag.y,", "value: lag.yy,")) == "f.yaml:7:14: outputs.y: lag (FirstOrder) has no value 'yy' (did you mean 'y'?)");
    CHECK(refusal(with(kLag, "value: lag.y,", "value: lagg.y,")) ==
          "f.yaml:7:14: outputs.y: 'lagg.y' is no value of a component (expected 'component.variable' (did you mean 'lag'?))");
    CHECK(refusal(with(kLag, "  y: {value", "  lag: {value")) == "f.yaml:7:3: outputs.lag: 'lag' is a component or input already (rule: an output's name is new)");
    CHECK(refusal(with(kLag, "{value: lag.y, description: the response}", "{value: lag.y, unit: K}")) ==
          "f.yaml:7:21: outputs.y.unit: unknown key 'unit' (allowed: value, description)");
}
