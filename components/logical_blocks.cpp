#include "components/logical_blocks.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "core/model/value_type.h"

namespace lied::components {

template <Logic L>
void LogicBlock<L>::update() {
    const bool a = u1.value() > 0.5, b = u2.value() > 0.5;
    y.value() = (L == Logic::And ? a && b : a || b) ? 1.0 : 0.0;
}

template <Logic L>
void LogicBlock<L>::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal block: it holds and exchanges no mass or energy
    meta.signal(u1, "u1");
    meta.signal(u2, "u2");
    meta.signal(y, "y");
    meta.variable(y.value(), "y", ValueType::Boolean);
    meta.block<&LogicBlock::update>(this, "update", {&u1, &u2}, {&y});
}

void Not::metainfo(Meta& meta) {
    meta.balance_neutral();
    meta.signal(u, "u");
    meta.signal(y, "y");
    meta.variable(y.value(), "y", ValueType::Boolean);
    meta.block<&Not::update>(this, "update", {&u}, {&y});
}

void Switch::metainfo(Meta& meta) {
    meta.balance_neutral();
    meta.signal(u1, "u1");
    meta.signal(u2, "u2");
    meta.signal(u3, "u3");
    meta.signal(y, "y");
    meta.variable(y.value(), "y", "");
    meta.block<&Switch::update>(this, "update", {&u1, &u2, &u3}, {&y});
}

template class LogicBlock<Logic::And>;
template class LogicBlock<Logic::Or>;

LIED_REGISTER_COMPONENT(And, "signal block: y = u1 and u2 (truth values: 0 or 1)");
LIED_REGISTER_COMPONENT(Or, "signal block: y = u1 or u2 (truth values: 0 or 1)");
LIED_REGISTER_COMPONENT(Not, "signal block: y = not u (truth values: 0 or 1)");
LIED_REGISTER_COMPONENT(Switch, "signal block: y = u1 if u2 is true, else u3");

}  // namespace lied::components
