#pragma once
// The medium of a thermofluid component, chosen by name: a choice parameter "medium" (in C++, in system files
// and with `--set p1.medium=WaterIF97`). declare() registers it and tells the component's plugs, so that the
// crawler can refuse a connection between different media, naming both ends.
#include "core/model/meta.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/media/media_registry.h"

#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>

namespace lied::thermofluid {

// The medium of a component that names none: the idealized water of the communicating vessels.
inline constexpr const char* kDefaultMedium = "IdealizedWater";

// The enthalpies of a medium's T_min and T_max at the pressure and composition of a component's fluid, for media
// whose bounds move with them (WaterIF97 with pressure, MoistAir with its water fraction). Computed only when the
// fluid's state is invalid, where they tell what was broken; open (±inf) otherwise, so that a valid state costs two
// stores.
struct EnthalpyLimits {
    double h_min = -std::numeric_limits<double>::infinity();
    double h_max = std::numeric_limits<double>::infinity();

    void follow(const Medium& medium, double p, const double* Xi, bool state_valid) {
        constexpr double open = std::numeric_limits<double>::infinity();
        h_min = -open, h_max = open;
        if (state_valid) return;
        const double lo = medium.specific_enthalpy(p, medium.T_min(), Xi), hi = medium.specific_enthalpy(p, medium.T_max(), Xi);
        if (std::isfinite(lo) && std::isfinite(hi) && lo < hi) h_min = lo, h_max = hi;   // else the pressure itself is out of range
    }
};

struct MediumParameter {
    std::string name = kDefaultMedium;
    const Medium* medium = nullptr;   // nullptr while the name is unknown (the crawler then refuses the build)
    // Set: this medium is the one of a parent that holds this component as a part (JunctionNM's junctionN and splitterN
    // take JunctionNM's): no choice of its own, the parent's name at every crawl. The parent declares first.
    const MediumParameter* follows = nullptr;

    // `parameter` names the choice: "medium", or "mediumA"/"mediumB" for a heat exchanger's two sides.
    void declare(Meta& meta, std::initializer_list<FluidInlet*> inlets, std::initializer_list<FluidOutlet*> outlets,
                 const char* parameter = "medium") {
        static const ChoiceSpec media{medium_names(), "the fluid (lied list --media)"};   // built once, not per component
        if (follows) name = follows->name;
        else meta.choice(name, parameter, media);
        medium = find_medium(name);
        if (medium && medium->mass_fractions() > kMaxMassFractions)   // the message only when it is needed: a rebuild crawls every component
            meta.require(false,
                         std::string("medium ") + name + " has more mass fractions than a fluid state carries (" + std::to_string(kMaxMassFractions) + ")",
                         "a medium's mass fractions fit the fluid state (kMaxMassFractions)");
        for (auto* p : inlets) p->medium = medium;
        for (auto* p : outlets) p->medium = medium;
    }

    // A specific enthalpy the component holds as a state (`name`) stays inside the medium's temperature range, so that
    // a run that heats the fluid past the medium's limit stops naming the state and the limit, not a NaN further down.
    // Where the medium's enthalpy bounds do not move with pressure (Medium::enthalpy_bounds) they are fixed; where
    // they do (WaterIF97, MoistAir), `moving` holds them at the state's pressure and composition, kept by the component.
    void declare_enthalpy_range(Meta& meta, std::string_view state, const EnthalpyLimits* moving = nullptr) const {
        double h_min = 0.0, h_max = 0.0;
        if (!medium) return;
        if (medium->enthalpy_bounds(h_min, h_max))
            meta.valid_range(state, ValidRange{h_min, h_max, false, "the fluid stays inside its medium's temperatures, T_min to T_max (as enthalpies)"});
        else if (moving)
            meta.valid_range(state, ValidRange::moving(moving->h_min, moving->h_max,
                                                       "the fluid stays inside its medium's temperatures, T_min to T_max (as enthalpies at its pressure and composition)"));
    }
};

// Density of a medium at a fixed (p, h), recomputed only when they change: tanks ask at every evaluation, the
// answer changes only with their parameters.
class CachedDensity {
public:
    double operator()(const Medium& m, double p, double h) {
        if (p != p_ || h != h_ || &m != medium_) {
            rho_ = m.at(p, h).rho;
            p_ = p, h_ = h, medium_ = &m;
        }
        return rho_;
    }

private:
    const Medium* medium_ = nullptr;
    double p_ = 0, h_ = 0, rho_ = 0;
};

}  // namespace lied::thermofluid
