// System files: the same trajectories as the C++ classes, subsystems, run settings, and the corpus of bad files.
#include "core/model/build_error.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "systems/cli/cli.h"
#include "systems/examples/com_vessels.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace lied;
using namespace lied::systems;
namespace fs = std::filesystem;

namespace {
const fs::path kFiles = fs::path(LIED_SOURCE_DIR) / "systems" / "examples" / "files";
const fs::path kBadFiles = fs::path(LIED_SOURCE_DIR) / "tests" / "systems" / "io" / "bad_files";

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Runs both to t_end with dopri5 and returns the largest difference of the named values at 1 s intervals.
double largest_difference(Component& a, Component& b, const std::vector<std::pair<std::string, std::string>>& names, double t_end) {
    SimulatorOptions o;
    o.solver = "dopri5";
    o.tolerances = {1e-10, 1e-10};
    Simulator sa(a, o), sb(b, o);
    double worst = 0;
    for (double t = 1; t <= t_end; t += 1) {
        sa.simulate(t);
        sb.simulate(t);
        for (auto& [na, nb] : names) worst = std::max(worst, std::abs(sa.value(na) - sb.value(nb)));
    }
    return worst;
}
}  // namespace

TEST_CASE("the vessels file and the C++ class give the same trajectory") {
    const std::vector<std::pair<std::string, std::string>> same{{"t1.level", "t1.level"}, {"t2.level", "t2.level"}, {"t3.level", "t3.level"},
                                                                {"p1.m_flow", "p1.m_flow"}, {"p2.m_flow", "p2.m_flow"}, {"p3.m_flow", "p3.m_flow"}};
    for (const char* file : {"com_vessels.yaml", "com_vessels.json"}) {
        ComVessels cpp;
        LoadedSystem loaded = load_system_file((kFiles / file).string());
        CHECK(loaded.name == "ComVessels");
        // Same components in the same order: the same arithmetic, so the same numbers.
        CHECK(largest_difference(cpp, *loaded.root, same, 20) == 0.0);
    }
}

TEST_CASE("the file's run settings match the built-in system's defaults") {
    const LoadedSystem loaded = load_system_file((kFiles / "com_vessels.yaml").string());
    const RunSettings& builtin = SystemRegistry::instance().find("ComVessels")->defaults;
    CHECK(loaded.settings.t_end == builtin.t_end);
    CHECK(loaded.settings.dt == builtin.dt);
    CHECK(loaded.settings.solver == builtin.solver);
    CHECK(loaded.settings.interval == builtin.interval);
    CHECK(loaded.settings.recorded == builtin.recorded);
}

TEST_CASE("subsystems: branches from valve_tank.yaml behave like the flat system") {
    ComVessels cpp;
    LoadedSystem loaded = load_system_file((kFiles / "com_vessels_subsystems.yaml").string());
    CHECK(loaded.settings.recorded.at(1) == "b2.tank.level");
    // Component order differs (the splitter comes before the tanks), so L is assembled in another order:
    // the trajectories agree to rounding, far below the solver tolerance.
    const double worst = largest_difference(cpp, *loaded.root,
                                            {{"t1.level", "t1.level"}, {"t2.level", "b2.tank.level"}, {"t3.level", "b3.tank.level"},
                                             {"p2.m_flow", "b2.valve.m_flow"}, {"p3.m_flow", "b3.valve.m_flow"}},
                                            20);
    CHECK(worst < 1e-9);
}

