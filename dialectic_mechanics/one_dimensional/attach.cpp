#include "dialectic_mechanics/one_dimensional/attach.h"

#include "dialectic_mechanics/one_dimensional/translational.h"

#include <memory>

namespace lied::mechanics {

StructuralChange attach_masses(const Simulator& sim, const std::string& a, const std::string& b, const std::string& assembly) {
    const double m_a = sim.parameter(a + ".m"), m_b = sim.parameter(b + ".m"), m = m_a + m_b;
    StructuralChange change(a + " and " + b + " attached as " + assembly);
    change.add("", assembly, std::make_unique<Mass>(m, 0.0), "rigid assembly of " + a + " and " + b)
        .move_connections(a + ".flange", assembly + ".flange")
        .move_connections(b + ".flange", assembly + ".flange")
        .remove(a)
        .remove(b)
        .initialize([=](const PreviousValues& before, Simulator& s) {
            s.set_state(assembly + ".s", (m_a * before(a + ".s") + m_b * before(b + ".s")) / m);
            s.set_state(assembly + ".w", (m_a * before(a + ".w") + m_b * before(b + ".w")) / m);
        });
    return change;
}

}  // namespace lied::mechanics
