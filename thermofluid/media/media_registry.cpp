#include "thermofluid/media/media_registry.h"

#include "core/support/closest_name.h"
#include "thermofluid/media/combustion_air.h"
#include "thermofluid/media/constant_property_liquid.h"
#include "thermofluid/media/helmholtz/fluids.h"
#include "thermofluid/media/ideal_gas_air.h"
#include "thermofluid/media/linear_liquid.h"
#include "thermofluid/media/moist_air.h"
#include "thermofluid/media/table_liquid.h"
#include "thermofluid/media/water_if97.h"

#include <array>
#include <memory>
#include <mutex>
#include <stdexcept>

namespace lied::thermofluid {
namespace {

// A medium is made when it is first asked for: the refrigerants trace their saturation line and isobars then (some
// milliseconds each), which a run that uses only water need not pay. Made once, shared, never changed; call_once
// keeps the first lookups from threads (sweeps) safe.
struct Entry {
    const char* name;
    std::unique_ptr<Medium> (*make)();
    std::once_flag made;
    std::unique_ptr<Medium> medium;
};

template <class M, auto... arguments>
std::unique_ptr<Medium> make() {
    return std::make_unique<M>(arguments()...);
}

std::unique_ptr<Medium> make_r134a() { return std::make_unique<Refrigerant>(helmholtz::r134a(), helmholtz::r134a_transport()); }
std::unique_ptr<Medium> make_r1234yf() { return std::make_unique<Refrigerant>(helmholtz::r1234yf(), helmholtz::r1234yf_transport()); }
std::unique_ptr<Medium> make_r744() { return std::make_unique<Refrigerant>(helmholtz::r744(), helmholtz::r744_transport()); }

std::array<Entry, 12>& entries() {
    static std::array<Entry, 12> all{{
        {"IdealizedWater", make<ConstantPropertyLiquid, idealized_water>, {}, {}},
        {"ConstantPropertyLiquidWater", make<ConstantPropertyLiquid, constant_property_liquid_water>, {}, {}},
        {"Glycol47", make<TableLiquid, propylene_glycol_47>, {}, {}},
        {"SimpleAir", make<SimpleAir>, {}, {}},
        {"DryAirNasa", make<DryAirNasa>, {}, {}},
        {"MoistAir", make<MoistAir>, {}, {}},
        {"WaterIF97", make<WaterIF97>, {}, {}},
        {"LinearColdWater", make<LinearLiquid, linear_cold_water>, {}, {}},
        {"CombustionAir", make<CombustionAir>, {}, {}},
        {"R134a", make_r134a, {}, {}},
        {"R1234yf", make_r1234yf, {}, {}},
        {"R744", make_r744, {}, {}},
    }};
    return all;
}

}  // namespace

const std::vector<std::string>& medium_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const Entry& e : entries()) n.emplace_back(e.name);
        return n;
    }();
    return names;
}

const Medium* find_medium(std::string_view name) {
    for (Entry& e : entries())
        if (name == e.name) {
            std::call_once(e.made, [&] { e.medium = e.make(); });
            return e.medium.get();
        }
    return nullptr;
}

const Medium& medium(std::string_view name) {
    if (const Medium* m = find_medium(name)) return *m;
    std::string known;
    for (auto& n : medium_names()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown medium '" + std::string(name) + "'" + did_you_mean(name, medium_names()) + " (known media: " + known + ")");
}

}  // namespace lied::thermofluid
