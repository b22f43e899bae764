#pragma once
// A refrigerant from its reference equation of state (helmholtz_eos.h) as a medium in (p, h): subcooled liquid,
// the two-phase dome and superheated vapour, and above the critical pressure the supercritical fluid.
//  - Below p_c the saturated liquid and vapour at p come from the exact phase equilibrium; a state between their
//    enthalpies is two-phase, with ρ from the quality, μ and λ the quality-weighted means of the saturated phases'
//    (a convention, as for WaterIF97), cp NaN and ∂ρ/∂p at constant h from the saturation line's slopes.
//  - A single-phase state's temperature solves h(p, T) = h by Newton's method kept inside its phase's bracket,
//    each temperature's density solving p(ρ, T) = p on the phase's branch.
//  - States below the triple point's temperature or pressure, above T_max or p_max, above the melting line where the
//    fluid's data give one (CO2), and two-phase within 1e-5·T_c of the critical temperature (where the two phases
//    merge and the equilibrium is ill-conditioned) come back invalid with the reason.
#include "thermofluid/media/helmholtz/helmholtz_eos.h"
#include "thermofluid/media/helmholtz/isobar_starts.h"
#include "thermofluid/media/medium.h"

namespace lied::thermofluid {

// Viscosity [Pa·s] and thermal conductivity [W/(m·K)] of a fluid at one state of its equation of state.
struct TransportCorrelations {
    double (*viscosity)(const helmholtz::HelmholtzEos&, const helmholtz::StatePoint&);
    // The critical enhancement needs the viscosity at the same state: the caller passes what it computed.
    double (*conductivity)(const helmholtz::HelmholtzEos&, const helmholtz::StatePoint&, double viscosity);
};

class Refrigerant final : public Medium {
public:
    Refrigerant(const helmholtz::FluidData& data, TransportCorrelations transport);

    const char* name() const override { return eos_.data().name; }
    void properties(double p, double h, const double* Xi, MediumProperties& out) const override;
    double specific_enthalpy(double p, double T, const double* Xi) const override;
    double T_min() const override { return eos_.data().T_triple; }
    double T_max() const override { return eos_.data().T_max; }
    double p_min() const override { return eos_.p_triple(); }
    double p_max() const override { return eos_.data().p_max; }
    bool two_phase() const override { return true; }
    // The exact equilibrium, from the triple point to the traced dome's top (1e-5·T_c below the critical point).
    bool saturation_at_pressure(double p, SaturationProperties& out) const override;
    bool saturation_at_temperature(double T, SaturationProperties& out) const override;

    const helmholtz::HelmholtzEos& eos() const { return eos_; }
    const TransportCorrelations& transport() const { return transport_; }

private:
    // A single-phase state: its temperature in [T_low, T_high] from T_start, its density on `branch`.
    void single_phase(double p, double h, double T_start, double T_low, double T_high, helmholtz::HelmholtzEos::Branch branch,
                      double rho_start, double vapour, MediumProperties& out) const;
    void two_phase(double p, double h, const helmholtz::Saturation& sat, MediumProperties& out) const;
    // Newton's method in (ρ, T) at once, the fast path; false if it leaves the bracket or the branch.
    bool newton_single_phase(double p, double h, double T_start, double T_low, double T_high,
                             helmholtz::HelmholtzEos::Branch branch, double rho_start, helmholtz::StatePoint& out) const;
    void properties_of(double p, double h, const helmholtz::StatePoint& s, double vapour, MediumProperties& out) const;
    // The melting line's pressure at T (infinite for a fluid whose data give none): above it the fluid is solid.
    double melting_pressure(double T) const;
    // The bracketed solve, the safe path: 0 if solved, −1 / +1 if h lies below / above the bracket's enthalpies, 2 if a solve did not converge.
    int solve_single_phase(double p, double h, double T_start, double T_low, double T_high,
                           helmholtz::HelmholtzEos::Branch branch, double rho_start, helmholtz::StatePoint& out) const;

    helmholtz::HelmholtzEos eos_;
    TransportCorrelations transport_;
    helmholtz::IsobarStarts isobars_;   // after eos_: built from it
    helmholtz::Saturation dome_top_;   // the highest point of the dome that is solved (at T_c·(1 − 1e-5))
};

}  // namespace lied::thermofluid
