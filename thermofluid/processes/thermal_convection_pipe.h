#pragma once
// ThermofluidStream's ThermalConvectionPipe: a pipe of length l and radius r without storage, whose fluid takes the
// heat of a forced-convection correlation from a heat port at the state halfway through (h_in + Δh/2):
//   Re = ρ·v·2r/μ (at least 1),   Nu = (0.0396·Re)^0.75·Pr / (1 + 2.44·Re^(−0.125)·(Pr − 1))   (TFS: turbulent, constant flux)
//   h_avg = Nu·λ/(2r),   Q = h_avg·2π·r·l·(T_heatPort − T(h_in + Δh/2)),   Δh = ṁ·Q/(ṁ² + (m_flow_reg/10)²)
//   p̂_out = p̂_in (no pressure drop; put a FlowResistance in series),  h_out = h_in + Δh
// Q depends on Δh through the middle state: TFS leaves this algebraic loop to Modelica's solver; here the block
// solves it itself (regula falsi on the bracket a forward flow has, secant steps otherwise; no allocation), so the
// engine sees an explicit block. Reverse flow follows TFS: the Reynolds number of the signed flow clips at 1, so a
// reversed stream exchanges almost no heat. (With |ṁ| the stream would be computed against its direction — from the state it leaves with to
// the one it must have entered with — which has no solution once h·A/(|ṁ|·c_p) ≳ 2: an ill-posed inversion.)
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/siso_flow.h"
#include "thermofluid/thermal/heat_ports.h"

namespace lied::thermofluid {

class ThermalConvectionPipe final : public SISOFlow {
public:
    HeatFlowPort heatPort;
    double l = 1.0;                         // m
    double r = 0.01;                        // m
    SystemDefault L{defaults::L};
    SystemDefault m_flow_reg{defaults::m_flow_reg};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "ThermalConvectionPipe"; }

private:
    void evalState();
    // Q for an enthalpy rise dh (the middle state h_in + dh/2); fills props_, Re_, Nu_, h_avg_.
    double heat_flow(const FluidState& in, double dh, double T_wall);
    // The rise Δh with Δh = weight·Q(Δh), weight = ṁ/(ṁ² + (m_flow_reg/10)²); NaN if none is found.
    double solve_enthalpy_rise(const FluidState& in, double weight, double T_wall);
    MediumProperties props_;
    double Q_flow_ = 0, dh_ = 0, T_ = 0, Re_ = 0, Nu_ = 0, h_avg_ = 0;
    double regularisation_energy_ = 0;   // W: ṁ·Δh − Q, what the regularisation of Δh at small flows creates
};

}  // namespace lied::thermofluid
