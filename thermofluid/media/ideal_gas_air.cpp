#include "thermofluid/media/ideal_gas_air.h"

#include "thermofluid/media/nasa_polynomial.h"
#include "thermofluid/media/polynomial.h"

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

namespace {
// The Modelica Standard Library's fits for dry air (and so ThermofluidStream's), VDI-Wärmeatlas data from 123.15 K
// to 1273.15 K: polynomials in the Celsius temperature, highest power first; μ in µPa·s, λ in mW/(m·K). Lied's air
// media stay inside that range, where Modelica evaluates the polynomial itself.
constexpr double kViscosityFit[] = {9.7391102886305869E-15, -3.1353724870333906E-11, 4.3004876595642225E-08,
                                    -3.8228016291758240E-05, 5.0427874367180762E-02, 1.7239260139242528E+01};
constexpr double kConductivityFit[] = {6.5691470817717812E-15, -3.4025961923050509E-11, 5.3279284846303157E-08,
                                       -4.5340839289219472E-05, 7.6129675309037664E-02, 2.4169481088097051E+01};
}  // namespace

double DryAirNasa::viscosity(double T) { return 1e-6 * polynomial_value(kViscosityFit, T - 273.15); }
double DryAirNasa::conductivity(double T) { return 1e-3 * polynomial_value(kConductivityFit, T - 273.15); }

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
