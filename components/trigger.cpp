#include "components/trigger.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::components {

void Trigger::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(u, "u");
    meta.signal(indicator_, "indicator");
    meta.block<&Trigger::evalIndicator>(this, "evalIndicator", {&u}, {&indicator_});
    meta.parameter(threshold, "threshold", ParameterSpec::any("", "the value u crosses (in u's unit)"));
    static const ChoiceSpec kDirectionChoice{{"up", "down", "both"}, "which crossings fire"};
    meta.choice(direction, "direction", kDirectionChoice);
    const Crossing d = direction == Direction::up ? Crossing::Up : direction == Direction::down ? Crossing::Down : Crossing::Both;
    meta.zero_crossing<&Trigger::crossed>(this, indicator_, "crossed", d);
    meta.discrete_signal(count_, "count");
    meta.variable(count_.value(), "count", ValueType::Integer);   // the number of crossings so far
}

LIED_REGISTER_COMPONENT(Trigger, "state event when the input u crosses a threshold (up, down or both); starts actions");

}  // namespace lied::components
