// Runs that used to end with exit 0 on physically wrong results, each now stopped with a message that names the real
// cause, and parameters that used to be ignored, now applied. Criterion of each case in its comment.
#include "core/simulation/simulator.h"
#include "support/cli_runner.h"
#include "systems/examples/boiling_pipe.h"
#include "systems/examples/cooling_loop.h"
#include "systems/examples/drive_train.h"
#include "systems/examples/heated_rod.h"

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>
#include <vector>

using namespace lied;
using lied::testing::run_lied;

namespace {
const std::string kPrefix = "lied: simulation failed: the fixed step of ";

// `lied run` of a case that must stop: exit 1 and the monitor's message about `solver`, naming `state` first.
void check_step_too_large(const std::vector<std::string>& args, const std::string& solver, const std::string& state) {
    lied::testing::TempFolder folder;
    std::vector<std::string> all{"run"};
    all.insert(all.end(), args.begin(), args.end());
    all.insert(all.end(), {"--out", folder / "out.csv", "--balance-check", "off"});   // the monitor's message (the books: below)
    const auto r = run_lied(all);
    INFO(r.err);
    CHECK(r.code == 1);
    CHECK(r.err.find(kPrefix + solver + " is too large for this model: state " + state + ": local error about ") == 0);
    CHECK(r.err.find("steps later the solution with half the step still differs by") != std::string::npos);
    CHECK(r.err.find("try a step of ") != std::string::npos);
}

// Two masses on a spring pushed with 50 N against a stiff end stop (1e7 N/m): at rest the stop holds 50 N.
const char* kEndStop = R"(system: EndStop
components:
  wall: {type: Fixed}
  stop: {type: ElastoGap, parameters: {c: 1e7, d: 0, n: 1, s_rel0: 0}}
  m1: {type: Mass, parameters: {m: 1, s_start: 0.01}}
  spring: {type: SpringDamper, parameters: {c: 1e4, d: 50, s_rel0: 0.1}}
  m2: {type: Mass, parameters: {m: 1, s_start: 0.11}}
  push: {type: Force}
  F: {type: Constant, parameters: {k: -50}}
connections:
  - [wall.flange, stop.flange_a]
  - [m1.flange, stop.flange_b]
  - [m1.flange, spring.flange_a]
  - [m2.flange, spring.flange_b]
  - [m2.flange, push.flange]
  - [F.y, push.F]
run: {t_end: 2, solver: cvode-bdf, interval: 0.01, record: [stop.f]}
)";

// A 0.1 kg ball dropped from 1 m onto an undamped contact (1e5 N/m): it rebounds to nearly where it started.
const char* kBall = R"(system: Ball
components:
  defaults: {type: MechanicsDefaults, parameters: {T_D: 1e-5}}
  ground: {type: Fixed}
  contact: {type: ElastoGap, parameters: {c: 1e5, d: 0, n: 1, s_rel0: 0}}
  ball: {type: Mass, parameters: {m: 0.1, s_start: 1}}
  gravity: {type: Force}
  weight: {type: Constant, parameters: {k: -0.981}}
connections:
  - [ground.flange, contact.flange_a]
  - [ball.flange, contact.flange_b]
  - [ball.flange, gravity.flange]
  - [weight.y, gravity.F]
run: {t_end: 0.9, solver: cvode-bdf, interval: 1e-3, record: [ball.s]}
)";

// The last value of a recorded column.
double last_value(const std::string& csv, const std::string& column) {
    std::vector<std::string> lines;
    std::string line;
    for (char c : csv) {
        if (c == '\n') lines.push_back(line), line.clear();
        else line += c;
    }
    auto cells = [](const std::string& l) {
        std::vector<std::string> out(1);
        for (char c : l) {
            if (c == ',') out.emplace_back();
            else out.back().push_back(c);
        }
        return out;
    };
    const auto head = cells(lines.front()), last = cells(lines.back());
    for (std::size_t i = 0; i < head.size(); ++i)
        if (head[i] == column) return std::stod(last[i]);
    FAIL("no column " << column);
    return 0;
}
}  // namespace

