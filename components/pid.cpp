#include "components/pid.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

#include <algorithm>

namespace lied::components {

void PID::output() {
    const double P = wp * u_s.value() - u_m.value();
    const double D = derivative_ ? Nd * (wd * u_s.value() - u_m.value() - x_D()) : 0.0;
    y_unlimited_.value() = k * (P + (integral_ ? I() : 0.0) + D) + (feed_forward_ ? kFF * u_ff.value() : 0.0);
    y.value() = std::min(std::max(y_unlimited_.value(), yMin), yMax);
}

void PID::derivatives() {
    const double applied = tracking_ ? y_track.value() : y.value();
    if (integral_) I.der.value() = (u_s.value() - u_m.value() + (applied - y_unlimited_.value()) / (k * Ni)) / Ti;
    if (derivative_) x_D.der.value() = (wd * u_s.value() - u_m.value() - x_D()) * Nd / Td;
}

void PID::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    static const ChoiceSpec kControllerTypeChoice{{"P", "PI", "PD", "PID"}, "the parts of the controller"};
    meta.choice(controllerType, "controllerType", kControllerTypeChoice);
    integral_ = controllerType == Type::PI || controllerType == Type::PID;
    derivative_ = controllerType == Type::PD || controllerType == Type::PID;
    meta.signal(u_s, "u_s");
    meta.signal(u_m, "u_m");
    meta.signal(y, "y");
    meta.signal(y_unlimited_, "y_unlimited");
    meta.parameter(k, "k", ParameterSpec::any("", "gain (negative: reverse acting)"));
    meta.parameter(Ti, "Ti", ParameterSpec::positive("s", "integral time"));
    meta.parameter(Td, "Td", ParameterSpec::positive("s", "derivative time"));
    meta.parameter(yMax, "yMax", ParameterSpec::any("", "upper limit of the output"));
    meta.parameter(yMin, "yMin", ParameterSpec::any("", "lower limit of the output"));
    meta.parameter(wp, "wp", ParameterSpec::non_negative("", "set-point weight of the proportional part"));
    meta.parameter(wd, "wd", ParameterSpec::non_negative("", "set-point weight of the derivative part"));
    meta.parameter(Ni, "Ni", ParameterSpec::positive("", "anti-windup: back-calculation time constant Ni·Ti"));
    meta.parameter(Nd, "Nd", ParameterSpec::positive("", "derivative filter: the derivative acts up to Nd/Td"));
    meta.require(k != 0.0, "k = 0", "a controller's gain is not zero (anti-windup divides by k)");
    static const ChoiceSpec kFeedForwardChoice{{"false", "true"}, "add kFF·u_ff to the output before the limits"};
    meta.choice(withFeedForward, "withFeedForward", kFeedForwardChoice);
    feed_forward_ = withFeedForward;
    meta.signal(u_ff, "u_ff");
    meta.parameter(kFF, "kFF", ParameterSpec::any("", "gain of the feed-forward u_ff (withFeedForward)"));
    meta.require(!feed_forward_ || u_ff.source() != nullptr, "withFeedForward = true, but u_ff is not connected",
                 "a controller with feed-forward reads it from u_ff");
    static const ChoiceSpec kTrackingChoice{{"false", "true"}, "the anti-windup follows y_track, the actuator's real output, instead of y"};
    meta.choice(withTracking, "withTracking", kTrackingChoice);
    tracking_ = withTracking && integral_;
    meta.signal(y_track, "y_track");
    meta.require(!withTracking || integral_, "withTracking = true, but the controller has no integral part (controllerType P or PD)",
                 "tracking acts on the integral part");
    meta.require(!withTracking || y_track.source() != nullptr, "withTracking = true, but y_track is not connected",
                 "a tracking controller reads the actuator's real output from y_track");
    meta.require(yMin <= yMax, [&] { return std::string("yMin = " + std::to_string(yMin) + " is above yMax = " + std::to_string(yMax)); }, "a controller's yMin <= yMax");
    BlockLists& output = lists_[0].reset({&u_s, &u_m}, {&y, &y_unlimited_});
    if (feed_forward_) output.reads.push_back(&u_ff);
    BlockLists& rates = lists_[1].reset();
    if (integral_) {
        meta.parameter(I.start, "xi_start", ParameterSpec::any("", "initial integral part"));
        meta.state(I, "I", 1.0, "");
        output.reads.push_back(&I.value);
        rates.writes.push_back(&I.der);
    }
    if (derivative_) {
        meta.parameter(x_D.start, "xd_start", ParameterSpec::any("", "initial state of the derivative filter"));
        meta.state(x_D, "x_D", 1.0, "");
        output.reads.push_back(&x_D.value);
        rates.writes.push_back(&x_D.der);
    }
    meta.block<&PID::output>(this, "output", output.reads, output.writes);
    if (!rates.writes.empty()) {
        rates.reads = output.reads;   // the same inputs, and the output with its unlimited value
        rates.reads.insert(rates.reads.end(), {&y, &y_unlimited_});
        if (tracking_) rates.reads.push_back(&y_track);
        meta.block<&PID::derivatives>(this, "derivatives", rates.reads, rates.writes);
    }
    meta.variable(y.value(), "y", "");
}

LIED_REGISTER_COMPONENT(PID, "signal block: limited PID controller with anti-windup (Modelica LimPID)");

}  // namespace lied::components
