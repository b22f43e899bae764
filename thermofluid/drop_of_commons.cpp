#include "thermofluid/drop_of_commons.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void DropOfCommons::metainfo(Meta& meta) {
    meta.provide_default(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance of boundaries and elements without geometry"));
    meta.provide_default(p_min, "p_min", defaults::kPMin, ParameterSpec::positive("Pa", "lowest pressure a flow element may produce"));
    meta.provide_default(m_flow_reg, "m_flow_reg", defaults::kMFlowReg,
                         ParameterSpec::positive("kg/s", "mass flow below which flow-direction switches are regularised"));
    meta.provide_default(g, "g", defaults::kG, ParameterSpec::non_negative("m/s2", "gravitational acceleration"));
    meta.provide_default(k_volume_damping, "k_volume_damping", defaults::kVolumeDamping,
                         ParameterSpec::non_negative("", "damping factor of the inertial pressure at volumes"));
    meta.provide_default(omega_reg, "omega_reg", defaults::kOmegaReg,
                         ParameterSpec::positive("rad/s", "speed below which turbo machines' torque is regularised"));
    meta.provide_default(m_flow_nominal, "m_flow_nominal", defaults::kMFlowNominal,
                         ParameterSpec::non_negative("kg/s", "typical mass flow: the nominal of the flow states, which scales the solvers' absolute tolerance; "
                                                                  "0: the largest flow the start drives, at most 1 kg/s, measured at each reset"));
    meta.provide_default(rho_min, "rho_min", defaults::kRhoMin, ParameterSpec::positive("kg/m3", "lowest density a flow element divides by"));
}

LIED_REGISTER_COMPONENT(DropOfCommons, "system-wide thermofluid defaults (L, p_min, m_flow_reg, g, k_volume_damping, rho_min, omega_reg, m_flow_nominal) for the (sub)system it is in");

}  // namespace lied::thermofluid
