#pragma once
// ThermofluidStream's VolumeMix, widened: a rigid volume with N inlets and M_outlets outlets (TFS has N inlets and
// one outlet). It mixes what arrives and owns each outlet's mass flow; the equations are PartialVolume's. Plugs are
// inlets[1] … inlets[N] and outlets[1] … outlets[M_outlets].
#include "core/model/plug_array.h"
#include "thermofluid/boundaries/partial_volume.h"

#include <memory>
#include <vector>

namespace lied::thermofluid {

class VolumeMix final : public PartialVolume {
public:
    explicit VolumeMix(int n = 2, int m = 1) : inlets(n), N(n), M_outlets(m) {
        medium.name = "SimpleAir";
        outlet_storage(m);
    }
    PlugArray<FluidInlet> inlets;
    double N;                              // number of inlets
    double M_outlets;                      // number of outlets
    double V_par = 1e-3;                   // m³
    FluidOutlet& outlets(int j) { return outlet_storage(j)[j - 1]->plug; }   // 1-based

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "VolumeMix"; }

private:
    std::vector<std::unique_ptr<Outflow>>& outlet_storage(int n) {
        while (static_cast<int>(outflows_.size()) < n) outflows_.push_back(std::make_unique<Outflow>());
        return outflows_;
    }
    bool medium_state(double M, double U, MediumProperties& props, double& volume) override { return rigid_state(V_par, M, U, props, volume); }
    double start_mass(const Meta& meta, const MediumProperties& s) override { return rigid_start_mass(meta, s, V_par); }
    double damping_compressibility(const MediumProperties& props, double) const override { return rigid_damping_compressibility(props); }
    std::vector<std::unique_ptr<Outflow>> outflows_;   // grows only, so a connected outlet never dangles
    // What declare_volume() gets, kept between crawls.
    std::vector<FluidInlet*> in_;
    std::vector<Outflow*> out_;
    std::vector<std::string> in_names_, out_names_;
    std::vector<std::string_view> in_views_, out_views_;
    static void name_plugs(std::vector<std::string>& names, std::vector<std::string_view>& views, const char* array, std::size_t n);
};

}  // namespace lied::thermofluid
