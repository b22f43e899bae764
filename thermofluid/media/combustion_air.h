#pragma once
// CombustionAir: nitrogen and oxygen as one ideal-gas mixture, as Modelica.Media.IdealGases.MixtureGases.CombustionAir
// (and so ThermofluidStream) computes it. Xi[0] = X is the mass fraction of nitrogen, oxygen is 1 − X (Modelica keeps
// both, {X, 1 − X}; its reference composition is X = 0.768, which a component takes from its Xi parameter: Lied's
// default 0 is pure oxygen).
//  - h = X·h_N2(T) + (1 − X)·h_O2(T), each from the NASA Glenn polynomials, zero at 0 K without the enthalpy of
//    formation (Modelica's default for this medium); ρ = p/(R_mix·T), R_mix = X·R_N2 + (1 − X)·R_O2.
//  - μ: each gas by Chung et al.'s low-pressure correlation from its critical data, mixed by Wilke's rule; λ: each gas by
//    Eucken's estimate λ = μ·(cp + 5/4·R) (Modelica's method 1), mixed by Wassiljewa's rule with Mason and Saxena's coefficients.
//  - ∂ρ/∂p at constant h is 1/(R_mix·T) (T depends on h and X alone). Modelica's mixture returns cp/(T·Σ R_i²) there;
//    the two differ only where a volume takes ∂ρ/∂p from the medium (density_derp_h_from_media), TFS's default does not.
// 200 K to 6000 K, the range of the polynomials.
#include "thermofluid/media/medium.h"

namespace lied::thermofluid {

class CombustionAir final : public Medium {
public:
    const char* name() const override { return "CombustionAir"; }
    std::size_t mass_fractions() const override { return 1; }
    const char* mass_fraction_name() const override { return "nitrogen; oxygen is the rest"; }
    double reference_mass_fraction() const override { return reference_nitrogen; }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return 200.0; }
    double T_max() const override { return 6000.0; }
    double p_min() const override { return 1.0; }

    static constexpr double reference_nitrogen = 0.768;   // Modelica's reference_X = {0.768, 0.232}
    // Transport properties at T of a mixture with nitrogen mass fraction X.
    static double viscosity(double T, double X);
    static double conductivity(double T, double X);
};

}  // namespace lied::thermofluid
