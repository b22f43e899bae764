#pragma once
// The first name that occurs twice in a list, found in time linear in the list and cache-friendly: a build checks
// hundreds of thousands of paths, and one hash table over all of them misses the cache at every insert.
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace lied {

struct Duplicate {
    std::size_t first;    // where the name occurs first
    std::size_t second;   // its earliest repetition (no other name repeats before this position)
};

std::optional<Duplicate> first_duplicate(std::span<const std::string_view> names);

}  // namespace lied
