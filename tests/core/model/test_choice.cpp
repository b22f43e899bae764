// Typed choices: the option's name and the value a block reads stay one, whichever side sets them.
#include "core/model/build_error.h"
#include "core/model/choice.h"
#include "core/model/introspection.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"

#include <doctest/doctest.h>

namespace {

// y = gain·u with gain chosen by name: x2 ("double") or x3 ("triple"); `negate` flips the sign.
class Switchable final : public lied::Component {
public:
    enum class Gain { x2, x3 };   // the options' order
    lied::Choice<Gain> gain{Gain::x2};
    lied::Choice<bool> negate{false};
    lied::State x{1.0};
    void metainfo(lied::Meta& meta) override {
        static const lied::ChoiceSpec kGain{{"double", "triple"}, "the gain"};
        static const lied::ChoiceSpec kNegate{{"false", "true"}, "true: the opposite sign"};
        meta.choice(gain, "gain", kGain);
        meta.choice(negate, "negate", kNegate);
        meta.state(x, "x", 1.0, "");
        meta.block<&Switchable::eval>(this, "eval", {&x.value}, {&x.der});
    }
    const char* type_name() const override { return "Switchable"; }

private:
    void eval() { x.der.value() = (negate ? -1.0 : 1.0) * (gain == Gain::x3 ? 3.0 : 2.0); }
};

const std::string& text_of(const lied::Model& m, const std::string& path) {
    for (auto& c : m.choices)
        if (c.path == path) return *c.value;
    throw std::logic_error("no choice " + path);
}

}  // namespace

TEST_CASE("typed choice: the value assigned in C++ names its option at the next crawl") {
    Switchable s;
    CHECK(text_of(lied::describe(s), "gain") == "double");
    s.gain = Switchable::Gain::x3;
    s.negate = true;
    const lied::Model m = lied::describe(s);
    CHECK(text_of(m, "gain") == "triple");
    CHECK(text_of(m, "negate") == "true");
    CHECK(s.gain.text() == "triple");
}

TEST_CASE("typed choice: a name set through the engine is the value blocks read") {
    Switchable s;
    lied::Simulator sim(s);
    sim.set_choice("gain", "triple");   // rebuilds
    sim.set_choice("negate", "true");
    CHECK(s.gain == Switchable::Gain::x3);
    CHECK(s.negate.value());
    sim.simulate(1.0);
    CHECK(sim.value("x") == doctest::Approx(1.0 - 3.0));
    CHECK(sim.choice("gain") == "triple");
}

TEST_CASE("typed choice: a name that is no option is refused with the path and the options") {
    Switchable s;
    lied::Simulator sim(s);
    CHECK_THROWS_WITH_AS(sim.set_choice("gain", "quadruple"), doctest::Contains("gain = 'quadruple' is not one of its options (double, triple)"),
                         std::invalid_argument);
    CHECK(s.gain == Switchable::Gain::x2);   // the value in force stays
}
