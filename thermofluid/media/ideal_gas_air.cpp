#include "thermofluid/media/ideal_gas_air.h"

#include "thermofluid/media/nasa_polynomial.h"

#include <cmath>

namespace lied::thermofluid {

void SimpleAir::properties(double p, double h, const double*, MediumProperties& out) const {
    const double T = T0 + h / cp;
    if (!(T >= T_min() && T <= T_max())) return invalidate(out, p, h, "temperature outside SimpleAir's range (200 K to 500 K)");
    if (!(p >= p_min())) return invalidate(out, p, h, "pressure below 1 Pa (an ideal gas needs a pressure)");
    out = {p, h, T, p / (R * T), mu, cp, lambda, 1 / (R * T), MediumProperties::nan, true, ""};
}

double SimpleAir::specific_enthalpy(double, double T, const double*) const {
    return T >= T_min() && T <= T_max() ? cp * (T - T0) : MediumProperties::nan;
}

double DryAirNasa::viscosity(double T) { return 1.716e-5 * std::pow(T / 273.15, 1.5) * (273.15 + 110.4) / (T + 110.4); }
double DryAirNasa::conductivity(double T) { return 0.0241 * std::pow(T / 273.15, 1.5) * (273.15 + 194.0) / (T + 194.0); }

double DryAirNasa::temperature(double h) const {
    const NasaCoefficients& air = nasa_air();
    if (!(h >= nasa_h(air, T_min()) && h <= nasa_h(air, T_max()))) return MediumProperties::nan;
    double T = 298.15 + (h - nasa_h(air, 298.15)) / 1005.0;   // constant-cp guess, then Newton (cp varies slowly)
    for (int i = 0; i < 20; ++i) {
        const double dT = (h - nasa_h(air, T)) / nasa_cp(air, T);
        T += dT;
        if (std::abs(dT) < 1e-10 * T) break;
    }
    return T;
}

void DryAirNasa::properties(double p, double h, const double*, MediumProperties& out) const {
    const double T = temperature(h);
    if (!(T >= T_min() && T <= T_max())) return invalidate(out, p, h, "temperature outside DryAirNasa's range (200 K to 1000 K)");
    if (!(p >= p_min())) return invalidate(out, p, h, "pressure below 1 Pa (an ideal gas needs a pressure)");
    const double R = nasa_air().R;
    out = {p, h, T, p / (R * T), viscosity(T), nasa_cp(nasa_air(), T), conductivity(T), 1 / (R * T), MediumProperties::nan, true, ""};
}

double DryAirNasa::specific_enthalpy(double, double T, const double*) const {
    return T >= T_min() && T <= T_max() ? nasa_h(nasa_air(), T) : MediumProperties::nan;
}

}  // namespace lied::thermofluid
