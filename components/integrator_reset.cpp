#include "components/integrator_reset.h"

#include "core/model/meta.h"
#include "core/model/value_type.h"

namespace lied::components {

void IntegratorReset::jump() {
    y_->value.value() = use_set ? set.value() : y_->start;
    count_.value() += 1.0;
    if (after_reset_.function) after_reset_();
}

void IntegratorReset::crosses() {
    if (high_.value() != 0.0) return;   // this rise was seen already (as an event's jump)
    high_.value() = 1.0;
    jump();
}

void IntegratorReset::falls() { high_.value() = 0.0; }

void IntegratorReset::settles() {
    const bool high = reset.value() > 0.5;
    // Where the run starts (or the block first appears) the reset's level is taken as it is: `when` needs a rise.
    if (started_ && high && high_.value() == 0.0) jump();
    high_.value() = high ? 1.0 : 0.0;
}

void IntegratorReset::declare(Meta& meta, State& y, Block after_reset) {
    y_ = &y;
    after_reset_ = after_reset;
    static const ChoiceSpec kResetChoice{{"false", "true"}, "a reset input: y jumps where the truth value reset turns true"};
    static const ChoiceSpec kSetChoice{{"false", "true"}, "a set input: the reset jumps y to set instead of y_start (use_reset)"};
    meta.choice(use_reset, "use_reset", kResetChoice);
    meta.choice(use_set, "use_set", kSetChoice);
    meta.signal(reset, "reset");
    meta.signal(set, "set");
    meta.require(!use_set || use_reset, "use_set = true, but use_reset = false", "a set input acts at a reset");
    meta.require(!use_reset || reset.source() != nullptr, "use_reset = true, but reset is not connected",
                 "an integrator with a reset reads it from reset");
    meta.require(!use_set || set.source() != nullptr, "use_set = true, but set is not connected",
                 "an integrator with a set input reads it from set");
    meta.require(use_reset || reset.source() == nullptr, "reset is connected, but use_reset = false",
                 "an integrator reads reset only with use_reset = true");
    meta.require(use_set || set.source() == nullptr, "set is connected, but use_set = false",
                 "an integrator reads set only with use_set = true");
    if (!use_reset) return;
    meta.signal(indicator_, "reset_level");
    meta.discrete_signal(count_, "resets");
    meta.discrete_signal(high_, "reset_seen");
    meta.variable(count_.value(), "resets", ValueType::Integer);
    meta.block<&IntegratorReset::indicate>(this, "indicate_reset", {&reset}, {&indicator_});
    meta.zero_crossing<&IntegratorReset::crosses>(this, indicator_, "reset", Crossing::Up);
    meta.zero_crossing<&IntegratorReset::falls>(this, indicator_, "reset_falls", Crossing::Down);
    meta.start_event<&IntegratorReset::settles>(this, started_, "reset_settles", /*after_events=*/true);
}

}  // namespace lied::components
