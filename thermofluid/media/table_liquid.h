#pragma once
// An incompressible liquid given by tables over temperature (a coolant such as a glycol–water mix), evaluated as
// the Modelica Standard Library's TableBased media do (and so ThermofluidStream): each table is fitted once by a
// least-squares polynomial of degree `degree` (2, Modelica's npol) in the Celsius temperature ϑ; viscosity by one
// for ln μ in 1/T [K] (it falls by orders of magnitude); h(ϑ) = ∫ cp dϑ from T0, a polynomial of one degree more,
// which Newton's method inverts (cp > 0 over the range, checked). ∂ρ/∂p = 0.
#include "thermofluid/media/medium.h"

#include <string>
#include <vector>

namespace lied::thermofluid {

struct LiquidTables {
    std::string name;
    double T0;                              // K, where h = 0
    std::vector<double> T;                  // K, ascending; the range of the medium
    std::vector<double> rho, cp, lambda, mu;
    int degree = 2;                         // of the fitted polynomials (Modelica's npol)
};

class TableLiquid final : public Medium {
public:
    // Throws std::invalid_argument for tables of different lengths, fewer points than the fit needs, temperatures
    // not ascending, values that are not positive, or a fitted cp that is not positive over the range.
    explicit TableLiquid(LiquidTables tables);
    const char* name() const override { return t_.name.c_str(); }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return t_.T.front(); }
    double T_max() const override { return t_.T.back(); }
    bool enthalpy_of_temperature_only() const override { return true; }
    // The fitted polynomials, highest power first (as Modelica's): in ϑ = T − 273.15 K, ln μ in 1/T.
    const std::vector<double>& density_fit() const { return rho_; }
    const std::vector<double>& heat_capacity_fit() const { return cp_; }

private:
    double enthalpy(double T) const;
    LiquidTables t_;
    std::vector<double> rho_, cp_, lambda_, log_mu_, h_;   // h_: ∫ cp dϑ, constant term 0
    double h_T0_ = 0.0, h_min_ = 0.0, h_max_ = 0.0;
};

// Modelica.Media.Incompressible.Examples.Glycol47 (1,2-propylene glycol, 47 % in water, −30 °C to 100 °C), the
// glycol of ThermofluidStream's examples.
LiquidTables propylene_glycol_47();

}  // namespace lied::thermofluid
