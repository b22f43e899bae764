#pragma once
// Sampled blocks (Modelica.Blocks.Discrete): the output changes only at the samples startTime + k·samplePeriod, on
// the engine's sampled-event clock, and holds in between. Where a run starts (and when a structural change brings the
// block) the output is y_start until the first sample.
#include "core/model/component.h"
#include "core/model/signal.h"

namespace lied::components {

// y = u at the last sample.
class ZeroOrderHold final : public Component {
public:
    In<double> u;
    Out<double> y;
    double samplePeriod = 0.1;   // s
    double startTime = 0.0;      // s: the first sample
    double y_start = 0.0;        // before the first sample

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "ZeroOrderHold"; }

private:
    void sample() { y.value = u.value(); }
    void start() { y.value = y_start; }
    bool started_ = false;
};

// y = u at the sample before the last one: u delayed by one sample period (y_start until the second sample).
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
        y.value = held_.value;
        held_.value = u.value();
    }
    void start() { y.value = held_.value = y_start; }
    Out<double> held_;   // u at the last sample: a discrete signal, so a saved state holds it
    bool started_ = false;
};

}  // namespace lied::components
