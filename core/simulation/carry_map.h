#pragma once
// How a prepared structure takes over from the running one in a real-time swap, found in advance by the worker:
// its states as x_new = constant + M·x_running, for each of its events the running event it continues (or −1 for a
// new one), and the discrete signals it takes over. Applying it is bounded work with no allocation
// (Simulator::continue_from).
#include "core/model/model.h"

#include <algorithm>
#include <span>
#include <utility>
#include <vector>

namespace lied {

struct CarryMap {
    struct Entry {   // x_new[row] += weight · x_running[column]
        int row, column;
        double weight;
    };
    std::vector<double> constant;                                   // per new state
    std::vector<Entry> entries;
    std::vector<int> time_event_from, sample_from, crossing_from;   // index in the running structure, or −1
    std::vector<std::pair<const Out<double>*, Out<double>*>> discrete;   // running → new
    // What blocks that remember the past keep (Meta::after_step, a delay's history), running → new, of equal sizes.
    std::vector<std::pair<std::span<const double>, std::span<double>>> memories;

    // Whether its sizes and indices fit these two structures (a map made for another pair would write out of
    // bounds); the discrete signals' pointers are trusted, as RealtimeSwap made them for this pair.
    bool fits(const Model& running, const Model& next) const {
        auto inside = [](const std::vector<int>& from, std::size_t next_size, std::size_t running_size) {
            if (from.size() != next_size) return false;
            for (int k : from)
                if (k >= static_cast<int>(running_size)) return false;
            return true;
        };
        if (constant.size() != next.states.size()) return false;
        for (const Entry& e : entries)
            if (e.row < 0 || e.column < 0 || e.row >= static_cast<int>(next.states.size()) || e.column >= static_cast<int>(running.states.size()))
                return false;
        return inside(time_event_from, next.time_events.size(), running.time_events.size()) &&
               inside(sample_from, next.sampled_events.size(), running.sampled_events.size()) &&
               inside(crossing_from, next.zero_crossings.size(), running.zero_crossings.size());
    }
};

}  // namespace lied
