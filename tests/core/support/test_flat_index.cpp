// FlatIndex, the one-array hash index of a build: the same answers as std::map for pointers and names,
// through growth and collisions, first insertion wins.
#include "core/support/flat_index.h"

#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

using lied::FlatIndex;

TEST_CASE("FlatIndex answers as std::map does, for pointers and names, across growth") {
    std::vector<double> storage(5000);   // adjacent addresses: the clustered keys a model's signals have
    std::vector<std::string> names;
    for (int i = 0; i < 5000; ++i) names.push_back("component" + std::to_string(i % 97) + ".signal" + std::to_string(i));
    FlatIndex<const double*, int> by_address;
    FlatIndex<std::string_view, int> by_name;
    by_address.reset(10);   // far too small: must grow
    std::map<const double*, int> address_reference;
    std::map<std::string, int> name_reference;
    for (int i = 0; i < 5000; i += 2) {
        CHECK(by_address.insert(&storage[static_cast<std::size_t>(i)], i).second);
        CHECK(by_name.insert(names[static_cast<std::size_t>(i)], i).second);
        address_reference[&storage[static_cast<std::size_t>(i)]] = i;
        name_reference[names[static_cast<std::size_t>(i)]] = i;
    }
    // A second insertion keeps the first value (a name registered twice is reported with its first kind).
    const auto [kept, inserted] = by_name.insert(names[4], -1);
    CHECK(!inserted);
    CHECK(*kept == 4);
    CHECK(by_address.size() == address_reference.size());
    for (int i = 0; i < 5000; ++i) {
        const int* a = by_address.find(&storage[static_cast<std::size_t>(i)]);
        const int* n = by_name.find(names[static_cast<std::size_t>(i)]);
        CHECK((a != nullptr) == (i % 2 == 0));
        CHECK((n != nullptr) == (i % 2 == 0));
        if (a) CHECK(*a == i);
        if (n) CHECK(*n == i);
    }
    CHECK(FlatIndex<std::string_view, int>{}.find("anything") == nullptr);   // never reset: empty
    int visited = 0;
    by_name.for_each([&](std::string_view key, int value) { visited += name_reference.at(std::string(key)) == value; });
    CHECK(visited == 2500);
}
