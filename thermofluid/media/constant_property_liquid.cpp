#include "thermofluid/media/constant_property_liquid.h"

#include <cmath>

namespace lied::thermofluid {

void ConstantPropertyLiquid::properties(double p, double h, const double*, MediumProperties& out) const {
    const double T = d_.T0 + h / d_.cp;
    if (!(T >= d_.T_min && T <= d_.T_max)) return invalidate(out, p, h, "temperature outside the liquid's range");
    out = {p, h, T, d_.rho, d_.mu, d_.cp, d_.lambda, 0.0, MediumProperties::nan, true, ""};
}

double ConstantPropertyLiquid::density(double, double h, const double*) const {
    return h >= h_min_ && h <= h_max_ ? d_.rho : MediumProperties::nan;
}

double ConstantPropertyLiquid::specific_enthalpy(double, double T, const double*) const {
    return T >= d_.T_min && T <= d_.T_max ? d_.cp * (T - d_.T0) : MediumProperties::nan;
}

ConstantLiquidData constant_property_liquid_water() {
    return {"ConstantPropertyLiquidWater", 995.586, 4184.0, 1e-3, 0.598, 273.15, 272.15, 403.15};
}

ConstantLiquidData idealized_water() {
    return {"IdealizedWater", 1000.0, 4184.0, 1e-3, 0.598, 273.15, 273.15, 373.15};
}

}  // namespace lied::thermofluid
