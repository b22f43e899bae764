// MAT results: what `lied run --out x.mat` writes equals the CSV of the same run, and reads back through our
// reader with names, units, parameters and segments. tests/systems/results/check_mat_with_scipy.py reads the same
// files with an independent reader (scipy.io).
#include "support/cli_runner.h"
#include "systems/results/mat_results.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using lied::testing::run_lied;
using lied::testing::TempFolder;
using namespace lied::systems;

namespace {
// Equal as stored: NaN (a variable that did not exist) only where the other has NaN too.
bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || a == b; }
}  // namespace

TEST_CASE("MAT results: a table written and read back is the same table") {
    TempFolder dir;
    ResultTable t;
    t.constants = {{"p.k", "gain", "N/m"}, {"p.n", "count", ""}};
    t.constant_values = {2.5, 3};
    t.series = {{"x", "state of x", "m"}, {"y.longer_name", "", "K"}};
    t.times = {0, 0.5, 1};
    const double nan = std::numeric_limits<double>::quiet_NaN();
    t.rows = {{1, nan}, {2, 300}, {-3, 301.5}};
    t.segments = {{0, 0.5, 1, "start"}, {0.5, 1, 2, "add y"}};
    t.t_start = 0, t.t_end = 1;
    write_mat_results(dir / "r.mat", t);
    const ResultTable r = read_mat_results(dir / "r.mat");
    REQUIRE(r.series.size() == 2);
    CHECK(r.series[0].name == "x");
    CHECK(r.series[0].description == "state of x");
    CHECK(r.series[0].unit == "m");
    CHECK(r.series[1].name == "y.longer_name");
    CHECK(r.series[1].unit == "K");
    REQUIRE(r.constants.size() == 2);
    CHECK(r.constants[0].name == "p.k");
    CHECK(r.constants[0].unit == "N/m");
    CHECK(r.constant_values == std::vector<double>{2.5, 3});
    CHECK(r.times == t.times);
    for (std::size_t k = 0; k < 3; ++k)
        for (std::size_t i = 0; i < 2; ++i) CHECK(same(r.rows[k][i], t.rows[k][i]));
    REQUIRE(r.segments.size() == 2);
    CHECK(r.segments[1].start == 0.5);
    CHECK(r.segments[1].states == 2);
    CHECK(r.segments[1].change == "add y");
    CHECK(r.t_end == 1);
}

TEST_CASE("MAT results: lied run --out x.mat holds the CSV's numbers, the parameters and the units") {
    TempFolder dir;
    const std::vector<std::string> run = {"run", "ComVessels", "--t-end", "3", "--interval", "0.5", "--set", "t2.h0=1.5"};
    auto with = [&](std::vector<std::string> extra) {
        auto args = run;
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    REQUIRE(run_lied(with({"--out", dir / "v.csv"})).code == 0);
    const auto r = run_lied(with({"--out", dir / "v.mat"}));
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("results: " + (dir / "v.mat")) != std::string::npos);
    const ResultTable csv = read_csv_results(dir / "v.csv"), mat = read_mat_results(dir / "v.mat");
    REQUIRE(mat.series.size() == csv.series.size());
    REQUIRE(mat.times.size() == csv.times.size());
    for (std::size_t i = 0; i < csv.series.size(); ++i) CHECK(mat.series[i].name == csv.series[i].name);
    // The CSV prints 12 significant digits; the MAT file holds the doubles themselves.
    for (std::size_t k = 0; k < csv.times.size(); ++k) {
        CHECK(mat.times[k] == doctest::Approx(csv.times[k]).epsilon(1e-11));
        for (std::size_t i = 0; i < csv.series.size(); ++i) CHECK(mat.rows[k][i] == doctest::Approx(csv.rows[k][i]).epsilon(1e-11));
    }
    CHECK(mat.series[mat.series_index("t1.level")].unit == "m");
    CHECK(mat.series[mat.series_index("t1.level")].description.find("state of t1") == 0);
    CHECK(mat.series[mat.series_index("p1.m_flow")].unit == "kg/s");
    bool found = false;
    for (std::size_t i = 0; i < mat.constants.size(); ++i)
        if (mat.constants[i].name == "t2.h0") {
            found = true;
            CHECK(mat.constant_values[i] == 1.5);   // --set is in the parameters
            CHECK(mat.constants[i].unit == "m");
        }
    CHECK(found);
    CHECK(mat.t_end == 3);
}

TEST_CASE("MAT results: variables of some segments only are NaN where they did not exist, and the segments are in the file") {
    TempFolder dir;
    const std::string rocket = std::string(LIED_SOURCE_DIR) + "/systems/examples/files/two_stage_rocket.yaml";
    REQUIRE(run_lied({"run", rocket, "--t-end", "12", "--out", dir / "r.csv"}).code == 0);
    REQUIRE(run_lied({"run", rocket, "--t-end", "12", "--out", dir / "r.mat"}).code == 0);
    const ResultTable csv = read_csv_results(dir / "r.csv"), mat = read_mat_results(dir / "r.mat");
    REQUIRE(mat.times.size() == csv.times.size());
    std::size_t gaps = 0;
    for (std::size_t k = 0; k < csv.times.size(); ++k)
        for (std::size_t i = 0; i < csv.series.size(); ++i) {
            CHECK(std::isnan(mat.rows[k][i]) == std::isnan(csv.rows[k][i]));
            gaps += std::isnan(mat.rows[k][i]);
        }
    CHECK(gaps > 0);   // the assembly's states before the release, the stages' after
    REQUIRE(mat.segments.size() == 3);
    CHECK(mat.segments[0].change == "start");
    CHECK(mat.segments[1].start == doctest::Approx(5));
    CHECK(mat.segments[2].start == doctest::Approx(10));
    CHECK(mat.segments[2].end == doctest::Approx(12));
}

TEST_CASE("MAT results: a file that is not a Modelica result is refused with the rule") {
    TempFolder dir;
    lied::testing::write_file(dir / "x.mat", "not a mat file at all");
    CHECK_THROWS_WITH_AS(read_mat_results(dir / "x.mat"), doctest::Contains("cannot read"), std::runtime_error);
    CHECK_THROWS_WITH_AS(read_mat_results(dir / "missing.mat"), doctest::Contains("cannot read"), std::runtime_error);
}
