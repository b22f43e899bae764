#pragma once
// ThermofluidStream's CounterFlowNTU: a counter-flow heat exchanger by the ε-NTU method (VDI Heat Atlas), sides A
// and B each a stream without pressure drop (StreamSide). With C = (|ṁ| + ε)·c̄p (c̄p the mean of inlet and
// outlet), C_r = C_min/C_max and NTU = k_NTU·A/C_min:
//   ε = (1 − exp(−NTU·(1 − C_r))) / (1 − C_r·exp(−NTU·(1 − C_r)))   (C_r < 1),   ε = NTU/(1 + NTU)   (C_r = 1)
//   Q̇ (A → B) = ε·C_min·(T_in,A − T_in,B)
// The side with the smaller C gets Δh = ε·c̄p·ΔT_max; the other side the same heat flow, divided by its mass flow
// regularised with m_flow_reg/10 (TFS). No heat passes while both flows are below m_flow_reg. The outlet
// enthalpies follow with the time constant TC: TC·dh_out/dt = h_in − Δh − h_out (they are the states).
// Reverse flow: the ε-NTU relation holds for forward flow; a flow below −m_flow_reg stops the run with a range
// error naming the side (TFS asserts the same).
#include "core/model/component.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/heat_exchangers/two_stream_exchanger.h"

namespace lied::thermofluid {

class CounterFlowNTU final : public TwoStreamExchanger {
public:
    double A = 1.0;                         // m², heat transfer area
    double k_NTU = 50.0;                    // W/(m²·K), overall heat transfer coefficient
    double TC = 0.01;                       // s, time constant of the outlet enthalpies
    double TA_start = 293.15, TB_start = 293.15;   // K, outlet temperatures at the start (at 1 bar)
    SystemDefault m_flow_reg{defaults::m_flow_reg};
    State h_out_A{0.0}, h_out_B{0.0};       // J/kg

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "CounterFlowNTU"; }

private:
    void evalOutletA();
    void evalOutletB();
    void evalHeat();
    // W: what leaves both sides minus what enters them. Not zero: the outlets follow with the time constant TC
    // (energy no mass holds) and the stronger side's Δh is regularised at small flows.
    double formulation_energy_ = 0;
    MediumProperties in_A_, in_B_, out_A_, out_B_;
    EnthalpyLimits out_A_limits_, out_B_limits_;   // the outlet enthalpies' valid ranges where the media's bounds move with pressure
    double Q_flow_ = 0, effectiveness_ = 0, NTU_ = 0;
};

}  // namespace lied::thermofluid