TEST_CASE("exposed parameters of a subsystem are set from the file and by name") {
    const std::string text = read(kFiles / "com_vessels_subsystems.yaml");
    std::string tighter = text;
    const std::string from = "b2: {file: valve_tank.yaml, parameters: {dp_ref: 1000}}";
    REQUIRE(tighter.find(from) != std::string::npos);
    tighter.replace(tighter.find(from), from.size(), "b2: {file: valve_tank.yaml, parameters: {dp_ref: 4000}}");
    LoadedSystem loaded = parse_system_text(tighter, "tighter.yaml", kFiles.string());
    Simulator sim(*loaded.root);
    CHECK(sim.parameter("b2.valve.dp_ref") == 4000);
    CHECK(sim.parameter("b2.dp_ref") == 4000);   // the alias
    sim.set_parameter("b3.A", 2.0);                // through the alias, into b3.tank.A
    CHECK(sim.parameter("b3.tank.A") == 2.0);
    sim.simulate(10.0);
    CHECK(sim.value("b2.valve.m_flow") < sim.value("b3.valve.m_flow"));
}

TEST_CASE("every example system file loads and builds") {
    int count = 0;
    for (const auto& entry : fs::directory_iterator(kFiles)) {
        const std::string name = entry.path().filename().string();
        if (!is_system_file_name(name) || name == "valve_tank.yaml") continue;   // valve_tank is a part, not a system
        INFO(name);
        LoadedSystem loaded = load_system_file(entry.path().string());
        Simulator sim(*loaded.root);
        // A component whose vector or matrix an action sets may have new values after it (a state space's third state).
        std::vector<std::string> reshaped;
        for (auto& [at, change] : loaded.actions)
            for (auto& set : change.set_array_names()) reshaped.push_back(set.substr(0, set.rfind('.') + 1));
        for (auto& [at, change] : loaded.actions) sim.schedule(at, std::move(change));
        const auto later = sim.scheduled_value_names();   // what the file's actions bring
        auto reshaped_later = [&](const std::string& r) {
            return std::any_of(reshaped.begin(), reshaped.end(), [&](const std::string& prefix) { return r.compare(0, prefix.size(), prefix) == 0; });
        };
        for (auto& r : loaded.settings.recorded)
            CHECK((sim.find_value(r) != nullptr || std::find(later.begin(), later.end(), r) != later.end() || reshaped_later(r)));
        ++count;
    }
    CHECK(count >= 3);
}

TEST_CASE("lied run and info accept system files with the same options") {
    std::ostringstream out, err;
    const std::string file = (kFiles / "com_vessels.yaml").string();
    CHECK(run_cli({"run", file, "--t-end", "2", "--set", "p2.dp_ref=3000", "--solver", "dopri5"}, out, err) == 0);
    CHECK(out.str().find("ComVessels at t = 2 s (dopri5)") == 0);
    std::ostringstream info;
    CHECK(run_cli({"info", (kFiles / "com_vessels_subsystems.yaml").string()}, info, err) == 0);
    CHECK(info.str().find("b2.valve") != std::string::npos);
    std::ostringstream bad_out, bad_err;
    CHECK(run_cli({"run", (kBadFiles / "unknown_type.yaml").string()}, bad_out, bad_err) == 2);
    CHECK(bad_err.str().find("unknown_type.yaml:3:14: components.p1.type: unknown component type 'PresureDrop'") != std::string::npos);
    std::ostringstream missing_err;
    CHECK(run_cli({"run", "no/such/file.yaml"}, bad_out, missing_err) == 2);
    CHECK(missing_err.str() == "lied: error: no/such/file.yaml: cannot read 'no/such/file.yaml': No such file or directory\n");
}

