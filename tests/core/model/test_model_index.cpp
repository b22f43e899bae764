// Model::signal_index answers from a hint the signal keeps (its index in the model that crawled it last). Two
// models of one tree, in which the signals have different indices, must both keep answering right. A crawl
// refills the previous model's entries: the result must not differ from a fresh crawl in any name or pointer.
#include "core/model/build_error.h"
#include "core/model/component_registry.h"
#include "core/build/crawler.h"
#include "core/model/introspection.h"
#include "core/model/meta.h"
#include "support/called_object.h"
#include "support/networks.h"
#include "systems/examples/com_vessels.h"
#include "thermofluid/flow_control/control_valve.h"
#include "thermofluid/boundaries/in_tank.h"
#include "thermofluid/boundaries/out_tank.h"
#include "thermofluid/processes/pressure_drop.h"

#include <tuple>

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

namespace {
// The message of the BuildError a crawl into the recycled `m` throws, or "" if it builds (the throw takes `m`).
std::string refused_crawl(Component& root, Out<double>& time, Model& m) {
    try {
        m = crawl(root, time, std::move(m));
    } catch (const BuildError& e) {
        return e.what();
    }
    return "";
}

// Every name and pointer of two models, list by list.
void check_same(const Model& refilled, const Model& fresh) {
    auto same = [](const auto& a, const auto& b, auto&& fields) {
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) CHECK(fields(a[i]) == fields(b[i]));
    };
    same(refilled.components, fresh.components, [](auto& c) { return std::tuple(c.path, c.component, c.description); });
    same(refilled.signals, fresh.signals, [](auto& s) { return std::tuple(s.path, s.signal, s.component, s.plug); });
    same(refilled.plugs, fresh.plugs, [](auto& p) { return std::tuple(p.path, p.plug, p.component, p.shared_property); });
    // A pass-through's Block points at its model's entry (each model has its own): compared by what it copies, and
    // the entries themselves below.
    auto blocks_of = [](const Model& m) {
        std::vector<std::tuple<std::string, const void*, std::vector<const SignalBase*>, std::vector<const OutBase*>, int, bool>> list;
        for (auto& b : m.blocks)
            list.emplace_back(b.path, testing::called_object(m, b.block), std::vector(b.reads.begin(), b.reads.end()),
                              std::vector(b.writes.begin(), b.writes.end()), b.component, b.skipped);
        return list;
    };
    same(blocks_of(refilled), blocks_of(fresh), [](auto& b) { return b; });
    same(refilled.pass_throughs, fresh.pass_throughs, [](auto& p) { return std::tuple(p.source, p.out, p.copy, p.block); });
    same(refilled.parameters, fresh.parameters,
         [](auto& p) { return std::tuple(p.path, p.value, p.spec.unit, p.spec.description, p.component, p.system_default); });
    same(refilled.variables, fresh.variables, [](auto& v) { return std::tuple(v.path, v.value, v.unit, v.component); });
    same(refilled.choices, fresh.choices, [](auto& c) { return std::tuple(c.path, c.value, c.spec->options, c.component); });
    same(refilled.states, fresh.states, [](auto& st) { return std::tuple(st.path, st.state, st.nominal, st.unit, st.component); });
    same(refilled.tearing, fresh.tearing, [](auto& t) { return std::tuple(t.path, t.variable, t.component); });
    same(refilled.residuals, fresh.residuals, [](auto& r) { return std::tuple(r.path, r.residual, r.component); });
    same(refilled.ranges, fresh.ranges, [](auto& r) {
        return std::tuple(r.path, r.range.min, r.range.max, r.range.min_exclusive, r.range.rule, r.component, r.state, r.variable, r.value, r.unit);
    });
    same(refilled.links, fresh.links, [](auto& l) { return std::tuple(l.source, l.is_in, l.conflicting, l.optional, l.real); });
}
}  // namespace

TEST_CASE("a crawl that refills the previous model's entries gives the model a fresh crawl gives") {
    auto big = testing::make_tree(8);     // more entries than the next structure: the rest must go
    auto small = testing::make_chain(3);  // other names, shorter and longer ones
    Out<double> time;
    Model model = crawl(*big, time);
    model = crawl(*small, time, std::move(model));
    const Model fresh = crawl(*small, time);
    check_same(model, fresh);
    for (std::size_t i = 0; i < model.signals.size(); ++i) CHECK(model.signal_index(model.signals[i].signal) == static_cast<int>(i));

    model = crawl(*big, time, std::move(model));   // and growing again
    const Model fresh_big = crawl(*big, time);
    check_same(model, fresh_big);
}

