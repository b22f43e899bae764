// first_duplicate, the crawler's unique-name check: the same answer as a scan with a set, for lists with no,
// one and many repeated names, across the partition into buckets (lists larger than one bucket).
#include "core/first_duplicate.h"

#include <doctest/doctest.h>

#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

using lied::first_duplicate;

namespace {
// The reference: walk the list, the first name already seen is the earliest repetition.
std::optional<lied::Duplicate> by_scan(const std::vector<std::string_view>& names) {
    for (std::size_t j = 0; j < names.size(); ++j)
        for (std::size_t i = 0; i < j; ++i)
            if (names[i] == names[j]) return lied::Duplicate{i, j};
    return std::nullopt;
}
}  // namespace

TEST_CASE("first_duplicate finds the earliest repetition and where the name first occurred") {
    std::vector<std::string> storage;
    for (int i = 0; i < 3000; ++i) storage.push_back("net.v" + std::to_string(i) + ".inlet.m_flow");
    std::vector<std::string_view> names(storage.begin(), storage.end());
    CHECK(!first_duplicate(names));
    CHECK(!first_duplicate(std::vector<std::string_view>{}));
    CHECK(!first_duplicate(std::vector<std::string_view>{"only"}));

    // Two repetitions: the one whose second occurrence comes first wins, even if its name occurs later first.
    names.push_back(names[2500]);   // position 3000 repeats 2500
    names.push_back(names[10]);     // position 3001 repeats 10
    auto d = first_duplicate(names);
    REQUIRE(d);
    CHECK(d->first == 2500);
    CHECK(d->second == 3000);

    // A name three times: the first occurrence is named, not the second.
    std::vector<std::string_view> thrice{"a", "b", "a", "c", "a"};
    d = first_duplicate(thrice);
    REQUIRE(d);
    CHECK(d->first == 0);
    CHECK(d->second == 2);
}

TEST_CASE("first_duplicate agrees with a scan on random lists of short names (many equal hashes' neighbours)") {
    std::mt19937 random(7);
    for (int round = 0; round < 20; ++round) {
        std::vector<std::string> storage;
        const int n = 200 + round * 150;
        std::uniform_int_distribution<int> pick(0, 4 * n);   // about one repetition in eight names
        for (int i = 0; i < n; ++i) storage.push_back("x" + std::to_string(pick(random)));
        std::vector<std::string_view> names(storage.begin(), storage.end());
        const auto expected = by_scan(names);
        const auto found = first_duplicate(names);
        REQUIRE(expected.has_value() == found.has_value());
        if (expected) {
            CHECK(found->first == expected->first);
            CHECK(found->second == expected->second);
        }
    }
}
