#include "thermofluid/boundaries/volume_mix.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void VolumeMix::name_plugs(std::vector<std::string>& names, std::vector<std::string_view>& views, const char* array, std::size_t n) {
    if (names.size() != n) {   // names[k - 1] is "<array>[k]": written once per size
        names.resize(n);
        for (std::size_t k = 1; k <= n; ++k) names[k - 1] = PlugArray<FluidInlet>::name(array, static_cast<int>(k));
    }
    views.assign(names.begin(), names.end());
}

void VolumeMix::metainfo(Meta& meta) {
    meta.parameter(N, "N", ParameterSpec::count_up_to(PlugArray<FluidInlet>::kMaxSize, "number of inlets"));
    meta.parameter(M_outlets, "M_outlets", ParameterSpec::count_up_to(PlugArray<FluidInlet>::kMaxSize, "number of outlets"));
    inlets.resize_from(N, meta, "N");
    PlugArray<FluidOutlet>::check_size(M_outlets, meta, "M_outlets");
    outlet_storage(static_cast<int>(M_outlets));
    medium.declare(meta, {}, {});
    meta.parameter(V_par, "V_par", ParameterSpec::positive("m3", "volume").read_at_build());
    // The plug lists and their names are members, refilled at every crawl (no allocation in a rebuild).
    in_.clear();
    out_.clear();
    for (int k = 1; k <= inlets.size(); ++k) in_.push_back(&inlets[k]);
    for (int j = 1; j <= static_cast<int>(M_outlets); ++j) out_.push_back(outflows_[j - 1].get());
    name_plugs(in_names_, in_views_, "inlets", in_.size());
    name_plugs(out_names_, out_views_, "outlets", out_.size());
    declare_volume(meta, in_, in_views_, out_, out_views_);
    declare_rigid_damping(meta);
}

LIED_REGISTER_COMPONENT(VolumeMix, "rigid volume with N inlets and M_outlets outlets, mixing what arrives (TFS VolumeMix)");

}  // namespace lied::thermofluid