namespace {
// Two valves and a tank whose names (and the valves' types) the test chooses: the same positions under other names.
std::unique_ptr<Composite> named_line(const char* first, const char* second, const char* tank, bool control_valve = false) {
    auto net = std::make_unique<Composite>("Line");
    auto& source = static_cast<thermofluid::OutTank&>(net->add("source", std::make_unique<thermofluid::OutTank>()));
    std::unique_ptr<Component> a;
    if (control_valve) a = std::make_unique<thermofluid::BasicControlValve>();
    else a = std::make_unique<thermofluid::PressureDrop>();
    auto& va = static_cast<thermofluid::SISOFlow&>(net->add(first, std::move(a)));
    auto& vb = static_cast<thermofluid::PressureDrop&>(net->add(second, std::make_unique<thermofluid::PressureDrop>()));
    auto& t = static_cast<thermofluid::InTank&>(net->add(tank, std::make_unique<thermofluid::InTank>()));
    connect(source.outlet, va.inlet);
    connect(va.outlet, vb.inlet);
    connect(vb.outlet, t.inlet);
    return net;
}
}  // namespace

TEST_CASE("refilled entries equal a fresh crawl through renames, swaps and changes of type") {
    // Every way a refilled entry could keep a stale name: an owner renamed with the same member names, owners
    // swapped, a change of type that shifts every later entry onto other owners, and back; each refilled model must
    // equal a fresh crawl.
    Out<double> time;
    auto first = named_line("a", "b", "tank");
    Model model = crawl(*first, time);
    const std::vector<std::unique_ptr<Composite>> steps = [] {
        std::vector<std::unique_ptr<Composite>> v;
        v.push_back(named_line("c", "b", "tank"));        // one valve renamed: same members, another prefix
        v.push_back(named_line("b", "c", "tank"));        // two swapped
        v.push_back(named_line("b", "c", "tank", true));  // another type first: later entries move to other owners
        v.push_back(named_line("b", "c", "tank"));        // and back
        v.push_back(named_line("b", "c", "t"));           // the last one renamed
        v.push_back(named_line("a", "b", "tank"));
        return v;
    }();
    for (std::size_t k = 0; k < steps.size(); ++k) {
        CAPTURE(k);
        model = crawl(*steps[k], time, std::move(model));
        const Model fresh = crawl(*steps[k], time);
        check_same(model, fresh);
    }
    // A crawl of the same tree again leaves every path in place (no name changed).
    model = crawl(*steps.back(), time, std::move(model));
    CHECK_FALSE(model.names_changed);
}

TEST_CASE("each block's reads and writes as model indices: reads resolved to their Out, fallbacks marked") {
    systems::ComVessels vessels;
    Out<double> time;
    const Model m = crawl(vessels, time);
    int fallbacks = 0;
    for (std::size_t k = 0; k < m.blocks.size(); ++k) {
        const BlockInfo& b = m.blocks[k];
        CAPTURE(b.path);
        const auto reads = m.read_indices(k);
        REQUIRE(reads.size() == b.reads.size());
        for (std::size_t i = 0; i < reads.size(); ++i) {
            const OutBase* o = resolved_out(b.reads[i]);
            CHECK(reads[i] == (o ? m.signal_index(o) : Model::kNoSource));
            CHECK((reads[i] < 0 || m.signals[static_cast<std::size_t>(reads[i])].signal == o));
            fallbacks += !o;
        }
        const auto writes = m.write_indices(k);
        REQUIRE(writes.size() == b.writes.size());
        for (std::size_t i = 0; i < writes.size(); ++i) CHECK(m.signals[static_cast<std::size_t>(writes[i])].signal == b.writes[i]);
    }
    CHECK(fallbacks == 2);   // t2's and t3's elevation: optional, unbound
    restore_time_inputs(m);
}

