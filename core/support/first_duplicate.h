#pragma once
// The first name that occurs twice in a list, found in time linear in the list and cache-friendly: a build checks
// hundreds of thousands of paths, and one hash table over all of them misses the cache at every insert.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace lied {

struct Duplicate {
    std::size_t first;    // where the name occurs first
    std::size_t second;   // its earliest repetition (no other name repeats before this position)
};

// The working memory of first_duplicate, kept by the caller so that a rebuild does not allocate (and, for large
// systems, page-fault) it again.
struct DuplicateScratch {
    std::vector<std::size_t> hashes;
    std::vector<std::uint32_t> bucket_start, bucket_fill, entries, table;
    std::vector<std::size_t> entry_hashes;   // the hash of each entry, next to it: a bucket is read in order
    // Set by first_duplicate: two different names with one hash were seen (see names_unique_after_change).
    bool equal_hashes = false;
    // The working memory of names_unique_after_change: the changed names' hashes, by the low bits.
    std::vector<std::size_t> changed_hash;
    std::vector<std::uint32_t> changed_at;
};

std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names, DuplicateScratch& scratch);
// The same with each name's std::hash<std::string_view> given (computed where the names were built, when they were
// in the cache): strings are then read only where two hashes are equal.
std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names, std::span<const std::size_t> hashes,
                                         DuplicateScratch& scratch);
std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names);

// The hashes of a list of names, in parts (a model's components, signals, parameters, blocks) of the given sizes.
struct NameHashes {
    std::span<const std::size_t> hashes;
    std::span<const std::size_t> part_sizes;
};

// Whether a list of names is unique, proven from the last list that was: `before` held pairwise different hashes
// (first_duplicate passed it and saw no two names with one hash). Per part, what the lists share at the front and
// at the back is unchanged (a component replaced by another type shifts everything after it, but leaves its
// neighbours' names as they were); only the names in between are looked up, each among all hashes of `after`, in
// one pass. True: `after`'s hashes are pairwise different, so its names are unique. False: a changed name has the
// hash of another one, or more than `max_changed` names changed; then first_duplicate decides (and names the
// duplicate). Linear in the list, but a pass over flat hashes instead of partitioning them all again.
bool names_unique_after_change(const NameHashes& before, const NameHashes& after, DuplicateScratch& scratch,
                               std::size_t max_changed = 4096);

}  // namespace lied
