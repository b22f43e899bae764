#pragma once
// The published data of a fluid's reference equation of state in the Helmholtz energy: the reduced Helmholtz
// energy α(δ, τ) = α⁰(δ, τ) + αʳ(δ, τ) with δ = ρ/ρ_c and τ = T_c/T, as sums of the term types the reference
// equations of R134a, R1234yf and CO2 use. A fluid is data only; helmholtz_eos.h evaluates it.
#include <span>

namespace lied::thermofluid::helmholtz {

// n·δ^d·τ^t, times exp(−δ^l) where l > 0.
struct PowerTerm {
    double n, d, t, l;
};
// n·δ^d·τ^t·exp(−η(δ − ε)² − β(τ − γ)²).
struct GaussianTerm {
    double n, d, t, eta, epsilon, beta, gamma;
};
// The non-analytic terms near the critical point (Span and Wagner's form): n·Δ^b·δ·ψ with
// Δ = θ² + B·((δ − 1)²)^a, θ = (1 − τ) + A·((δ − 1)²)^(1/(2β)), ψ = exp(−C(δ − 1)² − D(τ − 1)²).
struct NonAnalyticTerm {
    double n, a, b, beta, A, B, C, D;
};
// The ideal gas: α⁰ = ln δ + a₁ + a₂·τ + a_log·ln τ + Σ n·τ^t + Σ n·ln(1 − exp(−θ·τ)).
struct IdealPowerTerm {
    double n, t;
};
struct PlanckEinsteinTerm {
    double n, theta;
};

// Where enthalpy and entropy are zero or set: a saturated liquid's h and s at T (the IIR convention for
// refrigerants: 200 kJ/kg and 1 kJ/(kg·K) at 0 °C), or the ideal-gas terms a₁, a₂ as published.
struct ReferenceState {
    bool saturated_liquid = false;
    double T = 0, h = 0, s = 0;
};

struct FluidData {
    const char* name;
    double molar_mass;          // kg/mol
    double gas_constant;        // J/(mol·K), as the equation of state uses it
    double T_critical;          // K (the reducing temperature)
    double rho_critical;        // kg/m³ (the reducing density)
    double T_triple;            // K (the critical and triple pressures follow from the equation)
    double T_max, p_max;        // the range the equation of state was fitted to
    // Ideal gas.
    double a1, a2, a_log;
    std::span<const IdealPowerTerm> ideal_power;
    std::span<const PlanckEinsteinTerm> planck_einstein;
    ReferenceState reference_state;
    // Residual.
    std::span<const PowerTerm> power;
    std::span<const GaussianTerm> gaussian;
    std::span<const NonAnalyticTerm> non_analytic;
    // The melting line p_m = p_t·(1 + a₁·(T/T_t − 1) + a₂·(T/T_t − 1)²), where the fluid's publication gives one
    // (zeros: none; the equation's range is then its only limit).
    double melting_a1 = 0, melting_a2 = 0;
};

}  // namespace lied::thermofluid::helmholtz
