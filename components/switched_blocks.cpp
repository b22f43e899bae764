#include "components/switched_blocks.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "core/model/value_type.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

namespace lied::components {

namespace {
// A truth value that changes at events only: a discrete signal, read as a Boolean by files, FMUs and the books.
void declare_truth_value(Meta& meta, Out<double>& y) {
    meta.discrete_signal(y, "y");
    meta.variable(y.value(), "y", ValueType::Boolean);
}

std::string order_text(const char* low_name, double low, const char* high_name, double high) {
    std::ostringstream s;
    s << low_name << " = " << low << " is not below " << high_name << " = " << high;
    return s.str();
}
}  // namespace

template <Relation R, bool WithThreshold>
void RelationBlock<R, WithThreshold>::settle() {
    const double d = WithThreshold ? u.value() - threshold : u1.value() - u2.value();
    switch (R) {
        case Relation::Greater: y.value() = d > 0 ? 1.0 : 0.0; break;
        case Relation::GreaterEqual: y.value() = d >= 0 ? 1.0 : 0.0; break;
        case Relation::Less: y.value() = d < 0 ? 1.0 : 0.0; break;
        case Relation::LessEqual: y.value() = d <= 0 ? 1.0 : 0.0; break;
    }
}

template <Relation R, bool WithThreshold>
void RelationBlock<R, WithThreshold>::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal block: it holds and exchanges no mass or energy
    if constexpr (WithThreshold) {
        meta.signal(u, "u");
        meta.parameter(threshold, "threshold", ParameterSpec::any("", "the value u is compared with"));
        meta.block<&RelationBlock::difference>(this, "compare", {&u}, {&difference_});
    } else {
        meta.signal(u1, "u1");
        meta.signal(u2, "u2");
        meta.block<&RelationBlock::difference>(this, "compare", {&u1, &u2}, {&difference_});
    }
    meta.signal(difference_, "difference");
    declare_truth_value(meta, y);
    meta.zero_crossing<&RelationBlock::rises>(this, difference_, "rises", Crossing::Up);
    meta.zero_crossing<&RelationBlock::falls>(this, difference_, "falls", Crossing::Down);
    meta.start_event<&RelationBlock::settle>(this, started_, "start", /*after_events=*/true);
}

template <Relation R, bool WithThreshold>
const char* RelationBlock<R, WithThreshold>::type_name() const {
    static constexpr const char* kNames[2][4] = {{"Greater", "GreaterEqual", "Less", "LessEqual"},
                                                 {"GreaterThreshold", "GreaterEqualThreshold", "LessThreshold", "LessEqualThreshold"}};
    return kNames[WithThreshold ? 1 : 0][static_cast<int>(R)];
}

void Hysteresis::indicators() {
    const double now = u.value();
    above_high_.value() = now - uHigh;
    above_low_.value() = now - uLow;
}

void Hysteresis::settle() {
    const double now = u.value();
    const bool pre = started_ ? y.value() != 0.0 : pre_y_start != 0.0;   // its own last value once running
    y.value() = (!pre && now > uHigh) || (pre && now >= uLow) ? 1.0 : 0.0;
}

void Hysteresis::metainfo(Meta& meta) {
    meta.balance_neutral();
    meta.signal(u, "u");
    meta.parameter(uLow, "uLow", ParameterSpec::any("", "y switches to 0 when u falls below it"));
    meta.parameter(uHigh, "uHigh", ParameterSpec::any("", "y switches to 1 when u rises above it"));
    ParameterSpec truth{"", "y before the start: 0 (false) or 1 (true)", 0.0, 1.0};
    truth.whole = true;
    meta.parameter(pre_y_start, "pre_y_start", std::move(truth));
    meta.require(uLow < uHigh, [&] { return order_text("uLow", uLow, "uHigh", uHigh); }, "a hysteresis has uLow < uHigh");
    meta.signal(above_high_, "above_high");
    meta.signal(above_low_, "above_low");
    meta.block<&Hysteresis::indicators>(this, "indicators", {&u}, {&above_high_, &above_low_});
    declare_truth_value(meta, y);
    meta.zero_crossing<&Hysteresis::on>(this, above_high_, "on", Crossing::Up);
    meta.zero_crossing<&Hysteresis::off>(this, above_low_, "off", Crossing::Down);
    meta.start_event<&Hysteresis::settle>(this, started_, "start", /*after_events=*/true);
}

void Sign::metainfo(Meta& meta) {
    meta.balance_neutral();
    meta.signal(u, "u");
    meta.signal(u_now_, "u_now");
    meta.block<&Sign::indicator>(this, "indicator", {&u}, {&u_now_});
    meta.discrete_signal(y, "y");
    meta.variable(y.value(), "y", "");
    meta.zero_crossing<&Sign::positive>(this, u_now_, "positive", Crossing::Up);
    meta.zero_crossing<&Sign::negative>(this, u_now_, "negative", Crossing::Down);
    meta.start_event<&Sign::settle>(this, started_, "start", /*after_events=*/true);
}

void LimIntegrator::derivative() {
    const double rate = k * u.value();
    push_.value() = rate;
    to_max_.value() = y() - outMax;
    to_min_.value() = y() - outMin;
    y.der.value() = limit_.value() == 0.0 ? rate : 0.0;
}

