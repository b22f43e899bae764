#pragma once
// ThermofluidStream's BasicControlValve: a valve whose opening u ∈ [0, 1] (input u_in, or the parameter u_par
// while the input is unconnected) sets the flow through a characteristic k_u = Kv/Kvs with leakage k_min:
//   linear k_min + (1 − k_min)·u,   parabolic k_min + (1 − k_min)·u²,   equalPercentage k_min·(1/k_min)^u
//   dp = dp_ref·(ρ_ref/ρ_in)·ṁ·|ṁ| / (k_u·ṁ_ref)²,   ṁ_ref = V̇_ref·ρ_ref,  V̇_ref = Kvs/3600 (or Cvs_US/1.1561/3600,
//   or ṁ_ref = m_flow_ref_set)
// so at u = 1, ρ = ρ_ref and Δp = dp_ref = 1 bar the valve passes Kvs m³/h. Reverse flow is allowed (the drop
// changes sign). The outlet pressure is clipped at p_min as for every SISOFlow.
#include "core/model/choice.h"
#include "core/model/signal.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/siso_flow.h"

#include <string>

namespace lied::thermofluid {

class BasicControlValve final : public SISOFlow {
public:
    In<double> u_in{In<double>::Optional{1.0}};
    double u_par = 1.0;                      // opening while u_in is unconnected
    enum class Characteristic { Linear, Parabolic, EqualPercentage };   // the options' order
    enum class FlowCoefficient { Kvs, Cvs_US, m_flow_set };
    Choice<bool> invertInput{false};
    Choice<Characteristic> valveCharacteristics{Characteristic::Linear};
    Choice<FlowCoefficient> flowCoefficient{FlowCoefficient::Kvs};
    double Kvs = 1.0;                        // m³/h
    double Cvs_US = 1.0;                     // US gal/min
    double m_flow_ref_set = 1.0;             // kg/s
    double k_min = 0.03;
    double dp_ref = 1e5;                     // Pa
    double rho_ref = 1000.0;                 // kg/m³
    SystemDefault p_min{defaults::p_min};
    SystemDefault rho_min{defaults::rho_min};

    SystemDefault L{defaults::L};                    // 1/m, inertance (TFS: every SISOFlow's dropOfCommons.L)

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "BasicControlValve"; }

    // k_u of the chosen characteristic at opening u (clipped to [0, 1]).
    double characteristic(double u) const;
    double reference_mass_flow() const;

private:
    void evalState();
    MediumProperties props_;
    double u_ = 1, k_u_ = 1;
};

}  // namespace lied::thermofluid
