#pragma once
// ThermofluidStream's SplitterN: one inlet, N outlets with the inlet's state, an inertance L on the inlet and on
// every outlet, and one inertial pressure r_mix at the split point. In LIED form outlets 1 … N−1 own their mass
// flows as states; outlet N takes the rest, so mass is conserved exactly. The tearing variables are dṁ_k/dt
// (k < N), the residuals equalise r_mix seen from each outlet:
//   r_mix = r_k + L·dṁ_k/dt  (k = 1 … N),   dṁ_N/dt = dṁ_in/dt − Σ_{k<N} dṁ_k/dt,   r_in = r_mix + L·dṁ_in/dt
// Any outlet may flow backwards into the splitter (the state it receives stays the inlet's: streams carry their
// state downstream only, as in TFS).
// cut = "true" tears the inlet's dṁ/dt and r as the Splitter does (docs/user-guide/thermofluid.md, "Long networks: cutting at splits
// and junctions"): same solution, a sparse L in long networks; "auto" (the default) when the engine asks for it.
#include "core/model/block_lists.h"
#include "core/model/component.h"
#include "core/model/plug_array.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/interfaces/flow_start.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/topology/inlet_cut.h"
#include "thermofluid/interfaces/medium_parameter.h"

#include <deque>
#include <string>

namespace lied::thermofluid {

class SplitterN final : public Component {
public:
    explicit SplitterN(int n = 2) : outlets(n), N(n) {}
    FluidInlet inlet;
    PlugArray<FluidOutlet> outlets;   // outlets[1] … outlets[N]
    MediumParameter medium;
    double N;
    SystemDefault L{defaults::L};
    Choice<Cut> cut{Cut::automatic};   // on: tear the inlet; automatic: when L would be dense (structural)
    FlowStartChoice flow_start;        // initM_flow, m_acceleration_0: how the owned outlets' flows start

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "SplitterN"; }

private:
    void evalState();
    void evalFlow();
    void evalDerFlow();
    void evalInertial();
    InletCut inlet_cut_;
    BlockLists state_, flow_, der_, inertial_;   // refilled at every crawl
    // Per owned outlet k < N (grow-only, so registered addresses stay valid): flow state, its derivative, residual.
    std::deque<State> m_flow_;
    std::deque<Out<double>> der_m_flow_, residual_;
    int n_ = 0;
};

}  // namespace lied::thermofluid