void LimIntegrator::reaches_max() {
    if (push_.value() > 0) limit_.value() = 1.0;
}
void LimIntegrator::reaches_min() {
    if (push_.value() < 0) limit_.value() = -1.0;
}
void LimIntegrator::push_falls() {
    if (limit_.value() > 0) limit_.value() = 0.0;
}
void LimIntegrator::push_rises() {
    if (limit_.value() < 0) limit_.value() = 0.0;
}

void LimIntegrator::settle() {
    const double rate = k * u.value();
    // Held where the located event left y (a hair inside the limit): within 1e-9 relative, the limit holds on.
    const double slack_max = limit_.value() > 0 ? 1e-9 * (1.0 + std::abs(outMax)) : 0.0;
    const double slack_min = limit_.value() < 0 ? 1e-9 * (1.0 + std::abs(outMin)) : 0.0;
    limit_.value() = y() >= outMax - slack_max && rate > 0 ? 1.0 : (y() <= outMin + slack_min && rate < 0 ? -1.0 : 0.0);
}

void LimIntegrator::after_reset() {
    y.value.value() = std::min(std::max(y(), outMin), outMax);
    settle();
}

void LimIntegrator::metainfo(Meta& meta) {
    meta.balance_neutral();
    meta.signal(u, "u");
    meta.state(y, "y", 1.0, "");
    meta.parameter(k, "k", ParameterSpec::any("", "integrator gain"));
    meta.parameter(outMax, "outMax", ParameterSpec::any("", "upper limit of y"));
    meta.parameter(outMin, "outMin", ParameterSpec::any("", "lower limit of y"));
    meta.parameter(y.start, "y_start", ParameterSpec::any("", "initial output, within [outMin, outMax]"));
    meta.require(outMin < outMax, [&] { return order_text("outMin", outMin, "outMax", outMax); }, "a limited integrator has outMin < outMax");
    meta.require(y.start >= outMin && y.start <= outMax, [&] {
        std::ostringstream s;
        s << "y_start = " << y.start << " is outside [" << outMin << ", " << outMax << "]";
        return s.str();
    }, "a limited integrator starts within its limits");
    meta.signal(to_max_, "to_max");
    meta.signal(to_min_, "to_min");
    meta.signal(push_, "push");
    meta.discrete_signal(limit_, "limit");
    meta.variable(limit_.value(), "limit", ValueType::Integer);   // 1 held at outMax, −1 at outMin, 0 free
    meta.block<&LimIntegrator::derivative>(this, "derivative", {&u, &y.value, &limit_}, {&y.der, &to_max_, &to_min_, &push_});
    meta.zero_crossing<&LimIntegrator::reaches_max>(this, to_max_, "reaches_max", Crossing::Up);
    meta.zero_crossing<&LimIntegrator::reaches_min>(this, to_min_, "reaches_min", Crossing::Down);
    meta.zero_crossing<&LimIntegrator::push_falls>(this, push_, "leaves_max", Crossing::Down);
    meta.zero_crossing<&LimIntegrator::push_rises>(this, push_, "leaves_min", Crossing::Up);
    meta.start_event<&LimIntegrator::settle>(this, started_, "start", /*after_events=*/true);
    declare(meta, y, make_block<&LimIntegrator::after_reset>(this));
}

template class RelationBlock<Relation::Greater, true>;
template class RelationBlock<Relation::GreaterEqual, true>;
template class RelationBlock<Relation::Less, true>;
template class RelationBlock<Relation::LessEqual, true>;
template class RelationBlock<Relation::Greater, false>;
template class RelationBlock<Relation::GreaterEqual, false>;
template class RelationBlock<Relation::Less, false>;
template class RelationBlock<Relation::LessEqual, false>;

LIED_REGISTER_COMPONENT(GreaterThreshold, "signal block: y = 1 while u > threshold (an event where it switches)");
LIED_REGISTER_COMPONENT(GreaterEqualThreshold, "signal block: y = 1 while u >= threshold (an event where it switches)");
LIED_REGISTER_COMPONENT(LessThreshold, "signal block: y = 1 while u < threshold (an event where it switches)");
LIED_REGISTER_COMPONENT(LessEqualThreshold, "signal block: y = 1 while u <= threshold (an event where it switches)");
LIED_REGISTER_COMPONENT(Greater, "signal block: y = 1 while u1 > u2 (an event where it switches)");
LIED_REGISTER_COMPONENT(GreaterEqual, "signal block: y = 1 while u1 >= u2 (an event where it switches)");
LIED_REGISTER_COMPONENT(Less, "signal block: y = 1 while u1 < u2 (an event where it switches)");
LIED_REGISTER_COMPONENT(LessEqual, "signal block: y = 1 while u1 <= u2 (an event where it switches)");
LIED_REGISTER_COMPONENT(Hysteresis, "signal block: y switches on above uHigh and off below uLow");
LIED_REGISTER_COMPONENT(Sign, "signal block: y = sign(u), switched at events");
LIED_REGISTER_COMPONENT(LimIntegrator, "signal block: dy/dt = k·u held at outMin and outMax (events where it stops and leaves)");

}  // namespace lied::components
