#include "thermofluid/media/helmholtz/helmholtz_eos.h"

#include <Eigen/LU>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace lied::thermofluid::helmholtz {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// One term's value f and its scaled derivatives δf_δ, δ²f_δδ, τf_τ, τ²f_ττ, δτf_δτ, summed into `sum`.
struct Scaled {
    double f = 0, d = 0, dd = 0, t = 0, tt = 0, dt = 0;
};

void add_power(const PowerTerm& term, double ln_delta, double ln_tau, double delta_l_of, Scaled& sum) {
    // a = d − l·δ^l is δ·∂ln f/∂δ; its own δ-derivative times δ is −l²·δ^l.
    const double f = term.n * std::exp(term.d * ln_delta + term.t * ln_tau - delta_l_of);
    const double a = term.d - term.l * delta_l_of;
    sum.f += f;
    sum.d += f * a;
    sum.dd += f * (a * a - a - term.l * term.l * delta_l_of);
    sum.t += f * term.t;
    sum.tt += f * term.t * (term.t - 1);
    sum.dt += f * a * term.t;
}

void add_gaussian(const GaussianTerm& term, double delta, double tau, double ln_delta, double ln_tau, Scaled& sum) {
    const double dd = delta - term.epsilon, dt = tau - term.gamma;
    const double f = term.n * std::exp(term.d * ln_delta + term.t * ln_tau - term.eta * dd * dd - term.beta * dt * dt);
    const double a = term.d - 2 * term.eta * delta * dd;   // δ·∂ln f/∂δ
    const double b = term.t - 2 * term.beta * tau * dt;    // τ·∂ln f/∂τ
    sum.f += f;
    sum.d += f * a;
    sum.dd += f * (a * a - term.d - 2 * term.eta * delta * delta);
    sum.t += f * b;
    sum.tt += f * (b * b - term.t - 2 * term.beta * tau * tau);
    sum.dt += f * a * b;
}

// Span and Wagner's non-analytic term and its derivatives as they publish them (also IAPWS-95's Table 5).
void add_non_analytic(const NonAnalyticTerm& k, double delta, double tau, Scaled& sum) {
    double dm1 = delta - 1;
    if (std::abs(dm1) < 1e-10) dm1 = 1e-10;   // the derivatives' limit at δ = 1 exists; the formulas divide by δ − 1
    const double sq = dm1 * dm1;
    const double tm1 = tau - 1;
    // Three powers per term; their neighbours by division (the rest of the pow calls cost more than the term).
    const double sq_beta = std::pow(sq, 1 / (2 * k.beta)), sq_a = std::pow(sq, k.a);
    const double theta = (1 - tau) + k.A * sq_beta;
    const double Delta = theta * theta + k.B * sq_a;
    const double psi = std::exp(-k.C * sq - k.D * tm1 * tm1);
    const double psi_d = -2 * k.C * dm1 * psi;
    const double psi_dd = (2 * k.C * sq - 1) * 2 * k.C * psi;
    const double psi_t = -2 * k.D * tm1 * psi;
    const double psi_tt = (2 * k.D * tm1 * tm1 - 1) * 2 * k.D * psi;
    const double psi_dt = 4 * k.C * k.D * dm1 * tm1 * psi;
    const double p1 = sq_beta / sq;   // ((δ − 1)²)^(1/(2β) − 1)
    const double dDelta_d = dm1 * (k.A * theta * 2 / k.beta * p1 + 2 * k.B * k.a * sq_a / sq);
    const double dDelta_dd = dDelta_d / dm1 + sq * (4 * k.B * k.a * (k.a - 1) * sq_a / (sq * sq) +
                                                    2 * k.A * k.A / (k.beta * k.beta) * p1 * p1 +
                                                    k.A * theta * 4 / k.beta * (1 / (2 * k.beta) - 1) * p1 / sq);
    const double Db = std::pow(Delta, k.b);
    const double Db1 = Db / Delta;
    const double Db2 = Db1 / Delta;
    const double Db_d = k.b * Db1 * dDelta_d;
    const double Db_dd = k.b * (Db1 * dDelta_dd + (k.b - 1) * Db2 * dDelta_d * dDelta_d);
    const double Db_t = -2 * theta * k.b * Db1;
    const double Db_tt = 2 * k.b * Db1 + 4 * theta * theta * k.b * (k.b - 1) * Db2;
    const double Db_dt = -k.A * k.b * 2 / k.beta * Db1 * dm1 * p1 - 2 * theta * k.b * (k.b - 1) * Db2 * dDelta_d;
    const double f = k.n * Db * delta * psi;
    const double f_d = k.n * (Db * (psi + delta * psi_d) + Db_d * delta * psi);
    const double f_dd = k.n * (Db * (2 * psi_d + delta * psi_dd) + 2 * Db_d * (psi + delta * psi_d) + Db_dd * delta * psi);
    const double f_t = k.n * delta * (Db_t * psi + Db * psi_t);
    const double f_tt = k.n * delta * (Db_tt * psi + 2 * Db_t * psi_t + Db * psi_tt);
    const double f_dt = k.n * (Db * (psi_t + delta * psi_dt) + delta * Db_d * psi_t + Db_t * (psi + delta * psi_d) + Db_dt * delta * psi);
    sum.f += f;
    sum.d += delta * f_d;
    sum.dd += delta * delta * f_dd;
    sum.t += tau * f_t;
    sum.tt += tau * tau * f_tt;
    sum.dt += delta * tau * f_dt;
}

}  // namespace

