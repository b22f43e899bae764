// SpecText: a parameter's unit and description as declared at every crawl. Literals are held by address (a rebuild
// copies no text for them), anything else is owned and outlives what it was made from.
#include "core/model/meta.h"
#include "core/model/parameter_spec.h"
#include "core/simulation/simulator.h"
#include "core/model/spec_text.h"

#include <doctest/doctest.h>

#include <sstream>
#include <string>

using namespace lied;

TEST_CASE("a literal is viewed where it is, and copies keep viewing it") {
    static constexpr char kLiteral[] = "cross-section area of the pipe";
    const SpecText t = kLiteral;
    CHECK(t.is_literal());
    CHECK(t.view().data() == kLiteral);
    CHECK(t.view() == "cross-section area of the pipe");
    SpecText copy = t;
    CHECK(copy.view().data() == kLiteral);
    SpecText assigned = std::string("an owned text longer than the small-string buffer");
    assigned = t;   // an owned entry takes a literal: it views it again
    CHECK(assigned.is_literal());
    CHECK(assigned.view().data() == kLiteral);
    const ParameterSpec spec = ParameterSpec::positive("m2", "cross-section area");
    CHECK(spec.unit.is_literal());
    CHECK(spec.description.is_literal());
}

TEST_CASE("other text is owned: it outlives the string or buffer it came from") {
    SpecText from_string, from_pointer;
    {
        std::string s = "stiffness of the joint's spring, N/m";
        from_string = s;
        std::string p = "N.s/m";
        from_pointer = p.c_str();
        s.assign(s.size(), 'x');
        p.assign(p.size(), 'x');
    }
    CHECK_FALSE(from_string.is_literal());
    CHECK(from_string.view() == "stiffness of the joint's spring, N/m");
    CHECK_FALSE(from_pointer.is_literal());
    CHECK(from_pointer.view() == "N.s/m");
    const SpecText from_view = std::string_view("a view of a temporary");
    CHECK_FALSE(from_view.is_literal());
}

TEST_CASE("append composes an owned text, with the separator only after a non-empty one") {
    SpecText t = "inertance";
    t.append("; ", "system default ", "thermofluid.L");
    CHECK_FALSE(t.is_literal());
    CHECK(t.view() == "inertance; system default thermofluid.L");
    SpecText empty;
    empty.append("; ", "system default ", "thermofluid.L");
    CHECK(empty.view() == "system default thermofluid.L");
    std::ostringstream out;
    out << t;
    CHECK(out.str() == "inertance; system default thermofluid.L");
    CHECK(SpecText("a") == SpecText(std::string("a")));
}

namespace {
// A component whose parameter descriptions are owned texts made in metainfo (as dialectic mechanics compose their
// units): the model keeps copies, so they outlive the strings metainfo built them from.
struct ComposedTexts : Component {
    double c = 1.0, d = 2.0;
    Out<double> y;
    void metainfo(Meta& meta) override {
        const std::string unit = std::string("N") + "/m";
        meta.parameter(c, "c", ParameterSpec::non_negative(unit, std::string("stiffness, composed at ") + "crawl time"));
        meta.parameter(d, "d", ParameterSpec::non_negative("N.s/m", "damping"));
        meta.signal(y, "y");
        meta.block<&ComposedTexts::eval>(this, "eval", {}, {&y});
    }
    void eval() { y.value() = c + d; }
    const char* type_name() const override { return "ComposedTexts"; }
};
}  // namespace

TEST_CASE("a model keeps the texts a component composed in metainfo, across rebuilds") {
    ComposedTexts c;
    Simulator sim(c);
    sim.rebuild();
    const auto& p = sim.model().parameters;
    REQUIRE(p.size() == 2);
    CHECK(p[0].spec.unit.view() == "N/m");
    CHECK(p[0].spec.description.view() == "stiffness, composed at crawl time");
    CHECK_FALSE(p[0].spec.description.is_literal());
    CHECK(p[1].spec.description.view() == "damping");
    CHECK(p[1].spec.description.is_literal());
    CHECK(sim.unit("c") == "N/m");
}

TEST_CASE("an owned text keeps its buffer: a literal assigned in between views the literal, the next owned text reuses it") {
    SpecText entry = std::string("a description composed at crawl time");
    const char* buffer = entry.view().data();
    entry = SpecText("a literal");   // moved from a literal: the buffer stays
    CHECK(entry.is_literal());
    const SpecText declared = std::string("a shorter owned description");
    entry = declared;   // copied, as a crawl refills an entry
    CHECK_FALSE(entry.is_literal());
    CHECK(entry.view() == "a shorter owned description");
    CHECK(entry.view().data() == buffer);   // refilled at every crawl without allocating
    entry.append("; ", "system default ", "thermofluid.L");
    CHECK(entry.view() == "a shorter owned description; system default thermofluid.L");
    entry = entry;   // self-assignment keeps the text
    CHECK(entry.view() == "a shorter owned description; system default thermofluid.L");
}

TEST_CASE("copies of an owned text are independent, and a moved-from text is empty") {
    SpecText a = std::string("owned text of a parameter");
    SpecText b = a;
    CHECK(b.view() == a.view());
    CHECK(b.view().data() != a.view().data());
    b.append(", ", "changed");
    CHECK(a.view() == "owned text of a parameter");
    SpecText c = std::move(b);
    CHECK(c.view() == "owned text of a parameter, changed");
    CHECK(b.empty());   // NOLINT(bugprone-use-after-move): the moved-from state is part of the contract
    CHECK(b.view().empty());
    SpecText literal_copy = SpecText("unit");
    SpecText d = std::move(literal_copy);
    CHECK(d.is_literal());
    CHECK(d.view() == "unit");
}

TEST_CASE("append may take parts that view the text itself") {
    SpecText t = std::string("ab");
    t.append("-", t.view());   // the buffer grows: the part is copied before the old buffer is freed
    CHECK(t.view() == "ab-ab");
    SpecText lit = SpecText("xy");
    lit.append("+", lit.view());
    CHECK(lit.view() == "xy+xy");
}
