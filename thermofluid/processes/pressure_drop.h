#pragma once
// Quadratic pressure drop with inertance (Zimmer's LIED paper, Listings 2-6):
//   dp = ½·dp_ref·(v_n + v_n·|v_n|),  v_n = (m_flow/ρ)/v_ref,   p̂_out = max(p_min, p̂_in − dp)
//   r_in = r_out + L·dm_flow/dt + dr_corr,   dr_corr = p̂_out − (p̂_in − dp)  (the drop the p_min clip withheld)
// Valid for both flow directions (dp changes sign with m_flow).
#include "thermofluid/interfaces/siso_flow.h"

namespace lied::thermofluid {

class PressureDrop final : public SISOFlow {
public:
    PressureDrop() = default;
    PressureDrop(double v_ref, double dp_ref, double L) : v_ref(v_ref), dp_ref(dp_ref), L(L) {}

    double v_ref = 0.01;     // m³/s, reference volume flow
    double dp_ref = 1000.0;  // Pa, drop at v_ref
    double L = 100.0;        // 1/m, inertance
    double p_min = 1.0;      // Pa, lowest pressure the element may produce

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "PressureDrop"; }

private:
    void evalState();
};

}  // namespace lied::thermofluid
