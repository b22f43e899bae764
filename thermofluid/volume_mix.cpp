#include "thermofluid/volume_mix.h"

#include "core/component_registry.h"
#include "core/meta.h"

namespace lied::thermofluid {

void VolumeMix::metainfo(Meta& meta) {
    meta.parameter(N, "N", ParameterSpec::positive_up_to(PlugArray<FluidInlet>::kMaxSize, "", "number of inlets (structural: applied at the next build)"));
    meta.parameter(M_outlets, "M_outlets", ParameterSpec::positive_up_to(PlugArray<FluidInlet>::kMaxSize, "", "number of outlets (structural)"));
    inlets.resize_from(N, meta.path_of("N"));
    PlugArray<FluidOutlet>::check_size(M_outlets, meta.path_of("M_outlets"));
    outlet_storage(static_cast<int>(M_outlets));
    medium.declare(meta, {}, {});
    meta.parameter(V_par, "V_par", ParameterSpec::positive("m3", "volume"));
    std::vector<FluidInlet*> in;
    std::vector<std::string> in_names, out_names;
    std::vector<Outflow*> out;
    for (int k = 1; k <= inlets.size(); ++k) {
        in.push_back(&inlets[k]);
        in_names.push_back(PlugArray<FluidInlet>::name("inlets", k));
    }
    for (int j = 1; j <= static_cast<int>(M_outlets); ++j) {
        out.push_back(outflows_[j - 1].get());
        out_names.push_back(PlugArray<FluidOutlet>::name("outlets", j));
    }
    declare_volume(meta, in, in_names, out, out_names);
}

LIED_REGISTER_COMPONENT(VolumeMix, "rigid volume with N inlets and M_outlets outlets, mixing what arrives (TFS VolumeMix)");

}  // namespace lied::thermofluid
