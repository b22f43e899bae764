// lied sweep: the cases of a grid and of Monte Carlo sampling, the summary table equal to the individual runs,
// failing cases as rows, and the errors of its options. tests/systems/cli/check_sweep_mpi.py runs the same sweep
// under mpirun with 1 and 2 processes.
#include "support/cli_runner.h"
#include "systems/cli/sweep_command.h"
#include "systems/results/mat_results.h"
#include "systems/results/result_table.h"

#include <doctest/doctest.h>

#include <sstream>

using lied::testing::read_file;
using lied::testing::check_refusal;
using lied::testing::run_lied;
using lied::testing::TempFolder;
using namespace lied::systems;

namespace {
std::vector<std::vector<std::string>> read_table(const std::string& text) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> cells(1);
        bool quoted = false;
        for (char c : line) {
            if (c == '"') quoted = !quoted;
            else if (c == ',' && !quoted) cells.emplace_back();
            else cells.back() += c;
        }
        rows.push_back(cells);
    }
    return rows;
}
}  // namespace

TEST_CASE("sweep cases: the grid's product with the last variation fastest, Monte Carlo reproducible from its seed") {
    const auto grid = sweep_cases({{"a", 0, 1, 3}, {"b", 10, 20, 2}}, 0, 1);
    REQUIRE(grid.size() == 6);
    CHECK(grid[0] == std::vector<double>{0, 10});
    CHECK(grid[1] == std::vector<double>{0, 20});
    CHECK(grid[2] == std::vector<double>{0.5, 10});
    CHECK(grid[5] == std::vector<double>{1, 20});
    const auto mc = sweep_cases({{"a", 2, 3, 0}}, 50, 7);
    REQUIRE(mc.size() == 50);
    for (auto& c : mc) CHECK((c[0] >= 2 && c[0] <= 3));
    CHECK(sweep_cases({{"a", 2, 3, 0}}, 50, 7) == mc);
    CHECK(sweep_cases({{"a", 2, 3, 0}}, 50, 8) != mc);
    CHECK(parse_variation("t1.h0=0.5:2:4", false).count == 4);
    CHECK(parse_sweep_output("t1.level:max").header() == "max(t1.level)");
    CHECK(parse_sweep_output("t1.level").header() == "t1.level");
}

