#pragma once
// An incompressible liquid whose properties are tables over temperature (a coolant such as a glycol–water
// mix). Density, heat capacity and conductivity are interpolated linearly, viscosity linearly in its
// logarithm (it falls by orders of magnitude); h(T) is the exact integral of the piecewise-linear cp from T0,
// so T(h) inverts it exactly. ∂ρ/∂p = 0.
#include "thermofluid/media/medium.h"

#include <string>
#include <vector>

namespace lied::thermofluid {

struct LiquidTables {
    std::string name;
    double T0;                              // K, where h = 0
    std::vector<double> T;                  // K, ascending; the range of the medium
    std::vector<double> rho, cp, lambda, mu;
};

class TableLiquid final : public Medium {
public:
    // Throws std::invalid_argument for tables of different lengths, fewer than two points, temperatures not
    // ascending, or values that are not positive.
    explicit TableLiquid(LiquidTables tables);
    const char* name() const override { return t_.name.c_str(); }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return t_.T.front(); }
    double T_max() const override { return t_.T.back(); }
    bool enthalpy_of_temperature_only() const override { return true; }

private:
    std::size_t segment_of_T(double T) const;
    double enthalpy(double T) const;
    LiquidTables t_;
    std::vector<double> h_at_;              // h at each table temperature
    std::vector<double> log_mu_;
};

// Modelica.Media.Incompressible.Examples.Glycol47 (1,2-propylene glycol, 47 % in water, −30 °C to 100 °C), the
// glycol of ThermofluidStream's examples.
LiquidTables propylene_glycol_47();

}  // namespace lied::thermofluid
