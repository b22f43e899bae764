#include "thermofluid/sensors/single_sensors.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <limits>

namespace lied::thermofluid {
namespace {
const std::vector<std::string> kStateQuantities{"T_K", "T_C", "p_Pa", "p_bar", "h_Jpkg", "rho_kgpm3", "Xi_kgpkg", "x_kgpkg"};
const char* const kStateUnits[] = {"K", "degC", "Pa", "bar", "J/kg", "kg/m3", "kg/kg", "kg/kg"};
const std::vector<std::string> kFlowQuantities{"m_flow_kgps", "V_flow_m3ps", "V_flow_lpMin", "H_flow_Jps"};
const char* const kFlowUnits[] = {"kg/s", "m3/s", "l/min", "W"};

int index_of(const std::vector<std::string>& options, const std::string& v) {
    for (std::size_t k = 0; k < options.size(); ++k)
        if (options[k] == v) return static_cast<int>(k);
    return 0;   // the crawler refuses an unknown option before anything runs
}
}  // namespace

void SingleSensorSelect::evalState() {
    const FluidState in = inlet.state.value();
    set_outlet(in, 0.0, -std::numeric_limits<double>::infinity());   // no drop, no clip
    switch (which_) {
        case 0: value.value() = medium.medium->at(in.p, in.h, in.xi()).T; break;
        case 1: value.value() = medium.medium->at(in.p, in.h, in.xi()).T - 273.15; break;
        case 2: value.value() = in.p; break;
        case 3: value.value() = in.p / 1e5; break;
        case 4: value.value() = in.h; break;
        case 6: value.value() = in.Xi[0]; break;
        case 7: medium.medium->properties(in.p, in.h, in.xi(), props_), value.value() = props_.vapour_fraction; break;
        default: medium.medium->properties(in.p, in.h, in.xi(), props_), value.value() = props_.rho;
    }
}

void SingleSensorSelect::metainfo(Meta& meta) {
    meta.balance_neutral();   // a sensor passes the stream on unchanged
    declare_flow(meta);
    static const ChoiceSpec kQuantityChoice{kStateQuantities, "what `value` is, in the unit its name says"};
    meta.choice(quantity, "quantity", kQuantityChoice);
    which_ = index_of(kStateQuantities, quantity);
    meta.require(which_ != 7 || !medium.medium || medium.medium->two_phase(),
                 [&] { return std::string("quantity x_kgpkg (vapour quality) needs a medium with two phases, not " + medium.name); }, "vapour quality only for a two-phase medium");
    meta.signal(value, "value");
    meta.block<&SingleSensorSelect::evalState>(this, "evalState", {&inlet.state}, {&outlet.state, &dp_, &dr_corr_, &value});
    meta.variable(value.value(), "value", kStateUnits[which_]);
}

void SingleFlowSensor::evalState() {
    const FluidState in = inlet.state.value();
    set_outlet(in, 0.0, -std::numeric_limits<double>::infinity());
    if (which_ == 1 || which_ == 2) medium.medium->properties(in.p, in.h, in.xi(), props_);
}

void SingleFlowSensor::evalMeasure() {
    const double m = inlet.m_flow.value();
    switch (which_) {
        case 0: value.value() = m; break;
        case 1: value.value() = m / props_.rho; break;
        case 2: value.value() = m / props_.rho * 60'000.0; break;
        default: value.value() = m * inlet.state.value().h;
    }
}

void SingleFlowSensor::metainfo(Meta& meta) {
    meta.balance_neutral();   // a sensor passes the stream on unchanged
    declare_flow(meta);
    static const ChoiceSpec kQuantityChoice{kFlowQuantities, "what `value` is, in the unit its name says"};
    meta.choice(quantity, "quantity", kQuantityChoice);
    which_ = index_of(kFlowQuantities, quantity);
    meta.signal(value, "value");
    meta.block<&SingleFlowSensor::evalState>(this, "evalState", {&inlet.state}, {&outlet.state, &dp_, &dr_corr_});
    meta.block<&SingleFlowSensor::evalMeasure>(this, "evalMeasure", {&inlet.m_flow, &outlet.state}, {&value});
    meta.variable(value.value(), "value", kFlowUnits[which_]);
}

LIED_REGISTER_COMPONENT(SingleSensorSelect, "flow-through sensor: one state quantity (T, p, h, ρ) as output signal `value` (TFS SingleSensorSelect)");
LIED_REGISTER_COMPONENT(SingleFlowSensor, "flow-through sensor: mass, volume or enthalpy flow as output signal `value` (TFS SingleFlowSensor)");

}  // namespace lied::thermofluid