HelmholtzEos::HelmholtzEos(const FluidData& data)
    : data_(data), R_(data.gas_constant / data.molar_mass), a1_(data.a1), a2_(data.a2) {
    p_critical_ = pressure(data.rho_critical, data.T_critical);
    trace_saturation_line();
    if (table_.size() < 2)   // a fluid's data is tested; this guards a new fluid's first run
        throw std::invalid_argument(std::string("the saturation line of ") + data.name + " could not be traced from its triple point");
    p_triple_ = table_.empty() ? kNaN : std::exp(table_.front().ln_p);
    const ReferenceState& ref = data.reference_state;
    Saturation sat;
    if (!ref.saturated_liquid || !saturation_at_temperature(ref.T, sat)) return;
    // h moves by R·T_c·Δa₂ and s by −R·Δa₁ (the equilibrium itself does not depend on a₁, a₂).
    a2_ += (ref.h - sat.liquid.h) / (R_ * data.T_critical);
    a1_ -= (ref.s - sat.liquid.s) / R_;
}

Residual HelmholtzEos::residual(double delta, double tau) const {
    const double ln_delta = std::log(delta), ln_tau = std::log(tau);
    // δ^l for the integer l the equations use, by multiplication (one exp fewer per term).
    double delta_power[9] = {0, delta};
    for (int l = 2; l < 9; ++l) delta_power[l] = delta_power[l - 1] * delta;
    Scaled s;
    for (const PowerTerm& term : data_.power) {
        const int l = static_cast<int>(term.l);
        const double delta_l = term.l <= 0 ? 0.0 : (l == term.l && l < 9 ? delta_power[l] : std::exp(term.l * ln_delta));
        add_power(term, ln_delta, ln_tau, delta_l, s);
    }
    for (const GaussianTerm& term : data_.gaussian) add_gaussian(term, delta, tau, ln_delta, ln_tau, s);
    for (const NonAnalyticTerm& term : data_.non_analytic) add_non_analytic(term, delta, tau, s);
    return {s.f, s.d / delta, s.dd / (delta * delta), s.t / tau, s.tt / (tau * tau), s.dt / (delta * tau)};
}

Ideal HelmholtzEos::ideal(double delta, double tau) const {
    Ideal i;
    i.a = std::log(delta) + a1_ + a2_ * tau + data_.a_log * std::log(tau);
    i.t = a2_ + data_.a_log / tau;
    i.tt = -data_.a_log / (tau * tau);
    for (const IdealPowerTerm& term : data_.ideal_power) {
        const double v = term.n * std::pow(tau, term.t);
        i.a += v;
        i.t += v * term.t / tau;
        i.tt += v * term.t * (term.t - 1) / (tau * tau);
    }
    for (const PlanckEinsteinTerm& term : data_.planck_einstein) {
        const double e = std::exp(-term.theta * tau);   // exp(−θτ) < 1, no overflow
        i.a += term.n * std::log1p(-e);
        i.t += term.n * term.theta * e / (1 - e);
        i.tt -= term.n * term.theta * term.theta * e / ((1 - e) * (1 - e));
    }
    return i;
}

double HelmholtzEos::pressure(double rho, double T) const {
    const double delta = rho / data_.rho_critical, tau = data_.T_critical / T;
    return rho * R_ * T * (1 + delta * residual(delta, tau).d);
}

