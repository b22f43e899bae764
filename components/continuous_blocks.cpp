#include "components/continuous_blocks.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <limits>
#include <string>
#include <utility>

namespace lied::components {

void Integrator::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(u, "u");
    meta.state(y, "y", 1.0, "");
    meta.parameter(k, "k", ParameterSpec::any("", "integrator gain"));
    meta.parameter(y.start, "y_start", ParameterSpec::any("", "initial output"));
    meta.block<&Integrator::derivative>(this, "derivative", {&u}, {&y.der});
    declare(meta, y);
}

void Derivative::derivative() {
    u_now_ = u.value();
    const double difference = u_now_ - x();
    const bool zero_gain = k == 0.0;
    x.der.value() = zero_gain ? 0.0 : difference / T;
    y.value() = zero_gain ? 0.0 : k / T * difference;
}

void Derivative::metainfo(Meta& meta) {
    meta.balance_neutral();
    meta.signal(u, "u");
    meta.signal(y, "y");
    meta.state(x, "x", 1.0, "");
    meta.parameter(k, "k", ParameterSpec::any("", "gain"));
    meta.parameter(T, "T", ParameterSpec::positive("s", "time constant of the filter: the derivative holds up to 1/T"));
    static const ChoiceSpec kInitChoice{{"InitialState", "SteadyState"}, "the start: x = x_start (InitialState) or x = u, y = 0 (SteadyState)"};
    meta.choice(initType, "initType", kInitChoice);
    meta.parameter(x.start, "x_start", ParameterSpec::any("", "initial state, the filtered input (initType = InitialState)"));
    if (initType == Init::SteadyState) meta.start_follows(x, u_now_);
    meta.block<&Derivative::derivative>(this, "derivative", {&u, &x.value}, {&x.der, &y});
    meta.variable(y.value(), "y", "");
}

void SlewRateLimiter::derivative() {
    u_now_ = u.value();
    const double demand = (u_now_ - y()) / Td;
    y.der.value() = demand < Falling ? Falling : (demand > Rising ? Rising : demand);
    above_rising.value() = demand - Rising;
    above_falling.value() = demand - Falling;
}

void SlewRateLimiter::metainfo(Meta& meta) {
    meta.balance_neutral();
    meta.signal(u, "u");
    meta.state(y, "y", 1.0, "");
    meta.parameter(Rising, "Rising", ParameterSpec::positive("1/s", "largest rate of rise of y (units of u per second)"));
    meta.parameter(Falling, "Falling",
                   ParameterSpec{"1/s", "largest rate of fall of y (at most 0)", -std::numeric_limits<double>::infinity(), 0.0});
    meta.parameter(Td, "Td", ParameterSpec::positive("s", "time constant with which y follows u between the rate limits"));
    static const ChoiceSpec kInitChoice{{"SteadyState", "InitialState"}, "the start: y = u (SteadyState) or y = y_start"};
    meta.choice(initType, "initType", kInitChoice);
    meta.parameter(y.start, "y_start", ParameterSpec::any("", "initial output (initType = InitialState)"));
    if (initType == Init::SteadyState) meta.start_follows(y, u_now_);
    for (auto [indicator, name] : {std::pair{&above_rising, "above_rising"}, std::pair{&above_falling, "above_falling"}}) {
        meta.signal(*indicator, name);
        meta.kink(*indicator, name);
    }
    meta.block<&SlewRateLimiter::derivative>(this, "derivative", {&u, &y.value}, {&y.der, &above_rising, &above_falling});
}

LIED_REGISTER_COMPONENT(Integrator, "signal block: dy/dt = k·u");
LIED_REGISTER_COMPONENT(Derivative, "signal block: approximated derivative k·s/(T·s + 1)");
LIED_REGISTER_COMPONENT(SlewRateLimiter, "signal block: y follows u at most at the rates Rising and Falling");

}  // namespace lied::components
