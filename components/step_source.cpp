#include "components/step_source.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::components {

void StepSource::update() { y.value() = offset + (time_.value() >= start_time ? height : 0.0); }

void StepSource::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.discrete_signal(y, "y");
    meta.signal(time_, "time");
    meta.time(time_);
    meta.time_event<&StepSource::update>(this, start_time, "step");
    meta.parameter(height, "height", ParameterSpec::any("", "height of the step"));
    meta.parameter(offset, "offset", ParameterSpec::any("", "output before the step"));
    meta.parameter(start_time, "start_time", ParameterSpec::any("s", "time of the step"));
    meta.variable(y.value(), "y", "");
}

LIED_REGISTER_COMPONENT(StepSource, "output steps from offset to offset + height at start_time");

}  // namespace lied::components
