#pragma once
// ThermofluidStream's CheckValve: no drop for forward flow; reverse flow meets a quadratic resistance that
// reaches p_ref at −m_flow_ref (TFS's regularisation), so the valve stays smooth and a reverse flow stays small:
//   dp = 0 for ṁ ≥ 0,   dp = −p_ref·(ṁ/m_flow_ref)² for ṁ < 0   (dp: the drop from inlet to outlet)
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/siso_flow.h"

namespace lied::thermofluid {

class CheckValve final : public SISOFlow {
public:
    SystemDefault m_flow_ref{defaults::m_flow_reg};   // kg/s
    double p_ref = 1e5;                               // Pa

    SystemDefault L{defaults::L};                    // 1/m, inertance (TFS: every SISOFlow's dropOfCommons.L)

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "CheckValve"; }

private:
    void evalState();
};

}  // namespace lied::thermofluid
