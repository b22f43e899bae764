#include "thermofluid/media/helmholtz/refrigerant.h"

#include <algorithm>
#include <cmath>

namespace lied::thermofluid {
namespace {

using helmholtz::HelmholtzEos;
using helmholtz::Saturation;
using helmholtz::StatePoint;

using Branch = HelmholtzEos::Branch;

constexpr const char* kBelowTriple = "temperature below the triple point (the solid is not modelled)";
constexpr const char* kAboveTmax = "temperature above the range of the equation of state";
constexpr const char* kCritical = "two-phase state within 1e-5·T_c of the critical point, where the phases merge";
constexpr const char* kSolid = "pressure above the melting line at this temperature (the solid is not modelled)";
constexpr const char* kNoConvergence = "the equation of state's density or temperature solve did not converge";

}  // namespace

Refrigerant::Refrigerant(const helmholtz::FluidData& data, TransportCorrelations transport)
    : eos_(data), transport_(transport), isobars_(eos_) {
    if (!eos_.saturation_at_temperature(eos_.T_dome_top(), dome_top_)) dome_top_.p = eos_.p_critical();
}

int Refrigerant::solve_single_phase(double p, double h, double T, double T_low, double T_high, Branch branch, double rho,
                                    StatePoint& out) const {
    // h(p, T) rises with T (cp > 0): Newton in T with cp, kept inside [T_low, T_high] by bisection. Each step's
    // density starts from the last one's, so it takes one or two iterations after the first.
    T = std::clamp(T, T_low, T_high);
    const double T_floor = T_low, T_ceiling = T_high;
    for (int iteration = 0; iteration < 200; ++iteration) {
        rho = eos_.density(p, T, branch, rho);
        if (!std::isfinite(rho)) return 2;
        out = eos_.at(rho, T);
        const double f = out.h - h;
        if (f > 0) T_high = T; else T_low = T;
        double next = T - f / out.cp;
        if (!(next > T_low && next < T_high)) next = 0.5 * (T_low + T_high);
        if (std::abs(f) <= 1e-12 * std::max(1e5, std::abs(h))) return 0;
        // The bracket closed without meeting h: on one of its first ends, h lies beyond that end; inside, h(T) jumps
        // there (no state of this phase has h).
        if (T_high - T_low <= 1e-13 * T) {
            if (std::abs(f) <= 1e-9 * std::max(1e5, std::abs(h))) return 0;
            if (f > 0 && T_low <= T_floor) return -1;
            if (f < 0 && T_high >= T_ceiling) return 1;
            return 2;
        }
        T = next;
    }
    return 2;
}

void Refrigerant::single_phase(double p, double h, double T_start, double T_low, double T_high, Branch branch,
                               double rho_start, double vapour, MediumProperties& out) const {
    StatePoint s;
    if (newton_single_phase(p, h, T_start, T_low, T_high, branch, rho_start, s)) return properties_of(p, h, s, vapour, out);
    switch (solve_single_phase(p, h, T_start, T_low, T_high, branch, rho_start, s)) {
        case -1: return invalidate(out, p, h, kBelowTriple);
        case 1: return invalidate(out, p, h, kAboveTmax);
        case 2: return invalidate(out, p, h, kNoConvergence);
        default: break;
    }
    properties_of(p, h, s, vapour, out);
}

void Refrigerant::properties_of(double p, double h, const StatePoint& s, double vapour, MediumProperties& out) const {
    if (p > melting_pressure(s.T)) return invalidate(out, p, h, kSolid);
    // (∂ρ/∂p)_h from the Jacobian of (p, h) in (ρ, T), inverted.
    const double det = s.dp_drho_T * s.dh_dT_rho - s.dp_dT_rho * s.dh_drho_T;
    const double mu = transport_.viscosity(eos_, s);
    out = {p, h, s.T, s.rho, mu, s.cp, transport_.conductivity(eos_, s, mu), s.dh_dT_rho / det, MediumProperties::nan, true, "", vapour};
}

double Refrigerant::melting_pressure(double T) const {
    const helmholtz::FluidData& d = eos_.data();
    if (d.melting_a1 == 0 && d.melting_a2 == 0) return std::numeric_limits<double>::infinity();
    const double x = T / d.T_triple - 1;
    return eos_.p_triple() * (1 + d.melting_a1 * x + d.melting_a2 * x * x);
}

bool Refrigerant::newton_single_phase(double p, double h, double T, double T_low, double T_high, Branch branch,
                                      double rho, StatePoint& out) const {
    // Newton's method on (p, h) in (ρ, T) at once: one evaluation per step, three or four from the start the caller
    // gives. If it does not converge in 20 steps or ends on the other phase's branch, the bracketed solve decides.
    T = std::clamp(T, T_low, T_high);
    for (int iteration = 0; iteration < 20; ++iteration) {
        out = eos_.at(rho, T);
        if (!(out.dp_drho_T > 0)) return false;
        const double Fp = out.p - p, Fh = out.h - h;
        if (std::abs(Fp) <= 1e-11 * p && std::abs(Fh) <= 1e-12 * std::max(1e5, std::abs(h))) break;
        const double det = out.dp_drho_T * out.dh_dT_rho - out.dp_dT_rho * out.dh_drho_T;
        const double d_rho = (Fp * out.dh_dT_rho - Fh * out.dp_dT_rho) / det;
        const double d_T = (out.dp_drho_T * Fh - out.dh_drho_T * Fp) / det;
        // Damped where a full step would more than halve the density or leave the temperature's bracket.
        double damping = std::min(1.0, 0.5 * rho / std::abs(d_rho));
        if (T - damping * d_T < T_low) damping = 0.5 * (T - T_low) / d_T;
        if (T - damping * d_T > T_high) damping = 0.5 * (T - T_high) / d_T;
        if (!(damping > 1e-3)) return false;
        rho -= damping * d_rho;
        T -= damping * d_T;
        if (iteration == 19) return false;
    }
    // On the branch asked for: below the dome's temperatures a stable root (∂p/∂ρ > 0, checked above) denser than the
    // critical density is the liquid's, a lighter one the vapour's.
    if (T >= eos_.T_dome_top()) return true;
    return (branch == Branch::liquid) == (out.rho > eos_.data().rho_critical);
}

void Refrigerant::two_phase(double p, double h, const Saturation& sat, MediumProperties& out) const {
    const StatePoint& l = sat.liquid;
    const StatePoint& v = sat.vapour;
    const double dh = v.h - l.h;
    const double x = (h - l.h) / dh;
    const double vl = 1 / l.rho, vv = 1 / v.rho;
    const double rho = 1 / (vl + x * (vv - vl));
    // Slopes along the saturation line: dT/dp from Clausius–Clapeyron, each phase's density from p(ρ, T) = p.
    const double dT_dp = sat.T * (vv - vl) / dh;
    auto slopes = [&](const StatePoint& s, double& dv_dp, double& dh_dp) {
        const double drho_dp = (1 - s.dp_dT_rho * dT_dp) / s.dp_drho_T;
        dv_dp = -drho_dp / (s.rho * s.rho);
        dh_dp = s.dh_dT_rho * dT_dp + s.dh_drho_T * drho_dp;
    };
    double dvl, dhl, dvv, dhv;
    slopes(l, dvl, dhl);
    slopes(v, dvv, dhv);
    const double dx_dp = -(dhl + x * (dhv - dhl)) / dh;
    const double dv_dp = dvl + x * (dvv - dvl) + (vv - vl) * dx_dp;
    const double mu_l = transport_.viscosity(eos_, l), mu_v = transport_.viscosity(eos_, v);
    const double mu = (1 - x) * mu_l + x * mu_v;
    const double lambda = (1 - x) * transport_.conductivity(eos_, l, mu_l) + x * transport_.conductivity(eos_, v, mu_v);
    out = {p, h, sat.T, rho, mu, MediumProperties::nan, lambda, -rho * rho * dv_dp, x, true, "", x};
}

void Refrigerant::properties(double p, double h, const double*, MediumProperties& out) const {
    const helmholtz::FluidData& d = eos_.data();
    if (!(p >= p_min() && p <= p_max())) return invalidate(out, p, h, "pressure outside the range of the equation of state (triple point to p_max)");
    if (!std::isfinite(h)) return invalidate(out, p, h, "specific enthalpy not finite");
    // Above the critical pressure: one fluid, liquid-like below the dome's temperatures. Newton starts from the
    // isobar table; where h lies beyond it, the bracketed solve finds the state or the broken limit.
    if (p >= eos_.p_critical()) {
        double T = d.T_critical, rho = d.rho_critical;
        isobars_.start(p, h, T, rho);
        return single_phase(p, h, T, d.T_triple, d.T_max, Branch::liquid, rho, MediumProperties::nan, out);
    }
    // Between the dome's top and p_c the dome's top stands for the saturation line (a band of about 1e-4·p_c).
    Saturation sat = dome_top_;
    const bool near_critical = p > dome_top_.p;
    if (!near_critical && !eos_.saturation_at_pressure(p, sat)) return invalidate(out, p, h, kNoConvergence);
    // Newton starts one cp-step from the saturated phase, which is close in the liquid and in slightly superheated vapour.
    if (near_critical && h > sat.liquid.h && h < sat.vapour.h) return invalidate(out, p, h, kCritical);
    if (h <= sat.liquid.h) {
        // The liquid's density hardly moves with pressure: the saturated liquid's at the start temperature is close.
        const double T = std::max(sat.T - (sat.liquid.h - h) / sat.liquid.cp, d.T_triple);
        double rho_liquid, rho_vapour;
        eos_.saturated_densities_estimate(T, rho_liquid, rho_vapour);
        return single_phase(p, h, T, d.T_triple, sat.T, Branch::liquid, rho_liquid, 0.0, out);
    }
    if (h >= sat.vapour.h) {
        const double T = sat.T + (h - sat.vapour.h) / sat.vapour.cp;   // and the vapour's density falls about as 1/T
        return single_phase(p, h, T, sat.T, d.T_max, Branch::vapour, sat.vapour.rho * sat.T / std::min(T, d.T_max), 1.0, out);
    }
    two_phase(p, h, sat, out);
}

namespace {
SaturationProperties saturated(const Saturation& s) { return {s.T, s.p, s.liquid.h, s.vapour.h, s.liquid.rho, s.vapour.rho}; }
}  // namespace

bool Refrigerant::saturation_at_pressure(double p, SaturationProperties& out) const {
    Saturation s;
    if (!eos_.saturation_at_pressure(p, s)) return false;
    out = saturated(s);
    return true;
}

bool Refrigerant::saturation_at_temperature(double T, SaturationProperties& out) const {
    Saturation s;
    if (!eos_.saturation_at_temperature(T, s)) return false;
    out = saturated(s);
    return true;
}

double Refrigerant::specific_enthalpy(double p, double T, const double*) const {
    if (!(p >= p_min() && p <= p_max() && T >= T_min() && T <= T_max())) return MediumProperties::nan;
    // Liquid where p is at or above the vapour pressure at T (at the saturation temperature itself, the saturated
    // liquid: a state from T alone is ambiguous there), vapour below it.
    Branch branch = Branch::liquid;
    Saturation sat;
    if (T <= eos_.T_dome_top() && eos_.saturation_at_temperature(T, sat) && p < sat.p) branch = Branch::vapour;
    if (p > melting_pressure(T)) return MediumProperties::nan;
    const double rho = eos_.density(p, T, branch, branch == Branch::liquid ? eos_.rho_max() : p / (eos_.R() * T));
    return std::isfinite(rho) ? eos_.at(rho, T).h : MediumProperties::nan;
}

}  // namespace lied::thermofluid