TEST_CASE("what the crawl asks each signal object once (Model::links) is what the object answers") {
    systems::ComVessels vessels;
    Out<double> time;
    const Model m = crawl(vessels, time);
    REQUIRE(m.links.size() == m.signals.size());
    int ins = 0, reals = 0;
    for (std::size_t i = 0; i < m.signals.size(); ++i) {
        const SignalBase* s = m.signals[i].signal;
        const Model::SignalLinks& l = m.links[i];
        CAPTURE(m.signals[i].path);
        CHECK(l.is_in == s->is_in());
        if (s->is_in()) {
            auto* in = static_cast<const InBase*>(s);
            CHECK(l.source == (in->source() ? m.signal_index(in->source()) : Model::kNoSource));
            CHECK(l.optional == in->optional());
            CHECK_FALSE(l.conflicting);
            CHECK(l.real == nullptr);
            ++ins;
        } else {
            auto* real = dynamic_cast<const Out<double>*>(s);
            CHECK(l.real == (real ? &real->value() : nullptr));
            reals += real != nullptr;
        }
    }
    CHECK(ins > 0);
    CHECK(reals > 0);
    restore_time_inputs(m);
}

TEST_CASE("every named entry carries the hash of its path (the unique-name check reads only those)") {
    auto tree = testing::make_tree(8);
    Out<double> time;
    Model m = crawl(*tree, time);
    auto check = [](const auto& list) {
        for (auto& e : list) CHECK_MESSAGE(e.path_hash == std::hash<std::string_view>{}(e.path), e.path);
    };
    for (int round = 0; round < 2; ++round) {   // fresh, then refilled
        check(m.components);
        check(m.signals);
        check(m.parameters);
        check(m.blocks);
        m = crawl(*tree, time, std::move(m));
    }
    restore_time_inputs(m);
}

TEST_CASE("each plug's shared property (its medium) is read once by the crawl, and is what the plug answers") {
    auto tree = testing::make_tree(4);
    Out<double> time;
    Model m = crawl(*tree, time);
    for (int round = 0; round < 2; ++round) {   // fresh, then refilled
        REQUIRE(!m.plugs.empty());
        for (const PlugInfo& p : m.plugs) {
            CAPTURE(p.path);
            CHECK(p.shared_property == p.plug->shared_property());
            CHECK(p.shared_property == "IdealizedWater");
        }
        m = crawl(*tree, time, std::move(m));
    }
    restore_time_inputs(m);
}

namespace {
// A plug whose property its component sets after registering it, and a parent that registers its child's plug.
struct PropertyPlug final : Plug {
    std::string property;
    void members(const MemberVisitor&) override {}
    const char* kind() const override { return "test plug"; }
    const char* domain() const override { return "test"; }
    bool is_outlet() const override { return true; }
    void connect_to(Plug&) override {}
    std::string_view shared_property() const override { return property; }
};
struct SetsPropertyLate final : Component {
    PropertyPlug plug;
    void metainfo(Meta& meta) override {
        meta.plug(plug, "port");
        plug.property = "late";   // anywhere in metainfo counts
    }
    const char* type_name() const override { return "SetsPropertyLate"; }
};
struct ExposesChildPlug final : Component {
    SetsPropertyLate child;
    void metainfo(Meta& meta) override {
        meta.plug(child.plug, "exposed");   // before the child set it
        meta.component(child, "child");
    }
    const char* type_name() const override { return "ExposesChildPlug"; }
};
}  // namespace

TEST_CASE("a plug's shared property is read when the metainfo of the component that registered it has returned") {
    ExposesChildPlug root;
    Out<double> time;
    const Model m = crawl(root, time);
    REQUIRE(m.plugs.size() == 2);
    CHECK(m.plugs[0].path == "exposed");
    CHECK(m.plugs[0].shared_property == "late");
    CHECK(m.plugs[1].path == "child.port");
    CHECK(m.plugs[1].shared_property == "late");
}

