// lied plot: results written before (CSV, MAT) plotted again, with the panels the user chooses; and
// `lied run --plot-vars`. The SVG is text, so the test reads what it shows: titles, axis labels, curves.
#include "support/cli_runner.h"

#include <doctest/doctest.h>

using lied::testing::check_refusal;
using lied::testing::read_file;
using lied::testing::run_lied;
using lied::testing::TempFolder;

namespace {
std::size_t count(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
    return n;
}
}  // namespace

TEST_CASE("lied plot: a MAT file with its units, the panels chosen by --plot-vars, as SVG") {
    TempFolder dir;
    REQUIRE(run_lied({"run", "ComVessels", "--t-end", "2", "--out", dir / "v.mat"}).code == 0);
    const auto r = run_lied({"plot", dir / "v.mat", "-o", dir / "v.svg", "--plot-vars", "t1.level,t2.level;p1.m_flow", "--title", "Vessels"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out == "plot: " + (dir / "v.svg") + " (3 of 6 variables, 21 samples)\n");   // what is plotted, of what the file holds
    const std::string svg = read_file(dir / "v.svg");
    CHECK(svg.find("<svg") != std::string::npos);
    CHECK(svg.find("level [m]") != std::string::npos);        // the unit from the MAT file's descriptions
    CHECK(svg.find("m_flow [kg/s]") != std::string::npos);
    CHECK(svg.find(">t2.level<") != std::string::npos);
    CHECK(svg.find(">t3.level<") == std::string::npos);       // not asked for
    CHECK(count(svg, "time [s]") == 2);                        // two panels
    CHECK(svg.find("Vessels") != std::string::npos);
}

TEST_CASE("lied plot: a CSV, default panels by kind, PNG named after the results") {
    TempFolder dir;
    REQUIRE(run_lied({"run", "ComVessels", "--t-end", "1", "--out", dir / "v.csv"}).code == 0);
    const auto r = run_lied({"plot", dir / "v.csv"});
    REQUIRE(r.code == 0);
    CHECK(read_file(dir / "v.png").substr(1, 3) == "PNG");
}

TEST_CASE("lied run --plot-vars: mixed units in one panel keep each unit in the key") {
    TempFolder dir;
    const auto r = run_lied({"run", "ComVessels", "--t-end", "1", "--plot", dir / "p.svg", "--plot-vars", "t1.level,p1.m_flow"});
    REQUIRE(r.code == 0);
    const std::string svg = read_file(dir / "p.svg");
    CHECK(svg.find("t1.level [m]") != std::string::npos);
    CHECK(svg.find("p1.m_flow [kg/s]") != std::string::npos);
    CHECK(count(svg, "time [s]") == 1);
}

TEST_CASE("plot errors: names checked before the run, results never overwritten, unreadable files are exit code 3") {
    TempFolder dir;
    check_refusal({"run", "ComVessels", "--plot", dir / "p.png", "--plot-vars", "t1.levl"}, "--plot-vars: 't1.levl' is not a recorded variable (did you mean 't1.level'?)", 2);
    check_refusal({"run", "ComVessels", "--plot-vars", "t1.level"}, "--plot-vars chooses the panels of --plot; give --plot FILE.png too", 2);
    check_refusal({"run", "ComVessels", "--plot", dir / "p.png", "--plot-vars", "t1.level;;p1.m_flow"}, "--plot-vars 't1.level;;p1.m_flow': panel 2 names no variable", 2);
    check_refusal({"plot", dir / "none.csv"}, "cannot read '" + (dir / "none.csv") + "'", 3);
    lied::testing::write_file(dir / "bad.csv", "time,a\n0,1\n1,x\n");
    check_refusal({"plot", dir / "bad.csv"}, dir / "bad.csv" + ":3: column 'a' is not a number: 'x'", 3);
    lied::testing::write_file(dir / "r.txt", "time,a\n");
    check_refusal({"plot", dir / "r.txt"}, "'" + (dir / "r.txt") + "': lied plot reads .csv and .mat results", 2);
    check_refusal({"plot", dir / "bad.csv", "-o", dir / "bad.csv"}, "-o '" + (dir / "bad.csv") + "': a plot is a .png, .svg or .pdf file", 2);
    lied::testing::write_file(dir / "x.mat", "not a MAT file");
    check_refusal({"plot", dir / "x.mat"}, "cannot read '" + (dir / "x.mat") + "' as a MAT file", 3);
}
