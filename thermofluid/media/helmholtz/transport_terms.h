#pragma once
// The building blocks the refrigerants' viscosity and thermal-conductivity correlations share: the initial-density
// viscosity of Rainwater and Friend, the dilute-gas viscosity from the Neufeld collision integral, and the
// simplified critical enhancement of the thermal conductivity after Olchowy and Sengers. SI units throughout.
#include "thermofluid/media/helmholtz/helmholtz_eos.h"

#include <span>

namespace lied::thermofluid::helmholtz {

inline constexpr double kAvogadro = 6.02214129e23;     // 1/mol, as the correlations were fitted with
inline constexpr double kBoltzmann = 1.3806488e-23;    // J/K

// B*_η = Σ bᵢ·(T*)^tᵢ with T* = T/(ε/k); the second viscosity virial coefficient is N_A·σ³·B*_η [m³/mol].
struct InitialDensityTerm {
    double b, t;
};
double rainwater_friend(std::span<const InitialDensityTerm> terms, double T_star);

// The dilute gas after Chapman–Enskog with Neufeld's Ω(2,2) [Pa·s]: M in kg/mol, σ in m, ε/k in K.
double dilute_viscosity_neufeld(double T, double molar_mass, double sigma, double epsilon_over_k);

// The simplified Olchowy–Sengers crossover model for the critical enhancement of λ [W/(m·K)] at a state of the
// equation of state with viscosity eta. T_c and ρ_c are the equation's reducing values; p_c the correlation's.
struct CriticalEnhancement {
    double qD;                    // 1/m, the inverse cut-off wavelength
    double zeta0;                 // m, the correlation length's amplitude
    double Gamma;                 // the susceptibility's amplitude
    double gamma = 1.239, nu = 0.63, R0 = 1.03;   // universal exponents and amplitude ratio
    double T_ref;                 // K, where the enhancement is taken as zero
    double p_c;                   // Pa
};
double critical_enhancement(const HelmholtzEos& eos, const StatePoint& s, double eta, const CriticalEnhancement& c);

}  // namespace lied::thermofluid::helmholtz
