#include "thermofluid/media/moist_air.h"

#include "thermofluid/media/ideal_gas_air.h"
#include "thermofluid/media/if97.h"
#include "thermofluid/media/nasa_polynomial.h"

#include <cmath>

namespace lied::thermofluid {
namespace {
constexpr double kHvapour0 = 2501014.5;   // J/kg, enthalpy of water vapour at 0 °C relative to liquid water at 0 °C

double h_air(double T) { return nasa_h(nasa_air(), T) - nasa_h(nasa_air(), 273.15); }
double h_vapour(double T) { return kHvapour0 + nasa_h(nasa_steam(), T) - nasa_h(nasa_steam(), 273.15); }
double h_mix(double T, double X) { return (1 - X) * h_air(T) + X * h_vapour(T); }
double cp_mix(double T, double X) { return (1 - X) * nasa_cp(nasa_air(), T) + X * nasa_cp(nasa_steam(), T); }
double R_mix(double X) { return (1 - X) * nasa_air().R + X * nasa_steam().R; }
}  // namespace

double MoistAir::saturation_pressure(double T) {
    if (T >= 273.16) return if97::saturation_pressure(T);
    // IAPWS 2011, sublimation pressure: ln(p/p_t) = θ⁻¹·Σ a_i·θ^b_i, θ = T/T_t.
    const double theta = T / 273.16;
    const double sum = -0.212144006e2 * std::pow(theta, 0.333333333e-2) + 0.273203819e2 * std::pow(theta, 1.20666667) -
                       0.61059813e1 * std::pow(theta, 1.70333333);
    return 611.657 * std::exp(sum / theta);
}

double MoistAir::relative_humidity(double p, double T, double X) {
    // Mole fraction of vapour from the mass fraction: y = (X/M_v) / (X/M_v + (1 − X)/M_a) = X·R_v / R_mix.
    const double y = X * nasa_steam().R / R_mix(X);
    return y * p / saturation_pressure(T);
}

void MoistAir::properties(double p, double h, const double* Xi, MediumProperties& out) const {
    const double X = Xi ? Xi[0] : 0.0;
    if (!(X >= 0 && X < 1)) return invalidate(out, p, h, "water mass fraction outside [0, 1)");
    if (!(p >= p_min())) return invalidate(out, p, h, "pressure below 1 Pa (an ideal gas needs a pressure)");
    if (!(h >= h_mix(T_min(), X) && h <= h_mix(T_max(), X))) return invalidate(out, p, h, "temperature outside MoistAir's range (240 K to 400 K)");
    double T = 273.15 + h / 1010.0;   // Newton on h(T) from a constant-cp guess
    for (int i = 0; i < 30; ++i) {
        const double dT = (h - h_mix(T, X)) / cp_mix(T, X);
        T += dT;
        if (std::abs(dT) < 1e-10 * T) break;
    }
    if (relative_humidity(p, T, X) > 1.0 + 1e-9)
        return invalidate(out, p, h, "moist air above saturation (relative humidity > 1): condensation is not modelled");
    const double R = R_mix(X);
    out = {p, h, T, p / (R * T), DryAirNasa::viscosity(T), cp_mix(T, X), DryAirNasa::conductivity(T), 1 / (R * T), MediumProperties::nan, true, ""};
}

double MoistAir::specific_enthalpy(double, double T, const double* Xi) const {
    const double X = Xi ? Xi[0] : 0.0;
    return T >= T_min() && T <= T_max() && X >= 0 && X < 1 ? h_mix(T, X) : MediumProperties::nan;
}

}  // namespace lied::thermofluid
