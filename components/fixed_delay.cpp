#include "components/fixed_delay.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "core/model/value_type.h"

#include <sstream>
#include <span>

namespace lied::components {

double FixedDelay::past(double s) const {
    const std::size_t n = count();
    if (n == 0) return 0.0;
    if (s <= time_at(0)) {   // before the start: u at the start, after a jump there (an input set as the run starts)
        std::size_t last = 0;
        while (last + 1 < n && time_at(last + 1) == time_at(0)) ++last;
        return value_at(last);
    }
    if (s >= time_at(n - 1)) return value_at(n - 1);
    // The last point at or before s (the later of a jump's two points), and the one after it.
    std::size_t low = 0, high = n - 1;   // time_at(low) <= s < time_at(high)
    while (high - low > 1) {
        const std::size_t mid = low + (high - low) / 2;
        if (time_at(mid) <= s) low = mid;
        else high = mid;
    }
    const double t0 = time_at(low), t1 = time_at(high);
    return value_at(low) + (value_at(high) - value_at(low)) * ((s - t0) / (t1 - t0));
}

void FixedDelay::add(double t, double value) {
    std::size_t n = count();
    if (n > 0) {
        const double t_last = time_at(n - 1);
        if (t < t_last) return;                              // no step goes back in time between starts
        if (t == t_last && value == value_at(n - 1)) return;   // an event that left u as it was
        const double spacing = delayTime / (static_cast<double>(capacity()) - 2.0);
        // The newest point moves along until it lies a spacing after the one before it (not the second point of a jump).
        // A jump is kept as a pair only where the newest point is kept; otherwise it takes the newest point's value, so
        // that jumps at every step (an input set at every tick) do not crowd the buffer: they are resolved at the spacing.
        if (n >= 2) {
            const double gap = t_last - time_at(n - 2);
            const bool moves_on = t > t_last && gap > 0.0 && gap < spacing;
            const bool jumps_in_place = t == t_last && (gap < spacing || memory_[4] != 0.0);
            if (moves_on || jumps_in_place) {
                time_at(n - 1) = t;
                value_at(n - 1) = value;
                memory_[4] = 1.0;
                return;
            }
        }
    }
    // Points no evaluation reaches back to any more: those before the one at or before (previous record − delayTime);
    // the previous record, not this one, as a recorder samples inside the step just taken. A full buffer drops its
    // oldest point anyway (only jumps kept as pairs can fill it before the spacing frees it).
    const double oldest_needed = memory_[2] - delayTime;
    while (n >= 2 && (time_at(1) <= oldest_needed || n == capacity())) {
        if (time_at(1) > oldest_needed) memory_[3] += 1;   // still needed: y reads the oldest point kept instead
        memory_[0] = static_cast<double>(slot(1));
        --n;
    }
    memory_[1] = static_cast<double>(n + 1);
    memory_[4] = 0.0;   // kept where it is
    time_at(n) = t;
    value_at(n) = value;
}

void FixedDelay::start() {
    memory_[0] = memory_[1] = memory_[3] = memory_[4] = 0.0;
    memory_[2] = time_.value();
    add(time_.value(), u.value());
    points_.value() = static_cast<double>(count());
}

void FixedDelay::record() {
    add(time_.value(), u.value());
    memory_[2] = time_.value();
    points_.value() = static_cast<double>(count());
}

void FixedDelay::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal block: it holds and exchanges no mass or energy
    meta.signal(u, "u");
    meta.signal(y, "y");
    meta.signal(time_, "time");
    meta.time(time_);
    meta.parameter(delayTime, "delayTime", ParameterSpec::positive("s", "the delay: y(t) = u(t − delayTime)"));
    ParameterSpec points = ParameterSpec::count_up_to(kMaxPoints, "points of u's past the block keeps (read at build): points lie at least "
                                                                  "delayTime/(historyPoints − 2) apart");
    points.min = 3;
    meta.parameter(historyPoints, "historyPoints", std::move(points));
    meta.require(historyPoints >= 3 && historyPoints <= kMaxPoints, [&] {
        std::ostringstream s;
        s << "historyPoints = " << historyPoints << " is outside [3, 1e7]";
        return s.str();
    }, "a delay keeps 3 to 1e7 points of its input's past");
    // Sized within the bounds whatever C++ assigned (the rule above names a value outside them).
    const double kept = historyPoints >= 3 && historyPoints <= kMaxPoints ? historyPoints : 3;
    const std::size_t size = kHeader + 2 * static_cast<std::size_t>(kept);
    if (memory_.size() != size) {   // a new size starts the history afresh where the run goes on
        memory_.assign(size, 0.0);
        started_ = false;
    }
    meta.discrete_signal(points_, "points");
    meta.variable(points_.value(), "points", ValueType::Integer);
    meta.variable(memory_[3], "dropped", ValueType::Integer);   // 0 unless jumps filled the buffer: raise historyPoints
    meta.block<&FixedDelay::output>(this, "output", {&time_}, {&y});
    meta.start_event<&FixedDelay::start>(this, started_, "start");
    meta.after_step<&FixedDelay::record>(this, "record", std::span<double>(memory_));
    meta.variable(y.value(), "y", "");
}

LIED_REGISTER_COMPONENT(FixedDelay, "signal block: y(t) = u(t − delayTime), a transport delay (Modelica FixedDelay)");

}  // namespace lied::components
