#include "core/support/closest_name.h"

#include <doctest/doctest.h>

using namespace lied;

TEST_CASE("edit distance and suggestions") {
    CHECK(edit_distance("dp_ref", "dp_ref") == 0);
    CHECK(edit_distance("dp_rf", "dp_ref") == 1);
    CHECK(edit_distance("", "abc") == 3);
    const std::vector<std::string> names{"p1.dp_ref", "p1.v_ref", "t1.A"};
    CHECK(closest_name("p1.dp_rf", names) == "p1.dp_ref");
    CHECK(closest_name("completely.else", names).empty());
    CHECK(did_you_mean("p1.vref", names) == " (did you mean 'p1.v_ref'?)");
}