TEST_CASE("a plug's member signals know their plug, other signals know they have none") {
    systems::ComVessels vessels;
    Out<double> time;
    const Model m = crawl(vessels, time);
    int members = 0;
    for (const SignalInfo& s : m.signals) {
        if (s.plug < 0) continue;
        ++members;
        const PlugInfo& plug = m.plugs[static_cast<std::size_t>(s.plug)];
        CHECK(s.path.rfind(plug.path + ".", 0) == 0);   // "<plug path>.<member>"
        CHECK(s.component == plug.component);
    }
    int expected = 0;
    for (const PlugInfo& p : m.plugs) p.plug->members([&](SignalBase&, std::string_view) { ++expected; });
    CHECK(members == expected);
    CHECK(m.signals.front().path == "time");
    CHECK(m.signals.front().plug == -1);
    for (const SignalInfo& s : m.signals)
        if (s.path.find("der(") != std::string::npos) CHECK(s.plug == -1);   // a state's derivative is no plug member
    restore_time_inputs(m);
}

namespace {
// Two signals whose names the test chooses between crawls.
struct Renamable final : Component {
    std::string first = "a", second = "b";
    Out<double> x, y;
    void metainfo(Meta& meta) override {
        meta.signal(x, first);
        meta.signal(y, second);
    }
    const char* type_name() const override { return "Renamable"; }
};
struct TwoRenamables final : Component {
    Renamable one, two;
    bool extra = false;
    Out<double> z;
    void metainfo(Meta& meta) override {
        meta.component(one, "one");
        meta.component(two, "two");
        if (extra) meta.signal(z, "z");   // last: dropping it leaves every other path as it was
    }
    const char* type_name() const override { return "TwoRenamables"; }
};
}  // namespace

TEST_CASE("a crawl that writes exactly the names of the last one skips the unique-name check, which still checks any other name") {
    TwoRenamables root;
    Out<double> time;
    Model m = crawl(root, time);
    CHECK(m.names_changed);
    CHECK(m.names_unique);
    m = crawl(root, time, std::move(m));
    CHECK_FALSE(m.names_changed);   // every path as before: hashes kept, check skipped
    CHECK(m.names_unique);

    root.two.second = "c";   // another name, still unique
    m = crawl(root, time, std::move(m));
    CHECK(m.names_changed);
    CHECK(m.names_unique);
    CHECK(m.signals.back().path == "two.c");
    CHECK(m.signals.back().path_hash == std::hash<std::string_view>{}("two.c"));

    root.two.second = "a";   // a duplicate of two.a after a crawl that passed: refused all the same
    CHECK(refused_crawl(root, time, m) == "two.a: the name is used twice (signal and signal) (rule: names are unique within a component)");
    root.two.second = "b";
    root.extra = true;
    Model again = crawl(root, time);
    again = crawl(root, time, std::move(again));
    CHECK_FALSE(again.names_changed);
    root.extra = false;   // one entry fewer, every written path as before: the count alone marks the change
    again = crawl(root, time, std::move(again));
    CHECK(again.names_changed);
    CHECK(again.names_unique);
    restore_time_inputs(again);
}

namespace {
// A row of components whose first one gains or loses signals: a change of shape that shifts every later entry.
struct Growing final : Component {
    std::vector<std::string> extra;   // names of the first member's additional signals
    std::vector<Out<double>> outs = std::vector<Out<double>>(8);
    Renamable first, rest[50];
    void metainfo(Meta& meta) override {
        meta.component(first, "first");
        for (std::size_t i = 0; i < extra.size(); ++i) meta.signal(outs[i], extra[i]);
        for (int i = 0; i < 50; ++i) meta.component(rest[i], "r" + std::to_string(i));
    }
    const char* type_name() const override { return "Growing"; }
};
}  // namespace

TEST_CASE("after a change of shape the names are checked by what changed, and a duplicate is still refused by name") {
    Growing root;
    Out<double> time;
    Model m = crawl(root, time);
    REQUIRE(m.names_unique);
    REQUIRE(m.checked_hashes_distinct);
    const std::size_t signals = m.signals.size();
    CHECK(m.full_name_checks == 1);

    root.extra = {"first.c", "e"};   // two entries inserted after the first component: every later one moves
    m = crawl(root, time, std::move(m));
    CHECK(m.names_changed);
    CHECK(m.names_unique);
    CHECK(m.full_name_checks == 1);   // decided by the two new names alone
    CHECK(m.signals.size() == signals + 2);
    CHECK(m.checked_name_hashes.size() == m.components.size() - 1 + m.signals.size() + m.parameters.size() + m.blocks.size());

    root.extra = {"r49"};   // the name of a component at the far end: the same message as a full check gives
    CHECK(refused_crawl(root, time, m) == "r49: the name is used twice (component and signal) (rule: names are unique within a component)");
    root.extra.clear();
    m = crawl(root, time);   // the throw took the model with it
    root.extra = {"first.a"};   // repeats a signal of the first component
    CHECK(refused_crawl(root, time, m) == "first.a: the name is used twice (signal and signal) (rule: names are unique within a component)");
}

