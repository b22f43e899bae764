#include "thermofluid/media/helmholtz/transport_terms.h"

#include <cmath>
#include <numbers>

namespace lied::thermofluid::helmholtz {

double rainwater_friend(std::span<const InitialDensityTerm> terms, double T_star) {
    double B = 0;
    for (const InitialDensityTerm& term : terms) B += term.b * std::pow(T_star, term.t);
    return B;
}

double dilute_viscosity_neufeld(double T, double molar_mass, double sigma, double epsilon_over_k) {
    const double Ts = T / epsilon_over_k;
    const double omega = 1.16145 * std::pow(Ts, -0.14874) + 0.52487 * std::exp(-0.77320 * Ts) + 2.16178 * std::exp(-2.43787 * Ts);
    const double sigma_nm = sigma * 1e9;
    return 26.692e-9 * std::sqrt(1000 * molar_mass * T) / (sigma_nm * sigma_nm * omega);
}

double critical_enhancement(const HelmholtzEos& eos, const StatePoint& s, double eta, const CriticalEnhancement& c) {
    // The symmetrised compressibility χ = p_c·ρ/ρ_c²·(∂ρ/∂p)_T, here and at T_ref (scaled by T_ref/T) at the same density.
    const FluidData& d = eos.data();
    const double delta = s.rho / d.rho_critical;
    const Residual ref = eos.residual(delta, d.T_critical / c.T_ref);
    const double dp_drho_ref = eos.R() * c.T_ref * (1 + 2 * delta * ref.d + delta * delta * ref.dd);
    const double scale = c.p_c * s.rho / (d.rho_critical * d.rho_critical);
    const double excess = scale / s.dp_drho_T - scale / dp_drho_ref * c.T_ref / s.T;
    if (!(excess > 1e-15)) return 0.0;
    const double zeta = c.zeta0 * std::pow(excess / c.Gamma, c.nu / c.gamma);
    const double qz = c.qD * zeta;
    const double omega = 2 / std::numbers::pi * ((s.cp - s.cv) / s.cp * std::atan(qz) + s.cv / s.cp * qz);
    const double omega0 = 2 / std::numbers::pi * (1 - std::exp(-1 / (1 / qz + qz * qz / (3 * delta * delta))));
    return s.rho * s.cp * c.R0 * kBoltzmann * s.T / (6 * std::numbers::pi * eta * zeta) * (omega - omega0);
}

}  // namespace lied::thermofluid::helmholtz
