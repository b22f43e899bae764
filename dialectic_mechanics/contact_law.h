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

}  // namespace lied::mechanics
