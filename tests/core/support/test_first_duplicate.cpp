// first_duplicate, the crawler's unique-name check: the same answer as a scan with a set, for lists with no,
// one and many repeated names, across the partition into buckets (lists larger than one bucket).
#include "core/support/first_duplicate.h"

#include <doctest/doctest.h>

#include <algorithm>
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

namespace {
// A list of names in parts (as a model's components, signals, parameters, blocks) with the hashes the crawler keeps.
struct PartedNames {
    std::vector<std::vector<std::string>> parts;
    std::vector<std::size_t> hashes, sizes;
    std::vector<std::string_view> views;
    void index() {
        hashes.clear(), sizes.clear(), views.clear();
        for (auto& part : parts) {
            sizes.push_back(part.size());
            for (auto& name : part) {
                hashes.push_back(std::hash<std::string_view>{}(name));
                views.push_back(name);
            }
        }
    }
    lied::NameHashes view() const { return {hashes, sizes}; }
};

PartedNames numbered(int per_part) {
    PartedNames n;
    for (const char* kind : {"c", "s", "p", "b"}) {
        n.parts.emplace_back();
        for (int i = 0; i < per_part; ++i) n.parts.back().push_back(std::string("net.") + kind + std::to_string(i));
    }
    n.index();
    return n;
}
}  // namespace

TEST_CASE("names_unique_after_change proves a change of shape unique by what changed, and never passes a duplicate") {
    lied::DuplicateScratch scratch;
    const PartedNames before = numbered(2000);
    REQUIRE(!first_duplicate(before.views, before.hashes, scratch));
    REQUIRE_FALSE(scratch.equal_hashes);

    SUBCASE("a component of another type: entries inserted in two parts, everything after them shifted") {
        PartedNames after = before;
        after.parts[1].insert(after.parts[1].begin() + 10, "net.valve.opening");
        after.parts[2].insert(after.parts[2].begin() + 3, "net.valve.k");
        after.parts[2].erase(after.parts[2].begin() + 4);   // and one dropped
        after.index();
        CHECK(names_unique_after_change(before.view(), after.view(), scratch));
        CHECK(names_unique_after_change(before.view(), after.view(), scratch, 2));   // two changed names
        CHECK_FALSE(names_unique_after_change(before.view(), after.view(), scratch, 1));   // more than allowed: undecided
    }
    SUBCASE("an inserted name that repeats a name far from the change, in another part") {
        PartedNames after = before;
        after.parts[1].insert(after.parts[1].begin() + 10, "net.b1999");
        after.index();
        CHECK_FALSE(names_unique_after_change(before.view(), after.view(), scratch));
        CHECK(first_duplicate(after.views));
    }
    SUBCASE("two inserted names that repeat each other") {
        PartedNames after = before;
        after.parts[3].insert(after.parts[3].begin() + 500, {"net.x", "net.y", "net.x"});
        after.index();
        CHECK_FALSE(names_unique_after_change(before.view(), after.view(), scratch));
    }
    SUBCASE("entries only removed, or nothing changed") {
        PartedNames after = before;
        after.parts[0].erase(after.parts[0].begin() + 7, after.parts[0].begin() + 9);
        after.index();
        CHECK(names_unique_after_change(before.view(), after.view(), scratch));
        CHECK(names_unique_after_change(before.view(), before.view(), scratch));
    }
    SUBCASE("parts that do not match the kept hashes are undecided, not passed") {
        PartedNames after = before;
        after.parts.pop_back();
        after.index();
        CHECK_FALSE(names_unique_after_change(before.view(), after.view(), scratch));
        const std::vector<std::size_t> too_many{before.hashes.size() + 1, 0, 0, 0};
        CHECK_FALSE(names_unique_after_change({before.hashes, too_many}, before.view(), scratch));
    }
}

TEST_CASE("names_unique_after_change agrees with first_duplicate whenever it passes, on random edits of random lists") {
    std::mt19937 random(11);
    lied::DuplicateScratch scratch;
    int passed = 0, duplicates = 0;
    for (int round = 0; round < 300; ++round) {
        // 400 different names out of 1000, so that an edit's new name repeats an existing one about every other time.
        std::uniform_int_distribution<int> name(0, 999);
        std::set<int> drawn;
        while (drawn.size() < 400) drawn.insert(name(random));
        std::vector<int> order(drawn.begin(), drawn.end());
        std::shuffle(order.begin(), order.end(), random);
        PartedNames before;
        for (int k = 0; k < 4; ++k) {
            before.parts.emplace_back();
            for (int i = 0; i < 100; ++i) before.parts.back().push_back("n" + std::to_string(order[static_cast<std::size_t>(k * 100 + i)]));
        }
        before.index();
        REQUIRE(!first_duplicate(before.views, before.hashes, scratch));
        REQUIRE_FALSE(scratch.equal_hashes);
        PartedNames after = before;
        std::uniform_int_distribution<int> part(0, 3), count(0, 4), position(0, 99);
        for (int edits = count(random); edits > 0; --edits) {
            auto& p = after.parts[static_cast<std::size_t>(part(random))];
            const auto at = p.begin() + std::min<std::ptrdiff_t>(position(random), static_cast<std::ptrdiff_t>(p.size()));
            switch (count(random) % 3) {
            case 0: p.insert(at, "n" + std::to_string(name(random))); break;
            case 1: if (at != p.end()) p.erase(at); break;
            default: if (at != p.end()) *at = "n" + std::to_string(name(random)); break;
            }
        }
        after.index();
        const bool unique = !first_duplicate(after.views);
        duplicates += !unique;
        if (names_unique_after_change(before.view(), after.view(), scratch)) {
            ++passed;
            CHECK(unique);   // never a duplicate passed
        }
    }
    CHECK(passed > 50);       // the fast answer is given, not always deferred to the full check
    CHECK(duplicates > 20);   // and the edits did make duplicates it had to refuse
}
