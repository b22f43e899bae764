// The `lied` command line: bad input gets a clear message and a non-zero exit; good input writes results.
#include "systems/cli/cli.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using lied::systems::run_cli;

namespace {
struct Result {
    int code;
    std::string out, err;
};
Result lied_cli(std::vector<std::string> args) {
    std::ostringstream out, err;
    const int code = run_cli(args, out, err);
    return {code, out.str(), err.str()};
}
}  // namespace

TEST_CASE("list and info") {
    auto r = lied_cli({"list"});
    CHECK(r.code == 0);
    CHECK(r.out.find("BoilingPipe") == 0);   // alphabetical
    CHECK(r.out.find("\nComVessels ") != std::string::npos);
    r = lied_cli({"info", "ComVessels"});
    CHECK(r.code == 0);
    CHECK(r.out.find("blocks in schedule order (25;") != std::string::npos);
    CHECK(r.out.find("t1.der_m_flow        -> residual t1.residual") != std::string::npos);
    CHECK(r.out.find("linear system L·z = g: 2x2, 4 nonzeros, dense LU, policy: factor once per structure/parameter change") != std::string::npos);
    CHECK(r.out.find("         200        -100") != std::string::npos);
    CHECK(r.out.find("Jacobian ∂ẋ/∂x: 5x5, 17 structural nonzeros, 5 evaluations per Jacobian") != std::string::npos);
    CHECK(r.out.find("  elevation.step        time event at t = 1 s\n") != std::string::npos);
    // The step advice: the slider-crank's closure mode (about 2.8e3 rad/s) wants rk4 steps of about 0.2 ms.
    r = lied_cli({"info", "SliderCrank"});
    CHECK(r.code == 0);
    CHECK(r.out.find("fastest mode: eigenvalue -408 ± 2.83e+03i 1/s (period 0.00222 s)") != std::string::npos);
    CHECK(r.out.find("rk4: accurate with steps up to about 0.00022 s (ten per period or time constant), stable up to 0.00104 s") != std::string::npos);
    // A file whose pump never turns: lied info lists the advice, lied run runs (and warns: the pump's test reads it).
    const std::string idle = (std::filesystem::temp_directory_path() / "lied_idle_pump.yaml").string();
    {
        std::ofstream f(idle);
        f << "system: IdlePump\ncomponents:\n  source: {type: Source}\n  pump: {type: Pump}\n  sink: {type: Sink}\n"
             "connections:\n  - [source.outlet, pump.inlet]\n  - [pump.outlet, sink.inlet]\nrun: {t_end: 0.1}\n";
    }
    r = lied_cli({"info", idle});
    CHECK(r.code == 0);
    CHECK(r.out.find("advice (1):\n  pump: omega_par = 0 rad/s and omega_input unconnected: it never turns (a machine at standstill") != std::string::npos);
    r = lied_cli({"run", idle, "--out", idle + ".csv"});
    CHECK(r.code == 0);
    std::filesystem::remove(idle);
    std::filesystem::remove(idle + ".csv");
    // The drive train's inertias are free in their backlash at the start: no mode has a rate, and the advice says so.
    r = lied_cli({"info", "DriveTrain"});
    CHECK(r.code == 0);
    CHECK(r.out.find("  not analysed: no mode has a rate at the start: every eigenvalue of ∂ẋ/∂x is 0 there (free inertias, a contact still open)\n") !=
          std::string::npos);
}

TEST_CASE("list --components and describe") {
    auto r = lied_cli({"list", "--components"});
    CHECK(r.code == 0);
    for (const char* type : {"InTank", "OutTank", "PressureDrop", "Splitter", "StepSource"}) CHECK(r.out.find(type) != std::string::npos);
    r = lied_cli({"describe", "PressureDrop"});
    CHECK(r.code == 0);
    CHECK(r.out.find("PressureDrop: quadratic pressure drop with inertance") == 0);
    CHECK(r.out.find("  v_ref   0.01  m3/s  (0, inf)  reference volume flow") != std::string::npos);
    CHECK(r.out.find("  inlet   thermofluid inlet   state (in, fluid state), m_flow (in, real), der_m_flow (in, real), r (out, real)") !=
          std::string::npos);
    r = lied_cli({"describe", "OutTank"});
    CHECK(r.out.find("  elevation   in, optional, real") != std::string::npos);
    CHECK(r.out.find("  level   1  m") != std::string::npos);
    // Columns stay apart however wide a value is (a default of 0.00166667 m3/s once ran into its unit).
    r = lied_cli({"describe", "Pump"});
    CHECK(r.out.find("  V_flow_D      0.00166667  m3/s") != std::string::npos);
    // The reference's form: Markdown tables, '|' in a cell escaped.
    r = lied_cli({"describe", "PressureDrop", "--markdown"});
    CHECK(r.code == 0);
    CHECK(r.out.find("| parameter | default | unit | valid range | meaning |\n|---|---|---|---|---|\n| v_ref | 0.01 | m3/s | (0, inf) | reference volume flow |") !=
          std::string::npos);
    r = lied_cli({"describe", "PresureDrop"});
    CHECK(r.code == 2);
    CHECK(r.err == "lied: error: unknown component type 'PresureDrop' (did you mean 'PressureDrop'?); `lied list --components` lists them\n");
}

