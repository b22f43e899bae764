#include "core/support/first_duplicate.h"

#include <algorithm>
#include <array>
#include <functional>
#include <stdexcept>

namespace lied {

std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names) {
    DuplicateScratch scratch;
    return first_duplicate(names, scratch);
}

std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names, DuplicateScratch& scratch) {
    scratch.hashes.resize(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) scratch.hashes[i] = std::hash<std::string_view>{}(names[i]);
    return first_duplicate(names, scratch.hashes, scratch);
}

std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names, std::span<const std::size_t> hashes,
                                         DuplicateScratch& scratch) {
    const std::size_t n = names.size();
    scratch.equal_hashes = false;
    if (hashes.size() != n) throw std::invalid_argument("first_duplicate: one hash per name");
    if (n < 2) return std::nullopt;
    if (n >= std::size_t{1} << 31) throw std::length_error("first_duplicate: more than 2^31 names");
    // Partition by the top bits of the hash into buckets of about 256 names (one pass, sequential writes); equal
    // names land in one bucket, which is then checked with a small table that stays in the cache.
    int bits = 0;
    while (bits < 24 && (std::size_t{256} << bits) < n) ++bits;
    auto bucket_of = [bits](std::uint64_t h) { return bits == 0 ? std::size_t{0} : static_cast<std::size_t>(h >> (64 - bits)); };
    auto& start = scratch.bucket_start;
    auto& fill = scratch.bucket_fill;
    auto& entries = scratch.entries;
    auto& table = scratch.table;
    start.assign((std::size_t{1} << bits) + 1, 0);
    for (std::size_t i = 0; i < n; ++i) ++start[bucket_of(hashes[i]) + 1];
    std::size_t largest = 0;
    for (std::size_t b = 1; b < start.size(); ++b) {
        largest = std::max<std::size_t>(largest, start[b]);
        start[b] += start[b - 1];
    }
    entries.resize(n);
    auto& entry_hashes = scratch.entry_hashes;
    entry_hashes.resize(n);
    fill.assign(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < n; ++i) {   // ascending per bucket
        const std::uint32_t e = fill[bucket_of(hashes[i])]++;
        entries[e] = static_cast<std::uint32_t>(i);
        entry_hashes[e] = hashes[i];
    }

    // Per bucket: open addressing on the low bits of the hash, at most half full; a slot holds entry + 1. Hashes
    // are read from entry_hashes, in bucket order: no jumps through the list of all names.
    std::size_t capacity = 16;
    while (capacity < 2 * largest) capacity *= 2;
    table.assign(capacity, 0);
    const std::size_t mask = capacity - 1;
    std::optional<Duplicate> best;
    for (std::size_t b = 0; b + 1 < start.size(); ++b) {
        for (std::uint32_t e = start[b]; e < start[b + 1]; ++e) {
            const std::size_t h = entry_hashes[e];
            std::size_t slot = h & mask;
            for (; table[slot] != 0; slot = (slot + 1) & mask) {
                const std::uint32_t seen = table[slot] - 1;   // earlier: entries ascend within the bucket
                if (entry_hashes[seen] != h) continue;
                if (names[entries[seen]] == names[entries[e]]) break;
                scratch.equal_hashes = true;
            }
            if (table[slot] == 0) table[slot] = e + 1;
            else if (const std::uint32_t i = entries[e]; !best || i < best->second) best = Duplicate{entries[table[slot] - 1], i};
        }
        for (std::uint32_t e = start[b]; e < start[b + 1]; ++e) {   // empty the table again: only what was used
            std::size_t slot = entry_hashes[e] & mask;
            while (table[slot] != 0) {
                table[slot] = 0;
                slot = (slot + 1) & mask;
            }
        }
    }
    return best;
}

bool names_unique_after_change(const NameHashes& before, const NameHashes& after, DuplicateScratch& scratch, std::size_t max_changed) {
    if (before.part_sizes.size() != after.part_sizes.size() || after.hashes.size() >= std::size_t{1} << 31) return false;
    // The changed ranges of `after`, part by part: between the longest common front and back of the two lists.
    auto& changed_hash = scratch.changed_hash;
    auto& changed_at = scratch.changed_at;
    std::size_t changed = 0;
    struct Range {
        std::size_t begin = 0, end = 0;
    };
    constexpr std::size_t kMaxParts = 8;   // a model has four
    if (after.part_sizes.size() > kMaxParts) return false;
    std::array<Range, kMaxParts> ranges;
    std::size_t range_count = 0;
    std::size_t old_start = 0, new_start = 0;
    for (std::size_t k = 0; k < after.part_sizes.size(); ++k) {
        const std::size_t old_n = before.part_sizes[k], new_n = after.part_sizes[k];
        if (old_start + old_n > before.hashes.size() || new_start + new_n > after.hashes.size()) return false;
        const std::size_t* o = before.hashes.data() + old_start;
        const std::size_t* a = after.hashes.data() + new_start;
        const std::size_t shorter = std::min(old_n, new_n);
        std::size_t front = 0, back = 0;
        while (front < shorter && o[front] == a[front]) ++front;
        while (back < shorter - front && o[old_n - 1 - back] == a[new_n - 1 - back]) ++back;
        if (new_n - front - back > 0) ranges[range_count++] = {new_start + front, new_start + new_n - back};
        changed += new_n - front - back;
        if (changed > max_changed) return false;
        old_start += old_n;
        new_start += new_n;
    }
    if (old_start != before.hashes.size() || new_start != after.hashes.size()) return false;
    if (changed == 0) return true;   // the same hashes (a list that only lost entries)
    // The changed names by the low bits of their hash, at most an eighth full: the pass below over all names then
    // mostly finds an empty slot at once (a fuller table cost a mispredicted branch per name). Two changed names
    // with one hash are a duplicate candidate.
    std::size_t capacity = 64;
    while (capacity < 8 * changed) capacity *= 2;
    const std::size_t mask = capacity - 1;
    changed_hash.assign(capacity, 0);
    changed_at.assign(capacity, 0);   // position + 1; 0 is empty
    for (std::size_t r = 0; r < range_count; ++r)
        for (std::size_t i = ranges[r].begin; i < ranges[r].end; ++i) {
            const std::size_t h = after.hashes[i];
            std::size_t slot = h & mask;
            for (; changed_at[slot] != 0; slot = (slot + 1) & mask)
                if (changed_hash[slot] == h) return false;
            changed_hash[slot] = h;
            changed_at[slot] = static_cast<std::uint32_t>(i + 1);
        }
    // Every unchanged name against the changed ones. Unchanged names have the hashes they had before, which were
    // pairwise different.
    for (std::size_t i = 0; i < after.hashes.size(); ++i) {
        const std::size_t h = after.hashes[i];
        for (std::size_t slot = h & mask; changed_at[slot] != 0; slot = (slot + 1) & mask)
            if (changed_hash[slot] == h && changed_at[slot] != i + 1) return false;
    }
    return true;
}

}  // namespace lied
