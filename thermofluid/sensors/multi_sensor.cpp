#include "thermofluid/sensors/multi_sensor.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <limits>

namespace lied::thermofluid {

void MultiSensor_Tpm::evalState() {
    const FluidState in = inlet.state.value();
    set_outlet(in, 0.0, -std::numeric_limits<double>::infinity());   // no drop, no clip
    medium.medium->properties(in.p, in.h, in.xi(), props_);
    T.value() = props_.T;
    p.value() = in.p;
    h.value() = in.h;
}

void MultiSensor_Tpm::evalMeasure() {
    m_flow.value() = inlet.m_flow.value();
    V_flow.value() = m_flow.value() / props_.rho;
}

void MultiSensor_Tpm::metainfo(Meta& meta) {
    meta.balance_neutral();   // a sensor passes the stream on unchanged
    declare_flow(meta);
    meta.signal(T, "T");
    meta.signal(p, "p");
    meta.signal(h, "h");
    meta.signal(m_flow, "m_flow");
    meta.signal(V_flow, "V_flow");
    meta.block<&MultiSensor_Tpm::evalState>(this, "evalState", {&inlet.state}, {&outlet.state, &dp_, &dr_corr_, &T, &p, &h});
    meta.block<&MultiSensor_Tpm::evalMeasure>(this, "evalMeasure", {&inlet.m_flow, &T}, {&m_flow, &V_flow});
    meta.variable(T.value(), "T", "K");
    meta.variable(p.value(), "p", "Pa");
    meta.variable(h.value(), "h", "J/kg");
    meta.variable(V_flow.value(), "V_flow", "m3/s");
}

LIED_REGISTER_COMPONENT(MultiSensor_Tpm, "flow-through sensor: T, p, h, m_flow and V_flow as output signals");

}  // namespace lied::thermofluid
