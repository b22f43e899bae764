#include "thermofluid/topology/junction_nm.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

JunctionNM::JunctionNM(int n, int m) : junctionN(n), splitterN(m) {
    junctionN.medium.follows = &medium;
    splitterN.medium.follows = &medium;
    connect(junctionN.outlet, splitterN.inlet);
}

void JunctionNM::metainfo(Meta& meta) {
    medium.declare(meta, {}, {});   // first: the parts take it
    // Aliases of the parts' parameters: setting "junctionNM.N" or "junctionNM.junctionN.N" sets the same value.
    meta.parameter(junctionN.N, "N", ParameterSpec::count_up_to(PlugArray<FluidInlet>::kMaxSize, "number of inlets"));
    meta.parameter(splitterN.N, "M", ParameterSpec::count_up_to(PlugArray<FluidOutlet>::kMaxSize, "number of outlets"));
    meta.choice(junctionN.assumeConstantDensity, "assumeConstantDensity", JunctionN::constant_density_choice());
    meta.alias_parameter(junctionN.m_flow_eps, "m_flow_eps", ParameterSpec::positive("kg/s", "regularisation of the mixing weights"));
    meta.component(junctionN, "junctionN", "mixes the inlets");
    meta.component(splitterN, "splitterN", "splits the mixture to the outlets");
    for (int k = 1; k <= inlets.size(); ++k) meta.offer_plug(inlets[k], PlugArray<FluidInlet>::name("inlets", k));
    for (int j = 1; j <= outlets.size(); ++j) meta.offer_plug(outlets[j], PlugArray<FluidOutlet>::name("outlets", j));
}

LIED_REGISTER_COMPONENT(JunctionNM, "N inlets mixed into M outlets: a JunctionN feeding a SplitterN (TFS JunctionNM)");

}  // namespace lied::thermofluid