TEST_CASE("fixed steps too large for a mechanism stop with the step that would do, whatever the solver") {
    // Each of these ended with exit 0: a claw that never pushed, 1e77 m/s, -6e23 rad/s, a box 3.76 km up, a loop gap of
    // 0.2 m, a pendulum gaining energy, a tyre that skids for ever.
    check_step_too_large({"Clamp", "--solver", "ros2", "--dt", "5e-3"}, "ros2", "rightClaw.w");
    check_step_too_large({"Clamp", "--solver", "euler", "--dt", "1e-2"}, "euler", "rightClaw.w");
    check_step_too_large({"DriveTrain", "--solver", "rk4", "--dt", "5e-2"}, "rk4", "rotor.w");
    check_step_too_large({"SliderCrank", "--solver", "rk4", "--dt", "1e-3"}, "rk4", "crankPin.w");   // not "unstable whatever the step"
    check_step_too_large({"DoublePendulum", "--solver", "ros2", "--dt", "0.5", "--t-end", "100"}, "ros2", "joint1.w");
    check_step_too_large({"LandingGear", "--solver", "ros2", "--dt", "2e-3"}, "ros2", "wheelHub.w");
    // Two the step doubling does not see in time, the mass and energy books do (on by default): the gripper's box,
    // set down at 50 ms steps, is thrown 7 km up (its free flight afterwards is smooth); the slider-crank at 0.1 s
    // steps gains 10¹¹ J within two steps (ros2 stops at 1.3 s on a singular iteration matrix otherwise).
    for (const auto& args : {std::vector<std::string>{"PlanarGripper", "--solver", "ros2", "--dt", "5e-2"},
                             std::vector<std::string>{"SliderCrank", "--solver", "ros2", "--dt", "0.1"}}) {
        lied::testing::TempFolder folder;
        std::vector<std::string> all{"run"};
        all.insert(all.end(), args.begin(), args.end());
        all.insert(all.end(), {"--out", folder / "out.csv"});
        const auto r = run_lied(all);
        INFO(r.err);
        CHECK(r.code == 1);
        CHECK(r.err.find("lied: simulation failed: the energy balance broke at t = ") == 0);
    }
}

TEST_CASE("a stiff end stop and an elastic ball: too large a step stops, a small one holds the physics") {
    lied::testing::TempFolder folder;
    lied::testing::write_file(folder / "end_stop.yaml", kEndStop);
    lied::testing::write_file(folder / "ball.yaml", kBall);
    // rk4 ended with 6.53 N at the wall and ros2 with 0 N instead of 50 N; the ball rebounded above its release height.
    check_step_too_large({folder / "end_stop.yaml", "--solver", "rk4", "--dt", "1e-3"}, "rk4", "m1.w");
    check_step_too_large({folder / "end_stop.yaml", "--solver", "ros2", "--dt", "1e-3"}, "ros2", "m1.w");
    check_step_too_large({folder / "ball.yaml", "--solver", "rk4", "--dt", "2e-3"}, "rk4", "ball.w");
    check_step_too_large({folder / "ball.yaml", "--solver", "ros2", "--dt", "1e-3"}, "ros2", "ball.w");
    // At a step the monitor accepts, the stop holds the 50 N push at rest (hand calculation; 0.1 % for the spring's
    // damped ringing left at 2 s), and the ball is where the closed form puts it at 0.9 s: it falls 1 m in
    // t_f = √(2/g), bounces for (π + 2·atan(δ_eq·ω/v0))/ω (ω = √(c/m), δ_eq = m·g/c, v0 = g·t_f: the half swing about
    // the loaded rest point) and rises to its apex 1 m at 2·t_f plus that; at 0.9 s it is ½·g·(t_apex − 0.9)² below
    // it (0.99981 m). 1e-4 m: rk4's error at 0.2 ms over the three steps of the bounce's onset and end.
    const auto stop = run_lied({"run", folder / "end_stop.yaml", "--solver", "rk4", "--dt", "1e-4", "--out", folder / "stop.csv"});
    INFO(stop.err);
    REQUIRE(stop.code == 0);
    CHECK(std::abs(last_value(lied::testing::read_file(folder / "stop.csv"), "stop.f")) == doctest::Approx(50.0).epsilon(1e-3));
    const auto ball = run_lied({"run", folder / "ball.yaml", "--solver", "rk4", "--dt", "2e-4", "--t-end", "0.9", "--out", folder / "ball.csv"});
    INFO(ball.err);
    REQUIRE(ball.code == 0);
    const double g = 0.981 / 0.1, omega = std::sqrt(1e5 / 0.1), fall = std::sqrt(2.0 / g), v0 = g * fall, rest = 0.1 * g / 1e5;
    const double apex = 2.0 * fall + (std::numbers::pi + 2.0 * std::atan(rest * omega / v0)) / omega;
    const double expected = 1.0 - 0.5 * g * (apex - 0.9) * (apex - 0.9);
    CHECK(last_value(lied::testing::read_file(folder / "ball.csv"), "ball.s") == doctest::Approx(expected).epsilon(1e-4));
}

