#pragma once
// Open tank that feeds a stream (a source with a level). It owns the mass flow of its outlet as a state;
// the flow's derivative is its tearing variable, balanced against the inertial pressure arriving from
// downstream:  residual = r_outlet + L·dm_flow/dt  (= 0).
//   p̂_out = p_amb + ρ·g·(level + elevation),   d(level)/dt = −m_flow / (ρ·A)
#include "core/model/component.h"
#include "core/model/state.h"
#include "thermofluid/interfaces/flow_start.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/interfaces/medium_parameter.h"

namespace lied::thermofluid {

class OutTank final : public Component {
public:
    FluidOutlet outlet;
    In<double> elevation{In<double>::Optional{0.0}};   // m; 0 while unconnected

    double A = 1.0;        // m², cross-section
    double L = 0.0;        // 1/m, inertance of the tank outlet
    double p_amb = 1e5;    // Pa
    double h = 83.9e3;     // J/kg, specific enthalpy of the water (≈ 20 °C)
    State level{1.0};      // m; its start value is the parameter h0
    State m_flow{0.0};     // kg/s, outlet mass flow; its start value is the parameter m_flow_0
    FlowStartChoice flow_start;   // initM_flow, m_acceleration_0

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "OutTank"; }
    double pressure();
    double p = 0.0;        // Pa, absolute pressure at the port, for recording and its valid range
    MediumParameter medium;   // a liquid: ρ at (p_amb, h) sets the hydrostatic pressure

private:
    void evalState();
    void evalDerFlow();
    void evalLevel();
    void evalResidual();
    double density();
    double mass_ = 0, enthalpy_in_ = 0;   // kg held; W entering the energy books (fluid at the tank's h)
    CachedDensity density_;
    Out<double> der_m_flow_;   // tearing variable
    Out<double> residual_;
};

}  // namespace lied::thermofluid