TEST_CASE("sweep over two parameters: every row equals the individual run with those values") {
    TempFolder dir;
    const auto r = run_lied({"sweep", "ComVessels", "--t-end", "3", "--vary", "t1.h0=0.5:1.5:2", "--vary", "p2.dp_ref=50:200:2", "--output",
                             "t1.level", "--output", "p1.m_flow:max", "--out", dir / "sweep.csv", "--jobs", "2"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(r.out.find("4 cases (grid), 4 ok, 0 failed") != std::string::npos);
    const auto table = read_table(read_file(dir / "sweep.csv"));
    REQUIRE(table.size() == 5);
    CHECK(table[0] == std::vector<std::string>{"case", "status", "t1.h0", "p2.dp_ref", "t1.level", "max(p1.m_flow)", "message"});
    for (std::size_t k = 1; k < table.size(); ++k) {
        const auto& row = table[k];
        CHECK(row[1] == "ok");
        // The same case on its own, its results as a MAT file (the doubles themselves).
        const std::string mat = dir / ("case" + std::to_string(k) + ".mat");
        REQUIRE(run_lied({"run", "ComVessels", "--t-end", "3", "--set", "t1.h0=" + row[2], "--set", "p2.dp_ref=" + row[3], "--out", mat}).code == 0);
        const ResultTable single = read_mat_results(mat);
        const auto level = single.series_index("t1.level"), flow = single.series_index("p1.m_flow");
        CHECK(std::stod(row[4]) == single.rows.back()[level]);
        double max_flow = -1e300;
        for (auto& sample : single.rows) max_flow = std::max(max_flow, sample[flow]);
        CHECK(std::stod(row[5]) == max_flow);
    }
    // Two parameter values really change the results.
    CHECK(table[1][4] != table[3][4]);
}

TEST_CASE("sweep: a failing case is a row with its message, the others run, and per-case results when asked") {
    TempFolder dir;
    const auto r = run_lied({"sweep", "ComVessels", "--t-end", "2", "--vary", "elevation.height=0:1000:2", "--out", dir / "s.csv",
                             "--case-results", dir / "cases", "--case-format", "mat"});
    CHECK(r.code == 0);
    CHECK(r.err == "lied: 1 of 2 cases failed; the table's message column says why\n");
    const auto table = read_table(read_file(dir / "s.csv"));
    REQUIRE(table.size() == 3);
    CHECK(table[1][1] == "ok");
    CHECK(table[2][1] == "failed");
    CHECK(table[2].back().find("outside its valid range [0, inf) (rule: a tank holds no less than nothing: it ran dry)") != std::string::npos);
    CHECK(table[2][3].empty());   // no made-up output for a failed case
    // The failed case's samples up to the failure are kept.
    const ResultTable failed = read_mat_results(dir / "cases/case_0002.mat");
    CHECK(!failed.times.empty());
    CHECK(failed.times.back() < 2);
    CHECK(read_mat_results(dir / "cases/case_0001.mat").times.back() == doctest::Approx(2));
}

TEST_CASE("sweep: a case result that cannot be written is an output error (exit 3), after the table") {
    TempFolder dir;
    std::filesystem::create_directories(dir / "cases/case_0002.csv");   // a folder where the file should go
    const auto r = run_lied({"sweep", "ComVessels", "--t-end", "1", "--vary", "t1.h0=0.8:1.2:2", "--out", dir / "s.csv", "--case-results",
                             dir / "cases"});
    INFO(r.err);
    CHECK(r.code == 3);
    CHECK(r.err.find("lied: error: 1 case result file(s) could not be written, the first: ") == 0);
    const auto table = read_table(read_file(dir / "s.csv"));   // the table is written all the same
    REQUIRE(table.size() == 3);
    CHECK(table[1][1] == "ok");
    CHECK(table[2][1] == "failed");
}

TEST_CASE("sweep Monte Carlo: the table holds the drawn values, the same for the same seed") {
    const std::vector<std::string> args = {"sweep", "ComVessels", "--t-end", "1", "--vary", "t1.h0=0.8:1.2", "--samples", "3", "--seed", "42",
                                           "--output", "t1.level"};
    const auto a = run_lied(args), b = run_lied(args);
    REQUIRE(a.code == 0);
    CHECK(a.out == b.out);   // without --out the table goes to stdout
    const auto table = read_table(a.out);
    REQUIRE(table.size() == 4);
    for (std::size_t k = 1; k < 4; ++k) {
        const double h0 = std::stod(table[k][2]);
        CHECK((h0 >= 0.8 && h0 <= 1.2));
        CHECK(table[k][1] == "ok");
    }
}

TEST_CASE("sweep option errors: exit code 2 and the rule") {
    check_refusal({"sweep", "ComVessels", "--vary", "t1.h0=1:2"}, "--vary expects NAME=LO:HI:N, got 't1.h0=1:2'");
    check_refusal({"sweep", "ComVessels", "--vary", "t1.h0=1:2:3", "--samples", "4"},
          "--vary expects NAME=LO:HI (the number of cases comes from --samples), got 't1.h0=1:2:3'");
    check_refusal({"sweep", "ComVessels", "--vary", "t1.h00=1:2:3"}, "--vary: unknown parameter 't1.h00' (did you mean 't1.h0'?)");
    check_refusal({"sweep", "ComVessels", "--vary", "t1.h0=2:1:3"}, "--vary t1.h0: HI 1 is below LO 2");
    check_refusal({"sweep", "ComVessels", "--vary", "t1.h0=1:2:2.5"}, "--vary t1.h0: N must be a whole number from 1 to 1000000, got 2.5");
    check_refusal({"sweep", "ComVessels", "--vary", "t1.h0=1:2:2", "--seed", "3"}, "--seed chooses the Monte Carlo samples; give --samples too");
    check_refusal({"sweep", "ComVessels", "--vary", "t1.h0=1:2:2", "--output", "t1.levle"},
          "--output: cannot record unknown variable 't1.levle' (did you mean 't1.level'?)");
    check_refusal({"sweep", "ComVessels", "--vary", "t1.h0=1:2:2", "--output", "t1.level:median"},
          "--output expects NAME or NAME:final, NAME:min, NAME:max, NAME:mean, got 't1.level:median'");
    check_refusal({"sweep", "ComVessels"}, "--vary is required (lied sweep --help)");
}
