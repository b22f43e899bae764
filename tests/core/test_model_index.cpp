// Model::signal_index answers from a hint the signal keeps (its index in the model that crawled it last). Two
// models of one tree, in which the signals have different indices, must both keep answering right.
#include "core/crawler.h"
#include "core/meta.h"
#include "systems/com_vessels.h"

#include <doctest/doctest.h>

using namespace lied;

namespace {
// The vessels again, one level down: every signal gets another path and another index.
struct Wrapped final : Component {
    explicit Wrapped(systems::ComVessels& inner) : inner(inner) {}
    systems::ComVessels& inner;
    Out<double> extra;   // registered first: shifts every index of the vessels' signals by one
    void metainfo(Meta& meta) override {
        meta.signal(extra, "extra");
        meta.component(inner, "inner");
    }
    const char* type_name() const override { return "Wrapped"; }
};
}  // namespace

TEST_CASE("signal indices stay right for two models of one tree, crawled one after the other") {
    systems::ComVessels vessels;
    Wrapped wrapped(vessels);
    Out<double> time_a, time_b;
    const Model a = crawl(vessels, time_a);
    const Model b = crawl(wrapped, time_b);   // overwrites the hints a left in the signals
    REQUIRE(a.signals.size() + 1 == b.signals.size());
    for (std::size_t i = 0; i < a.signals.size(); ++i) CHECK(a.signal_index(a.signals[i].signal) == static_cast<int>(i));
    for (std::size_t i = 0; i < b.signals.size(); ++i) CHECK(b.signal_index(b.signals[i].signal) == static_cast<int>(i));
    CHECK(a.signal_index(&wrapped.extra) == -1);   // not part of a
    CHECK(a.signal_index(&time_b) == -1);
    Out<double> stranger;
    CHECK(b.signal_index(&stranger) == -1);
    restore_time_inputs(b);
}
