#pragma once
// A transport delay (Modelica.Blocks.Nonlinear.FixedDelay): y(t) = u(t − delayTime), and u at the run's start until
// delayTime has passed. The input's past is a ring buffer of (time, value) points, sized at build (historyPoints), so
// that a step allocates nothing: it is filled after every accepted step and every event (Meta::after_step, on the
// model evaluated at the step's end), and read by linear interpolation. A saved state holds it.
//
// How the buffer always spans the delay: a point is kept only once it lies delayTime/(historyPoints − 2) after the
// point before it; the newest point is always the last accepted step's, moved along until then. Points older than
// the delay are dropped. With fewer steps per delayTime than that, every step is kept; with more, points lie between
// the spacing and the spacing plus a step apart, and linear interpolation's error is up to (gap²/8)·|ü| (raise
// historyPoints to shrink it). A jump of u
// at an event is kept as two points at the same time, so it reaches y as a jump, delayTime later.
//
// y does not depend on u at the same instant, so a delay cuts an algebraic loop as a state does. A delay shorter than
// the step the solver takes holds the last accepted step's u (y lags by up to a step): choose steps below delayTime.
#include "core/model/component.h"
#include "core/model/signal.h"

#include <cstddef>
#include <vector>

namespace lied::components {

class FixedDelay final : public Component {
public:
    In<double> u;
    Out<double> y;
    double delayTime = 1.0;        // s
    double historyPoints = 1000;   // the buffer's size, read at build
    static constexpr double kMaxPoints = 1e7;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "FixedDelay"; }

    // The value of u the history gives at time s (0 before the start has recorded any).
    double past(double s) const;

private:
    // Before the start has recorded u (while a build describes the model), 0: y reads no input at the same instant.
    void output() { y.value() = count() == 0 ? 0.0 : past(time_.value() - delayTime); }
    void start();    // the run starts (or the block appears): the history is u now
    void record();   // after an accepted step or an event
    void add(double t, double value);

    // The memory, all doubles so that a saved state holds it as it is: [first, count, last record's time, points
    // dropped while still needed, 1 if the newest point was moved to its time rather than kept there], then capacity
    // times, then capacity values. Index i counts from the oldest point.
    // A header that is no count (restored from damaged bytes) reads as an empty history.
    std::size_t capacity() const { return (memory_.size() - kHeader) / 2; }
    std::size_t count() const {
        if (memory_.empty() || !(memory_[1] >= 0 && memory_[1] <= static_cast<double>(capacity()))) return 0;
        return static_cast<std::size_t>(memory_[1]);
    }
    std::size_t first() const { return memory_[0] >= 0 && memory_[0] < static_cast<double>(capacity()) ? static_cast<std::size_t>(memory_[0]) : 0; }
    std::size_t slot(std::size_t i) const { return (first() + i) % capacity(); }
    double& time_at(std::size_t i) { return memory_[kHeader + slot(i)]; }
    double& value_at(std::size_t i) { return memory_[kHeader + capacity() + slot(i)]; }
    double time_at(std::size_t i) const { return memory_[kHeader + slot(i)]; }
    double value_at(std::size_t i) const { return memory_[kHeader + capacity() + slot(i)]; }
    static constexpr std::size_t kHeader = 5;

    In<double> time_;
    Out<double> points_;   // how many points the history holds: a discrete signal, so that the start's is settled
    std::vector<double> memory_;
    bool started_ = false;
};

}  // namespace lied::components
