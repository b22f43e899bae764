#include "components/sampled_blocks.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::components {

namespace {
template <class Block>
void declare_sampling(Meta& meta, Block& b) {
    meta.balance_neutral();   // a signal block: it holds and exchanges no mass or energy
    meta.signal(b.u, "u");
    meta.discrete_signal(b.y, "y");
    meta.variable(b.y.value(), "y", "");
    meta.parameter(b.samplePeriod, "samplePeriod", ParameterSpec::positive("s", "time between samples"));
    meta.parameter(b.startTime, "startTime", ParameterSpec::any("s", "time of the first sample"));
}
}  // namespace

void ZeroOrderHold::metainfo(Meta& meta) {
    declare_sampling(meta, *this);
    meta.sampled_event<&ZeroOrderHold::sample>(this, samplePeriod, startTime, "sample");
    meta.start_event<&ZeroOrderHold::start>(this, started_, "start");
}

void UnitDelay::metainfo(Meta& meta) {
    declare_sampling(meta, *this);
    meta.parameter(y_start, "y_start", ParameterSpec::any("", "output until the second sample"));
    meta.discrete_signal(held_, "held");
    meta.sampled_event<&UnitDelay::sample>(this, samplePeriod, startTime, "sample");
    meta.start_event<&UnitDelay::start>(this, started_, "start");
}

LIED_REGISTER_COMPONENT(ZeroOrderHold, "signal block: y = u at the last sample (every samplePeriod from startTime)");
LIED_REGISTER_COMPONENT(UnitDelay, "signal block: y = u one sample earlier (every samplePeriod from startTime)");

}  // namespace lied::components
