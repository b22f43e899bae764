#include "core/model/block.h"

#include <doctest/doctest.h>

namespace {
struct Counter {
    int calls = 0;
    void tick() { ++calls; }
};
}  // namespace

TEST_CASE("a block calls the member function of its object through a plain function pointer") {
    Counter c;
    const lied::Block b = lied::make_block<&Counter::tick>(&c);
    b();
    b();
    CHECK(c.calls == 2);
    CHECK(b.object == &c);
    static_assert(sizeof(lied::Block) == 2 * sizeof(void*), "a block is two pointers, no std::function");
}
