#pragma once
// The structural changes still to come in a run: at a time (in time order, equal times in the order given), or
// right after a named event fires (then they join the timed ones at that instant).
#include "core/simulation/structural_change.h"

#include <string>
#include <utility>
#include <vector>

namespace lied {

class ChangeQueue {
public:
    void at(double t, StructuralChange change);
    void after_event(std::string event, StructuralChange change);
    bool empty() const { return timed_.empty() && on_event_.empty(); }
    bool waits_for_events() const { return !on_event_.empty(); }

    // Whether the first timed change is due at t (within the tolerance of time there); then pop_due takes it.
    bool due(double t) const;
    StructuralChange pop_due();
    // The time of the first timed change after t (+inf if none).
    double next_after(double t) const;
    // The changes waiting for `event` become due at t.
    void release(const std::string& event, double t);

    // Hands the timed changes back (e.g. to apply them one by one to describe each segment without running).
    std::vector<std::pair<double, StructuralChange>> take_timed() { return std::exchange(timed_, {}); }
    std::vector<std::pair<double, std::string>> timed_descriptions() const;
    std::vector<std::pair<std::string, std::string>> event_descriptions() const;
    // Names the timed changes will bring, and whether any of them sets parameters (names no one can list before).
    std::vector<std::string> added_value_names() const;
    bool sets_parameters() const;

private:
    std::vector<std::pair<double, StructuralChange>> timed_;
    std::vector<std::pair<std::string, StructuralChange>> on_event_;
};

}  // namespace lied
