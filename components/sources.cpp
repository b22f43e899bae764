#include "components/sources.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lied::components {

void Constant::update() { y.value() = k; }

void Constant::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(y, "y");
    meta.parameter(k, "k", ParameterSpec::any("", "the constant output"));
    meta.block<&Constant::update>(this, "update", {}, {&y});
    meta.variable(y.value(), "y", "");
}

void Ramp::schedule() {
    end_time_.value() = start_time + duration;
    started_.value() = time_.value() >= start_time ? 1.0 : 0.0;
    ended_.value() = time_.value() >= end_time_.value() ? 1.0 : 0.0;
}

void Ramp::update() {
    if (started_.value() < 0.5) y.value() = offset;
    else if (ended_.value() > 0.5 || !(duration > 0)) y.value() = offset + height;
    else y.value() = offset + height * std::min(1.0, std::max(0.0, (time_.value() - start_time) / duration));
}

void Ramp::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(y, "y");
    meta.signal(time_, "time");
    meta.time(time_);
    meta.parameter(height, "height", ParameterSpec::any("", "rise of the output"));
    meta.parameter(duration, "duration", ParameterSpec::non_negative("s", "time the rise takes (0: a step)"));
    meta.parameter(offset, "offset", ParameterSpec::any("", "output before the ramp"));
    meta.parameter(start_time, "start_time", ParameterSpec::any("s", "time the ramp starts"));
    schedule();
    meta.discrete_signal(started_, "started");
    meta.discrete_signal(ended_, "ended");
    meta.discrete_signal(end_time_, "end_time");
    meta.time_event<&Ramp::schedule>(this, start_time, "start");
    meta.time_event<&Ramp::schedule>(this, end_time_.value(), "end");
    meta.block<&Ramp::update>(this, "update", {&time_, &started_, &ended_}, {&y});
    meta.variable(y.value(), "y", "");
}

void Sine::update() {
    const double t = time_.value();
    y.value() = offset + (started_.value() < 0.5 ? 0.0 : amplitude * std::sin(2.0 * std::numbers::pi * f * (t - start_time) + phase));
}

void Sine::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(y, "y");
    meta.signal(time_, "time");
    meta.time(time_);
    meta.parameter(amplitude, "amplitude", ParameterSpec::any("", "amplitude of the sine"));
    meta.parameter(f, "f", ParameterSpec::non_negative("Hz", "frequency"));
    meta.parameter(phase, "phase", ParameterSpec::any("rad", "phase at start_time"));
    meta.parameter(offset, "offset", ParameterSpec::any("", "added to the sine (and the output before start_time)"));
    meta.parameter(start_time, "start_time", ParameterSpec::any("s", "time the sine starts"));
    meta.discrete_signal(started_, "started");
    meta.time_event<&Sine::start>(this, start_time, "start");
    meta.block<&Sine::update>(this, "update", {&time_, &started_}, {&y});
    meta.variable(y.value(), "y", "");
}

LIED_REGISTER_COMPONENT(Constant, "signal source: a constant output y = k");
LIED_REGISTER_COMPONENT(Ramp, "signal source: offset, then a linear rise by height over duration from start_time");
LIED_REGISTER_COMPONENT(Sine, "signal source: offset + amplitude·sin(2π·f·(t − start_time) + phase) from start_time");

}  // namespace lied::components
