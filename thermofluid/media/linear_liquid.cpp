#include "thermofluid/media/linear_liquid.h"

namespace lied::thermofluid {

void LinearLiquid::properties(double p, double h, const double*, MediumProperties& out) const {
    const double pressure_term = (p - d_.p_ref) * (1 - d_.beta * d_.T_ref) / d_.rho_ref;
    const double T = (h - d_.h_ref - pressure_term) / d_.cp + d_.T_ref;
    if (!(T >= d_.T_min && T <= d_.T_max)) return invalidate(out, p, h, "temperature outside the liquid's range");
    const double rho = (1 + d_.kappa * (p - d_.p_ref) - d_.beta * (T - d_.T_ref)) * d_.rho_ref;
    if (!(rho > 0)) return invalidate(out, p, h, "pressure so low that the linear density is not positive");
    const double drho_dp_h = d_.kappa * d_.rho_ref + d_.beta * (1 - d_.T_ref * d_.beta) / d_.cp;
    out = {p, h, T, rho, d_.mu, d_.cp, d_.lambda, drho_dp_h, MediumProperties::nan, true, ""};
}

double LinearLiquid::specific_enthalpy(double p, double T, const double*) const {
    if (!(T >= d_.T_min && T <= d_.T_max)) return MediumProperties::nan;
    return d_.h_ref + d_.cp * (T - d_.T_ref) + (p - d_.p_ref) * (1 - d_.beta * d_.T_ref) / d_.rho_ref;
}

LinearLiquidData linear_cold_water() {
    return {"LinearColdWater", 101325.0, 278.15, 997.05, 104929.0, 4181.9, 2.5713e-4, 4.5154e-10, 1.5e-3, 0.572, 273.15, 373.15};
}

}  // namespace lied::thermofluid
