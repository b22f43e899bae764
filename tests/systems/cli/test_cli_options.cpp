// The command line's global options and exit codes: --quiet, --verbose, the progress bar's line, parse errors
// said the lied way, and plugins that are not plugins.
#include "support/cli_runner.h"
#include "systems/cli/progress_bar.h"

#include <doctest/doctest.h>

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