StatePoint HelmholtzEos::at(double rho, double T) const {
    const double delta = rho / data_.rho_critical, tau = data_.T_critical / T;
    const Residual r = residual(delta, tau);
    const Ideal i = ideal(delta, tau);
    StatePoint s;
    s.rho = rho;
    s.T = T;
    const double RT = R_ * T;
    s.p = rho * RT * (1 + delta * r.d);
    s.h = RT * (tau * (i.t + r.t) + 1 + delta * r.d);
    s.s = R_ * (tau * (i.t + r.t) - i.a - r.a);
    s.cv = -R_ * tau * tau * (i.tt + r.tt);
    s.dp_drho_T = RT * (1 + 2 * delta * r.d + delta * delta * r.dd);
    s.dp_dT_rho = rho * R_ * (1 + delta * r.d - delta * tau * r.dt);
    s.cp = s.cv + T * s.dp_dT_rho * s.dp_dT_rho / (rho * rho * s.dp_drho_T);
    s.w = std::sqrt(s.dp_drho_T * s.cp / s.cv);
    s.dh_drho_T = RT / data_.rho_critical * (tau * r.dt + r.d + delta * r.dd);
    s.dh_dT_rho = s.cv + s.dp_dT_rho / rho;
    s.g = s.h - T * s.s;
    return s;
}

void HelmholtzEos::trace_saturation_line() {
    // The triple point first: the liquid root of p(ρ, T) ≈ 0 (Newton down from a density above any liquid's), then the
    // vapour pressure from equal fugacities with an ideal vapour, ln f_liquid = ln(ρRT) + αʳ + Z − 1 with Z ≈ 0.
    const double Tc = data_.T_critical, rc = data_.rho_critical;
    const double T0 = data_.T_triple, tau0 = Tc / T0;
    double dl = 4.0;
    for (int iteration = 0; iteration < 100; ++iteration) {
        const Residual r = residual(dl, tau0);
        const double J = dl * (1 + dl * r.d), J_d = 1 + 2 * dl * r.d + dl * dl * r.dd;
        if (!(J_d > 0)) break;
        const double step = std::clamp(J / J_d, -0.2 * dl, 0.2 * dl);
        dl -= step;
        if (std::abs(step) < 1e-12 * dl) break;
    }
    const double p0 = dl * rc * R_ * T0 * std::exp(residual(dl, tau0).a - 1);
    double dv = p0 / (R_ * T0 * rc);
    // Then up the line in even steps of u = (1 − T/T_c)^(1/3), each solve starting from the last two points' trend.
    constexpr int kNodes = 400;
    const double u0 = std::cbrt(1 - T0 / Tc), u1 = std::cbrt(kDomeTop);
    table_.reserve(kNodes);
    for (int k = 0; k < kNodes; ++k) {
        const double u = u0 + (u1 - u0) * k / (kNodes - 1);
        const double T = Tc * (1 - u * u * u);
        if (table_.size() >= 2) {
            const SaturationNode& a = table_[table_.size() - 2];
            const SaturationNode& b = table_.back();
            const double w = (u - b.u) / (b.u - a.u);
            dl = std::exp(b.ln_delta_liquid + w * (b.ln_delta_liquid - a.ln_delta_liquid));
            dv = std::exp(b.ln_delta_vapour + w * (b.ln_delta_vapour - a.ln_delta_vapour));
        }
        Saturation sat;
        if (!saturation_from(T, dl, dv, sat)) break;   // the phases merged: the line ends at the last point
        dl = sat.liquid.rho / rc;
        dv = sat.vapour.rho / rc;
        table_.push_back({u, T, std::log(sat.p), std::log(dl), std::log(dv)});
    }
}

