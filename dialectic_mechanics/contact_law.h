#pragma once
// The contact law every stiff contact of the library uses (ElastoGap, ElastoBacklash, joint end stops, the planar
// ground contact), as Modelica's ElastoGap: with penetration δ ≥ 0 and its rate δ̇ (from the velocities w, so the
// nonlinear law stays explicit, as LIED requires),
//     F = c·δⁿ + clamp(d·δⁿ·δ̇, −c·δⁿ, c·δⁿ)    (0 ≤ F ≤ 2·c·δⁿ)
// F is zero at touch-down (no force jump: both terms carry δⁿ) and never pulls (the damping part is clamped).
#include <algorithm>
#include <cmath>

namespace lied::mechanics {

inline double contact_force(double c, double d, double n, double delta, double delta_rate) {
    if (!(delta > 0.0)) return 0.0;
    const double power = std::pow(delta, n);
    const double elastic = c * power;
    return elastic + std::clamp(d * power * delta_rate, -elastic, elastic);
}

// Where the damping part reaches its clamp (|d·δ̇| = c, whatever n): a kink of the law inside a contact, which a
// fixed-step solver ends its step at (Meta::kink) as at the touch itself. δ·(c − d·|δ̇|) is positive while the
// damping acts unclamped, negative while clamped, and zero out of contact, where nothing switches.
inline double damping_limit_margin(double c, double d, double delta, double delta_rate) {
    return delta * (c - d * std::abs(delta_rate));
}

// A contact with regularised Coulomb friction (the planar ground and body contacts): the normal force N by the law
// above, the friction F_t = −μ·N·tanh(slip/v_reg) along the tangent, the elastic energy c·δ^(n+1)/(n+1) it stores
// and what damping and friction lose, (N − c·δⁿ)·δ̇ − F_t·slip ≥ 0.
struct FrictionalContact {
    double normal = 0.0, friction = 0.0, energy = 0.0, dissipation = 0.0;
};
inline FrictionalContact frictional_contact(double c, double d, double n, double mu, double v_reg, double delta, double delta_rate,
                                            double slip) {
    FrictionalContact r;
    r.normal = contact_force(c, d, n, delta, delta_rate);
    r.friction = -mu * r.normal * std::tanh(slip / v_reg);
    r.energy = c * std::pow(delta, n + 1.0) / (n + 1.0);
    const double elastic = delta > 0.0 ? c * std::pow(delta, n) : 0.0;
    r.dissipation = (r.normal - elastic) * delta_rate - r.friction * slip;
    return r;
}

}  // namespace lied::mechanics
