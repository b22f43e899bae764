#pragma once
// Moist air: dry air and water vapour as one ideal-gas mixture, Xi[0] = X = mass fraction of water vapour.
// h = (1 − X)·h_air(T) + X·h_vapour(T), with h_air = 0 for dry air at 0 °C and h_vapour = 2501.0145 kJ/kg for
// vapour at 0 °C (the psychrometric convention of Modelica.Media.Air.MoistAir), both from the NASA Glenn
// polynomials. ρ = p / (R_mix·T), R_mix = (1 − X)·R_air + X·R_vapour. Viscosity and conductivity are those of
// dry air (vapour at X ≤ 0.03 changes them by at most about 2 %). Condensation is not modelled: a state whose
// vapour pressure exceeds saturation (over water after IF97 region 4, over ice after IAPWS 2011's sublimation
// line) comes back invalid, and relative_humidity() says how close a state is. 240 K to 400 K.
#include "thermofluid/media/medium.h"

namespace lied::thermofluid {

class MoistAir final : public Medium {
public:
    const char* name() const override { return "MoistAir"; }
    std::size_t mass_fractions() const override { return 1; }
    const char* mass_fraction_name() const override { return "water vapour"; }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return 240.0; }
    double T_max() const override { return 400.0; }
    double p_min() const override { return 1.0; }

    // φ = p_vapour / p_saturation(T) (over ice below 273.16 K).
    static double relative_humidity(double p, double T, double X);
    // Saturation pressure of water vapour over liquid water (≥ 273.16 K) or ice (below) [Pa].
    static double saturation_pressure(double T);
};

}  // namespace lied::thermofluid
