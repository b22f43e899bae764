#include "thermofluid/media/table_liquid.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace lied::thermofluid {

TableLiquid::TableLiquid(LiquidTables tables) : t_(std::move(tables)) {
    const std::size_t n = t_.T.size();
    auto bad = [&](const std::string& why) { throw std::invalid_argument("liquid tables of " + t_.name + ": " + why); };
    if (n < 2) bad("at least two temperatures are needed");
    for (auto* column : {&t_.rho, &t_.cp, &t_.lambda, &t_.mu})
        if (column->size() != n) bad("every table has one value per temperature");
    for (std::size_t k = 1; k < n; ++k)
        if (!(t_.T[k] > t_.T[k - 1])) bad("temperatures must ascend");
    for (auto* column : {&t_.rho, &t_.cp, &t_.lambda, &t_.mu})
        for (double v : *column)
            if (!(v > 0) || !std::isfinite(v)) bad("every value must be a finite number > 0");
    // h at the table temperatures: exact integrals of the linear cp of each segment, zero at T0.
    h_at_.assign(n, 0.0);
    for (std::size_t k = 1; k < n; ++k) h_at_[k] = h_at_[k - 1] + 0.5 * (t_.cp[k] + t_.cp[k - 1]) * (t_.T[k] - t_.T[k - 1]);
    const double offset = enthalpy(t_.T0);
    for (double& h : h_at_) h -= offset;
    for (double m : t_.mu) log_mu_.push_back(std::log(m));
}

std::size_t TableLiquid::segment_of_T(double T) const {
    const auto it = std::upper_bound(t_.T.begin() + 1, t_.T.end() - 1, T);
    return static_cast<std::size_t>(it - t_.T.begin()) - 1;
}

// Extrapolates linearly beyond the table only for T0 outside it (offset at construction).
double TableLiquid::enthalpy(double T) const {
    const std::size_t k = segment_of_T(T);
    const double dT = T - t_.T[k], slope = (t_.cp[k + 1] - t_.cp[k]) / (t_.T[k + 1] - t_.T[k]);
    return h_at_[k] + t_.cp[k] * dT + 0.5 * slope * dT * dT;
}

void TableLiquid::properties(double p, double h, const double*, MediumProperties& out) const {
    if (!(h >= h_at_.front() && h <= h_at_.back())) return invalidate(out, p, h, "temperature outside the liquid's tables");
    const auto it = std::upper_bound(h_at_.begin() + 1, h_at_.end() - 1, h);
    const std::size_t k = static_cast<std::size_t>(it - h_at_.begin()) - 1;
    const double width = t_.T[k + 1] - t_.T[k], slope = (t_.cp[k + 1] - t_.cp[k]) / width;
    // cp_k·ΔT + slope/2·ΔT² = Δh, in the form that does not cancel when slope is small.
    const double dh = h - h_at_[k];
    const double dT = 2 * dh / (t_.cp[k] + std::sqrt(t_.cp[k] * t_.cp[k] + 2 * slope * dh));
    const double s = dT / width;
    auto lerp = [&](const std::vector<double>& v) { return v[k] + s * (v[k + 1] - v[k]); };
    out = {p, h, t_.T[k] + dT, lerp(t_.rho), std::exp(lerp(log_mu_)), lerp(t_.cp), lerp(t_.lambda), 0.0, MediumProperties::nan, true, ""};
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
