#include "components/math_blocks.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>

namespace lied::components {

void Gain::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(u, "u");
    meta.signal(y, "y");
    meta.parameter(k, "k", ParameterSpec::any("", "gain"));
    meta.block<&Gain::update>(this, "update", {&u}, {&y});
    meta.variable(y.value, "y", "");
}

void Add::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(u1, "u1");
    meta.signal(u2, "u2");
    meta.signal(y, "y");
    meta.parameter(k1, "k1", ParameterSpec::any("", "gain of u1"));
    meta.parameter(k2, "k2", ParameterSpec::any("", "gain of u2"));
    meta.block<&Add::update>(this, "update", {&u1, &u2}, {&y});
    meta.variable(y.value, "y", "");
}

// Not std::clamp: a runtime parameter change may (briefly) give uMin > uMax, which clamp does not allow.
void Limiter::update() { y.value = std::min(std::max(u.value(), uMin), uMax); }

void Limiter::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(u, "u");
    meta.signal(y, "y");
    meta.parameter(uMax, "uMax", ParameterSpec::any("", "upper limit"));
    meta.parameter(uMin, "uMin", ParameterSpec::any("", "lower limit"));
    meta.require(uMin <= uMax, [&] { return std::string("uMin = " + std::to_string(uMin) + " is above uMax = " + std::to_string(uMax)); }, "a limiter's uMin <= uMax");
    meta.block<&Limiter::update>(this, "update", {&u}, {&y});
    meta.variable(y.value, "y", "");
}

LIED_REGISTER_COMPONENT(Gain, "signal block: y = k·u");
LIED_REGISTER_COMPONENT(Add, "signal block: y = k1·u1 + k2·u2");
LIED_REGISTER_COMPONENT(Limiter, "signal block: y = u clipped to [uMin, uMax]");

}  // namespace lied::components