TEST_CASE("a large local error that a damped mode absorbs is no failure: the cooling loop's start under rk4") {
    // The first step of 0.01 s has a local error 1.7 times the tolerance in the radiator's enthalpy, which decays within
    // a step or two; the run then agrees with CVODE (the example's own solver) to 1e-4 relative at the end.
    systems::CoolingLoop coarse, reference;
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 0.01;
    Simulator fixed(coarse, o);
    fixed.simulate(600.0);
    const RunStatistics st = fixed.statistics();
    CHECK(st.steps_too_large == 0);
    CHECK(st.large_errors_absorbed >= 1);
    SimulatorOptions c;
    c.solver = "cvode-bdf";
    c.tolerances = {1e-8, 1e-8, 0.0};
    Simulator adaptive(reference, c);
    adaptive.simulate(600.0);
    for (const char* name : {"plate.T", "coldPlate.T", "tank.p"}) {
        CAPTURE(name);
        CHECK(fixed.value(name) == doctest::Approx(adaptive.value(name)).epsilon(1e-4));
    }
}

TEST_CASE("a stopped pump lets the cold plate heat past its coolant's range: every solver names the state and the limit") {
    // The input pump_speed at 0: no flow, 2 kW into the cold plate's coolant, which passes Glycol47's 373.15 K near t = 98.5 s.
    // Before, CVODE said "step size too small", the explicit solvers "NaN from finite inputs" with an unstable mode.
    for (const char* solver : {"cvode-bdf", "dopri5", "rk4", "ros2"}) {
        CAPTURE(solver);
        systems::CoolingLoop loop;
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 1e-3;   // the example's own step (ros2 at 10 ms meets an unstable mode of the stopped loop at t = 0.02 s)
        Simulator sim(loop, o);
        sim.set_input("pump_speed", 0.0);
        std::string message;
        try {
            sim.simulate(200.0);
        } catch (const SimulationError& e) {
            message = e.what();
        }
        INFO(message);
        CHECK(message.find("coldPlate.h = ") != std::string::npos);
        CHECK(message.find("is outside its valid range") != std::string::npos);
        CHECK(message.find("(rule: the fluid stays inside its medium's temperatures, T_min to T_max (as enthalpies))") != std::string::npos);
        CHECK(message.find("unstable") == std::string::npos);   // no misleading stability diagnosis
        // The value is printed so that it differs from the bound it passed (six digits would print both as 372300).
        const std::size_t at = message.find("coldPlate.h = ");
        if (at != std::string::npos) {
            const std::size_t from = at + std::string("coldPlate.h = ").size();
            const std::string value = message.substr(from, message.find(' ', from) - from);
            const std::size_t open = message.find('[', from), close = message.find(']', from);
            const std::string range = message.substr(open, close - open + 1);
            CHECK(range.find(value + "]") == std::string::npos);
            CHECK(range.find("[" + value + ",") == std::string::npos);
        }
        CHECK(sim.time() == doctest::Approx(98.5).epsilon(1e-2));
    }
}

