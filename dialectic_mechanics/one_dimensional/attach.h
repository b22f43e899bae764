#pragma once
// Attach and release in 1D dialectic mechanics, as structural changes (the number of degrees of freedom changes):
//  - attach: two masses become one rigid body at their centre of mass, moving with their centre-of-mass velocity
//    (momentum kept; the kinetic energy of their relative motion, ½·μ·Δw² with μ = m_a·m_b/(m_a + m_b), is what a
//    perfectly inelastic joining dissipates); every element attached to either flange moves to the assembly's;
//  - release: the assembly becomes two masses again, each where it sat and with the assembly's velocity (momentum
//    kept, no energy made); the caller says which elements go with which part.
// Paths are those of a Composite tree (see core/simulation/structural_change.h).
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"

#include <string>
#include <vector>

namespace lied::mechanics {

// Reads the masses' m from the running simulator.
StructuralChange attach_masses(const Simulator& sim, const std::string& a, const std::string& b, const std::string& assembly);
// The mass `assembly` becomes `a` (mass m_a) and `b` (the rest of its mass), `gap` = s_b − s_a apart around its
// centre of mass, both moving with its velocity. The elements attached to its flange go to a, except those whose
// plugs `to_b` names (e.g. "engine2.flange"), which go to b. Throws std::invalid_argument unless 0 < m_a < m.
StructuralChange release_mass(const Simulator& sim, const std::string& assembly, const std::string& a, double m_a, const std::string& b,
                              double gap, const std::vector<std::string>& to_b = {});

}  // namespace lied::mechanics
