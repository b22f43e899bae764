// CombiTable1Ds and CombiTable2Ds against Modelica's definitions (ModelicaStandardTables), written out here: the node
// slopes of the Akima, modified Akima, Fritsch–Butland and Steffen splines with their end conditions, the Hermite
// cubic between nodes, constant segments, each extrapolation (a spline's end slope, not the secant), bilinear and
// constant interpolation in two variables; values Modelica's own C code gives for the same tables; a table from a
// CSV file equal to the same table inline; and the rules the blocks refuse, each named.
#include "support/build_error_of.h"
#include "components/combi_tables.h"
#include "components/sources.h"
#include "components/table_interpolation.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace lied;
using namespace lied::components;
using lied::testing::build_error_of;

namespace {

const std::vector<double> kX{0, 1, 2, 4, 5}, kY{0, 1, 4, 16, 15};

// The definitions, written out again: secants m_i, node slopes, and the cubic Hermite on [x_i, x_{i+1}].
std::vector<double> secants(const std::vector<double>& x, const std::vector<double>& y) {
    std::vector<double> m;
    for (std::size_t i = 0; i + 1 < x.size(); ++i) m.push_back((y[i + 1] - y[i]) / (x[i + 1] - x[i]));
    return m;
}
std::vector<double> akima(const std::vector<double>& m, bool modified) {
    const int n = static_cast<int>(m.size()) + 1;
    std::vector<double> padded{3 * m[0] - 2 * m[1], 2 * m[0] - m[1]};   // m[-2], m[-1]
    padded.insert(padded.end(), m.begin(), m.end());
    padded.push_back(2 * m[n - 2] - m[n - 3]);   // m[n-1]
    padded.push_back(3 * m[n - 2] - 2 * m[n - 3]);   // m[n]
    auto M = [&](int j) { return padded[static_cast<std::size_t>(j + 2)]; };
    std::vector<double> t;
    for (int j = 0; j < n; ++j) {
        double w1 = std::abs(M(j + 1) - M(j)), w2 = std::abs(M(j - 1) - M(j - 2));
        if (modified) w1 += std::abs(M(j + 1) + M(j)) / 2, w2 += std::abs(M(j - 1) + M(j - 2)) / 2;
        t.push_back(w1 + w2 > 0 ? (w1 * M(j - 1) + w2 * M(j)) / (w1 + w2) : (modified ? 0.0 : (M(j - 1) + M(j)) / 2));
    }
    return t;
}
std::vector<double> monotone(const std::vector<double>& x, const std::vector<double>& m, bool steffen) {
    const std::size_t n = m.size() + 1;
    std::vector<double> t(n);
    t[0] = m[0], t[n - 1] = m[n - 2];
    for (std::size_t j = 1; j + 1 < n; ++j) {
        const double a = m[j - 1], b = m[j], ha = x[j] - x[j - 1], hb = x[j + 1] - x[j];
        if (a * b <= 0) t[j] = 0;
        else if (!steffen) t[j] = 3 * (ha + hb) / ((ha + 2 * hb) / a + (hb + 2 * ha) / b);
        else t[j] = (a > 0 ? 1 : -1 + 0.0) * 2 * std::min({std::abs(a), std::abs(b), std::abs((a * hb + b * ha) / (ha + hb)) / 2});
    }
    return t;
}
double hermite(const std::vector<double>& x, const std::vector<double>& y, const std::vector<double>& t, double u) {
    std::size_t i = 0;
    while (i + 2 < x.size() && u >= x[i + 1]) ++i;
    const double h = x[i + 1] - x[i], s = (u - x[i]) / h;
    const double h00 = 2 * s * s * s - 3 * s * s + 1, h10 = s * s * s - 2 * s * s + s, h01 = -2 * s * s * s + 3 * s * s, h11 = s * s * s - s * s;
    return h00 * y[i] + h10 * h * t[i] + h01 * y[i + 1] + h11 * h * t[i + 1];
}

double at(const Interpolant1D& f, double u, Extrapolation e) {
    std::size_t last = 0;
    return f(u, e, last);
}

// A 1D table driven by a ramp from −1 at t = 0 to 6 at t = 7.
class Table1DBench : public Component {
public:
    Ramp u{7.0, 7.0, -1.0, 0.0};
    CombiTable1Ds table;
    Table1DBench() { table.u.connect(u.y); }
    void metainfo(Meta& meta) override {
        meta.component(u, "u");
        meta.component(table, "table");
    }
    const char* type_name() const override { return "Table1DBench"; }
};

class Table2DBench : public Component {
public:
    Constant u1{0.0}, u2{0.0};
    CombiTable2Ds table;
    Table2DBench() {
        table.u1.connect(u1.y);
        table.u2.connect(u2.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(u1, "u1");
        meta.component(u2, "u2");
        meta.component(table, "table");
    }
    const char* type_name() const override { return "Table2DBench"; }
};

// The 2D table of a Table2DBench simulator at (p, q), evaluated there.
double table_at(Simulator& sim, double p, double q) {
    sim.set_parameter("u1.k", p);
    sim.set_parameter("u2.k", q);
    sim.evaluate();
    return sim.value("table.y");
}

}  // namespace

TEST_CASE("spline slopes: Akima, modified Akima, Fritsch–Butland and Steffen with Modelica's end conditions") {
    // x = {0, 1, 3}, y = {0, 1, 2}: the slopes Modelica's C code computes (by hand for Akima: (3m0 − m1)/2 at the ends).
    const std::vector<double> x3{0, 1, 3}, y3{0, 1, 2};
    Interpolant1D f;
    f.prepare(x3, y3, Smoothness::ContinuousDerivative);
    CHECK(f.slope(0) == doctest::Approx(1.25).epsilon(1e-15));
    CHECK(f.slope(1) == doctest::Approx(0.75).epsilon(1e-15));
    CHECK(f.slope(2) == doctest::Approx(0.25).epsilon(1e-15));
    f.prepare(x3, y3, Smoothness::ModifiedContinuousDerivative);
    CHECK(f.slope(0) == doctest::Approx(1.178571428571).epsilon(1e-12));
    CHECK(f.slope(1) == doctest::Approx(0.65).epsilon(1e-14));
    CHECK(f.slope(2) == doctest::Approx(0.1875).epsilon(1e-14));
    f.prepare(x3, y3, Smoothness::MonotoneContinuousDerivative1);
    CHECK(f.slope(1) == doctest::Approx(9.0 / 13.0).epsilon(1e-15));
    // The five-point table: every node slope against the definitions written out above.
    const std::vector<double> m = secants(kX, kY);
    const std::vector<std::pair<Smoothness, std::vector<double>>> slopes{{Smoothness::ContinuousDerivative, akima(m, false)},
                                                                         {Smoothness::ModifiedContinuousDerivative, akima(m, true)},
                                                                         {Smoothness::MonotoneContinuousDerivative1, monotone(kX, m, false)},
                                                                         {Smoothness::MonotoneContinuousDerivative2, monotone(kX, m, true)}};
    for (auto& [smoothness, t] : slopes) {
        CAPTURE(static_cast<int>(smoothness));
        f.prepare(kX, kY, smoothness);
        for (std::size_t k = 0; k < kX.size(); ++k) CHECK(f.slope(k) == doctest::Approx(t[k]).epsilon(1e-14));
        for (double u = 0.0; u <= 5.0; u += 0.125) CHECK(at(f, u, Extrapolation::LastTwoPoints) == doctest::Approx(hermite(kX, kY, t, u)).epsilon(1e-13));
    }
    // Monotone data stays monotone with Fritsch–Butland and Steffen: a node between secants of opposite sign is flat.
    f.prepare(kX, kY, Smoothness::MonotoneContinuousDerivative2);
    CHECK(f.slope(3) == 0.0);
}

TEST_CASE("extrapolation: a spline's end slope, the secant for segments, held values, a periodic table, none") {
    Interpolant1D f;
    // Modelica's own numbers for this table (its C code, run by hand): Akima y(−1) = 0 and y(6) = 10.5, modified
    // Akima y(6) = 11.625, Fritsch–Butland and Steffen as the end secants: y(−1) = −1, y(6) = 14.
    f.prepare(kX, kY, Smoothness::ContinuousDerivative);
    CHECK(at(f, -1.0, Extrapolation::LastTwoPoints) == doctest::Approx(0.0).epsilon(1e-14));
    CHECK(at(f, 6.0, Extrapolation::LastTwoPoints) == doctest::Approx(10.5).epsilon(1e-14));
    f.prepare(kX, kY, Smoothness::ModifiedContinuousDerivative);
    CHECK(at(f, 6.0, Extrapolation::LastTwoPoints) == doctest::Approx(11.625).epsilon(1e-14));
    for (Smoothness s : {Smoothness::MonotoneContinuousDerivative1, Smoothness::MonotoneContinuousDerivative2, Smoothness::LinearSegments,
                         Smoothness::ConstantSegments}) {
        f.prepare(kX, kY, s);
        CHECK(at(f, -1.0, Extrapolation::LastTwoPoints) == doctest::Approx(-1.0).epsilon(1e-14));
        CHECK(at(f, 6.0, Extrapolation::LastTwoPoints) == doctest::Approx(14.0).epsilon(1e-14));
        CHECK(at(f, -3.0, Extrapolation::HoldLastPoint) == 0.0);
        CHECK(at(f, 9.0, Extrapolation::HoldLastPoint) == 15.0);
        CHECK(std::isnan(at(f, 5.5, Extrapolation::NoExtrapolation)));
        CHECK(at(f, 5.0, Extrapolation::NoExtrapolation) == 15.0);   // the ends themselves are inside
    }
    // Constant segments: the value at or below u, the last one at the end; periodic as Modelica wraps it (by whole
    // periods until u is inside: x0 + k·T is the last value for k ≥ 1, the first for k ≤ 0).
    f.prepare(kX, kY, Smoothness::ConstantSegments);
    CHECK(at(f, 1.0, Extrapolation::LastTwoPoints) == 1.0);
    CHECK(at(f, 3.9, Extrapolation::LastTwoPoints) == 4.0);
    CHECK(at(f, 5.0, Extrapolation::LastTwoPoints) == 15.0);
    CHECK(at(f, 10.0, Extrapolation::Periodic) == 15.0);
    CHECK(at(f, -5.0, Extrapolation::Periodic) == 0.0);
    f.prepare(kX, kY, Smoothness::LinearSegments);
    CHECK(at(f, 5.0 + 1.5, Extrapolation::Periodic) == doctest::Approx(2.5));   // u = 1.5 one period on
    CHECK(at(f, -10.0 + 3.0, Extrapolation::Periodic) == doctest::Approx(10.0));   // u = 3 two periods back
    // Two rows: every spline is the line. One row: its value everywhere.
    const std::vector<double> x2{0, 2}, y2{1, 5}, x1{3}, y1{7};
    f.prepare(x2, y2, Smoothness::ContinuousDerivative);
    CHECK(at(f, 0.5, Extrapolation::LastTwoPoints) == doctest::Approx(2.0));
    CHECK(at(f, 3.0, Extrapolation::LastTwoPoints) == doctest::Approx(7.0));
    f.prepare(x1, y1, Smoothness::LinearSegments);
    CHECK(at(f, -100.0, Extrapolation::NoExtrapolation) == 7.0);
}

TEST_CASE("a 1D table in a run: several columns, the same from a CSV file, and a run stopped outside the table") {
    Table1DBench bench;
    bench.table.table = ArrayParameter::matrix({{0, 0, 10}, {1, 1, 20}, {2, 4, 20}, {4, 16, 30}, {5, 15, 30}});
    bench.table.smoothness = Smoothness::ContinuousDerivative;
    Simulator sim(bench);
    // The Akima column against the definition, the second by linear segments through its own slopes (Akima again).
    const std::vector<double> t = akima(secants(kX, kY), false);
    sim.simulate(3.5);   // u = 2.5
    CHECK(sim.value("table.y[1]") == doctest::Approx(hermite(kX, kY, t, 2.5)).epsilon(1e-13));
    sim.simulate(7.0);   // u = 6: Akima's end slope
    CHECK(sim.value("table.y[1]") == doctest::Approx(10.5).epsilon(1e-13));

    // The same table from a file, one column chosen: bit for bit.
    const auto dir = std::filesystem::temp_directory_path() / ("lied_tables_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto file = dir / "table.csv";
    std::ofstream(file) << "u, y, z\n0, 0, 10\n1, 1, 20\n# a comment\n2, 4, 20\n4, 16, 30\n5, 15, 30\n";
    Table1DBench from_file;
    from_file.table.fileName = file.string();
    from_file.table.columns = ArrayParameter::vector({2});
    from_file.table.smoothness = Smoothness::ContinuousDerivative;
    Simulator sim_file(from_file);
    for (double time : {0.5, 3.5, 6.9}) {
        sim.reset(), sim.simulate(time), sim_file.simulate(time);
        CHECK(sim_file.value("table.y[1]") == sim.value("table.y[1]"));
    }
    CHECK(sim_file.states().size() == 0);

    // NoExtrapolation: u runs from 0 to 7 and leaves the table at t = 5: the run stops naming the block and its input.
    bench.table.extrapolation = Extrapolation::NoExtrapolation;
    bench.u.offset = 0.0;
    Simulator strict(bench);
    std::string message = "<no error>";
    Recorder recorder({"table.y[1]"}, 0.1);   // variables are checked where they are sampled
    try {
        strict.simulate(7.0, &recorder);
    } catch (const SimulationError& e) {
        message = e.what();
    }
    CHECK(message.find("block table.update computed table.y[1] = nan from finite inputs (table.u = 5.") != std::string::npos);
    CHECK(strict.time() <= 5.1);
    std::filesystem::remove_all(dir);
}

TEST_CASE("a 1D table refuses a grid that does not increase, a column it does not have, and a missing file") {
    Table1DBench bench;
    bench.table.table = ArrayParameter::matrix({{0, 1}, {1, 2}, {1, 3}});
    CHECK(build_error_of(bench).find("table: row 3: u = 1 does not increase on row 2 (1) (rule: a table's grid of u is strictly increasing)") != std::string::npos);
    bench.table.table = ArrayParameter::matrix({{0, 1}, {1, 2}});
    bench.table.columns = ArrayParameter::vector({3});
    CHECK(build_error_of(bench).find("table: columns[1] = 3, the table has 2 columns") != std::string::npos);
    bench.table.columns = ArrayParameter{};
    bench.table.table = ArrayParameter::matrix(0, 0, {});   // no table at all
    CHECK(build_error_of(bench).find("table: table is an empty matrix (rule: a table of one variable has at least one row and two columns") != std::string::npos);
    bench.table.fileName = "/nonexistent/table.csv";
    CHECK(build_error_of(bench).find("table.fileName = '/nonexistent/table.csv': cannot open the file") != std::string::npos);
}

TEST_CASE("a 2D table: bilinear and constant inside, each input extrapolated on its own, a map from a CSV file") {
    // z = u1 + 10·u2 + u1·u2 on the grid u1 ∈ {0, 1, 3}, u2 ∈ {0, 2}: bilinear interpolation reproduces it exactly
    // inside every cell, and LastTwoPoints extends the edge cell's bilinear function.
    auto z = [](double p, double q) { return p + 10 * q + p * q; };
    Table2DBench bench;
    bench.table.table = ArrayParameter::matrix({{0, 0, 2}, {0, z(0, 0), z(0, 2)}, {1, z(1, 0), z(1, 2)}, {3, z(3, 0), z(3, 2)}});
    Simulator sim(bench);
    auto value_at = [&](double p, double q) {
        sim.set_parameter("u1.k", p);
        sim.set_parameter("u2.k", q);
        sim.simulate(sim.time() + 0.1);
        return sim.value("table.y");
    };
    CHECK(value_at(0.5, 1.5) == doctest::Approx(z(0.5, 1.5)).epsilon(1e-14));
    CHECK(value_at(2.0, 0.5) == doctest::Approx(z(2.0, 0.5)).epsilon(1e-14));
    CHECK(value_at(4.0, 3.0) == doctest::Approx(z(4.0, 3.0)).epsilon(1e-14));     // both outside: the corner cell's function
    CHECK(value_at(-1.0, 1.0) == doctest::Approx(z(-1.0, 1.0)).epsilon(1e-14));   // u1 below the grid
    sim.set_choice("table.extrapolation", "HoldLastPoint");
    CHECK(value_at(4.0, 3.0) == doctest::Approx(z(3.0, 2.0)).epsilon(1e-14));     // the corner value
    CHECK(value_at(0.5, -1.0) == doctest::Approx(z(0.5, 0.0)).epsilon(1e-14));    // along the edge u2 = 0
    sim.set_choice("table.smoothness", "ConstantSegments");
    CHECK(value_at(0.5, 1.5) == z(0.0, 0.0));   // the grid point at or below both inputs
    CHECK(value_at(1.0, 2.0) == z(1.0, 2.0));   // a grid point is its own value
    CHECK(value_at(2.9, 1.9) == z(1.0, 0.0));

    // A fan map from a CSV file whose corner cell is text, equal to the same map inline.
    const auto dir = std::filesystem::temp_directory_path() / ("lied_tables2_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto file = dir / "map.csv";
    std::ofstream(file) << "u1 \\ u2, 0, 2\n0, 0, 20\n1, 1, 23\n3, 3, 29\n";
    Table2DBench from_file;
    from_file.table.fileName = file.string();
    Simulator sim_file(from_file);
    sim_file.set_parameter("u1.k", 2.0);
    sim_file.set_parameter("u2.k", 0.5);
    sim_file.simulate(0.1);
    CHECK(sim_file.value("table.y") == doctest::Approx(z(2.0, 0.5)).epsilon(1e-14));
    std::filesystem::remove_all(dir);

    Table2DBench bad;
    bad.table.table = ArrayParameter::matrix({{0, 0, 2}, {0, 1, 2}, {0, 3, 4}});
    CHECK(build_error_of(bad).find("table: row 2: u1 = 0 does not increase on row 1 (0)") != std::string::npos);
    bad.table.table = ArrayParameter::matrix({{0, 2, 1}, {0, 1, 2}, {1, 3, 4}});
    CHECK(build_error_of(bad).find("table: column 2: u2 = 1 does not increase on column 1 (2)") != std::string::npos);
}

TEST_CASE("a periodic table far outside its range returns at once, and a non-finite input is not wrapped") {
    Interpolant1D f;
    f.prepare(kX, kY, Smoothness::LinearSegments);
    // 1e40 is a whole number of periods of 5 to double precision: the wrap lands on the end (Modelica's rule for k ≥ 1).
    CHECK(std::isfinite(at(f, 1e40, Extrapolation::Periodic)));
    CHECK(std::isfinite(at(f, -1e40, Extrapolation::Periodic)));
    CHECK(std::isnan(at(f, std::nan(""), Extrapolation::Periodic)));
}

TEST_CASE("a 2D table's bivariate Akima (ContinuousDerivative) gives what ModelicaStandardTables gives, inside and outside") {
    // Reference values computed by ModelicaStandardTables.c itself (compiled from the Modelica Standard Library) for
    // the table of its test model ModelicaTest.Tables.CombiTable2Ds.Test22, under the three extrapolations. The
    // patches are evaluated here in the Hermite basis, there in powers: rounding differs, 1e-11 relative covers it.
    Table2DBench bench;
    bench.table.table = ArrayParameter::matrix({{0, 75, 83, 88}, {18, 778, 773, 769}, {28, 970, -950, 938}, {33, 860, 1030, 1039}});
    bench.table.smoothness = CombiTable2Ds::Smoothness2D::ContinuousDerivative;
    Simulator sim(bench);
    auto value_at = [&](double p, double q) { return table_at(sim, p, q); };
    struct Case {
        double u1, u2, last_two_points, hold_last_point, periodic;
    };
    const Case cases[] = {
        {20, 80, 44.5506249999972, 44.5506249999972, 44.5506249999972},
        {25, 85, -642.903624999999, -642.903624999999, -642.903624999999},
        {18, 75, 778, 778, 778},
        {30, 80, -401.86671875, -401.86671875, -401.86671875},
        {15, 80, 2025.90195312501, 775.0390625, -401.86671875},
        {36, 86, 2302.18675, 1047.07, 123.212375000002},
        {20, 70, 2083.43500000001, 849.36, -26.2400000000001},
        {20, 90, 1405.45, 800.16, 424.412499999998},
        {15, 70, -1441.96562500002, 778, -498.98},
        {36, 90, -367.271249999994, 1039, 286.137968749997},
        {15, 90, -313.678749999993, 769, 231.075625},
        {36, 70, -2442.859375, 860, -340.615},
    };
    for (const Case& c : cases) {
        CAPTURE(c.u1);
        CAPTURE(c.u2);
        sim.set_choice("table.extrapolation", "LastTwoPoints");
        CHECK(value_at(c.u1, c.u2) == doctest::Approx(c.last_two_points).epsilon(1e-11));
        sim.set_choice("table.extrapolation", "HoldLastPoint");
        CHECK(value_at(c.u1, c.u2) == doctest::Approx(c.hold_last_point).epsilon(1e-11));
        sim.set_choice("table.extrapolation", "Periodic");
        CHECK(value_at(c.u1, c.u2) == doctest::Approx(c.periodic).epsilon(1e-11));
    }
    SUBCASE("a 2×3 grid (ModelicaTest's Test29), and a 2×2 grid, which Modelica interpolates bilinearly") {
        Table2DBench narrow;
        narrow.table.table = ArrayParameter::matrix({{0, 0, 0.5, 1}, {0, 1, 2, 1}, {1, 1, 1, 1}});
        narrow.table.smoothness = CombiTable2Ds::Smoothness2D::ContinuousDerivative;
        Simulator s(narrow);
        auto at = [&](double p, double q) { return table_at(s, p, q); };
        CHECK(at(0.5, 0.25) == doctest::Approx(1.375).epsilon(1e-13));
        CHECK(at(0.25, 0.75) == doctest::Approx(1.5625).epsilon(1e-13));
        CHECK(at(-0.5, 0.25) == doctest::Approx(2.125).epsilon(1e-13));
        CHECK(at(-1, -1) == doctest::Approx(-7).epsilon(1e-13));
        CHECK(at(2, 2) == doctest::Approx(5).epsilon(1e-13));
        Table2DBench square;   // z = u1 + 10·u2 + u1·u2 on 2×2: bilinear reproduces it, Akima is not used
        square.table.table = ArrayParameter::matrix({{0, 0, 2}, {0, 0, 20}, {1, 1, 23}});
        square.table.smoothness = CombiTable2Ds::Smoothness2D::ContinuousDerivative;
        Simulator q(square);
        CHECK(table_at(q, 0.3, 1.7) == doctest::Approx(0.3 + 17 + 0.3 * 1.7).epsilon(1e-14));
    }
}

TEST_CASE("a 2D table's bivariate Akima: bilinear data exactly, the nodes' values, first derivatives continuous across cells") {
    // z = 1 + 2·u1 − 3·u2 + 0.7·u1·u2 on an uneven 5×4 grid: the ghost nodes continue it, every slope and twist is its
    // own, so the surface is z itself, inside and (LastTwoPoints) outside.
    auto z = [](double p, double q) { return 1 + 2 * p - 3 * q + 0.7 * p * q; };
    const std::vector<double> g1{0, 0.5, 2, 2.5, 4}, g2{-1, 0, 3, 3.5};
    std::vector<std::vector<double>> rows{{0}};
    for (double q : g2) rows[0].push_back(q);
    for (double p : g1) {
        rows.push_back({p});
        for (double q : g2) rows.back().push_back(z(p, q));
    }
    std::vector<double> flat;
    for (auto& r : rows) flat.insert(flat.end(), r.begin(), r.end());
    Table2DBench bench;
    bench.table.table = ArrayParameter::matrix(rows.size(), rows[0].size(), flat);
    bench.table.smoothness = CombiTable2Ds::Smoothness2D::ContinuousDerivative;
    Simulator sim(bench);
    auto value_at = [&](double p, double q) { return table_at(sim, p, q); };
    for (auto [p, q] : {std::pair{0.2, -0.5}, {1.3, 2.2}, {3.9, 3.4}, {-1.0, 1.0}, {5.0, 5.0}, {-2.0, -3.0}, {2.2, 7.0}})
        CHECK(value_at(p, q) == doctest::Approx(z(p, q)).epsilon(1e-12));
    // A surface that is not bilinear: the nodes' values exactly; the slopes on both sides of a cell edge agree.
    Table2DBench wavy;
    std::vector<double> w{0, 0, 1, 2.5, 3};
    for (double p : {0.0, 1.0, 1.5, 3.0}) {
        w.push_back(p);
        for (double q : {0.0, 1.0, 2.5, 3.0}) w.push_back(std::sin(p) * std::cos(q) + 0.1 * p * p);
    }
    wavy.table.table = ArrayParameter::matrix(5, 5, w);
    wavy.table.smoothness = CombiTable2Ds::Smoothness2D::ContinuousDerivative;
    Simulator s(wavy);
    auto at = [&](double p, double q) { return table_at(s, p, q); };
    CHECK(at(1.5, 1.0) == doctest::Approx(std::sin(1.5) * std::cos(1.0) + 0.1 * 2.25).epsilon(1e-14));
    CHECK(at(1.0, 2.5) == doctest::Approx(std::sin(1.0) * std::cos(2.5) + 0.1).epsilon(1e-14));
    // ∂y/∂u1 on either side of the edge u1 = 1.5 (one-sided differences of 1e-6): equal to the difference's error.
    const double h = 1e-6, q = 1.7;
    const double left = (at(1.5, q) - at(1.5 - h, q)) / h, right = (at(1.5 + h, q) - at(1.5, q)) / h;
    CHECK(std::abs(left - right) < 1e-4);
    const double down = (at(2.2, 2.5) - at(2.2, 2.5 - h)) / h, up = (at(2.2, 2.5 + h) - at(2.2, 2.5)) / h;
    CHECK(std::abs(down - up) < 1e-4);
    // Bilinear interpolation, by contrast, kinks there: the check above is one a C0 surface fails.
    s.set_choice("table.smoothness", "LinearSegments");
    const double kinked_left = (at(1.5, q) - at(1.5 - h, q)) / h, kinked_right = (at(1.5 + h, q) - at(1.5, q)) / h;
    CHECK(std::abs(kinked_left - kinked_right) > 1e-2);
}