// Each file in tests/systems/io/bad_files starts with the message it must produce:
//   "# expect: <message>"         the loader rejects it with exactly this message
//   "# expect-prefix: <message>"  ... with a message that starts like this (it contains a machine path)
//   "# expect-build: <message>"   it loads, and building the simulator fails with a message starting like this
TEST_CASE("the corpus of bad files: each is rejected with its message") {
    int count = 0;
    for (const auto& entry : fs::directory_iterator(kBadFiles)) {
        const std::string name = entry.path().filename().string();
        const std::string text = read(entry.path());
        const std::string first_line = text.substr(0, text.find('\n'));
        INFO(name);
        ++count;
        auto after = [&](const std::string& tag) { return first_line.rfind(tag, 0) == 0 ? first_line.substr(tag.size()) : std::string(); };
        std::string message;
        try {
            LoadedSystem loaded = parse_system_text(text, name, kBadFiles.string());
            const std::string expected = after("# expect-build: ");
            REQUIRE_MESSAGE(!expected.empty(), "loaded without error: " << name);
            try {
                Simulator sim(*loaded.root);
                FAIL("built without error");
            } catch (const BuildError& e) {
                CHECK(std::string(e.what()).rfind(expected, 0) == 0);
                INFO(e.what());
            }
            continue;
        } catch (const SystemFileError& e) {
            message = e.what();
        }
        if (const std::string exact = after("# expect: "); !exact.empty()) CHECK(message == exact);
        else if (const std::string prefix = after("# expect-prefix: "); !prefix.empty()) CHECK(message.rfind(prefix, 0) == 0);
        else FAIL("rejected, but the file names no expected message: " << message);
    }
    CHECK(count >= 25);
}

TEST_CASE("a parameter that changes a component's structure is seen by the connections and records after it") {
    // The loader keeps one description per component; useHeatport: true adds the heat port and the variable
    // Q_flow, so the description must be renewed once the parameters are set.
    const std::string text = R"(system: HeatedVolume
components:
  feed: {type: Source, parameters: {medium: SimpleAir, p0_par: 1.02e5, T0_par: 300}}
  vol: {type: Volume, parameters: {useHeatport: true, V_par: 0.01}}
  drop: {type: PressureDrop, parameters: {medium: SimpleAir}}
  out: {type: Sink, parameters: {medium: SimpleAir, p0_par: 1.0e5}}
  wall: {type: FixedTemperature, parameters: {T: 400}}
connections:
  - [feed.outlet, vol.inlet]
  - [vol.outlet, drop.inlet]
  - [drop.outlet, out.inlet]
  - [wall.port, vol.heatPort]
run:
  t_end: 1
  record: [vol.Q_flow, vol.T]
)";
    const auto loaded = systems::parse_system_text(text, "heated.yaml", ".");
    CHECK(loaded.settings.recorded == std::vector<std::string>{"vol.Q_flow", "vol.T"});
    Simulator sim(*loaded.root);   // builds: the heat port is connected
    CHECK(sim.value("vol.Q_flow") > 0.0);   // the 400 K wall heats the air (started at its default temperature)
}

TEST_CASE("lied info lists a file's actions and lied run prints its segments") {
    const std::string file = (kFiles / "two_stage_rocket.yaml").string();
    std::ostringstream out, err;
    REQUIRE(systems::run_cli({"info", file}, out, err) == 0);
    CHECK(out.str().find("at t = 5 s: release: the stages separate") != std::string::npos);
    CHECK(out.str().find("at t = 10 s: the spent stage 1 is removed") != std::string::npos);
    std::ostringstream segments, segments_err;
    REQUIRE(systems::run_cli({"info", file, "--segments"}, segments, segments_err) == 0);
    CHECK(segments.str().find("from t = 5 s: release: the stages separate\n  removed: engine1 gravity_stages stages thrust_engine1 weight_stages\n") !=
          std::string::npos);
    CHECK(segments.str().find("  8 components, 4 states, 2 tearing variables\n  states: stage1.s stage1.w stage2.s stage2.w\n") != std::string::npos);
    std::ostringstream run_out, run_err;
    REQUIRE(systems::run_cli({"run", file, "--t-end", "12"}, run_out, run_err) == 0);
    // The segment table says how the states got their values: the stages' from the action's `initial`.
    CHECK(run_out.str().find("from t = 5 s: release: the stages separate (4 states; 0 carried by name, 4 set by the change or a take-over "
                             "(stage1.s, stage1.w, stage2.s, stage2.w))") != std::string::npos);
    CHECK(run_out.str().find("stages.s  (not in the final structure)") != std::string::npos);
}