TEST_CASE("bad input: clear errors and exit code 2") {
    auto check = [](std::vector<std::string> args, const std::string& message) {
        const auto r = lied_cli(args);
        INFO(r.err);
        CHECK(r.code == 2);
        CHECK(r.err == "lied: error: " + message + "\n");
    };
    check({"run", "ComVesels"}, "unknown system 'ComVesels' (did you mean 'ComVessels'?); `lied list` shows them");
    check({"info", "Nope"}, "unknown system 'Nope'; `lied list` shows them");
    check({"run", "ComVessels", "--set", "p1.dp_rf=3"}, "unknown parameter 'p1.dp_rf' (did you mean 'p1.dp_ref'?)");
    check({"run", "ComVessels", "--set", "p1.v_ref=-1"}, "p1.v_ref = -1 is out of range (0, inf) [m3/s] (reference volume flow)");
    check({"run", "ComVessels", "--set", "p1.v_ref"}, "--set expects NAME=VALUE, got 'p1.v_ref'");
    check({"run", "ComVessels", "--set", "p1.v_ref=0.01x"}, "--set p1.v_ref expects a number, got '0.01x'");
    check({"run", "ComVessels", "--solver", "rk5"}, "unknown solver 'rk5' (known solvers: euler, rk4, dopri5, linearly-implicit-euler, ros2, cvode-bdf, cvode-adams)");
    check({"run", "ComVessels", "--t-end", "abc"}, "--t-end expects a number, got 'abc'");
    check({"run", "ComVessels", "--t-end", "-1"}, "--t-end must be > 0");
    check({"run", "ComVessels", "--dt"}, "--dt needs a value");
    check({"run", "ComVessels", "--record", "t1.levle"}, "cannot record unknown variable 't1.levle' (did you mean 't1.level'?)");
    check({"run", "ComVessels", "--frobnicate"}, "unknown option '--frobnicate' (lied run --help lists the options)");
    check({"run", "ComVessels", "--dt", "1e-12"}, "--t-end 60 with --dt 1e-12 takes 6e+13 steps (at most 1e9); raise --dt or use an adaptive solver (dopri5, cvode-bdf)");
    check({"run", "ComVessels", "--interval", "1e-9"}, "--t-end 60 with --interval 1e-09 records 6e+10 samples (at most 1e7); raise --interval");
    check({"runn"}, "unknown command 'runn' (did you mean 'run'?)");
}

TEST_CASE("run writes CSV with the six named variables and a PNG plot") {
    const auto dir = std::filesystem::temp_directory_path() / "lied_cli_test";
    std::filesystem::create_directories(dir);
    const auto csv = (dir / "v.csv").string(), png = (dir / "v.png").string();
    const auto r = lied_cli({"run", "ComVessels", "--t-end", "2", "--interval", "0.5", "--set", "t2.h0=1.5", "--out", csv, "--plot", png});
    INFO(r.err);
    REQUIRE(r.code == 0);
    std::ifstream f(csv);
    std::string header, line;
    std::getline(f, header);
    CHECK(header == "time,t1.level,t2.level,t3.level,p1.m_flow,p2.m_flow,p3.m_flow");
    std::getline(f, line);
    CHECK(line == "0,1,1.5,1,0,0,0");   // --set applied to the start value
    int rows = 1;
    while (std::getline(f, line)) ++rows;
    CHECK(rows == 5);
    std::ifstream p(png, std::ios::binary);
    char magic[4] = {};
    p.read(magic, 4);
    CHECK(std::string(magic + 1, 3) == "PNG");
    std::filesystem::remove_all(dir);
}