namespace {
// "x" is a state or a variable, with a valid range on it: a refilled range must follow the change.
struct StateOrVariable final : Component {
    bool as_state = false;
    State s;
    double v = 1.0;
    void metainfo(Meta& meta) override {
        if (as_state) {
            meta.state(s, "x", 1.0, "m");
            meta.block<&StateOrVariable::rest>(this, "rest", {}, {&s.der});
        } else {
            meta.variable(v, "x", "kg");
        }
        meta.valid_range("x", ValidRange::at_least(0.0, "x is not negative"));
    }
    void rest() { s.der.value() = 0.0; }
    const char* type_name() const override { return "StateOrVariable"; }
};
}  // namespace

TEST_CASE("a refilled valid range resolves again when its name turns from a variable into a state and back") {
    StateOrVariable c;
    Out<double> time;
    Model m = crawl(c, time);
    REQUIRE(m.ranges.size() == 1);
    CHECK(m.ranges[0].state == -1);
    CHECK(m.ranges[0].value == &c.v);
    CHECK(m.ranges[0].unit == "kg");
    c.as_state = true;
    m = crawl(c, time, std::move(m));
    CHECK(m.ranges[0].state == 0);
    CHECK(m.ranges[0].variable == -1);
    CHECK(m.ranges[0].value == nullptr);
    CHECK(m.ranges[0].unit == "m");
    c.as_state = false;
    m = crawl(c, time, std::move(m));
    CHECK(m.ranges[0].state == -1);
    CHECK(m.ranges[0].value == &c.v);
    CHECK(m.ranges[0].unit == "kg");
    restore_time_inputs(m);
}

TEST_CASE("write_path writes '<prefix>.<name>' and says whether the text changed, for every length and position of a difference") {
    // Lengths around the eight-byte words it compares, a difference at each position of prefix and name.
    for (std::size_t prefix_size : {0u, 1u, 3u, 7u, 8u, 9u, 16u, 17u}) {
        for (std::size_t name_size : {1u, 2u, 7u, 8u, 9u, 15u, 16u, 24u}) {
            const std::string prefix(prefix_size, 'p'), name(name_size, 'n');
            const std::string expected = prefix.empty() ? name : prefix + "." + name;
            std::string out;
            CHECK(write_path(out, prefix, name));
            CHECK(out == expected);
            CHECK_FALSE(write_path(out, prefix, name));   // the same text: nothing written
            for (std::size_t at = 0; at < expected.size(); ++at) {
                std::string changed = expected;
                changed[at] = 'x';   // the old text differs in one byte: the new one is written
                CAPTURE(at);
                CHECK(write_path(changed, prefix, name));
                CHECK(changed == expected);
            }
            std::string longer = expected + "z";
            CHECK(write_path(longer, prefix, name));
            CHECK(longer == expected);
        }
    }
}

namespace {
// A block's read whose signal is registered once, then twice (the first registration's index counts).
struct RegistersTwice final : Component {
    bool twice = false;
    Out<double> a, x, y;
    void metainfo(Meta& meta) override {
        if (twice) meta.signal(x, "alias");
        else meta.signal(a, "a");
        meta.signal(x, "x");
        meta.signal(y, "y");
        meta.block<&RegistersTwice::run>(this, "run", {&x}, {&y});
        meta.block<&RegistersTwice::start>(this, "start", {}, {&x});
    }
    void run() { y.value() = x.value(); }
    void start() { x.value() = 1.0; }
    const char* type_name() const override { return "RegistersTwice"; }
};
}  // namespace

