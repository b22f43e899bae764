#include "dialectic_mechanics/one_dimensional/attach.h"

#include "dialectic_mechanics/one_dimensional/translational.h"

#include <memory>
#include <sstream>
#include <stdexcept>

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

StructuralChange release_mass(const Simulator& sim, const std::string& assembly, const std::string& a, double m_a, const std::string& b,
                              double gap, const std::vector<std::string>& to_b) {
    const double m = sim.parameter(assembly + ".m");
    if (!(m_a > 0.0 && m_a < m)) {
        std::ostringstream s;
        s << "release_mass: " << a << " would have " << m_a << " kg of " << assembly << "'s " << m
          << " kg (rule: each part of a released assembly has a positive share of its mass, 0 < m_a < m)";
        throw std::invalid_argument(s.str());
    }
    const double m_b = m - m_a;
    StructuralChange change(assembly + " released into " + a + " and " + b);
    change.add("", a, std::make_unique<Mass>(m_a, 0.0), "released from " + assembly).add("", b, std::make_unique<Mass>(m_b, 0.0), "released from " + assembly);
    for (const std::string& plug : to_b) change.disconnect(assembly + ".flange", plug).connect(b + ".flange", plug);
    change.move_connections(assembly + ".flange", a + ".flange")
        .remove(assembly)
        .initialize([=](const PreviousValues& before, Simulator& s) {
            // The centre of mass stays where the assembly was; both parts keep its velocity (momentum m·w).
            s.set_state(a + ".s", before(assembly + ".s") - m_b / m * gap);
            s.set_state(b + ".s", before(assembly + ".s") + m_a / m * gap);
            s.set_state(a + ".w", before(assembly + ".w"));
            s.set_state(b + ".w", before(assembly + ".w"));
        });
    return change;
}

}  // namespace lied::mechanics
