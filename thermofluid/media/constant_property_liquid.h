#pragma once
// An incompressible liquid with constant properties and h = cp·(T − T0): the model of Modelica's (and so
// ThermofluidStream's) ConstantPropertyLiquidWater, and of any liquid one characterises by one set of values.
#include "thermofluid/media/medium.h"

#include <string>

namespace lied::thermofluid {

struct ConstantLiquidData {
    std::string name;
    double rho;        // kg/m³
    double cp;         // J/(kg·K)
    double mu;         // Pa·s
    double lambda;     // W/(m·K)
    double T0;         // K, where h = 0
    double T_min, T_max;
};

class ConstantPropertyLiquid final : public Medium {
public:
    explicit ConstantPropertyLiquid(ConstantLiquidData data)
        : d_(std::move(data)), h_min_(d_.cp * (d_.T_min - d_.T0)), h_max_(d_.cp * (d_.T_max - d_.T0)) {}
    const char* name() const override { return d_.name.c_str(); }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double density(double p, double h, const double* Xi) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return d_.T_min; }
    double T_max() const override { return d_.T_max; }
    bool enthalpy_of_temperature_only() const override { return true; }
    const ConstantLiquidData& data() const { return d_; }

private:
    ConstantLiquidData d_;
    double h_min_, h_max_;   // the temperature range as enthalpies: density() needs no division
};

// Modelica.Media.Water.ConstantPropertyLiquidWater: ρ = 995.586 kg/m³, cp = 4184 J/(kg·K), μ = 1e-3 Pa·s,
// λ = 0.598 W/(m·K), h = 0 at 273.15 K, valid from −1 °C to 130 °C.
ConstantLiquidData constant_property_liquid_water();
// The idealized water of the communicating vessels (ρ = 1000 kg/m³, cp = 4184 J/(kg·K)), as a medium.
ConstantLiquidData idealized_water();

}  // namespace lied::thermofluid
