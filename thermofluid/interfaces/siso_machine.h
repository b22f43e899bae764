#pragma once
// A flow element driven at a speed ω (TFS's pumps, fans, compressors and turbines): the speed from the input
// omega_input (or omega_par while unconnected), and the defaults their laws share — inertance, outlet pressure
// floor, density floor and the regularisations at zero flow and zero speed (system defaults, DropOfCommons).
#include "core/model/meta.h"
#include "core/model/signal.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/siso_flow.h"

#include <string>

namespace lied::thermofluid {

class SISOMachine : public SISOFlow {
public:
    In<double> omega_input{In<double>::Optional{0.0}};   // rad/s
    double omega_par = 0.0;                              // rad/s, while omega_input is unconnected
    SystemDefault L{defaults::L};
    SystemDefault p_min{defaults::p_min};
    SystemDefault rho_min{defaults::rho_min};
    SystemDefault m_flow_reg{defaults::m_flow_reg};
    SystemDefault omega_reg{defaults::omega_reg};

protected:
    double speed() const { return omega_input.source() ? omega_input.value() : omega_par; }
    // Registers the flow (SISOFlow), the speed input and parameter and the shared defaults.
    void declare_machine(Meta& meta) {
        declare_flow(meta);
        meta.signal(omega_input, "omega_input");
        meta.parameter(omega_par, "omega_par", ParameterSpec::any("rad/s", "speed while omega_input is unconnected"));
        meta.advise(omega_input.source() || omega_par != 0.0, [] { return std::string("omega_par = 0 rad/s and omega_input unconnected: it never turns"); },
                    "a machine at standstill passes flow only as a resistance; set omega_par or connect omega_input");
        meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance"));
        meta.parameter(p_min, "p_min", defaults::kPMin, ParameterSpec::positive("Pa", "lowest outlet pressure"));
        meta.parameter(rho_min, "rho_min", defaults::kRhoMin, ParameterSpec::positive("kg/m3", "lowest density the law divides by"));
        meta.parameter(m_flow_reg, "m_flow_reg", defaults::kMFlowReg, ParameterSpec::positive("kg/s", "regularisation at zero flow"));
        meta.parameter(omega_reg, "omega_reg", defaults::kOmegaReg, ParameterSpec::positive("rad/s", "regularisation at zero speed"));
        inertance_ = L.storage();
    }
};

}  // namespace lied::thermofluid
