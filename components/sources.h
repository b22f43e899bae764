#pragma once
// Signal sources that are functions of time (Modelica.Blocks.Sources): Constant, Ramp and Sine. Their kinks and
// starts are time events, so step-size control never has to find them.
#include "core/model/component.h"
#include "core/model/signal.h"

namespace lied::components {

// y = k.
class Constant final : public Component {
public:
    Constant() = default;
    explicit Constant(double k) : k(k) {}
    Out<double> y;
    double k = 1.0;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Constant"; }

private:
    void update();
};

// y = offset before start_time, rising linearly by `height` over `duration`, offset + height afterwards.
class Ramp final : public Component {
public:
    Ramp() = default;
    Ramp(double height, double duration, double offset = 0.0, double start_time = 0.0)
        : height(height), duration(duration), offset(offset), start_time(start_time) {}
    Out<double> y;
    double height = 1.0;
    double duration = 1.0;      // s; 0 gives a step
    double offset = 0.0;
    double start_time = 0.0;    // s

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Ramp"; }

private:
    void update();
    // The events' handler: where the ramp stands. Flags rather than comparing t, so a solver stage evaluated at
    // the event time itself still sees the value before the event (a ramp of duration 0 is a clean step). The flags
    // are discrete signals (1 or 0): a saved state holds them.
    void schedule();
    In<double> time_;
    Out<double> end_time_{1.0};   // when the "end" event fires: set with the flags, so a saved state holds it
    Out<double> started_, ended_;
};

// y = offset before start_time, then offset + amplitude·sin(2π·f·(t − start_time) + phase).
class Sine final : public Component {
public:
    Sine() = default;
    Sine(double amplitude, double f, double offset = 0.0) : amplitude(amplitude), f(f), offset(offset) {}
    Out<double> y;
    double amplitude = 1.0;
    double f = 1.0;             // Hz
    double phase = 0.0;         // rad
    double offset = 0.0;
    double start_time = 0.0;    // s

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Sine"; }

private:
    void update();
    void start() { started_.value() = time_.value() >= start_time ? 1.0 : 0.0; }
    In<double> time_;
    Out<double> started_;   // 1 from start_time on (a discrete signal, set by the event)
};

}  // namespace lied::components
