#pragma once
// A medium: the fluid's properties from its state (p, h, Xi). One virtual call gives everything a component
// needs at one state, so the per-step price of choosing the medium at runtime (in C++ or in a system file) is
// one indirect call per state, not one per property. Property calls allocate nothing and throw nothing: a state
// outside the medium's range comes back with `valid` false, NaN values and `invalid_reason` set.
#include <cstddef>
#include <cstdio>
#include <cmath>
#include <limits>
#include <string>

namespace lied::thermofluid {

struct MediumProperties {
    static constexpr double nan = std::numeric_limits<double>::quiet_NaN();
    double p = nan;             // pressure [Pa]
    double h = nan;             // specific enthalpy [J/kg]
    double T = nan;             // temperature [K]
    double rho = nan;           // density [kg/m³]
    double mu = nan;            // dynamic viscosity [Pa·s]
    double cp = nan;            // specific heat capacity at constant pressure [J/(kg·K)] (NaN in two-phase states)
    double lambda = nan;        // thermal conductivity [W/(m·K)]
    double drho_dp_h = nan;     // ∂ρ/∂p at constant h [s²/m²] (0 for incompressible liquids)
    double quality = nan;       // vapour mass fraction in a two-phase state, NaN in a single-phase one
    bool valid = false;
    const char* invalid_reason = "";   // a static text: which limit of the medium the state broke
    // Media with two phases (WaterIF97, the refrigerants): 0 for liquid, the quality in a two-phase state, 1 for
    // vapour; NaN otherwise (a supercritical refrigerant included).
    double vapour_fraction = nan;
};

// The saturated liquid and vapour of a two-phase medium at one pressure (or temperature).
struct SaturationProperties {
    double T = MediumProperties::nan, p = MediumProperties::nan;   // K, Pa
    double h_liquid = MediumProperties::nan, h_vapour = MediumProperties::nan;       // J/kg
    double rho_liquid = MediumProperties::nan, rho_vapour = MediumProperties::nan;   // kg/m³
};

class Medium {
public:
    virtual ~Medium() = default;
    // The name a system file uses ("SimpleAir", "WaterIF97", ...).
    virtual const char* name() const = 0;
    // Number of independent mass fractions Xi (0 for a pure substance; 1 for moist air: the water).
    virtual std::size_t mass_fractions() const { return 0; }
    // What the mass fraction Xi[0] measures, for listings ("water vapour"); empty for a pure substance.
    virtual const char* mass_fraction_name() const { return ""; }
    // The composition a mixture usually has (Modelica's reference_X), where 0 is an extreme a component left at its
    // default most likely does not mean (CombustionAir: 0 is pure oxygen); NaN where 0 is an ordinary choice.
    virtual double reference_mass_fraction() const { return std::numeric_limits<double>::quiet_NaN(); }
    // Advice for a component whose mass fraction `parameter` is `Xi` where that is an extreme (above), else "".
    std::string extreme_mass_fraction(const char* parameter, double Xi) const {
        const double reference = reference_mass_fraction();
        if (!(Xi == 0.0 && std::isfinite(reference))) return {};
        char usual[32];
        std::snprintf(usual, sizeof usual, "%g", reference);
        return std::string(parameter) + " = 0 with medium " + name() + " (Xi: " + mass_fraction_name() +
               "): one pure substance, where its usual composition is Xi = " + usual;
    }
    // Every property at (p, h, Xi); Xi points to mass_fractions() values (may be null if there are none).
    virtual void properties(double p, double h, const double* Xi, MediumProperties& out) const = 0;
    // Only the density at (p, h, Xi), NaN where properties() would be invalid. Elements that need nothing
    // else call this on the per-step path; a medium overrides it where that is cheaper than every property.
    virtual double density(double p, double h, const double* Xi) const {
        MediumProperties out;
        properties(p, h, Xi, out);
        return out.rho;
    }
    // The specific enthalpy at (p, T, Xi), to set a state from a temperature; NaN outside the range.
    virtual double specific_enthalpy(double p, double T, const double* Xi) const = 0;
    // The range the medium is valid in (states outside come back invalid).
    virtual double T_min() const = 0;
    virtual double T_max() const = 0;
    virtual double p_min() const { return 0.0; }
    virtual double p_max() const { return std::numeric_limits<double>::infinity(); }
    // true if the medium boils and condenses (its states say vapour_fraction).
    virtual bool two_phase() const { return false; }
    // A two-phase medium's saturated phases at p, or at T; false outside its dome (above the critical point, below
    // the triple point, where it is not modelled) and for media with one phase. Allocation-free, like properties().
    virtual bool saturation_at_pressure(double /*p*/, SaturationProperties& /*out*/) const { return false; }
    virtual bool saturation_at_temperature(double /*T*/, SaturationProperties& /*out*/) const { return false; }
    // true where a state's specific enthalpy depends on its temperature alone (liquids of constant or tabulated
    // properties, ideal gases); false where it moves with pressure or composition (WaterIF97, MoistAir).
    virtual bool enthalpy_of_temperature_only() const { return false; }
    // Where it does, every valid state's enthalpy lies between those of T_min and T_max: true and the bounds.
    bool enthalpy_bounds(double& h_min, double& h_max) const {
        if (!enthalpy_of_temperature_only()) return false;
        h_min = specific_enthalpy(1e5, T_min(), nullptr);
        h_max = specific_enthalpy(1e5, T_max(), nullptr);
        return std::isfinite(h_min) && std::isfinite(h_max) && h_min < h_max;
    }

    // The same, returned by value (for tests and set-up code; components keep one MediumProperties).
    MediumProperties at(double p, double h, const double* Xi = nullptr) const {
        MediumProperties out;
        properties(p, h, Xi, out);
        return out;
    }
};

// Marks `out` invalid with a reason (every value NaN except p and h).
inline void invalidate(MediumProperties& out, double p, double h, const char* reason) {
    out = MediumProperties{};
    out.p = p;
    out.h = h;
    out.invalid_reason = reason;
}

}  // namespace lied::thermofluid
