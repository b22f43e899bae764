#include "thermofluid/media/media_registry.h"

#include "core/support/closest_name.h"
#include "thermofluid/media/combustion_air.h"
#include "thermofluid/media/constant_property_liquid.h"
#include "thermofluid/media/ideal_gas_air.h"
#include "thermofluid/media/linear_liquid.h"
#include "thermofluid/media/moist_air.h"
#include "thermofluid/media/table_liquid.h"
#include "thermofluid/media/water_if97.h"

#include <memory>
#include <stdexcept>

namespace lied::thermofluid {
namespace {
const std::vector<std::unique_ptr<Medium>>& all() {
    static const std::vector<std::unique_ptr<Medium>> media = [] {
        std::vector<std::unique_ptr<Medium>> m;
        m.push_back(std::make_unique<ConstantPropertyLiquid>(idealized_water()));
        m.push_back(std::make_unique<ConstantPropertyLiquid>(constant_property_liquid_water()));
        m.push_back(std::make_unique<TableLiquid>(propylene_glycol_47()));
        m.push_back(std::make_unique<SimpleAir>());
        m.push_back(std::make_unique<DryAirNasa>());
        m.push_back(std::make_unique<MoistAir>());
        m.push_back(std::make_unique<WaterIF97>());
        m.push_back(std::make_unique<LinearLiquid>(linear_cold_water()));
        m.push_back(std::make_unique<CombustionAir>());
        return m;
    }();
    return media;
}
}  // namespace

const std::vector<std::string>& medium_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (auto& m : all()) n.emplace_back(m->name());
        return n;
    }();
    return names;
}

const Medium* find_medium(std::string_view name) {
    for (auto& m : all())
        if (name == m->name()) return m.get();
    return nullptr;
}

const Medium& medium(std::string_view name) {
    if (const Medium* m = find_medium(name)) return *m;
    std::string known;
    for (auto& n : medium_names()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument("unknown medium '" + std::string(name) + "'" + did_you_mean(name, medium_names()) + " (known media: " + known + ")");
}

}  // namespace lied::thermofluid
