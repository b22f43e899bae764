#include "thermofluid/media/water_if97.h"

#include "thermofluid/media/if97.h"
#include "thermofluid/media/water_transport.h"

#include <algorithm>
#include <cmath>

namespace lied::thermofluid {
namespace {

using if97::Point;

// The highest pressure at which the saturation line lies between regions 1 and 2 (at 623.15 K).
const double kPressure13 = if97::saturation_pressure(if97::T_13);

// T with h(p, T) = h in [T_low, T_high] of one region: Newton with cp, kept inside the bracket by bisection.
// Returns 0 and the point at T, or −1 / +1 if h lies below h(T_low) / above h(T_high).
template <class Region>
int solve_temperature(Region region, double p, double h, double T_low, double T_high, double& T, Point& point) {
    const double low = T_low, high = T_high;
    T = std::clamp(T, T_low, T_high);
    for (int i = 0; i < 60; ++i) {
        point = region(p, T);
        const double f = point.h - h;
        if (f > 0) T_high = T; else T_low = T;
        double next = T - f / point.cp;
        if (!(next > T_low && next < T_high)) next = 0.5 * (T_low + T_high);
        // Converged: Newton's step from the last point is below 1e-12·T, closer than its own rounding matters.
        if (std::abs(f / point.cp) <= 1e-12 * T) return 0;
        if (T_high - T_low <= 1e-12 * T) break;
        T = next;
    }
    if (T_low <= low && region(p, low).h > h) return -1;
    if (T_high >= high && region(p, high).h < h) return 1;
    return std::abs(point.h - h) <= 1e-9 * std::max(1.0, std::abs(h)) ? 0 : 1;
}

// `vapour` is 0 for region 1 (liquid) and 1 for region 2 (vapour).
void single_phase(double p, double h, double T, const Point& pt, double vapour, MediumProperties& out) {
    const double rho = 1 / pt.v;
    // (∂v/∂p)_h = (∂v/∂p)_T − (∂v/∂T)_p·(∂h/∂p)_T / cp with (∂h/∂p)_T = v − T·(∂v/∂T)_p.
    const double dv_dp_h = pt.dv_dp_T - pt.dv_dT_p * (pt.v - T * pt.dv_dT_p) / pt.cp;
    out = {p, h, T, rho, water_viscosity(rho, T), pt.cp, water_conductivity(rho, T), -rho * rho * dv_dp_h, MediumProperties::nan, true, "", vapour};
}

// The saturated liquid and vapour at p (p ≤ the 1–3 limit).
struct Saturation {
    double T;
    Point liquid, vapour;
};
Saturation saturation(double p) {
    const double T = if97::saturation_temperature(p);
    return {T, if97::region1(p, T), if97::region2(p, T)};
}

}  // namespace

void WaterIF97::two_phase(double p, double h, MediumProperties& out) const {
    const Saturation s = saturation(p);
    const double x = (h - s.liquid.h) / (s.vapour.h - s.liquid.h);
    auto density = [&](double pressure) {
        const Saturation q = saturation(pressure);
        const double quality = (h - q.liquid.h) / (q.vapour.h - q.liquid.h);
        return 1 / (q.liquid.v + quality * (q.vapour.v - q.liquid.v));
    };
    const double rho = 1 / (s.liquid.v + x * (s.vapour.v - s.liquid.v));
    const double dp = 1e-6 * p;
    const double rho_l = 1 / s.liquid.v, rho_v = 1 / s.vapour.v;
    const double mu = (1 - x) * water_viscosity(rho_l, s.T) + x * water_viscosity(rho_v, s.T);
    const double lambda = (1 - x) * water_conductivity(rho_l, s.T) + x * water_conductivity(rho_v, s.T);
    out = {p, h, s.T, rho, mu, MediumProperties::nan, lambda, (density(p + dp) - density(p - dp)) / (2 * dp), x, true, "", x};
}

void WaterIF97::properties(double p, double h, const double*, MediumProperties& out) const {
    if (!(p >= p_min() && p <= p_max())) return invalidate(out, p, h, "pressure outside WaterIF97's range (611 Pa to 100 MPa)");
    if (!std::isfinite(h)) return invalidate(out, p, h, "specific enthalpy not finite");
    double T;
    Point pt;
    constexpr const char* kIce = "temperature below 273.15 K (ice is not modelled)";
    constexpr const char* kHot = "temperature above 1073.15 K (region 5 is not modelled)";
    if (p <= kPressure13) {
        const Saturation s = saturation(p);
        if (h <= s.liquid.h) {
            T = s.T - (s.liquid.h - h) / s.liquid.cp;   // Newton's start from the saturated liquid
            if (solve_temperature(if97::region1, p, h, T_min(), s.T, T, pt) != 0) return invalidate(out, p, h, kIce);
            return single_phase(p, h, T, pt, 0.0, out);
        }
        if (h >= s.vapour.h) {
            T = s.T + (h - s.vapour.h) / s.vapour.cp;
            if (solve_temperature(if97::region2, p, h, s.T, T_max(), T, pt) != 0) return invalidate(out, p, h, kHot);
            return single_phase(p, h, T, pt, 1.0, out);
        }
        return two_phase(p, h, out);
    }
    // Above 16.53 MPa: region 1 up to 623.15 K, region 3 (not modelled) up to the 2–3 boundary, region 2 above.
    const Point at13 = if97::region1(p, if97::T_13);
    if (h <= at13.h) {
        T = if97::T_13 - (at13.h - h) / at13.cp;
        if (solve_temperature(if97::region1, p, h, T_min(), if97::T_13, T, pt) != 0) return invalidate(out, p, h, kIce);
        return single_phase(p, h, T, pt, 0.0, out);
    }
    const double T23 = if97::b23_temperature(p);
    const Point at23 = if97::region2(p, T23);
    if (h < at23.h) return invalidate(out, p, h, "state in IF97 region 3 (near the critical point), which is not modelled");
    T = T23 + (h - at23.h) / at23.cp;
    if (solve_temperature(if97::region2, p, h, T23, T_max(), T, pt) != 0) return invalidate(out, p, h, kHot);
    single_phase(p, h, T, pt, 1.0, out);
}

bool WaterIF97::saturation_at_pressure(double p, SaturationProperties& out) const {
    if (!(p >= p_min() && p <= kPressure13)) return false;
    const Saturation s = saturation(p);
    out = {s.T, p, s.liquid.h, s.vapour.h, 1 / s.liquid.v, 1 / s.vapour.v};
    return true;
}

bool WaterIF97::saturation_at_temperature(double T, SaturationProperties& out) const {
    if (!(T >= T_min() && T <= if97::T_13)) return false;
    return saturation_at_pressure(if97::saturation_pressure(T), out);
}

double WaterIF97::specific_enthalpy(double p, double T, const double*) const {
    if (!(p >= p_min() && p <= p_max() && T >= T_min() && T <= T_max())) return MediumProperties::nan;
    if (p <= kPressure13) return T <= if97::saturation_temperature(p) ? if97::region1(p, T).h : if97::region2(p, T).h;
    if (T <= if97::T_13) return if97::region1(p, T).h;
    const double T23 = if97::b23_temperature(p);
    return T >= T23 ? if97::region2(p, T).h : MediumProperties::nan;
}

}  // namespace lied::thermofluid
