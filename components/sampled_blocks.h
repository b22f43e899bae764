#pragma once
// Sampled blocks (Modelica.Blocks.Discrete): the output changes only at the samples startTime + k·samplePeriod, on
// the engine's sampled-event clock, and holds in between.
#include "core/model/component.h"
#include "core/model/signal.h"

namespace lied::components {

// y = u at the last sample; where a run starts (and when a structural change brings it) u is sampled at once, as
// Modelica samples at initial().
class ZeroOrderHold final : public Component {
public:
    In<double> u;
    Out<double> y;
    double samplePeriod = 0.1;   // s
    double startTime = 0.0;      // s: the first sample

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "ZeroOrderHold"; }

private:
    void sample() { y.value() = u.value(); }
    void start() { y.value() = u.value(); }
    bool started_ = false;
};

// y = u at the sample before the last one: u delayed by one sample period, the z⁻¹ of a discrete controller
// (y_start until the second sample). Modelica's UnitDelay is y = pre(u) at each sample, which delays a u sampled on
// the same clock the same way, but gives a continuous u at the sample itself; here any u is delayed by one period.
class UnitDelay final : public Component {
public:
    In<double> u;
    Out<double> y;
    double samplePeriod = 0.1;
    double startTime = 0.0;
    double y_start = 0.0;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "UnitDelay"; }

private:
    void sample() {
        y.value() = held_.value();
        held_.value() = u.value();
    }
    void start() { y.value() = held_.value() = y_start; }
    Out<double> held_;   // u at the last sample: a discrete signal, so a saved state holds it
    bool started_ = false;
};

}  // namespace lied::components
