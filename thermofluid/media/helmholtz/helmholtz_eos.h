#pragma once
// A reference equation of state in the Helmholtz energy, evaluated from its published data (helmholtz_data.h):
// every thermodynamic property at (ρ, T) from α and its derivatives, and the saturation line from the exact
// phase equilibrium (equal pressure and Gibbs energy of both phases). The constructor traces the saturation line
// once, from the triple point up to where the phases merge; later solves start from that table and converge in one
// to three Newton steps. Mass units: kg/m³, J/kg, J/(kg·K). After construction nothing here allocates or throws;
// a solve that does not converge says so in its return value. The constructor throws if the line cannot be traced.
#include "thermofluid/media/helmholtz/helmholtz_data.h"

#include <cmath>
#include <vector>

namespace lied::thermofluid::helmholtz {

// αʳ and its partial derivatives in δ and τ (the subscripts), at one (δ, τ).
struct Residual {
    double a = 0, d = 0, dd = 0, t = 0, tt = 0, dt = 0;
};
// α⁰ and the derivatives in τ that properties need (α⁰_δ = 1/δ is used in closed form).
struct Ideal {
    double a = 0, t = 0, tt = 0;
};

// Every property at one (ρ, T).
struct StatePoint {
    double rho = 0, T = 0;
    double p = 0;           // Pa
    double h = 0, s = 0;    // J/kg, J/(kg·K)
    double cv = 0, cp = 0;  // J/(kg·K)
    double w = 0;           // speed of sound, m/s
    double dp_drho_T = 0;   // (∂p/∂ρ)_T
    double dp_dT_rho = 0;   // (∂p/∂T)_ρ
    double dh_drho_T = 0;   // (∂h/∂ρ)_T
    double dh_dT_rho = 0;   // (∂h/∂T)_ρ
    double g = 0;           // Gibbs energy h − T·s, J/kg
};

// Both phases in equilibrium at one temperature.
struct Saturation {
    double T = 0, p = 0;
    StatePoint liquid, vapour;
};

class HelmholtzEos {
public:
    // Sets the ideal-gas constants so that enthalpy and entropy follow the fluid's reference state.
    explicit HelmholtzEos(const FluidData& data);

    const FluidData& data() const { return data_; }
    double R() const { return R_; }   // specific gas constant, J/(kg·K)
    double p_critical() const { return p_critical_; }   // p(ρ_c, T_c), Pa
    double p_triple() const { return p_triple_; }       // the saturation pressure at T_triple, Pa

    Residual residual(double delta, double tau) const;
    Ideal ideal(double delta, double tau) const;
    StatePoint at(double rho, double T) const;
    double pressure(double rho, double T) const;

    // The saturated liquid and vapour at T, T_triple ≤ T ≤ T_dome_top(); false outside or if a solve fails.
    bool saturation_at_temperature(double T, Saturation& out) const;
    // The same at p, p_triple ≤ p ≤ p_dome_top().
    bool saturation_at_pressure(double p, Saturation& out) const;
    // The highest point of the traced saturation line: within kDomeTop·T_c of the critical point, where the two
    // phases become one and the equilibrium is ill-conditioned.
    double T_dome_top() const { return table_.back().T; }
    double p_dome_top() const { return std::exp(table_.back().ln_p); }
    static constexpr double kDomeTop = 1e-5;
    // The density at (p, T) on one branch: below the dome's top temperature the liquid's lies above the saturated
    // liquid's density at T, the vapour's below the saturated vapour's, so each has one root there; above it the
    // isotherm is monotonic and the branch does not matter. Newton's method from rho_start (clamped into the branch),
    // kept inside the bracket by bisection. NaN if p lies outside the branch (a liquid below its vapour pressure).
    enum class Branch { liquid, vapour };
    double density(double p, double T, Branch branch, double rho_start) const;
    // The saturated densities at T, T_triple ≤ T ≤ T_dome_top(), from the traced line (about 1e-4 close): a start.
    void saturated_densities_estimate(double T, double& rho_liquid, double& rho_vapour) const {
        saturation_start(T, rho_liquid, rho_vapour);
        rho_liquid *= data_.rho_critical;
        rho_vapour *= data_.rho_critical;
    }
    // The densest state the equation reaches in its range, kg/m³ (a bound for the liquid's root).
    double rho_max() const { return 4.0 * data_.rho_critical; }

private:
    // One traced point of the saturation line; u = (1 − T/T_c)^(1/3) spaces the points evenly where the densities
    // follow the critical scaling law, so that linear interpolation gives a start close enough for Newton.
    struct SaturationNode {
        double u, T, ln_p, ln_delta_liquid, ln_delta_vapour;
    };
    void trace_saturation_line();
    bool saturation_from(double T, double delta_liquid, double delta_vapour, Saturation& out) const;
    // The table's saturated reduced densities at T, interpolated (a start, not a result); T within the table.
    void saturation_start(double T, double& delta_liquid, double& delta_vapour) const;

    FluidData data_;
    std::vector<SaturationNode> table_;   // T rising; filled by the constructor
    double R_;
    double a1_, a2_;   // the ideal-gas constants after the reference state
    double p_critical_, p_triple_;
};

}  // namespace lied::thermofluid::helmholtz
