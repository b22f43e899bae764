// Vector and matrix parameters: their shapes and messages, their elements as parameters of their own, and how a
// simulator applies them: a value of the same shape in place, a new shape by a rebuild that carries the states over by
// name (or refuses the shape and keeps the old one), several arrays changed together by one structural change.
#include "core/model/array_parameter.h"
#include "core/model/block_lists.h"
#include "core/model/build_error.h"
#include "core/model/introspection.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"

#include <doctest/doctest.h>

#include <cmath>
#include <deque>
#include <stdexcept>
#include <string>

using namespace lied;

namespace {

// N independent decays der(x[i]) = −k[i]·x[i], N = the length of k; x_start gives N start values or none (all 1).
class Decays : public Component {
public:
    ArrayParameter k = ArrayParameter::vector({1.0, 2.0});
    ArrayParameter x_start;
    void metainfo(Meta& meta) override {
        meta.parameter(k, "k", ArraySpec::vector(ParameterSpec::positive("1/s", "decay rates")));
        meta.parameter(x_start, "x_start", ArraySpec::vector(ParameterSpec::any("", "start values").read_at_build()));
        n_ = static_cast<int>(k.size());
        const bool fits = x_start.empty() || x_start.size() == k.size();
        meta.require(fits, [&] { return "x_start is " + x_start.shape_text() + ", k " + k.shape_text(); }, "one start value per rate");
        if (!fits) n_ = 0;
        while (static_cast<int>(x_.size()) < n_) x_.emplace_back(1.0);
        lists_.reset();
        for (int i = 0; i < n_; ++i) {
            State& s = x_[static_cast<std::size_t>(i)];
            s.start = x_start.empty() ? 1.0 : x_start[static_cast<std::size_t>(i)];
            meta.state(s, "x[" + std::to_string(i + 1) + "]", 1.0, "");
            lists_.reads.push_back(&s.value);
            lists_.writes.push_back(&s.der);
        }
        meta.block<&Decays::rates>(this, "rates", lists_.reads, lists_.writes);
    }
    const char* type_name() const override { return "Decays"; }

private:
    void rates() {
        for (int i = 0; i < n_; ++i) x_[static_cast<std::size_t>(i)].der.value() = -k[static_cast<std::size_t>(i)] * x_[static_cast<std::size_t>(i)]();
    }
    std::deque<State> x_;
    BlockLists lists_;
    int n_ = 0;
};

class Holder : public Component {
public:
    Decays decay;
    void metainfo(Meta& meta) override { meta.component(decay, "decay"); }
    const char* type_name() const override { return "Holder"; }
};

SimulatorOptions rk4(double dt = 1e-3) {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = dt;
    return o;
}

}  // namespace

TEST_CASE("an array parameter knows its shape and says what is wrong with a value") {
    const ArrayParameter m = ArrayParameter::matrix({{0.0, 1.0}, {-1.0, -0.5}});
    CHECK(m.is_matrix());
    CHECK(m.rows() == 2);
    CHECK(m.cols() == 2);
    CHECK(m(1, 0) == -1.0);
    CHECK(m.shape_text() == "a 2x2 matrix");
    CHECK(m.text() == "[[0, 1], [-1, -0.5]]");
    CHECK(ArrayParameter::vector({1, 2, 3}).shape_text() == "a vector of 3 numbers");
    std::string name;
    m.element_name(name, "A", 2);
    CHECK(name == "A[2,1]");
    ArrayParameter::vector({4, 5}).element_name(name, "x_start", 1);
    CHECK(name == "x_start[2]");
    CHECK_THROWS_WITH_AS(ArrayParameter::matrix({{1.0, 2.0}, {3.0, 4.0, 5.0}}), doctest::Contains("row 2 has 3 numbers, row 1 has 2"), std::invalid_argument);

    const ArraySpec positive = ArraySpec::vector(ParameterSpec::positive("1/s", "decay rates"));
    CHECK(positive.refusal(ArrayParameter::vector({1, 2})).empty());
    CHECK(positive.refusal(m) == "expects a vector (a list of numbers, e.g. [1, 2]), got a 2x2 matrix");
    CHECK(positive.refusal(ArrayParameter::vector({1, -2})).find("element [2] = -2 is out of range") == 0);
    CHECK(positive.refusal(ArrayParameter::vector({1, NAN})).find("element [2] = nan") == 0);
    CHECK(ArraySpec::matrix(ParameterSpec::any("", "")).refusal(ArrayParameter::vector({1, 2})).find("expects a matrix") == 0);
    // An empty list is empty of whichever rank the parameter has.
    CHECK(ArraySpec::matrix(ParameterSpec::any("", "")).with_rank_of_empty(ArrayParameter{}).is_matrix());
}

TEST_CASE("an array's elements are parameters of their own, and listings know whose they are") {
    Decays d;
    const Model m = describe(d);
    REQUIRE(m.arrays.size() == 2);
    CHECK(m.arrays[0].path == "k");
    CHECK(m.arrays[1].value->empty());
    REQUIRE(m.parameters.size() == 2);   // k[1], k[2]; x_start has none
    CHECK(m.parameters[1].path == "k[2]");
    CHECK(m.parameters[1].array == 0);
    CHECK(*m.parameters[1].value == 2.0);
    CHECK(m.parameters[1].spec.unit.view() == "1/s");
}

