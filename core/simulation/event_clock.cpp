#include "core/simulation/event_clock.h"

#include "core/simulation/time_tolerance.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lied {

void EventClock::configure(const Model& m) {
    model = &m;
    fired.assign(m.time_events.size(), 0);
    time_counts.assign(m.time_events.size(), 0);
    sample_counts.assign(m.sampled_events.size(), 0);
    sample_index.assign(m.sampled_events.size(), 0);
}

void EventClock::start(double t) {
    for (std::size_t e = 0; e < model->time_events.size(); ++e) {
        model->time_events[e].handler();   // initializes discrete values for t
        fired[e] = *model->time_events[e].time <= t;   // later ones fire at their time, however close
    }
    std::fill(sample_index.begin(), sample_index.end(), 0);
}

double EventClock::sample_time(std::size_t e) const {
    const SampledEventInfo& se = model->sampled_events[e];
    return *se.offset + static_cast<double>(sample_index[e]) * *se.period;
}

long EventClock::first_sample_not_before(std::size_t e, double t) const {
    const SampledEventInfo& se = model->sampled_events[e];
    const double k = std::ceil((t - *se.offset) / *se.period - 1e-9);
    return std::max(0L, static_cast<long>(k));
}

bool EventClock::due(double horizon) const {
    for (std::size_t e = 0; e < model->time_events.size(); ++e)
        if (!fired[e] && *model->time_events[e].time <= horizon) return true;
    for (std::size_t e = 0; e < model->sampled_events.size(); ++e)
        if (sample_time(e) <= horizon) return true;
    return false;
}

double EventClock::latest_due(double t, double horizon) const {
    for (std::size_t e = 0; e < model->time_events.size(); ++e)
        if (!fired[e] && *model->time_events[e].time <= horizon) t = std::max(t, *model->time_events[e].time);
    for (std::size_t e = 0; e < model->sampled_events.size(); ++e)
        if (sample_time(e) <= horizon) t = std::max(t, sample_time(e));
    return t;
}

void EventClock::fire_due(double t, double horizon, std::vector<int>& fired_ids, std::size_t first_id) {
    for (std::size_t e = 0; e < model->time_events.size(); ++e) {
        if (fired[e] || *model->time_events[e].time > horizon) continue;
        model->time_events[e].handler();
        // A handler that moves its own event later (the next row of a time table) is armed again for then, also if
        // that is within this instant's tolerance: it then fires at once, at its own time.
        fired[e] = *model->time_events[e].time > t ? 0 : 1;
        ++time_counts[e];
        fired_ids.push_back(static_cast<int>(first_id + e));
    }
    first_id += model->time_events.size();
    for (std::size_t e = 0; e < model->sampled_events.size(); ++e) {
        if (sample_time(e) > horizon) continue;
        model->sampled_events[e].handler();
        ++sample_counts[e];
        fired_ids.push_back(static_cast<int>(first_id + e));
        // The next sample after now (one handler call per instant, even after a long step).
        const SampledEventInfo& se = model->sampled_events[e];
        sample_index[e] = std::max(sample_index[e] + 1, static_cast<long>(std::floor((t - *se.offset) / *se.period)) + 1);
        while (sample_time(e) <= t + time_tolerance(t)) ++sample_index[e];
    }
}

double EventClock::next_after(double t) const {
    double next = std::numeric_limits<double>::infinity();
    for (std::size_t e = 0; e < model->time_events.size(); ++e)
        if (!fired[e] && *model->time_events[e].time > t + time_tolerance(t)) next = std::min(next, *model->time_events[e].time);
    for (std::size_t e = 0; e < model->sampled_events.size(); ++e) next = std::min(next, sample_time(e));
    return next;
}

void EventClock::clear_counts() {
    std::fill(time_counts.begin(), time_counts.end(), 0);
    std::fill(sample_counts.begin(), sample_counts.end(), 0);
}

}  // namespace lied
