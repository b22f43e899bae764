#include "thermofluid/processes/pressure_loss.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lied::thermofluid::pressure_loss {

double reg_square(double x, double delta) { return x * std::sqrt(x * x + delta * delta); }
double reg_pow(double x, double a, double delta) { return x * std::pow(x * x + delta * delta, 0.5 * (a - 1)); }

double linear_quadratic(double m_flow, double k, double k2) { return k * m_flow + k2 * m_flow * std::abs(m_flow); }

double laminar(double m_flow, double rho, double mu, double r, double l) {
    return m_flow * 8 * mu * l / (std::numbers::pi * rho * r * r * r * r);
}

double laminar_turbulent(double m_flow, double rho, double mu, double r, double l, double ks) {
    const double u = m_flow / (r * r * std::numbers::pi * rho);
    const double Re = std::abs(u) * rho * 2 * r / mu + 0.001;   // + ε: Re^(1 − a) stays defined at rest
    const double a = 1 / (1 + std::pow(Re / 2720, 9));            // 1 laminar, 0 turbulent
    const double b = 1 / (1 + std::pow(Re / (160 * 2 * r / ks), 2));   // 1 smooth, 0 fully rough
    // Re·λ, which stays finite at Re → 0 (λ = 64/Re there).
    const double lambda_Re = std::pow(64, a) * std::pow(Re, 1 - a) *
                             (std::pow(1.8 * std::log10(Re / 6.8), 2 * (a - 1) * b) * std::pow(2 * std::log10(3.7 * 2 * r / ks), 2 * (a - 1) * (1 - b)));
    return lambda_Re * l * mu * u / (8 * r * r);
}

double blend(double y1, double y2, double x1, double x2, double x) {
    const double u = (2 * x - (x1 + x2)) / (x2 - x1);   // −1 at x1, +1 at x2
    if (u >= 1) return y2;
    if (u <= -1) return y1;
    return u * (u * u - 3) * (y1 - y2) / 4 + (y1 + y2) / 2;
}

double laminar_turbulent_haaland(double m_flow, double rho, double mu, double r, double l, double ks, const HaalandSettings& s) {
    const double D = 2 * r, area = std::numbers::pi * r * r;
    const double Re = std::abs(m_flow) * D / (area * mu);
    const double Re_limited = std::max(1e-5, Re);   // the friction factor stays defined at rest (where the laminar law acts)
    const double root = -1.8 / s.n * std::log10(std::pow(6.9 / Re_limited, s.n) + std::pow(ks / D / 3.75, 1.11 * s.n));
    const double lambda = 1 / (root * root);
    const double laminar = m_flow * mu * s.shape_factor * l / (2 * rho * D * D * area);
    const double turbulent = m_flow * std::abs(m_flow) * lambda * l / (2 * rho * D * area * area);
    return blend(laminar, turbulent, s.Re_laminar, s.Re_turbulent, Re);
}

double zeta(double m_flow, double rho, double z, double area) { return z / (2 * rho) * reg_square(m_flow / area); }

double reference(double m_flow, double rho, double dp_ref, double m_flow_ref, double rho_ref, ReferenceLaw law, double m) {
    const double x = m_flow / m_flow_ref;
    const double f = law == ReferenceLaw::Linear ? x : law == ReferenceLaw::Quadratic ? reg_square(x) : reg_pow(x, m);
    return rho_ref / rho * dp_ref * f;
}

}  // namespace lied::thermofluid::pressure_loss
