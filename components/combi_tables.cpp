#include "components/combi_tables.h"

#include "components/csv_matrix.h"
#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <tuple>

namespace lied::components {

namespace {

std::string number(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

// Modelica's option names, in its enumerations' order.
const ChoiceSpec kSmoothness{{"LinearSegments", "ContinuousDerivative", "ConstantSegments", "MonotoneContinuousDerivative1",
                              "MonotoneContinuousDerivative2", "ModifiedContinuousDerivative"},
                             "interpolation: linear, Akima spline, constant (the value at or below u), Fritsch–Butland or Steffen "
                             "monotone spline, modified Akima spline"};
const ChoiceSpec kSmoothness2D{{"LinearSegments", "ContinuousDerivative", "ConstantSegments"},
                               "interpolation: bilinear, bivariate Akima (bilinear on at most 2×2 values), or constant (the value at or "
                               "below both inputs)"};
const ChoiceSpec kExtrapolation{{"HoldLastPoint", "LastTwoPoints", "Periodic", "NoExtrapolation"},
                                "outside the table: hold the end value, extend the end line (a spline's end slope), repeat the "
                                "table, or stop the run"};
const ChoiceSpec kFile = ChoiceSpec::path("CSV file instead of table (relative to the system file)");

constexpr const char* kIncreasing = "a table's grid of u is strictly increasing";

// The file's matrix, read again only when the name changed (a rebuild does not read the file anew).
void load_file(Meta& meta, const std::string& file, std::string& loaded, ArrayParameter& into, CsvLayout layout) {
    if (file.empty() || file == loaded) return;
    into = read_csv_matrix(file, meta.path_of("fileName") + " = '" + file + "'", layout);
    loaded = file;
}

// The grid `values[0], values[stride], …` (n of them) strictly increasing; otherwise a rule naming the row or column.
bool grid_increases(Meta& meta, const double* values, std::size_t n, std::size_t stride, const char* what, const char* variable) {
    for (std::size_t i = 1; i < n; ++i) {
        const double before = values[(i - 1) * stride], now = values[i * stride];
        if (now > before) continue;
        meta.require(false, [&] {
            return std::string(what) + " " + std::to_string(i + 1) + ": " + variable + " = " + number(now) + " does not increase on " + what + " " +
                   std::to_string(i) + " (" + number(before) + ")";
        }, kIncreasing);
        return false;
    }
    return true;
}

}  // namespace

bool CombiTable1Ds::prepare(Meta& meta) {
    load_file(meta, fileName, loaded_, file_table_, CsvLayout::Rows);
    const ArrayParameter& t = source();
    const bool shaped = t.is_matrix() && t.rows() >= 1 && t.cols() >= 2;
    meta.require(shaped, [&] { return std::string(fileName.empty() ? "table is " : "the file holds ") + t.shape_text(); },
                 "a table of one variable has at least one row and two columns: u, then the values");
    if (!shaped || !grid_increases(meta, t.data(), t.rows(), t.cols(), "row", "u")) return false;
    std::vector<std::size_t> chosen;   // 0-based columns
    if (columns.empty())
        for (std::size_t c = 1; c < t.cols(); ++c) chosen.push_back(c);
    for (std::size_t k = 0; k < columns.size(); ++k) {
        const double c = columns[k];
        const bool inside = c >= 1 && c <= static_cast<double>(t.cols());
        meta.require(inside, [&] { return "columns[" + std::to_string(k + 1) + "] = " + number(c) + ", the table has " + std::to_string(t.cols()) + " columns"; },
                     "a table's columns are numbered from 1 to its number of columns");
        if (!inside) return false;
        chosen.push_back(static_cast<std::size_t>(c) - 1);
    }
    const std::size_t rows = t.rows();
    x_.resize(rows);
    for (std::size_t i = 0; i < rows; ++i) x_[i] = t(i, 0);
    values_.resize(chosen.size());
    interpolants_.resize(chosen.size());
    for (std::size_t k = 0; k < chosen.size(); ++k) {
        values_[k].resize(rows);
        for (std::size_t i = 0; i < rows; ++i) values_[k][i] = t(i, chosen[k]);
        interpolants_[k].prepare(x_, values_[k], smoothness);
    }
    outputs_ = static_cast<int>(chosen.size());
    return true;
}

void CombiTable1Ds::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal block: it holds and exchanges no mass or energy
    meta.signal(u, "u");
    // Read at build: the table is checked and its splines prepared then; its width sizes the outputs.
    meta.parameter(table, "table", ArraySpec::matrix(ParameterSpec::any("", "rows of u, then the values (u strictly increasing)").read_at_build()));
    ParameterSpec column{"", "1-based columns of the table for y[1], y[2], …; empty: 2 … the last", 1.0, 1e6};
    column.whole = true;
    column.structural = true;
    meta.parameter(columns, "columns", ArraySpec::vector(std::move(column)));
    meta.choice(fileName, "fileName", kFile);
    meta.choice(smoothness, "smoothness", kSmoothness);
    meta.choice(extrapolation, "extrapolation", kExtrapolation);
    if (!prepare(meta)) outputs_ = 0;
    y.declare(meta, "y", outputs_);
    lists_.reset({&u});
    for (int k = 1; k <= outputs_; ++k) {
        lists_.writes.push_back(&y[k]);
        meta.variable(y[k].value(), "y[" + std::to_string(k) + "]", "");
    }
    meta.block<&CombiTable1Ds::update>(this, "update", lists_.reads, lists_.writes);
}

void CombiTable1Ds::update() {
    const double at = u.value();
    for (int k = 0; k < outputs_; ++k) {
        std::size_t last = last_;   // every column shares the abscissa: the search ends where it did for the first
        y[k + 1].value() = interpolants_[static_cast<std::size_t>(k)](at, extrapolation, last);
        if (k + 1 == outputs_) last_ = last;
    }
}

bool CombiTable2Ds::prepare(Meta& meta) {
    load_file(meta, fileName, loaded_, file_table_, CsvLayout::GridWithCorner);
    const ArrayParameter& t = source();
    const bool shaped = t.is_matrix() && t.rows() >= 2 && t.cols() >= 2;
    meta.require(shaped, [&] { return std::string(fileName.empty() ? "table is " : "the file holds ") + t.shape_text(); },
                 "a table of two variables has at least two rows and two columns: the u2 grid in the first row, the u1 grid in the first column");
    if (!shaped) return false;
    const std::size_t na = t.rows() - 1, nb = t.cols() - 1;
    if (!grid_increases(meta, t.data() + t.cols(), na, t.cols(), "row", "u1") || !grid_increases(meta, t.data() + 1, nb, 1, "column", "u2")) return false;
    a_.resize(na);
    b_.resize(nb);
    z_.resize(na * nb);
    for (std::size_t i = 0; i < na; ++i) a_[i] = t(i + 1, 0);
    for (std::size_t j = 0; j < nb; ++j) b_[j] = t(0, j + 1);
    for (std::size_t i = 0; i < na; ++i)
        for (std::size_t j = 0; j < nb; ++j) z_[i * nb + j] = t(i + 1, j + 1);
    const Smoothness along = smoothness == Smoothness2D::ConstantSegments     ? Smoothness::ConstantSegments
                             : smoothness == Smoothness2D::ContinuousDerivative ? Smoothness::ContinuousDerivative
                                                                               : Smoothness::LinearSegments;
    if (na == 1) along_.prepare(b_, z_, along);        // one row of values: a table of u2
    else if (nb == 1) along_.prepare(a_, z_, along);   // one column: a table of u1
    smooth_ = smoothness == Smoothness2D::ContinuousDerivative && na >= 2 && nb >= 2 && (na > 2 || nb > 2);
    if (smooth_) akima_.prepare(a_, b_, z_);
    return true;
}

void CombiTable2Ds::metainfo(Meta& meta) {
    meta.balance_neutral();
    meta.signal(u1, "u1");
    meta.signal(u2, "u2");
    meta.signal(y, "y");
    meta.parameter(table, "table",
                   ArraySpec::matrix(ParameterSpec::any("", "the u2 grid in the first row, the u1 grid in the first column, values in the rest").read_at_build()));
    meta.choice(fileName, "fileName", kFile);
    meta.choice(smoothness, "smoothness", kSmoothness2D);
    meta.choice(extrapolation, "extrapolation", kExtrapolation);
    if (!prepare(meta)) a_.clear(), b_.clear(), z_.assign(1, std::numeric_limits<double>::quiet_NaN());
    meta.block<&CombiTable2Ds::update>(this, "update", {&u1, &u2}, {&y});
    meta.variable(y.value(), "y", "");
}

double CombiTable2Ds::value(double p, double q) {
    const std::size_t na = a_.size(), nb = b_.size();
    if (na <= 1 && nb <= 1) return z_[0];
    if (na == 1) return along_(q, extrapolation, last2_);
    if (nb == 1) return along_(p, extrapolation, last1_);
    if (smooth_) return akima(p, q);
    // Each input on its own: held at the edge, wrapped, or left outside for a bilinear extrapolation from the edge cell.
    bool outside = false;
    for (auto [u, grid] : {std::pair<double*, const std::vector<double>*>{&p, &a_}, {&q, &b_}}) {
        if (*u >= grid->front() && *u <= grid->back()) continue;
        switch (extrapolation) {
            case Extrapolation::HoldLastPoint: *u = *u < grid->front() ? grid->front() : grid->back(); break;
            case Extrapolation::Periodic: *u = wrapped(*grid, *u); break;
            case Extrapolation::NoExtrapolation: return std::numeric_limits<double>::quiet_NaN();   // the run stops, naming this block
            case Extrapolation::LastTwoPoints: outside = true; break;
        }
    }
    auto cell = [](const std::vector<double>& grid, double u, std::size_t& last) {
        if (u < grid.front()) return std::size_t{0};
        if (u > grid.back()) return grid.size() - 2;
        return interval_of(grid, u, last);
    };
    const std::size_t i = cell(a_, p, last1_), j = cell(b_, q, last2_);
    if (!outside && smoothness == Smoothness2D::ConstantSegments) {
        const std::size_t row = p >= a_[i + 1] ? i + 1 : i, col = q >= b_[j + 1] ? j + 1 : j;   // the grid point at or below both
        return z_[row * nb + col];
    }
    // Bilinear (also as extrapolation from the edge cell, for either smoothness, as Modelica does).
    const double s = (p - a_[i]) / (a_[i + 1] - a_[i]), r = (q - b_[j]) / (b_[j + 1] - b_[j]);
    const double z00 = z_[i * nb + j], z01 = z_[i * nb + j + 1], z10 = z_[(i + 1) * nb + j], z11 = z_[(i + 1) * nb + j + 1];
    return (1 - s) * (1 - r) * z00 + (1 - s) * r * z01 + s * (1 - r) * z10 + s * r * z11;
}

// Bivariate Akima, outside the grid as Modelica extends it: each input clamped to its grid (or wrapped), and for
// LastTwoPoints the edge cell's patch at the clamped point extended by its slopes and twist, y = P + P1·δ1 + P2·δ2 +
// P12·δ1·δ2 (a straight line along an edge's slope, a twisted plane beyond a corner); HoldLastPoint the patch at the
// clamped point.
double CombiTable2Ds::akima(double p, double q) {
    double delta1 = 0, delta2 = 0;
    for (auto [u, grid, delta] : {std::tuple<double*, const std::vector<double>*, double*>{&p, &a_, &delta1}, {&q, &b_, &delta2}}) {
        if (*u >= grid->front() && *u <= grid->back()) continue;
        switch (extrapolation) {
            case Extrapolation::Periodic: *u = wrapped(*grid, *u); break;
            case Extrapolation::NoExtrapolation: return std::numeric_limits<double>::quiet_NaN();   // the run stops, naming this block
            case Extrapolation::HoldLastPoint:
            case Extrapolation::LastTwoPoints: {
                const double edge = *u < grid->front() ? grid->front() : grid->back();
                *delta = *u - edge;
                *u = edge;
                break;
            }
        }
    }
    const std::size_t i = interval_of(a_, p, last1_), j = interval_of(b_, q, last2_);
    const BivariateAkima::Point at = akima_.patch(i, j, p, q);
    if (extrapolation != Extrapolation::LastTwoPoints) return at.value;
    return at.value + at.d1 * delta1 + at.d2 * delta2 + at.d12 * delta1 * delta2;
}

void CombiTable2Ds::update() { y.value() = value(u1.value(), u2.value()); }

LIED_REGISTER_COMPONENT(CombiTable1Ds, "signal block: interpolation in a table of one variable (Modelica's CombiTable1Ds)");
LIED_REGISTER_COMPONENT(CombiTable2Ds, "signal block: interpolation in a table of two variables (Modelica's CombiTable2Ds), e.g. a pump or fan map");

}  // namespace lied::components
