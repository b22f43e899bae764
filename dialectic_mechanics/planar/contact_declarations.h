#pragma once
// What every planar contact with friction (GroundContact, BodyContact) declares alike: the parameters of the law in
// contact_law.h, and its records for results and the balance books.
#include "core/model/meta.h"

namespace lied::mechanics {

inline void declare_contact_parameters(Meta& meta, double& c, double& d, double& n, double& mu, double& v_reg) {
    meta.parameter(c, "c", ParameterSpec::positive("N/m^n", "contact stiffness"));
    meta.parameter(d, "d", ParameterSpec::non_negative("N.s/m^(n+1)", "contact damping"));
    meta.parameter(n, "n", {"", "exponent of the penetration (1 linear, 1.5 Hertz)", 1.0, 10.0, false});
    meta.parameter(mu, "mu", ParameterSpec::non_negative("", "Coulomb friction coefficient"));
    meta.parameter(v_reg, "v_reg", ParameterSpec::positive("m/s", "slip velocity below which friction is regularised"));
}

// As the 1D contacts: the elastic part returns what it stores (E_pot); damping and friction lose ≥ 0.
inline void declare_contact_records(Meta& meta, const double& penetration, const double& normal_force, const double& friction_force,
                                    const double& slip, const double& energy, const double& dissipation) {
    meta.variable(penetration, "penetration", "m");
    meta.variable(normal_force, "N", "N");
    meta.variable(friction_force, "F_t", "N");
    meta.variable(slip, "slip", "m/s");
    meta.variable(energy, "E_pot", "J");
    meta.stores(Quantity::Energy, energy, "E_pot");
    meta.dissipates(dissipation, "contact");
}

}  // namespace lied::mechanics
