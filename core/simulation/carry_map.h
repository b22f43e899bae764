#pragma once
// How a prepared structure takes over from the running one in a real-time swap, found in advance by the worker:
// its states as x_new = constant + M·x_running, and for each of its events the running event it continues (or −1
// for a new one). Applying it is bounded work with no allocation (Simulator::continue_from).
#include <vector>

namespace lied {

struct CarryMap {
    struct Entry {   // x_new[row] += weight · x_running[column]
        int row, column;
        double weight;
    };
    std::vector<double> constant;                                // per new state
    std::vector<Entry> entries;
    std::vector<int> time_event_from, sample_from, crossing_from;   // index in the running structure, or −1
};

}  // namespace lied
