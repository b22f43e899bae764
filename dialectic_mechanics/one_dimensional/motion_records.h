#pragma once
// What a body on a 1D chain (a Mass, a CarriedMass) records and books: its acceleration a, its kinetic energy and,
// translational, its potential energy in gravity. Both energies are stored amounts for the balance books; the work
// of the forces is booked where they act (at the velocity w).
#include "core/model/meta.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

#include <string>
#include <type_traits>

namespace lied::mechanics {

template <class D>
void declare_motion_records(Meta& meta, const double& a, const double& kinetic_energy, const double& potential_energy) {
    meta.variable(a, "a", D::velocity_unit + std::string("/s"));
    meta.variable(kinetic_energy, "E_kin", "J");
    meta.stores(Quantity::Energy, kinetic_energy, "E_kin");
    if constexpr (std::is_same_v<D, Translational>) {
        meta.variable(potential_energy, "E_pot", "J");
        meta.stores(Quantity::Energy, potential_energy, "E_pot");
    }
}

}  // namespace lied::mechanics
