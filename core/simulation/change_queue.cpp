#include "core/simulation/change_queue.h"

#include "core/simulation/time_tolerance.h"

#include <algorithm>
#include <limits>

namespace lied {

void ChangeQueue::at(double t, StructuralChange change) {
    const auto later = std::find_if(timed_.begin(), timed_.end(), [&](const auto& s) { return s.first > t; });
    timed_.insert(later, {t, std::move(change)});
}

void ChangeQueue::after_event(std::string event, StructuralChange change) { on_event_.emplace_back(std::move(event), std::move(change)); }

bool ChangeQueue::due(double t) const { return !timed_.empty() && timed_.front().first <= t + time_tolerance(t); }

StructuralChange ChangeQueue::pop_due() {
    StructuralChange change = std::move(timed_.front().second);
    timed_.erase(timed_.begin());
    return change;
}

double ChangeQueue::next_after(double t) const {
    for (auto& [time, change] : timed_)
        if (time > t + time_tolerance(t)) return time;   // in time order: the first later one is the next
    return std::numeric_limits<double>::infinity();
}

void ChangeQueue::release(const std::string& event, double t) {
    for (auto it = on_event_.begin(); it != on_event_.end();) {
        if (it->first != event) {
            ++it;
            continue;
        }
        at(t, std::move(it->second));
        it = on_event_.erase(it);
    }
}

std::vector<std::pair<double, std::string>> ChangeQueue::timed_descriptions() const {
    std::vector<std::pair<double, std::string>> list;
    for (auto& [t, change] : timed_) list.emplace_back(t, change.description());
    return list;
}

std::vector<std::pair<std::string, std::string>> ChangeQueue::event_descriptions() const {
    std::vector<std::pair<std::string, std::string>> list;
    for (auto& [event, change] : on_event_) list.emplace_back(event, change.description());
    return list;
}

std::vector<std::string> ChangeQueue::added_value_names() const {
    std::vector<std::string> names;
    for (auto& [t, change] : timed_) {
        auto more = change.added_value_names();
        names.insert(names.end(), more.begin(), more.end());
    }
    return names;
}

bool ChangeQueue::sets_parameters() const {
    return std::any_of(timed_.begin(), timed_.end(), [](const auto& s) { return s.second.sets_parameters(); });
}

}  // namespace lied