bool HelmholtzEos::saturation_from(double T, double dl, double dv, Saturation& out) const {
    const double tau = data_.T_critical / T, rc = data_.rho_critical;
    // Akasaka's Newton iteration on J = δ(1 + δαʳ_δ) and K = δαʳ_δ + αʳ + ln δ, equal in both phases.
    for (int iteration = 0; iteration < 100; ++iteration) {
        const Residual l = residual(dl, tau), v = residual(dv, tau);
        const double Jl = dl * (1 + dl * l.d), Jv = dv * (1 + dv * v.d);
        const double Kl = dl * l.d + l.a + std::log(dl), Kv = dv * v.d + v.a + std::log(dv);
        const double Jl_d = 1 + 2 * dl * l.d + dl * dl * l.dd, Jv_d = 1 + 2 * dv * v.d + dv * dv * v.dd;
        const double Kl_d = 2 * l.d + dl * l.dd + 1 / dl, Kv_d = 2 * v.d + dv * v.dd + 1 / dv;
        const double det = Jv_d * Kl_d - Jl_d * Kv_d;
        if (!(std::abs(det) > 0)) return false;
        const double step_l = ((Kv - Kl) * Jv_d - (Jv - Jl) * Kv_d) / det;
        const double step_v = ((Kv - Kl) * Jl_d - (Jv - Jl) * Kl_d) / det;
        // Keep both densities positive.
        double gamma = 1;
        while (gamma > 1e-3 && !(dl + gamma * step_l > 0 && dv + gamma * step_v > 0)) gamma *= 0.5;
        dl += gamma * step_l;
        dv += gamma * step_v;
        if (!(dl > dv * (1 + 1e-6))) return false;   // collapsed onto one phase
        // Newton converges quadratically: after a step below 1e-9 the error is below rounding (also next to the
        // critical point, where rounding keeps the steps from falling much further).
        const double step = std::max(std::abs(step_l) / dl, std::abs(step_v) / dv);
        if (step <= 1e-9) {
            out.T = T;
            out.liquid = at(dl * rc, T);
            out.vapour = at(dv * rc, T);
            out.p = out.vapour.p;
            return true;
        }
    }
    return false;
}

void HelmholtzEos::saturation_start(double T, double& delta_liquid, double& delta_vapour) const {
    // The nodes are even in u: the interval holding T is found directly.
    const double u = std::cbrt(std::max(1 - T / data_.T_critical, 0.0));
    const double step = table_[1].u - table_[0].u;   // negative: u falls as T rises
    const double index = std::clamp((u - table_[0].u) / step, 0.0, static_cast<double>(table_.size() - 1));
    const std::size_t k = std::min<std::size_t>(static_cast<std::size_t>(index), table_.size() - 2);
    const SaturationNode& a = table_[k];
    const SaturationNode& b = table_[k + 1];
    const double w = (u - a.u) / (b.u - a.u);
    delta_liquid = std::exp(a.ln_delta_liquid + w * (b.ln_delta_liquid - a.ln_delta_liquid));
    delta_vapour = std::exp(a.ln_delta_vapour + w * (b.ln_delta_vapour - a.ln_delta_vapour));
}

bool HelmholtzEos::saturation_at_temperature(double T, Saturation& out) const {
    if (table_.size() < 2 || !(T >= table_.front().T && T <= table_.back().T)) return false;
    double dl, dv;
    saturation_start(T, dl, dv);
    return saturation_from(T, dl, dv, out);
}

