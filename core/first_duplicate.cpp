#include "core/first_duplicate.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

namespace lied {

std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names) {
    const std::size_t n = names.size();
    if (n < 2) return std::nullopt;
    // Partition by the top bits of the hash into buckets of a few hundred names (one pass, sequential writes);
    // equal names land in one bucket, which is then sorted and scanned while it sits in the cache.
    int bits = 0;
    while (bits < 24 && (std::size_t{256} << bits) < n) ++bits;
    auto bucket_of = [bits](std::uint64_t h) { return bits == 0 ? std::size_t{0} : static_cast<std::size_t>(h >> (64 - bits)); };
    struct Entry {
        std::uint64_t hash;
        std::size_t index;
    };
    std::vector<std::uint64_t> hashes(n);
    std::vector<std::size_t> start((std::size_t{1} << bits) + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
        hashes[i] = std::hash<std::string_view>{}(names[i]);
        ++start[bucket_of(hashes[i]) + 1];
    }
    for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
    std::vector<Entry> entries(n);
    {
        std::vector<std::size_t> fill(start.begin(), start.end() - 1);
        for (std::size_t i = 0; i < n; ++i) entries[fill[bucket_of(hashes[i])]++] = Entry{hashes[i], i};
    }
    std::optional<Duplicate> best;
    for (std::size_t b = 0; b + 1 < start.size(); ++b) {
        const auto first = entries.begin() + static_cast<std::ptrdiff_t>(start[b]);
        const auto last = entries.begin() + static_cast<std::ptrdiff_t>(start[b + 1]);
        std::sort(first, last, [](const Entry& x, const Entry& y) { return x.hash != y.hash ? x.hash < y.hash : x.index < y.index; });
        for (auto group = first; group != last;) {
            auto end = group;
            while (end != last && end->hash == group->hash) ++end;
            // Within a run of equal hashes (ascending positions), the earliest earlier position with the same name.
            for (auto later = group + 1; later < end; ++later)
                for (auto earlier = group; earlier < later; ++earlier)
                    if (names[earlier->index] == names[later->index]) {
                        if (!best || later->index < best->second) best = Duplicate{earlier->index, later->index};
                        break;
                    }
            group = end;
        }
    }
    return best;
}

}  // namespace lied
