#pragma once
// ThermofluidStream's DropOfCommons: the defaults every thermofluid component of a system (or subsystem) shares,
// set once. A component's own value overrides them; without a DropOfCommons the values below hold.
#include "core/model/component.h"
#include "core/model/state.h"

namespace lied::thermofluid {

namespace defaults {
inline constexpr const char* kL = "thermofluid.L";
inline constexpr const char* kPMin = "thermofluid.p_min";
inline constexpr const char* kMFlowReg = "thermofluid.m_flow_reg";
inline constexpr const char* kG = "thermofluid.g";
inline constexpr const char* kVolumeDamping = "thermofluid.k_volume_damping";
inline constexpr const char* kRhoMin = "thermofluid.rho_min";
inline constexpr const char* kOmegaReg = "thermofluid.omega_reg";
inline constexpr double L = 0.01;            // 1/m, inertance of boundaries and given-L elements
inline constexpr double p_min = 100.0;       // Pa, lowest pressure a flow element may produce
inline constexpr double m_flow_reg = 0.01;   // kg/s, mass flow below which flow-direction switches are smoothed
inline constexpr double g = 9.80665;         // m/s², standard gravity
inline constexpr double k_volume_damping = 0.1;   // damping of the inertial pressure between coupled volumes
inline constexpr double rho_min = 1e-10;     // kg/m³, lowest density a flow element divides by
inline constexpr double omega_reg = 1.0;     // rad/s, speed below which turbo machines' torque is regularised
inline constexpr const char* kMFlowNominal = "thermofluid.m_flow_nominal";
inline constexpr double m_flow_nominal = 0.0;   // kg/s, the typical mass flow; 0: measured from the system at each reset
inline constexpr double m_flow_fallback = 1.0;  // kg/s, the nominal where nothing flows at the start
// The nominal of a mass flow state follows the system's m_flow_nominal where one is set; else the engine takes the
// largest flow the start drives, at most 1 kg/s (NominalScale): the solvers' absolute tolerance is a fraction of it, so a system of
// grams per second gets tolerances that fit its flows without saying so.
inline constexpr NominalScale flow_nominal{kMFlowNominal, 1.0, m_flow_fallback};
}  // namespace defaults

class DropOfCommons final : public Component {
public:
    double L = defaults::L;
    double p_min = defaults::p_min;
    double m_flow_reg = defaults::m_flow_reg;
    double g = defaults::g;
    double k_volume_damping = defaults::k_volume_damping;
    double rho_min = defaults::rho_min;
    double omega_reg = defaults::omega_reg;
    double m_flow_nominal = defaults::m_flow_nominal;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "DropOfCommons"; }
};

}  // namespace lied::thermofluid
