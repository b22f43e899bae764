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
};

std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names, DuplicateScratch& scratch);
// The same with each name's std::hash<std::string_view> given (computed where the names were built, when they were
// in the cache): strings are then read only where two hashes are equal.
std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names, std::span<const std::size_t> hashes,
                                         DuplicateScratch& scratch);
std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names);

}  // namespace lied