TEST_CASE("steam heated past WaterIF97's 1073.15 K is named as a state outside its range at its pressure") {
    // The boiling pipe with 20 times the heating: 400 kW per cell dries the last cell's steam out and heats it past
    // IF97's upper limit near t = 22.7 s. WaterIF97's enthalpy bounds move with pressure, so the cell keeps them at its
    // own pressure (10 bar: about 4.16 MJ/kg). Before, CVODE named a sensor's NaN ("x_out.value = nan from finite
    // inputs"), not the state that left the medium.
    for (const char* solver : {"cvode-bdf", "ros2"}) {
        CAPTURE(solver);
        systems::BoilingPipe pipe;
        pipe.heating.table = {{0.0, 0.0}, {10.0, 0.0}, {70.0, 400e3}};   // the input's table, twenty times higher
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 1e-3;
        Simulator sim(pipe, o);
        std::string message;
        try {
            sim.simulate(60.0);
        } catch (const SimulationError& e) {
            message = e.what();
        }
        INFO(message);
        CHECK(message.find("cell4.h = ") != std::string::npos);
        CHECK(message.find("is outside its valid range") != std::string::npos);
        CHECK(message.find("(rule: the fluid stays inside its medium's temperatures, T_min to T_max (as enthalpies at its pressure and composition))") != std::string::npos);
        CHECK(message.find("unstable") == std::string::npos);
        // The upper bound printed is IF97's enthalpy at 1073.15 K and the cell's pressure (near 10 bar).
        const std::size_t open = message.find('[', message.find("cell4.h = ")), comma = message.find(',', open), close = message.find(']', open);
        REQUIRE(close != std::string::npos);
        const double h_max = std::stod(message.substr(comma + 1, close - comma - 1));
        // The bound is IF97's at the cell's pressure (10 bar), not at 1 bar: steam is nearly ideal there, so the two
        // differ by about a thousandth; the bound must sit much closer to the former.
        const thermofluid::Medium& water = *pipe.cells[3].medium.medium;
        const double h_10bar = water.specific_enthalpy(10e5, 1073.15, nullptr), h_1bar = water.specific_enthalpy(1e5, 1073.15, nullptr);
        INFO("h_max ", h_max, ", at 10 bar ", h_10bar, ", at 1 bar ", h_1bar);
        CHECK(std::abs(h_max - h_10bar) < 0.25 * std::abs(h_1bar - h_10bar));
        CHECK(sim.time() == doctest::Approx(22.7).epsilon(1e-2));   // the time the docs quote
    }
}

TEST_CASE("warn mode counts the steps too large and keeps the result, off looks for none") {
    for (const CheckMode mode : {CheckMode::Warn, CheckMode::Off}) {
        CAPTURE(to_string(mode));
        systems::DriveTrain drive;
        SimulatorOptions o;
        o.dt = 5e-2;
        o.step_monitor.mode = mode;
        o.balance.mode = CheckMode::Off;   // this is about the monitor: the books would stop the run
        Simulator sim(drive, o);
        CHECK_NOTHROW(sim.simulate(0.6));
        const RunStatistics st = sim.statistics();
        CHECK(st.steps_too_large == (mode == CheckMode::Warn ? 1 : 0));
        if (mode == CheckMode::Warn) CHECK(st.step_checks >= 2);   // the first step, the one found too large, and after each kink
        else CHECK(st.step_checks == 0);
    }
    lied::testing::check_refusal({"run", "DriveTrain", "--step-check", "maybe"}, "--step-check: 'maybe' is not a check mode (error, warn or off)");
}

TEST_CASE("parameters read at build take effect by a rebuild, and counts refuse fractions") {
    // --set rod.n=0.5 was accepted, and a four-case sweep over rod.n gave four identical results.
    lied::testing::check_refusal({"run", "HeatedRod", "--set", "rod.n=0.5"},
                                 "rod.n = 0.5 is not a whole number (valid range [1, 100000]) (number of volumes)");
    auto rod = systems::HeatedRod::make();
    Simulator sim(*rod);
    CHECK(sim.model().states.size() == 5);
    sim.set_parameter("rod.n", 12);
    CHECK(sim.model().states.size() == 12);
    CHECK(sim.parameter("rod.n") == 12);
    // A structural change that sets it inside its edits is applied by the change's own rebuild.
    StructuralChange refine("rod.n to 20");
    refine.set_parameter("rod.n", 20);
    sim.apply(refine);
    CHECK(sim.model().states.size() == 20);

    // Start temperatures turned into start energies in metainfo: set by name, they take effect at the next reset.
    systems::CoolingLoop loop;
    Simulator cooling(loop);
    for (const char* name : {"tank.T_start", "coldPlate.T_0", "radiator.TA_start"}) cooling.set_parameter(name, 320.0);
    cooling.reset();
    CHECK(cooling.value("tank.T") == doctest::Approx(320.0).epsilon(1e-9));
    CHECK(cooling.value("coldPlate.T") == doctest::Approx(320.0).epsilon(1e-9));
}

