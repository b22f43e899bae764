#pragma once
// ThermofluidStream's JunctionNM: N inlets mix and leave through M outlets. As in TFS it is a JunctionN (junctionN)
// whose outlet feeds a SplitterN (splitterN), with their equations (see junction_n.h, splitter_n.h): the mixture's
// state goes to every outlet, mass is conserved exactly, the splitter's outlets 1 … M−1 own their flows. It offers
// the junction's inlets and the splitter's outlets as its own `inlets[k]` and `outlets[j]`; its medium, N, M,
// assumeConstantDensity and m_flow_eps are its parts'. The inertance of the inlets and outlets is each part's `L`
// (the system default thermofluid.L unless set on junctionN or splitterN).
#include "core/model/component.h"
#include "thermofluid/interfaces/medium_parameter.h"
#include "thermofluid/topology/junction_n.h"
#include "thermofluid/topology/splitter_n.h"

namespace lied::thermofluid {

class JunctionNM final : public Component {
public:
    explicit JunctionNM(int n = 1, int m = 1);
    MediumParameter medium;
    JunctionN junctionN;
    SplitterN splitterN;
    PlugArray<FluidInlet>& inlets = junctionN.inlets;     // inlets[1] … inlets[N]
    PlugArray<FluidOutlet>& outlets = splitterN.outlets;  // outlets[1] … outlets[M]

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "JunctionNM"; }
};

}  // namespace lied::thermofluid