namespace {
struct DefaultsFolder {
    fs::path dir = fs::temp_directory_path() / ("lied_defaults_" + std::to_string(::getpid()));
    DefaultsFolder() { fs::create_directories(dir); }
    ~DefaultsFolder() { fs::remove_all(dir); }
    void write(const std::string& name, const std::string& text) const { std::ofstream(dir / name) << text; }
    std::string error_of(const std::string& name) const {
        try {
            load_system_file((dir / name).string());
        } catch (const SystemFileError& e) {
            return e.what();
        }
        return "(no error)";
    }
};
}  // namespace

TEST_CASE("defaults: set once for a file, inherited by its subsystems, overridden where a component or subsystem says so") {
    DefaultsFolder folder;
    folder.write("branch.yaml", "system: Branch\n"
                                "defaults: {dp_ref: 2000, p_min: 7}\n"
                                "components:\n"
                                "  valve: {type: PressureDrop}\n"
                                "  tank: {type: InTank}\n"
                                "connections: [[valve.outlet, tank.inlet]]\n"
                                "expose: {plugs: {inlet: valve.inlet}}\n");
    folder.write("top.yaml", "system: Top\n"
                             "defaults: {medium: ConstantPropertyLiquidWater, L: 50, dp_ref: 3000, p_min: 3}\n"
                             "components:\n"
                             "  t1: {type: OutTank}\n"
                             "  p1: {type: PressureDrop, parameters: {L: 10}}\n"
                             "  b2: {file: branch.yaml}\n"
                             "  elevation: {type: StepSource}\n"
                             "connections: [[t1.outlet, p1.inlet], [p1.outlet, b2.inlet], [elevation.y, t1.elevation]]\n"
                             "actions:\n"
                             "  - {at: 1, replace: {p1: {type: PressureDrop}}, add: {commons: {type: DropOfCommons}, b2.commons: {type: DropOfCommons}}}\n");
    LoadedSystem loaded = load_system_file((folder.dir / "top.yaml").string());
    Simulator sim(*loaded.root);
    // The medium reaches every fluid component, in the file and in its subsystem; a component without a medium
    // (the step source) is left alone.
    for (const char* name : {"t1.medium", "p1.medium", "b2.valve.medium", "b2.tank.medium"}) CHECK(sim.choice(name) == "ConstantPropertyLiquidWater");
    CHECK(sim.parameter("p1.L") == 10.0);            // its own value wins
    CHECK(sim.parameter("p1.dp_ref") == 3000.0);     // the file's default
    CHECK(sim.parameter("b2.valve.L") == 50.0);      // inherited by the subsystem
    CHECK(sim.parameter("b2.valve.dp_ref") == 2000.0);   // the subsystem's own default wins over the inherited one
    // A component an action brings takes the defaults too.
    for (auto& [t, change] : loaded.actions) sim.schedule(t, std::move(change));
    sim.simulate(2.0);
    CHECK(sim.parameter("p1.L") == 50.0);
    CHECK(sim.choice("p1.medium") == "ConstantPropertyLiquidWater");
    // Added inside the subsystem, a component takes the defaults in force there; added at the top, the file's.
    CHECK(sim.parameter("b2.commons.p_min") == 7.0);
    CHECK(sim.parameter("commons.p_min") == 3.0);
    CHECK(sim.parameter("b2.valve.p_min") == 7.0);
}