TEST_CASE("no output overwrites a file the run reads: a time table's data, also one that only an action brings") {
    lied::testing::TempFolder folder;
    const std::string data = "time,x\n0,0\n1,1\n";
    lied::testing::write_file(folder / "path.csv", data);
    lied::testing::write_file(folder / "table.yaml", R"(system: Table
components:
  path: {type: TimeTable, parameters: {fileName: path.csv, column: 2}}
  gain: {type: Gain, parameters: {k: 2}}
connections:
  - [path.y, gain.u]
run: {t_end: 1, record: [gain.y]}
)");
    lied::testing::write_file(folder / "later.yaml", R"(system: Later
components:
  c: {type: Constant, parameters: {k: 1}}
actions:
  - at: 0.5
    add:
      path: {type: TimeTable, parameters: {fileName: path.csv, column: 2}}
run: {t_end: 1, record: [c.y]}
)");
    // `sweep --out` overwrote the planar gripper's path, `run --out` a file an action's time table reads.
    lied::testing::check_refusal({"run", folder / "table.yaml", "--out", folder / "path.csv"},
                                 "output '" + folder / "path.csv" + "' is an input file of this run; choose another name");
    lied::testing::check_refusal({"run", folder / "later.yaml", "--out", folder / "path.csv"},
                                 "output '" + folder / "path.csv" + "' is an input file of this run; choose another name");
    lied::testing::check_refusal({"sweep", folder / "table.yaml", "--vary", "gain.k=1:2:2", "--out", folder / "sub/../path.csv"},
                                 "--out '" + folder / "sub/../path.csv" + "' is an input file of this run; choose another name");
    CHECK(lied::testing::read_file(folder / "path.csv") == data);
}

TEST_CASE("control characters from a file reach the terminal escaped: descriptions, system names, type names") {
    lied::testing::TempFolder folder;
    lied::testing::write_file(folder / "loud.yaml", "system: \"Loud\\e]0;owned\\a\"\ndescription: \"clears \\e[2J the screen\"\n"
                                                    "components:\n  c: {type: Constant, description: \"\\x9b31m red\"}\nrun: {t_end: 1}\n");
    const auto info = run_lied({"info", folder / "loud.yaml"});
    INFO(info.err);
    CHECK(info.code == 0);
    CHECK(info.out.find('\x1b') == std::string::npos);
    CHECK(info.out.find('\a') == std::string::npos);
    CHECK(info.out.find("\xc2\x9b") == std::string::npos);
    CHECK(info.out.find("system Loud\\x1b]0;owned\\x07: clears \\x1b[2J the screen") != std::string::npos);
    CHECK(info.out.find("\\xc2\\x9b31m red") != std::string::npos);
    lied::testing::write_file(folder / "bad.yaml", "system: Bad\ncomponents:\n  c: {type: \"\\e[31mConstant\"}\n");
    const auto bad = run_lied({"info", folder / "bad.yaml"});
    CHECK(bad.code == 2);
    CHECK(bad.err.find('\x1b') == std::string::npos);
    CHECK(bad.err.find("\\x1b[31mConstant") != std::string::npos);
}

TEST_CASE("lied list reads only the files' headers: no plugin loads, no data file is opened (a FIFO would block)") {
    lied::testing::TempFolder folder;
    const auto files = folder.path() / "systems" / "examples" / "files";
    std::filesystem::create_directories(files);
    REQUIRE(mkfifo((files / "pipe.csv").c_str(), 0600) == 0);
    lied::testing::write_file(files / "lure.yaml", R"(system: Lure
description: names a plugin and a FIFO
plugins: [./libnot_there.so]
components:
  t: {type: TimeTable, parameters: {fileName: pipe.csv}}
)");
    const auto before = std::filesystem::current_path();
    std::filesystem::current_path(folder.path());
    const auto r = run_lied({"list"});
    std::filesystem::current_path(before);
    INFO(r.err);
    CHECK(r.code == 0);
    CHECK(r.out.find("systems/examples/files/lure.yaml") != std::string::npos);
    CHECK(r.out.find("names a plugin and a FIFO") != std::string::npos);
}

TEST_CASE("a full disk is an output error (exit 3), for CSV and MAT results alike") {
    // /dev/full refuses every write with ENOSPC, as a full disk does; the MAT file used to end with exit 0, truncated.
    lied::testing::TempFolder folder;
    std::filesystem::create_symlink("/dev/full", folder / "full.csv");
    std::filesystem::create_symlink("/dev/full", folder / "full.mat");
    for (const char* name : {"full.csv", "full.mat"}) {
        CAPTURE(name);
        const auto r = run_lied({"run", "ComVessels", "--t-end", "1", "--out", folder / name});
        CHECK(r.code == 3);
        CHECK(r.err.find("lied: error: error while writing '" + folder / name + "'") == 0);
    }
}