TEST_CASE("a new value of the same shape applies at once, a new shape rebuilds and carries the states by name") {
    Holder h;
    Simulator sim(h, rk4());
    sim.simulate(0.5);
    const long generation = sim.names().generation();
    // An element by its own name, and the whole vector, without a rebuild.
    sim.set_parameter("decay.k[1]", 3.0);
    CHECK(sim.array_parameter("decay.k")[0] == 3.0);
    sim.set_parameter("decay.k", ArrayParameter::vector({0.5, 0.25}));
    CHECK(sim.parameter("decay.k[2]") == 0.25);
    CHECK(sim.names().generation() == generation);
    const double x1 = sim.value("decay.x[1]"), x2 = sim.value("decay.x[2]");
    // Three rates: a third state, the first two going on where they were (x_start empty: the new one starts at 1).
    sim.set_parameter("decay.k", ArrayParameter::vector({0.5, 0.25, 4.0}));
    CHECK(sim.names().generation() > generation);
    CHECK(sim.states().size() == 3);
    CHECK(sim.value("decay.x[1]") == x1);
    CHECK(sim.value("decay.x[2]") == x2);
    CHECK(sim.value("decay.x[3]") == 1.0);
    sim.simulate(1.5);
    // Each decays on at its own rate from where it was; rk4 at 1 ms is exact to about 1e-13 here.
    CHECK(sim.value("decay.x[1]") == doctest::Approx(x1 * std::exp(-0.5)).epsilon(1e-11));
    CHECK(sim.value("decay.x[3]") == doctest::Approx(std::exp(-4.0)).epsilon(1e-11));
}

TEST_CASE("a refused array names the parameter and the rule, and the old value stays") {
    Holder h;
    Simulator sim(h, rk4());
    CHECK_THROWS_WITH_AS(sim.set_parameter("decay.k", ArrayParameter::matrix({{1.0}})),
                         "decay.k expects a vector (a list of numbers, e.g. [1, 2]), got a 1x1 matrix", std::invalid_argument);
    CHECK_THROWS_WITH_AS(sim.set_parameter("decay.k", ArrayParameter::vector({1.0, 0.0})), doctest::Contains("decay.k element [2] = 0 is out of range (0, inf)"),
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(sim.set_parameter("decay.kk", ArrayParameter::vector({1.0})), doctest::Contains("did you mean 'decay.k'"), std::invalid_argument);
    CHECK_THROWS_WITH_AS(sim.set_parameter("decay.k[1]", ArrayParameter::vector({1.0})), doctest::Contains("is a number, not a vector or matrix"),
                         std::invalid_argument);
    // A shape the component refuses at build: the BuildError names it, the old shape runs on.
    sim.set_parameter("decay.x_start", ArrayParameter::vector({2.0, 3.0}));
    CHECK_THROWS_WITH_AS(sim.set_parameter("decay.k", ArrayParameter::vector({1.0, 2.0, 3.0})),
                         doctest::Contains("decay: x_start is a vector of 2 numbers, k a vector of 3 numbers"), BuildError);
    CHECK(sim.array_parameter("decay.k").size() == 2);
    CHECK(sim.states().size() == 2);
    sim.simulate(0.1);
    CHECK(std::isfinite(sim.value("decay.x[2]")));
}

TEST_CASE("a structural change sets arrays whose shapes must agree together, and may start the states afresh") {
    for (const bool fresh : {false, true}) {
        CAPTURE(fresh);
        Holder h;
        Simulator sim(h, rk4());
        sim.simulate(1.0);
        const double x1 = sim.value("decay.x[1]");
        StructuralChange change("three decays");
        change.set_parameter("decay.k", ArrayParameter::vector({1.0, 2.0, 3.0})).set_parameter("decay.x_start", ArrayParameter::vector({5.0, 6.0, 7.0}));
        if (fresh) change.start_fresh("decay");
        sim.apply(change);
        CHECK(sim.states().size() == 3);
        CHECK(sim.value("decay.x[1]") == (fresh ? 5.0 : x1));
        CHECK(sim.value("decay.x[3]") == 7.0);
    }
    // An element of an array given a new shape earlier in the same change is refused, not written into the old storage.
    Holder h;
    Simulator sim(h, rk4());
    StructuralChange change("reshape, then an element");
    change.set_parameter("decay.k", ArrayParameter::vector({1.0, 2.0, 3.0})).set_parameter("decay.k[1]", 9.0);
    CHECK_THROWS_WITH_AS(sim.apply(change), doctest::Contains("decay.k was given a new shape earlier in this change"), StructuralChangeError);
    CHECK(sim.array_parameter("decay.k").size() == 2);
    CHECK(sim.states().size() == 2);
}

TEST_CASE("an array set in a change keeps its elements' storage valid: a same-shape value read at build, an undone reshape") {
    // x_start is read at build: a value of the same shape goes into the same storage, so an element set after it in
    // the same change lands in the value that is built.
    Holder h;
    h.decay.x_start = ArrayParameter::vector({1.0, 1.0});
    Simulator sim(h, rk4());
    StructuralChange same("new starts");
    same.set_parameter("decay.x_start", ArrayParameter::vector({5.0, 6.0})).set_parameter("decay.x_start[1]", 9.0);
    sim.apply(same);
    CHECK(sim.array_parameter("decay.x_start")[0] == 9.0);
    CHECK(sim.array_parameter("decay.x_start")[1] == 6.0);
    // An element set, then a reshape, then an edit that fails: undone in reverse, the element's old value lands in the
    // storage that comes back (not in one that was freed).
    Holder h2;
    Simulator other(h2, rk4());
    StructuralChange failing("element, reshape, a missing component");
    failing.set_parameter("decay.k[1]", 7.0).set_parameter("decay.k", ArrayParameter::vector({1.0, 2.0, 3.0})).remove("nosuch");
    CHECK_THROWS_AS(other.apply(failing), StructuralChangeError);
    CHECK(other.array_parameter("decay.k").size() == 2);
    CHECK(other.parameter("decay.k[1]") == 1.0);
    CHECK(other.parameter("decay.k[2]") == 2.0);
}
