// The second Out offered to a bound In, kept beside the In until the crawl names both (rule: one Out per In). It is
// an error case, so it costs a lock and a lookup instead of a pointer in every In of every network.
#include "core/model/signal.h"

#include <mutex>
#include <unordered_map>

namespace lied {

namespace {

struct Conflicts {
    std::mutex mutex;
    std::unordered_map<const InBase*, const OutBase*> second_source;
};

Conflicts& conflicts() {
    static Conflicts* table = new Conflicts;   // never destroyed: an In destroyed at exit may still look
    return *table;
}

}  // namespace

void InBase::remember_conflict(const OutBase* second) {
    Conflicts& c = conflicts();
    std::lock_guard lock(c.mutex);
    c.second_source[this] = second;
    conflicted_ = true;
}

void InBase::forget_conflict_slow() {
    Conflicts& c = conflicts();
    std::lock_guard lock(c.mutex);
    c.second_source.erase(this);
    conflicted_ = false;
}

const OutBase* InBase::conflicting_source() const {
    if (!conflicted_) return nullptr;
    Conflicts& c = conflicts();
    std::lock_guard lock(c.mutex);
    auto it = c.second_source.find(this);
    return it == c.second_source.end() ? nullptr : it->second;
}

}  // namespace lied
