// The pieces the Simulator steps with, each on its own: the step's dense output, the clock of time events and
// samplers, and the queue of structural changes still to come.
#include "core/build/crawler.h"
#include "core/model/meta.h"
#include "core/simulation/change_queue.h"
#include "core/simulation/event_clock.h"
#include "core/simulation/step_interpolant.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using namespace lied;

TEST_CASE("the step interpolant reproduces a cubic exactly and matches both ends") {
    // x(t) = 1 + 2t − t² + 0.5t³ over [0.2, 0.7]: a cubic Hermite interpolant of its ends is that cubic.
    auto x = [](double t) { return 1 + 2 * t - t * t + 0.5 * t * t * t; };
    auto dx = [](double t) { return 2 - 2 * t + 1.5 * t * t; };
    StepInterpolant step;
    step.resize(1);
    step.t0 = 0.2, step.t1 = 0.7;
    step.x0[0] = x(0.2), step.k0[0] = dx(0.2), step.x1[0] = x(0.7), step.k1[0] = dx(0.7);
    Eigen::VectorXd at(1);
    for (double t : {0.2, 0.3, 0.45, 0.61, 0.7}) {
        step.at(t, at);
        CHECK(at[0] == doctest::Approx(x(t)).epsilon(1e-14));   // rounding only
    }
}

namespace {
// Two time events (at 0.5 and 2 s) and a sampler (offset 0.1 s, period 0.3 s), counting their handler calls.
struct Clocked : Component {
    double first = 0.5, second = 2.0, period = 0.3, offset = 0.1;
    int first_calls = 0, second_calls = 0, samples = 0;
    void metainfo(Meta& meta) override {
        meta.time_event<&Clocked::on_first>(this, first, "first");
        meta.time_event<&Clocked::on_second>(this, second, "second");
        meta.sampled_event<&Clocked::on_sample>(this, period, offset, "sample");
    }
    const char* type_name() const override { return "Clocked"; }
    void on_first() { ++first_calls; }
    void on_second() { ++second_calls; }
    void on_sample() { ++samples; }
};
}  // namespace

TEST_CASE("the event clock fires each time event once, and samples at offset + k·period without drift") {
    Clocked c;
    Out<double> time;
    const Model model = crawl(c, time);
    REQUIRE(model.time_events.size() == 2);
    REQUIRE(model.sampled_events.size() == 1);
    EventClock clock;
    clock.configure(model);
    clock.start(0.0);   // every time event once for the start values; samplers fire at their samples
    CHECK(c.first_calls == 1);
    CHECK(c.samples == 0);
    CHECK(clock.next_after(0.0) == doctest::Approx(0.1));
    std::vector<int> fired;
    clock.fire_due(0.1, 0.1, fired, 3);   // the first sample; ids after 3 crossings: time events 3, 4, the sampler 5
    CHECK(fired == std::vector<int>{5});
    CHECK(c.samples == 1);
    CHECK(clock.sample_index[0] == 1);
    CHECK(clock.next_after(0.1) == doctest::Approx(0.4));
    fired.clear();
    clock.fire_due(0.5, 0.5, fired, 0);   // the time event at 0.5 and the sample at 0.4, once (a long step)
    CHECK(fired == std::vector<int>{0, 2});
    CHECK(clock.time_counts[0] == 1);
    CHECK(clock.sample_counts[0] == 2);
    CHECK(clock.sample_time(0) == doctest::Approx(0.7));   // the next sample after 0.5, none skipped twice
    CHECK_FALSE(clock.due(0.69));
    CHECK(clock.latest_due(0.6, 0.71) == doctest::Approx(0.7));
    fired.clear();
    clock.fire_due(0.5, 0.5, fired, 0);   // nothing fires twice at one instant
    CHECK(fired.empty());
    // Sample 10⁶ is at 0.1 + 10⁶·0.3 to rounding: computed, not summed.
    clock.sample_index[0] = 1000000;
    CHECK(clock.sample_time(0) == 0.1 + 1e6 * 0.3);
    CHECK(clock.first_sample_not_before(0, 1.0) == 3);     // 0.1 + 3·0.3 = 1.0 itself
    CHECK(clock.first_sample_not_before(0, 1.01) == 4);
    CHECK(clock.first_sample_not_before(0, -5.0) == 0);
}

TEST_CASE("the change queue keeps time order, equal times in the order given, and releases changes at their event") {
    ChangeQueue queue;
    queue.at(2.0, StructuralChange("b"));
    queue.at(1.0, StructuralChange("a"));
    queue.at(2.0, StructuralChange("c"));
    queue.after_event("watch.crossed", StructuralChange("d"));
    CHECK(queue.timed_descriptions() == std::vector<std::pair<double, std::string>>{{1.0, "a"}, {2.0, "b"}, {2.0, "c"}});
    CHECK(queue.waits_for_events());
    CHECK(queue.next_after(0.0) == 1.0);
    CHECK(queue.next_after(1.0) == 2.0);
    CHECK(std::isinf(queue.next_after(2.0)));
    CHECK_FALSE(queue.due(0.999));
    CHECK(queue.due(1.0));
    CHECK(queue.pop_due().description() == "a");
    queue.release("other.event", 1.5);   // nothing waits for it
    CHECK(queue.waits_for_events());
    queue.release("watch.crossed", 1.5);
    CHECK_FALSE(queue.waits_for_events());
    CHECK(queue.timed_descriptions() == std::vector<std::pair<double, std::string>>{{1.5, "d"}, {2.0, "b"}, {2.0, "c"}});
    CHECK(queue.take_timed().size() == 3);
    CHECK(queue.empty());
}
