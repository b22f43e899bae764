#pragma once
// The clock of a structure's time events and samplers: which time events have fired, where each sampler stands in
// its sequence (sample k at offset + k·period, computed, never summed, so it does not drift), and how often each
// fired. The simulator asks it what is due and when the next one is; the handlers run through it in a fixed order.
#include "core/model/model.h"
#include "core/support/state_archive.h"

#include <cstddef>
#include <vector>

namespace lied {

struct EventClock {
    std::vector<char> fired;                 // per time event: fired already (later ones fire at their time)
    std::vector<long> time_counts;           // per time event: how often it fired in this run
    std::vector<long> sample_index;          // per sampler: the next sample k
    std::vector<long> sample_counts;         // per sampler: how often it fired

    // Sized for `model`'s events, nothing fired, no sample taken.
    void configure(const Model& model);
    // Every time event's handler once at t (discrete values for that time); time events at or before t count as
    // fired; the samplers start at their first sample (k = 0), which fires when it is due.
    void start(double t);
    double sample_time(std::size_t e) const;
    // The first k whose sample is not before t (a sampler that joins a running simulation).
    long first_sample_not_before(std::size_t e, double t) const;
    // Whether a time event or a sample falls at or before `horizon`, and the latest such time (not before t).
    bool due(double horizon) const;
    double latest_due(double t, double horizon) const;
    // Runs the handlers of everything due at or before `horizon` (time events, then samplers, each once per instant
    // even after a long step), counts them and appends their ids, numbered from `first_id` (time events, then
    // samplers), to `fired_ids`. `t` is the instant.
    void fire_due(double t, double horizon, std::vector<int>& fired_ids, std::size_t first_id);
    // The first time event not yet fired or sample after t (+inf if none).
    double next_after(double t) const;
    void clear_counts();
    // A saved simulation state (core/support/state_archive.h): what fired, where each sampler stands, the counts.
    void archive(StateArchive& a) {
        a.values(fired.data(), fired.size());
        a.values(time_counts.data(), time_counts.size());
        a.values(sample_index.data(), sample_index.size());
        a.values(sample_counts.data(), sample_counts.size());
    }

    const Model* model = nullptr;
};

}  // namespace lied