TEST_CASE("paths in a system file stay in the top-level file's folder tree unless the command line allows another") {
    lied::testing::TempFolder folder, elsewhere;
    std::filesystem::create_directories(folder.path() / "sub");
    lied::testing::write_file(elsewhere / "path.csv", "time,x\n0,0\n1,1\n");
    lied::testing::write_file(elsewhere / "part.yaml", "system: Part\ncomponents:\n  c: {type: Constant}\n");
    const std::string root = std::filesystem::canonical(folder.path()).string();
    const std::string rule = " is outside the folder of the top-level system file, " + root +
                             " (rule: a system file names only files in its own folder tree; lied --allow-folder DIR allows another)";
    auto write = [&](const std::string& name, const std::string& component) {
        lied::testing::write_file(folder / name, "system: S\ncomponents:\n  x: " + component + "\nrun: {t_end: 1}\n");
        return folder / name;
    };
    // A time table's file given absolute or climbing out with ../ was read, and its contents printed.
    const auto absolute = write("absolute.yaml", "{type: TimeTable, parameters: {fileName: /etc/passwd}}");
    lied::testing::check_refusal({"info", absolute}, absolute + ":3:47: components.x.parameters.fileName: '/etc/passwd'" + rule);
    const auto climbing = write("climbing.yaml", "{type: TimeTable, parameters: {fileName: ../../../../../../etc/passwd}}");
    CHECK(run_lied({"info", climbing}).err.find(rule) != std::string::npos);
    const auto part = write("part.yaml", "{file: " + elsewhere / "part.yaml" + "}");
    CHECK(run_lied({"info", part}).err.find("components.x.file: '" + elsewhere / "part.yaml" + "'" + rule) != std::string::npos);
    const auto plugin = write("plugin.yaml", "{type: Constant}\nplugins: [" + elsewhere / "libp.so" + "]");
    CHECK(run_lied({"info", plugin}).err.find("plugins[0]: '" + elsewhere / "libp.so" + "'" + rule) != std::string::npos);
    // A file inside the tree, also in a subfolder, is fine; another folder once the command line allows it.
    lied::testing::write_file(folder / "sub/path.csv", "time,x\n0,0\n1,1\n");
    CHECK(run_lied({"info", write("inside.yaml", "{type: TimeTable, parameters: {fileName: sub/path.csv}}")}).code == 0);
    const auto table = write("table.yaml", "{type: TimeTable, parameters: {fileName: " + elsewhere / "path.csv" + "}}");
    CHECK(run_lied({"info", table}).code == 2);
    const auto allowed = run_lied({"--allow-folder", elsewhere.path().string(), "info", table});
    INFO(allowed.err);
    CHECK(allowed.code == 0);
    CHECK(run_lied({"info", table}).code == 2);   // the allowance was for that command only
}

TEST_CASE("a plugin that a subsystem file in another folder names loads only when that folder is allowed") {
    lied::testing::TempFolder folder;
    std::filesystem::create_directories(folder / "parts");
    lied::testing::write_file(folder / "parts/part.yaml", "system: Part\nplugins: [libnot_there.so]\ncomponents:\n  c: {type: Constant}\n");
    lied::testing::write_file(folder / "top.yaml", "system: Top\ncomponents:\n  part: {file: parts/part.yaml}\n");
    const std::string parts = std::filesystem::weakly_canonical(folder / "parts").string();
    const auto refused = run_lied({"info", folder / "top.yaml"});
    INFO(refused.err);
    CHECK(refused.code == 2);
    CHECK(refused.err.find("plugins[0]: the subsystem file names the plugin '" + parts + "/libnot_there.so' from " + parts +
                           ", another folder than the file that is run (rule: a plugin named by a subsystem file in another folder "
                           "loads only when that folder is allowed: lied --allow-folder " + parts + ")") != std::string::npos);
    // Allowed, the plugin is looked for (and here not found): the refusal was the folder's.
    const auto allowed = run_lied({"--allow-folder", parts, "info", folder / "top.yaml"});
    INFO(allowed.err);
    CHECK(allowed.code == 2);
    CHECK(allowed.err.find("another folder than the file that is run") == std::string::npos);
    CHECK(allowed.err.find("libnot_there.so") != std::string::npos);
}
