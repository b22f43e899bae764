#include "components/math_blocks.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>

namespace lied::components {

namespace {

// The declarations every static block shares: its signals, and its output as a variable.
void declare_one_input(Meta& meta, In<double>& u, Out<double>& y) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(u, "u");
    meta.signal(y, "y");
    meta.variable(y.value(), "y", "");
}

void declare_two_inputs(Meta& meta, In<double>& u1, In<double>& u2, Out<double>& y) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(u1, "u1");
    meta.signal(u2, "u2");
    meta.signal(y, "y");
    meta.variable(y.value(), "y", "");
}

// A limit pair in the wrong order, said with the parameters' names.
std::string above_text(const char* lower_name, double lower, const char* upper_name, double upper) {
    return std::string(lower_name) + " = " + std::to_string(lower) + " is above " + upper_name + " = " + std::to_string(upper);
}

void declare_kink(Meta& meta, Out<double>& indicator, std::string_view name) {
    meta.signal(indicator, name);
    meta.kink(indicator, name);
}

}  // namespace

void Gain::metainfo(Meta& meta) {
    declare_one_input(meta, u, y);
    meta.parameter(k, "k", ParameterSpec::any("", "gain"));
    meta.block<&Gain::update>(this, "update", {&u}, {&y});
}

void Add::metainfo(Meta& meta) {
    declare_two_inputs(meta, u1, u2, y);
    meta.parameter(k1, "k1", ParameterSpec::any("", "gain of u1"));
    meta.parameter(k2, "k2", ParameterSpec::any("", "gain of u2"));
    meta.block<&Add::update>(this, "update", {&u1, &u2}, {&y});
}

// Not std::clamp: a runtime parameter change may (briefly) give uMin > uMax, which clamp does not allow.
void Limiter::update() { y.value() = std::min(std::max(u.value(), uMin), uMax); }

void Limiter::metainfo(Meta& meta) {
    declare_one_input(meta, u, y);
    meta.parameter(uMax, "uMax", ParameterSpec::any("", "upper limit"));
    meta.parameter(uMin, "uMin", ParameterSpec::any("", "lower limit"));
    meta.require(uMin <= uMax, [&] { return above_text("uMin", uMin, "uMax", uMax); }, "a limiter's uMin <= uMax");
    meta.block<&Limiter::update>(this, "update", {&u}, {&y});
}

void Product::metainfo(Meta& meta) {
    declare_two_inputs(meta, u1, u2, y);
    meta.block<&Product::update>(this, "update", {&u1, &u2}, {&y});
}

void Division::metainfo(Meta& meta) {
    declare_two_inputs(meta, u1, u2, y);
    meta.block<&Division::update>(this, "update", {&u1, &u2}, {&y});
}

void Abs::update() {
    const double u_now = u.value();
    y.value() = std::abs(u_now);
    at_zero.value() = u_now;
}

void Abs::metainfo(Meta& meta) {
    declare_one_input(meta, u, y);
    declare_kink(meta, at_zero, "at_zero");
    meta.block<&Abs::update>(this, "update", {&u}, {&y, &at_zero});
}

void Min::update() {
    y.value() = std::min(u1.value(), u2.value());
    crossing.value() = u1.value() - u2.value();
}

void Min::metainfo(Meta& meta) {
    declare_two_inputs(meta, u1, u2, y);
    declare_kink(meta, crossing, "crossing");
    meta.block<&Min::update>(this, "update", {&u1, &u2}, {&y, &crossing});
}

void Max::update() {
    y.value() = std::max(u1.value(), u2.value());
    crossing.value() = u1.value() - u2.value();
}

void Max::metainfo(Meta& meta) {
    declare_two_inputs(meta, u1, u2, y);
    declare_kink(meta, crossing, "crossing");
    meta.block<&Max::update>(this, "update", {&u1, &u2}, {&y, &crossing});
}

void DeadZone::update() {
    const double u_now = u.value();
    y.value() = u_now > uMax ? u_now - uMax : (u_now < uMin ? u_now - uMin : 0.0);
    above_max.value() = u_now - uMax;
    above_min.value() = u_now - uMin;
}

void DeadZone::metainfo(Meta& meta) {
    declare_one_input(meta, u, y);
    meta.parameter(uMax, "uMax", ParameterSpec::any("", "upper edge of the dead zone"));
    meta.parameter(uMin, "uMin", ParameterSpec::any("", "lower edge of the dead zone"));
    meta.require(uMin <= uMax, [&] { return above_text("uMin", uMin, "uMax", uMax); }, "a dead zone's uMin <= uMax");
    declare_kink(meta, above_max, "above_max");
    declare_kink(meta, above_min, "above_min");
    meta.block<&DeadZone::update>(this, "update", {&u}, {&y, &above_max, &above_min});
}

LIED_REGISTER_COMPONENT(Gain, "signal block: y = k·u");
LIED_REGISTER_COMPONENT(Add, "signal block: y = k1·u1 + k2·u2");
LIED_REGISTER_COMPONENT(Limiter, "signal block: y = u clipped to [uMin, uMax]");
LIED_REGISTER_COMPONENT(Product, "signal block: y = u1·u2");
LIED_REGISTER_COMPONENT(Division, "signal block: y = u1 / u2 (a divisor of 0 stops the run)");
LIED_REGISTER_COMPONENT(Abs, "signal block: y = |u|");
LIED_REGISTER_COMPONENT(Min, "signal block: y = min(u1, u2)");
LIED_REGISTER_COMPONENT(Max, "signal block: y = max(u1, u2)");
LIED_REGISTER_COMPONENT(DeadZone, "signal block: y = 0 between uMin and uMax, u − uMax above, u − uMin below");

}  // namespace lied::components
