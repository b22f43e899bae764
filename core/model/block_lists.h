#pragma once
// The read and write lists of one block that a component with N plugs builds in metainfo. Kept as a member and
// refilled at every crawl (reset() keeps the capacity), so that a rebuild allocates nothing for them: a network of
// 10⁴ junctions otherwise made and freed some 10⁵ vectors per rebuild.
#include "core/model/signal.h"

#include <initializer_list>
#include <vector>

namespace lied {

struct BlockLists {
    std::vector<const SignalBase*> reads;
    std::vector<const OutBase*> writes;

    BlockLists& reset(std::initializer_list<const SignalBase*> first_reads = {}, std::initializer_list<const OutBase*> first_writes = {}) {
        reads.assign(first_reads);
        writes.assign(first_writes);
        return *this;
    }
};

}  // namespace lied
