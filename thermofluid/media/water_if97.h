#pragma once
// Water and steam after IAPWS-IF97 (regions 1, 2 and the saturation line; see if97.h): subcooled liquid,
// superheated steam and wet steam with its quality, from 273.15 K to 1073.15 K and up to 100 MPa. States in
// region 3 (around the critical point: above 16.53 MPa between 623.15 K and the 2–3 boundary) come back
// invalid. T(p, h) is solved by Newton's method on h(p, T) of the region (a few iterations; measured in
// bench/), instead of the backward equations, so that h(p, T(p, h)) = h to rounding.
// In the two-phase region: ρ from the quality, μ and λ by the quality-weighted mean of the saturated
// liquid's and vapour's (a convention; IAPWS defines none), cp is NaN (it is infinite there), and ∂ρ/∂p at
// constant h by a central difference along the saturation line.
#include "thermofluid/media/medium.h"

namespace lied::thermofluid {

class WaterIF97 final : public Medium {
public:
    const char* name() const override { return "WaterIF97"; }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return 273.15; }
    double T_max() const override { return 1073.15; }
    double p_min() const override { return 611.213; }   // the triple point's pressure, about
    double p_max() const override { return 100e6; }
    bool two_phase() const override { return true; }
    // Regions 1 and 2 on the saturation line, up to the 1–3 boundary's 16.53 MPa (623.15 K): region 3 is not modelled.
    bool saturation_at_pressure(double p, SaturationProperties& out) const override;
    bool saturation_at_temperature(double T, SaturationProperties& out) const override;

private:
    void two_phase(double p, double h, MediumProperties& out) const;
};

}  // namespace lied::thermofluid