TEST_CASE("defaults: a value no component can take, or a name no component has, is refused at its line") {
    DefaultsFolder folder;
    const std::string body = "components:\n  t1: {type: OutTank}\n  p1: {type: PressureDrop}\n  t2: {type: InTank}\n"
                             "connections: [[t1.outlet, p1.inlet], [p1.outlet, t2.inlet]]\n";
    folder.write("medium.yaml", "defaults: {medium: Glycl47}\n" + body);
    const std::string medium = folder.error_of("medium.yaml");
    CHECK(medium.find("medium.yaml:1:20: defaults.medium (for t1): 'Glycl47' is not one of t1.medium's options") != std::string::npos);
    CHECK(medium.find("did you mean 'Glycol47'") != std::string::npos);
    folder.write("name.yaml", "defaults:\n  dp_reff: 2000\n" + body);
    CHECK(folder.error_of("name.yaml").find("name.yaml:2:3: defaults.dp_reff: no component of this file or of its subsystem files has a parameter or choice "
                                            "'dp_reff'") != std::string::npos);
    folder.write("range.yaml", "defaults: {dp_ref: -5}\n" + body);
    const std::string range = folder.error_of("range.yaml");
    CHECK(range.find("range.yaml:1:20: defaults.dp_ref (for p1): -5") != std::string::npos);
    folder.write("list.yaml", "defaults: {dp_ref: [1, 2]}\n" + body);
    CHECK(folder.error_of("list.yaml").find("defaults.dp_ref: expected a number or an option's name") != std::string::npos);
}

TEST_CASE("a subsystem file exposes a vector or matrix parameter whole: set by the including file, by --set names, and reshaped") {
    DefaultsFolder folder;
    folder.write("lag.yaml", "system: Lag\n"
                             "components:\n"
                             "  lti: {type: StateSpace, parameters: {A: [[-1]], B: [], x_start: [1]}}\n"
                             "expose: {parameters: {A: lti.A, x_start: lti.x_start}}\n");
    folder.write("top.yaml", "system: Top\n"
                             "components:\n"
                             "  plant: {file: lag.yaml, parameters: {A: [[-1, 0], [0, -2]], x_start: [1, 2]}}\n"
                             "run: {solver: rk4, dt: 0.001}\n");
    LoadedSystem loaded = load_system_file((folder.dir / "top.yaml").string());
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 1e-3;
    Simulator sim(*loaded.root, o);
    // The alias and the subsystem's own name are one array, element by element too.
    CHECK(sim.array_parameter("plant.A") == ArrayParameter::matrix({{-1, 0}, {0, -2}}));
    CHECK(sim.array_parameter("plant.lti.A") == ArrayParameter::matrix({{-1, 0}, {0, -2}}));
    CHECK(sim.parameter("plant.A[2,2]") == -2.0);
    sim.simulate(1.0);
    // rk4 at 1 ms: far below 1e-10 relative.
    CHECK(sim.value("plant.lti.x[1]") == doctest::Approx(std::exp(-1.0)).epsilon(1e-10));
    CHECK(sim.value("plant.lti.x[2]") == doctest::Approx(2 * std::exp(-2.0)).epsilon(1e-10));
    // Through the alias, a new shape rebuilds with one state; the first goes on from where it is.
    sim.set_parameters({{"plant.A", ArrayParameter::matrix({{-3}})}, {"plant.x_start", ArrayParameter::vector({5})}});
    CHECK(sim.states().size() == 1);
    CHECK(sim.value("plant.lti.x[1]") == doctest::Approx(std::exp(-1.0)).epsilon(1e-10));
    CHECK(sim.array_parameter("plant.lti.A") == ArrayParameter::matrix({{-3}}));

    // The wrong rank is named at its line; an element cannot be exposed alone (a new shape would leave it dangling).
    folder.write("rank.yaml", "components:\n  plant: {file: lag.yaml, parameters: {A: [-1, 0]}}\n");
    CHECK(folder.error_of("rank.yaml").find("components.plant.parameters.A: expects a matrix") != std::string::npos);
    folder.write("element.yaml", "system: Element\ncomponents:\n  lti: {type: StateSpace, parameters: {A: [[-1]], B: []}}\n"
                                 "expose: {parameters: {a11: \"lti.A[1,1]\"}}\n");
    CHECK(folder.error_of("element.yaml").find("lti.A[1,1] is an element of the array lti.A (rule: a subsystem exposes a vector or matrix whole") !=
          std::string::npos);
}
