#pragma once
// Air as an ideal gas, ρ = p/(R·T), ∂ρ/∂p at constant h = 1/(R·T) (T depends on h alone):
//  - SimpleAir (Modelica.Media.Air.SimpleAir, TFS's default air): constant cp = 1005.45 J/(kg·K),
//    R = 287.05 J/(kg·K), μ = 1.82e-5 Pa·s, λ = 0.026 W/(m·K), h = cp·(T − 298.15 K). Constant cp is within
//    2 % of real air from 200 K to 500 K, the range it accepts.
//  - DryAirNasa: cp(T) and h(T) from the NASA Glenn polynomials (as Modelica.Media.Air.DryAirNasa), viscosity
//    and conductivity by Modelica's polynomial fits of the VDI-Wärmeatlas data (what ThermofluidStream computes),
//    200 K to 1000 K.
#include "thermofluid/media/medium.h"

namespace lied::thermofluid {

class SimpleAir final : public Medium {
public:
    static constexpr double cp = 1005.45, R = 8.314462618 / 0.0289651159, mu = 1.82e-5, lambda = 0.026, T0 = 298.15;
    const char* name() const override { return "SimpleAir"; }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return 200.0; }
    double T_max() const override { return 500.0; }
    bool enthalpy_of_temperature_only() const override { return true; }
    double p_min() const override { return 1.0; }
};

class DryAirNasa final : public Medium {
public:
    const char* name() const override { return "DryAirNasa"; }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return 200.0; }
    double T_max() const override { return 1000.0; }
    bool enthalpy_of_temperature_only() const override { return true; }
    double p_min() const override { return 1.0; }
    // Transport properties of dry air (also used by MoistAir).
    static double viscosity(double T);
    static double conductivity(double T);
    // T from h by Newton's method on the NASA polynomial (NaN outside [T_min, T_max]).
    double temperature(double h) const;
};

}  // namespace lied::thermofluid