bool HelmholtzEos::saturation_at_pressure(double p, Saturation& out) const {
    if (table_.size() < 2 || !(p >= p_triple_ * (1 - 1e-12) && p <= p_dome_top())) return false;
    // The start: the table's interval holding ln p (ln p rises with T), interpolated linearly in u.
    const double lp = std::log(p);
    const auto it = std::lower_bound(table_.begin(), table_.end(), lp, [](const SaturationNode& n, double v) { return n.ln_p < v; });
    const std::size_t k = std::clamp<std::size_t>(static_cast<std::size_t>(it - table_.begin()), 1, table_.size() - 1) - 1;
    const SaturationNode& a = table_[k];
    const SaturationNode& b = table_[k + 1];
    const double w = (lp - a.ln_p) / (b.ln_p - a.ln_p);
    const double u = a.u + w * (b.u - a.u);
    double T = data_.T_critical * (1 - u * u * u);
    double dl = std::exp(a.ln_delta_liquid + w * (b.ln_delta_liquid - a.ln_delta_liquid));
    double dv = std::exp(a.ln_delta_vapour + w * (b.ln_delta_vapour - a.ln_delta_vapour));
    // Newton on (δ', δ'', τ): ln p(δ', τ) = ln p, ln p(δ'', τ) = ln p, and equal Gibbs energies G = ln δ + αʳ + δαʳ_δ.
    const double Tc = data_.T_critical, rc = data_.rho_critical;
    double tau = Tc / T;
    for (int iteration = 0; iteration < 50; ++iteration) {
        const Residual l = residual(dl, tau), v = residual(dv, tau);
        const double Jl = dl * (1 + dl * l.d), Jv = dv * (1 + dv * v.d);
        if (!(Jl > 0 && Jv > 0)) return false;
        const double base = std::log(rc * R_ * Tc / tau);
        const Eigen::Vector3d F(base + std::log(Jl) - lp, base + std::log(Jv) - lp,
                                (std::log(dl) + l.a + dl * l.d) - (std::log(dv) + v.a + dv * v.d));
        // Rows: the three equations; columns: δ', δ'', τ. Fixed-size: no allocation.
        Eigen::Matrix3d A;
        A << (1 + 2 * dl * l.d + dl * dl * l.dd) / Jl, 0, -1 / tau + dl * dl * l.dt / Jl,
             0, (1 + 2 * dv * v.d + dv * dv * v.dd) / Jv, -1 / tau + dv * dv * v.dt / Jv,
             2 * l.d + dl * l.dd + 1 / dl, -(2 * v.d + dv * v.dd + 1 / dv), (l.t + dl * l.dt) - (v.t + dv * v.dt);
        const Eigen::Vector3d step = A.partialPivLu().solve(F);
        if (!step.allFinite()) return false;
        double gamma = 1;
        while (gamma > 1e-3 && !(dl - gamma * step[0] > 0 && dv - gamma * step[1] > 0 && tau - gamma * step[2] > 1)) gamma *= 0.5;
        dl -= gamma * step[0];
        dv -= gamma * step[1];
        tau -= gamma * step[2];
        if (!(dl > dv)) return false;
        // Quadratic convergence: after steps below 1e-9 the error is below rounding.
        if (std::abs(step[0]) <= 1e-9 * dl && std::abs(step[1]) <= 1e-9 * dv && std::abs(step[2]) <= 1e-10 * tau) {
            T = Tc / tau;
            out.T = T;
            out.liquid = at(dl * rc, T);
            out.vapour = at(dv * rc, T);
            out.p = p;
            return true;
        }
    }
    return false;
}

double HelmholtzEos::density(double p, double T, Branch branch, double rho_start) const {
    const double rc = data_.rho_critical, tau = data_.T_critical / T, RT = R_ * T;
    auto excess = [&](double rho, double& slope) {
        const double delta = rho / rc;
        const Residual r = residual(delta, tau);
        slope = RT * (1 + 2 * delta * r.d + delta * delta * r.dd);
        return rho * RT * (1 + delta * r.d) - p;
    };
    double low = 1e-12 * rc, high = rho_max(), slope;
    if (!table_.empty() && T < table_.back().T) {
        // The saturated density at T bounds the branch. The table's is close, not exact: widen it until p − p(ρ)
        // has the sign the bound needs on the stable side (a few steps of 1e-4 at most).
        double dl, dv;
        saturation_start(T, dl, dv);
        // Widened by at most 1e-3 in all: beyond that the bound would leave the stable branch, and a liquid below its
        // vapour pressure (or a vapour above it) has no root on its branch.
        if (branch == Branch::liquid) {
            low = dl * rc;
            for (int k = 0; k < 10 && !(excess(low, slope) < 0 && slope > 0); ++k) low *= 1 - 1e-4;
            if (!(excess(low, slope) < 0 && slope > 0)) return kNaN;
        } else {
            high = dv * rc;
            for (int k = 0; k < 10 && !(excess(high, slope) > 0 && slope > 0); ++k) high *= 1 + 1e-4;
            if (!(excess(high, slope) > 0 && slope > 0)) return kNaN;
        }
    }
    // The other end must bracket the root too (a pressure beyond the densest state the bound allows has none).
    if (!(excess(low, slope) < 0) || !(excess(high, slope) > 0)) return kNaN;
    double rho = std::clamp(rho_start, low, high);
    if (!(rho > low && rho < high)) rho = branch == Branch::liquid ? high : low + 0.5 * (high - low) * 1e-3;
    for (int iteration = 0; iteration < 200; ++iteration) {
        const double f = excess(rho, slope);
        if (f > 0) high = rho; else low = rho;
        double next = rho - f / slope;
        if (!(slope > 0 && next > low && next < high)) next = 0.5 * (low + high);
        if (std::abs(next - rho) <= 1e-14 * rho) return next;
        // The bracket closed: a root only if the pressure is met there (not a jump of p(ρ) across it).
        if (high - low <= 1e-14 * high) return std::abs(f) <= 1e-9 * std::max(p, 1.0) ? next : kNaN;
        rho = next;
    }
    return kNaN;
}

}  // namespace lied::thermofluid::helmholtz