TEST_CASE("command-line numbers are finite — tolerances belong to dopri5 — states point to their start parameter") {
    auto check = [](std::vector<std::string> args, const std::string& message) {
        const auto r = lied_cli(args);
        CHECK(r.code == 2);
        CHECK(r.err == "lied: error: " + message + "\n");
    };
    for (const char* option : {"--dt", "--interval", "--rtol", "--atol", "--t-end"})
        for (const char* value : {"inf", "nan", "-inf"})
            check({"run", "ComVessels", "--solver", "dopri5", option, value}, std::string(option) + " expects a finite number, got '" + value + "'");
    check({"run", "ComVessels", "--rtol", "1e-3"}, "--rtol, --atol and --max-step set the error control of the adaptive solvers; rk4 is a fixed-step solver whose accuracy is set by --dt");
    check({"run", "ComVessels", "--set", "t1.level=5"}, "'t1.level' is a state, not a parameter; its start value is the parameter 't1.h0'");
}

TEST_CASE("stiff and adaptive solvers, steady-state start and their option errors") {
    auto r = lied_cli({"run", "ComVessels", "--t-end", "5", "--solver", "cvode-bdf", "--rtol", "1e-8", "--atol", "1e-8", "--max-step", "0.5"});
    CHECK(r.code == 0);
    CHECK(r.out.rfind("ComVessels at t = 5 s (cvode-bdf):\n", 0) == 0);
    r = lied_cli({"run", "ComVessels", "--t-end", "2", "--solver", "ros2", "--jacobian-every", "5"});
    CHECK(r.code == 0);
    // Levels 2, 1, 0.5 m: the steady state holds 3.5/3 m in each tank, and the run stays there until the step at 1 s.
    r = lied_cli({"run", "ComVessels", "--t-end", "0.5", "--set", "t1.h0=2", "--set", "t3.h0=0.5", "--steady-state"});
    CHECK(r.code == 0);
    CHECK(r.out.find("\n  t2.level   1.16667 m\n") != std::string::npos);
    auto check = [](std::vector<std::string> args, const std::string& message) {
        const auto bad = lied_cli(args);
        CHECK(bad.code == 2);
        CHECK(bad.err == "lied: error: " + message + "\n");
    };
    check({"run", "ComVessels", "--jacobian-every", "0"}, "--jacobian-every expects a whole number of steps from 1 to 1000000");
    check({"run", "ComVessels", "--steady", "t1.levle"}, "steady state: 't1.levle' is not a state (did you mean 't1.level'?)");
    check({"run", "ComVessels", "--max-step", "0.1"}, "--rtol, --atol and --max-step set the error control of the adaptive solvers; rk4 is a fixed-step solver whose accuracy is set by --dt");
}

TEST_CASE("help for each command, a version, and logs on stderr only") {
    auto r = lied_cli({"run", "--help"});
    CHECK(r.code == 0);
    CHECK(r.out.find("Usage: lied run [OPTIONS] system") != std::string::npos);
    CHECK(r.out.find("--t-end T") != std::string::npos);
    CHECK(r.out.find("exit codes: 0 done, 1 the simulation failed") != std::string::npos);
    CHECK(r.out.find("--segments") == std::string::npos);   // each subcommand its own options
    r = lied_cli({"info", "--help"});
    CHECK(r.out.find("Usage: lied info [OPTIONS] system") != std::string::npos);
    CHECK(r.out.find("--segments") != std::string::npos);
    CHECK(r.out.find("--t-end") == std::string::npos);
    r = lied_cli({"--help"});
    CHECK(r.code == 0);
    for (const char* command : {"list", "describe", "info", "run", "plot", "sweep"}) CHECK(r.out.find(std::string("\n  ") + command + " ") != std::string::npos);
    r = lied_cli({});
    CHECK(r.code == 2);   // nothing asked: the help, on stderr
    CHECK(r.err.find("Subcommands:") != std::string::npos);
    r = lied_cli({"--version"});
    CHECK(r.code == 0);
    CHECK(r.out == std::string("lied ") + LIED_VERSION + "\n");
    // --verbose logs go to the process's stderr; stdout holds the results alone.
    r = lied_cli({"run", "ComVessels", "--t-end", "1", "--verbose"});
    CHECK(r.code == 0);
    CHECK(r.out.rfind("ComVessels at t = 1 s (rk4):\n", 0) == 0);
    CHECK(r.out.find("[") == std::string::npos);
}

TEST_CASE("the final-value table keeps long names apart and shows units") {
    const auto r = lied_cli({"run", "ComVessels", "--t-end", "1", "--record", "elevation.start_time"});
    CHECK(r.code == 0);
    CHECK(r.out.find("\n  elevation.start_time  1 s\n") != std::string::npos);
    CHECK(r.out.find("\n  t1.level              1 m\n") != std::string::npos);
}
