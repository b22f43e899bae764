#include "thermofluid/media/table_liquid.h"

#include "thermofluid/media/polynomial.h"

#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lied::thermofluid {
namespace {

constexpr double kCelsiusZero = 273.15;

// The least-squares polynomial of `degree` through (u, y), highest power first (Modelica's Polynomials.fitting).
std::vector<double> fit(const std::vector<double>& u, const std::vector<double>& y, int degree) {
    const auto n = static_cast<Eigen::Index>(u.size());
    Eigen::MatrixXd V(n, degree + 1);
    Eigen::VectorXd b(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        for (int j = 0; j <= degree; ++j) V(i, j) = std::pow(u[static_cast<std::size_t>(i)], degree - j);
        b[i] = y[static_cast<std::size_t>(i)];
    }
    const Eigen::VectorXd c = V.colPivHouseholderQr().solve(b);
    return {c.data(), c.data() + c.size()};
}

}  // namespace

TableLiquid::TableLiquid(LiquidTables tables) : t_(std::move(tables)) {
    const std::size_t n = t_.T.size();
    auto bad = [&](const std::string& why) { throw std::invalid_argument("liquid tables of " + t_.name + ": " + why); };
    if (t_.degree < 0 || n < static_cast<std::size_t>(t_.degree) + 1 || n < 2)
        bad("at least " + std::to_string(std::max(2, t_.degree + 1)) + " temperatures are needed for a fit of degree " + std::to_string(t_.degree));
    for (auto* column : {&t_.rho, &t_.cp, &t_.lambda, &t_.mu})
        if (column->size() != n) bad("every table has one value per temperature");
    for (std::size_t k = 1; k < n; ++k)
        if (!(t_.T[k] > t_.T[k - 1])) bad("temperatures must ascend");
    for (auto* column : {&t_.rho, &t_.cp, &t_.lambda, &t_.mu})
        for (double v : *column)
            if (!(v > 0) || !std::isfinite(v)) bad("every value must be a finite number > 0");
    std::vector<double> celsius, inverse_T, log_mu;
    for (std::size_t k = 0; k < n; ++k) {
        celsius.push_back(t_.T[k] - kCelsiusZero);
        inverse_T.push_back(1.0 / t_.T[k]);
        log_mu.push_back(std::log(t_.mu[k]));
    }
    rho_ = fit(celsius, t_.rho, t_.degree);
    cp_ = fit(celsius, t_.cp, t_.degree);
    lambda_ = fit(celsius, t_.lambda, t_.degree);
    log_mu_ = fit(inverse_T, log_mu, t_.degree);
    // h's polynomial: cp's integrated term by term, constant 0.
    for (std::size_t j = 0; j < cp_.size(); ++j) h_.push_back(cp_[j] / static_cast<double>(cp_.size() - j));
    h_.push_back(0.0);
    // A monotonic h(T) is what makes T(h) unique: cp > 0 over the range (a quadratic's minimum is at an end or its vertex).
    std::vector<double> checks{t_.T.front() - kCelsiusZero, t_.T.back() - kCelsiusZero};
    if (cp_.size() == 3 && cp_[0] != 0.0) checks.push_back(std::clamp(-cp_[1] / (2 * cp_[0]), checks[0], checks[1]));
    for (double x = checks[0]; x <= checks[1]; x += (checks[1] - checks[0]) / 64) checks.push_back(x);
    for (double x : checks)
        if (!(polynomial_value(cp_, x) > 0)) bad("the fitted heat capacity is not positive at " + std::to_string(x) + " °C");
    h_T0_ = polynomial_value(h_, t_.T0 - kCelsiusZero);
    h_min_ = enthalpy(T_min());
    h_max_ = enthalpy(T_max());
}

double TableLiquid::enthalpy(double T) const { return polynomial_value(h_, T - kCelsiusZero) - h_T0_; }

void TableLiquid::properties(double p, double h, const double*, MediumProperties& out) const {
    if (!(h >= h_min_ && h <= h_max_)) return invalidate(out, p, h, "temperature outside the liquid's tables");
    // Newton on h(ϑ) = h from the straight line between the range's ends; h is smooth and monotonic, so a few
    // steps reach rounding.
    const double x_min = T_min() - kCelsiusZero, x_max = T_max() - kCelsiusZero;
    double x = x_min + (h - h_min_) / (h_max_ - h_min_) * (x_max - x_min);
    for (int i = 0; i < 30; ++i) {
        const double step = (polynomial_value(h_, x) - h_T0_ - h) / polynomial_value(cp_, x);
        x = std::clamp(x - step, x_min, x_max);
        if (std::abs(step) <= 1e-13 * (1.0 + std::abs(x))) break;
    }
    const double T = x + kCelsiusZero;
    out = {p, h, T, polynomial_value(rho_, x), std::exp(polynomial_value(log_mu_, 1.0 / T)), polynomial_value(cp_, x), polynomial_value(lambda_, x), 0.0,
           MediumProperties::nan, true, ""};
}

double TableLiquid::specific_enthalpy(double, double T, const double*) const {
    return T >= T_min() && T <= T_max() ? enthalpy(T) : MediumProperties::nan;
}

LiquidTables propylene_glycol_47() {
    LiquidTables t;
    t.name = "Glycol47";
    t.T0 = 273.15;
    for (double c : {-30.0, -20.0, -10.0, 0.0, 20.0, 40.0, 60.0, 80.0, 100.0}) t.T.push_back(273.15 + c);
    t.rho = {1066, 1062, 1058, 1054, 1044, 1030, 1015, 999, 984};
    t.cp = {3450, 3490, 3520, 3560, 3620, 3690, 3760, 3820, 3890};
    t.lambda = {0.397, 0.396, 0.395, 0.395, 0.394, 0.393, 0.392, 0.391, 0.390};
    t.mu = {0.160, 0.0743, 0.0317, 0.0190, 0.00626, 0.00299, 0.00162, 0.00110, 0.00081};
    return t;
}

}  // namespace lied::thermofluid
