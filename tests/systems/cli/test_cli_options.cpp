// The command line's global options and exit codes: --quiet, --verbose, the progress bar's line, parse errors
// said the lied way, and plugins that are not plugins.
#include "support/cli_runner.h"
#include "systems/cli/progress_bar.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using lied::testing::check_refusal;
using lied::testing::run_lied;
using lied::testing::TempFolder;

TEST_CASE("--quiet prints nothing on stdout but still writes the results") {
    TempFolder dir;
    const auto r = run_lied({"--quiet", "run", "ComVessels", "--t-end", "1", "--out", dir / "q.csv"});
    CHECK(r.code == 0);
    CHECK(r.out.empty());
    CHECK(r.err.empty());
    CHECK(!lied::testing::read_file(dir / "q.csv").empty());
    const auto both = run_lied({"run", "ComVessels", "--quiet", "--verbose"});   // global options after the subcommand too
    CHECK(both.code == 2);
    CHECK(both.err == "lied: error: --verbose and --quiet contradict each other\n");
}

TEST_CASE("the progress line: a bar, the percentage, simulated time and the estimate of what is left") {
    using lied::systems::progress_line;
    CHECK(progress_line(30, 60, 2) == "[###############---------------] 50%  t = 30 s of 60 s, 2 s left");
    CHECK(progress_line(0, 60, 0) == "[------------------------------] 0%  t = 0 s of 60 s");
    CHECK(progress_line(60, 60, 9) == "[##############################] 100%  t = 60 s of 60 s");
    CHECK(lied::systems::cases_line(4, 16, 3) == "[#######-----------------------] 25%  4 of 16 cases, 9 s left");
}

TEST_CASE("parse errors of the command line: exit code 2, the option named") {
    check_refusal({"run", "ComVessels", "extra"}, "unexpected argument 'extra' (lied run --help)");
    check_refusal({"describe"}, "describe needs exactly one component type (lied list --components)");
    check_refusal({"info"}, "info needs a system name (lied info --help)");
    check_refusal({"list", "--components", "--media"}, "list takes --components or --media, not both");
    check_refusal({"plot"}, "plot needs a results file (.csv or .mat)");
    check_refusal({"--plugin", "/nonexistent/libx.so", "list"}, "plugin '/nonexistent/libx.so': no such file");
}

TEST_CASE("a shared library that is not a Lied plugin is refused by name") {
    // libm is on every Debian machine and has no lied_plugin_abi.
    const std::string libm = "/lib/x86_64-linux-gnu/libm.so.6";
    const auto r = run_lied({"--plugin", libm, "list", "--components"});
    CHECK(r.code == 2);
    CHECK(r.err == "lied: error: plugin '" + libm + "' is not a Lied plugin: it lacks the symbol lied_plugin_abi (rule: a plugin defines "
                   "LIED_PLUGIN(registrar) once)\n");
}

TEST_CASE("--set gives vectors and matrices as lists, all of them in one rebuild, and names what is wrong") {
    const std::string lti = std::string(LIED_SOURCE_DIR) + "/systems/examples/files/lti.yaml";
    TempFolder dir;
    // A and x_start grow together: set one after the other, the first would not build.
    const auto r = run_lied({"--quiet", "run", lti, "--t-end", "1", "--set", "lti.A=[[-1, 1, 0], [0, -1, 1], [0, 0, -1]]", "--set",
                             "lti.x_start=[0, 0, 1]", "--set", "lti.A[3,3]=-2", "--out", dir / "a.csv"});
    CHECK(r.code == 0);
    CHECK(lied::testing::read_file(dir / "a.csv").find("lti.x[3]") != std::string::npos);
    // x[3] = e^(−2t) with A[3,3] = −2 (dopri5 at the file's rtol 1e-8).
    const std::string csv = lied::testing::read_file(dir / "a.csv");
    const std::string last = csv.substr(csv.rfind('\n', csv.size() - 2) + 1);
    CHECK(std::stod(last.substr(last.rfind(',') + 1)) == doctest::Approx(std::exp(-2.0)).epsilon(1e-6));
    // A shape the block refuses: named, and nothing is run.
    const auto wide = run_lied({"run", lti, "--set", "lti.A=[[-1, 1, 0], [0, -1, 1]]", "--out", dir / "b.csv"});
    CHECK(wide.code == 2);
    CHECK(wide.err.find("lti: A is a 2x3 matrix, expected an n×n matrix") != std::string::npos);
    check_refusal({"run", lti, "--set", "lti.A=[[-1, 1], [0]]"},
                  "--set lti.A: row 2 has 1 numbers, row 1 has 2 (rule: every row of a matrix has the same length)");
    check_refusal({"run", lti, "--set", "lti.x_start=[[1], [0]]"}, "--set: lti.x_start expects a vector (a list of numbers, e.g. [1, 2]), got a 2x1 matrix");
    check_refusal({"run", lti, "--set", "lti.AA=[[1]]"}, "--set: unknown vector or matrix parameter 'lti.AA' (did you mean 'lti.A'?)");
}