TEST_CASE("a refilled model's block indices equal a fresh crawl's, after a change of shape and for a signal registered twice") {
    auto tree = testing::make_tree(8);
    auto chain = testing::make_chain(5);
    Out<double> time;
    auto same_indices = [](const Model& refilled, const Model& fresh) {
        REQUIRE(refilled.blocks.size() == fresh.blocks.size());
        for (std::size_t k = 0; k < fresh.blocks.size(); ++k) {
            CAPTURE(fresh.blocks[k].path);
            const auto r = refilled.read_indices(k), f = fresh.read_indices(k);
            const auto w = refilled.write_indices(k), g = fresh.write_indices(k);
            CHECK(std::vector(r.begin(), r.end()) == std::vector(f.begin(), f.end()));
            CHECK(std::vector(w.begin(), w.end()) == std::vector(g.begin(), g.end()));
        }
    };
    Model m = crawl(*tree, time);
    m = crawl(*chain, time, std::move(m));   // every position holds another signal now
    same_indices(m, crawl(*chain, time));
    m = crawl(*chain, time, std::move(m));   // every position as before: the kept indices answer
    same_indices(m, crawl(*chain, time));
    restore_time_inputs(m);

    RegistersTwice c;
    Model n = crawl(c, time);
    CHECK(n.read_indices(0)[0] == 2);   // time, a, x
    c.twice = true;                     // time, x as "alias", x: the same object where it was, but first at 1
    n = crawl(c, time, std::move(n));
    CHECK(n.read_indices(0)[0] == 1);
    CHECK(n.write_indices(1)[0] == 1);
    same_indices(n, crawl(c, time));
}

namespace {
// A state, a tearing variable and a residual whose signals may be registered once before, under other names.
struct EngineSignalsTwice final : Component {
    bool twice = false;
    State s{0.0};
    Out<double> z, r;
    void metainfo(Meta& meta) override {
        if (twice) {
            meta.signal(s.der, "early_der");
            meta.signal(z, "early_z");
            meta.signal(r, "early_r");
        }
        meta.state(s, "s", 1.0, "");
        meta.tearing(z, "z");
        meta.residual(r, "r");
        meta.block<&EngineSignalsTwice::derivative>(this, "derivative", {&z}, {&s.der});
        meta.block<&EngineSignalsTwice::residual>(this, "residual", {&s.value, &z}, {&r});
    }
    void derivative() { s.der.value() = z.value(); }
    void residual() { r.value() = z.value() + s(); }
    const char* type_name() const override { return "EngineSignalsTwice"; }
};
}  // namespace

TEST_CASE("states, tearing variables and residuals are found where Meta registered them, or at their first registration") {
    auto same_as_by_object = [](const Model& m) {
        for (std::size_t k = 0; k < m.states.size(); ++k) {
            CHECK(m.state_value_signal(k) == m.signal_index(&m.states[k].state->value));
            CHECK(m.state_derivative_signal(k) == m.signal_index(&m.states[k].state->der));
        }
        for (std::size_t j = 0; j < m.tearing.size(); ++j) CHECK(m.tearing_signal(j) == m.signal_index(m.tearing[j].variable));
        for (std::size_t i = 0; i < m.residuals.size(); ++i) CHECK(m.residual_signal(i) == m.signal_index(m.residuals[i].residual));
    };
    Out<double> time;
    auto tree = testing::make_tree(8);
    Model m = crawl(*tree, time);
    same_as_by_object(m);
    restore_time_inputs(m);

    EngineSignalsTwice c;
    Model n = crawl(c, time);
    same_as_by_object(n);
    c.twice = true;   // time, early_der, early_z, early_r, s, der(s), z, r
    n = crawl(c, time, std::move(n));
    same_as_by_object(n);
    CHECK(n.state_derivative_signal(0) == 1);
    CHECK(n.tearing_signal(0) == 2);
    CHECK(n.residual_signal(0) == 3);
    CHECK(n.states[0].derivative_signal == 5);   // where Meta::state registered it: the second registration
}

TEST_CASE("metainfo twice in a row gives the same model, for every registered component type") {
    // A rebuild re-reads every component and refills the model by position, so what a component registers must
    // depend on the component alone, not on how often it was crawled (a list grown at every call, a decision
    // remembered from the last crawl). Each type, as `lied describe` makes it, described twice.
    for (const auto& type : ComponentRegistry::instance().types()) {
        CAPTURE(type.name);
        auto c = type.make();
        const Model first = describe(*c, "x");
        const Model second = describe(*c, "x");
        check_same(second, first);
    }
}
