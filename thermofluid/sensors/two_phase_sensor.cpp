#include "thermofluid/sensors/two_phase_sensor.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <limits>
#include <vector>

namespace lied::thermofluid {
namespace {
const std::vector<std::string> kQuantities{"x_kgpkg", "p_sat_Pa", "p_sat_bar", "T_sat_K", "T_sat_C", "p_oversat_Pa", "p_oversat_bar", "T_oversat_K"};
const char* const kUnits[] = {"kg/kg", "Pa", "bar", "K", "degC", "Pa", "bar", "K"};
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}  // namespace

void TwoPhaseSensorSelect::evalState() {
    const FluidState in = inlet.state.value();
    set_outlet(in, 0.0, -std::numeric_limits<double>::infinity());   // no drop, no clip
    const Medium& m = *medium.medium;
    // The saturation temperature needs only p; every other quantity the state's T or quality.
    if (which_ != 3 && which_ != 4) m.properties(in.p, in.h, in.xi(), props_);
    double v = kNaN;
    switch (which_) {
        case 0: v = props_.vapour_fraction; break;
        case 1:
        case 2:
        case 5:
        case 6:
            if (m.saturation_at_temperature(props_.T, saturation_)) {
                const double p = which_ <= 2 ? saturation_.p : in.p - saturation_.p;
                v = (which_ == 2 || which_ == 6) ? p / 1e5 : p;
            }
            break;
        default:
            if (m.saturation_at_pressure(in.p, saturation_))
                v = which_ == 3 ? saturation_.T : which_ == 4 ? saturation_.T - 273.15 : props_.T - saturation_.T;
    }
    value.value() = v;
}

void TwoPhaseSensorSelect::metainfo(Meta& meta) {
    meta.balance_neutral();   // a sensor passes the stream on unchanged
    declare_flow(meta);
    static const ChoiceSpec kQuantityChoice{kQuantities, "what `value` is, in the unit its name says"};
    meta.choice(quantity, "quantity", kQuantityChoice);
    which_ = 0;
    for (std::size_t k = 0; k < kQuantities.size(); ++k)
        if (kQuantities[k] == quantity) which_ = static_cast<int>(k);
    meta.require(!medium.medium || medium.medium->two_phase(),
                 [&] { return "medium " + medium.name + " has one phase: a two-phase sensor needs one that boils (WaterIF97, R134a, R1234yf, R744)"; },
                 "two-phase sensor on a two-phase medium");
    meta.signal(value, "value");
    meta.block<&TwoPhaseSensorSelect::evalState>(this, "evalState", {&inlet.state}, {&outlet.state, &dp_, &dr_corr_, &value});
    meta.variable(value.value(), "value", kUnits[which_]);
}

LIED_REGISTER_COMPONENT(TwoPhaseSensorSelect,
                        "flow-through sensor: vapour quality, saturation temperature or pressure, superheat or subcooling of a two-phase medium as output signal `value` (TFS TwoPhaseSensorSelect)");

}  // namespace lied::thermofluid
