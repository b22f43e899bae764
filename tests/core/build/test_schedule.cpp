#include "core/build/crawler.h"
#include "core/build/schedule.h"
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"
#include "thermofluid/boundaries/in_tank.h"
#include "thermofluid/processes/pressure_drop.h"
#include "support/called_object.h"
#include "support/test_components.h"
#include "support/networks.h"
#include "systems/examples/com_vessels.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/topological_sort.hpp>
#include <doctest/doctest.h>

#include <map>

using namespace lied;

namespace {
class TwoOscillators : public Component {
public:
    testing::VariableMassOscillator a, b;
    void metainfo(Meta& meta) override {
        meta.component(a, "a");
        meta.component(b, "b");
    }
    const char* type_name() const override { return "TwoOscillators"; }
};
}  // namespace

namespace {
// Every block of the schedule runs after the writers of what it reads.
void check_topological(const Simulator& sim) {
    const Model& m = sim.model();
    const Schedule& s = sim.schedule();
    REQUIRE(s.order.size() == m.blocks.size());
    std::map<const OutBase*, std::size_t> written_at;
    for (std::size_t k = 0; k < s.order.size(); ++k)
        for (auto* w : m.blocks[static_cast<std::size_t>(s.order[k])].writes) written_at[w] = k;
    for (std::size_t k = 0; k < s.order.size(); ++k) {
        const BlockInfo& b = m.blocks[static_cast<std::size_t>(s.order[k])];
        for (auto* r : b.reads) {
            auto it = written_at.find(resolved_out(r));
            if (it != written_at.end()) CHECK_MESSAGE(it->second < k, b.path << " reads " << m.signal_name(r) << " before it is written");
        }
    }
}
}  // namespace

TEST_CASE("the schedule runs every block after the writers of what it reads") {
    systems::ComVessels v;
    check_topological(Simulator(v));
    auto tree = testing::make_tree(16);
    check_topological(Simulator(*tree));
}

// The order Boost's topological sort gives on the dependency graph, edges listed by reader and read: the engine
// orders with its own search (reusing its memory across rebuilds) and promises this order.
std::vector<int> boost_order(const Model& m) {
    std::map<const OutBase*, std::size_t> writer;
    for (std::size_t b = 0; b < m.blocks.size(); ++b)
        for (auto* w : m.blocks[b].writes) writer[w] = b;
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> g(m.blocks.size());
    for (std::size_t b = 0; b < m.blocks.size(); ++b)
        for (auto* r : m.blocks[b].reads)
            if (auto it = writer.find(resolved_out(r)); it != writer.end()) boost::add_edge(it->second, b, g);
    std::vector<std::size_t> reverse;
    boost::topological_sort(g, std::back_inserter(reverse));
    return {reverse.rbegin(), reverse.rend()};
}

TEST_CASE("the blocks are ordered as Boost's topological sort orders them") {
    systems::ComVessels v;
    Simulator vessels(v);
    CHECK(vessels.schedule().order == boost_order(vessels.model()));
    auto tree = testing::make_tree(16);
    Simulator t(*tree);
    CHECK(t.schedule().order == boost_order(t.model()));
    auto chain = testing::make_chain(40);
    Simulator c(*chain);
    CHECK(c.schedule().order == boost_order(c.model()));
}

namespace {
// Equal order, partition, pattern and probe passes (two equal systems: the blocks' objects differ).
void check_same_structure(const Schedule& a, const Schedule& b) {
    CHECK(a.order == b.order);
    CHECK(a.is_dependent == b.is_dependent);
    CHECK(a.pattern_start == b.pattern_start);
    CHECK(a.pattern_rows == b.pattern_rows);
    CHECK(a.output_start == b.output_start);
    CHECK(a.output_rows == b.output_rows);
    CHECK(a.outputs_by_map == b.outputs_by_map);
    CHECK(a.probe_groups == b.probe_groups);
    CHECK(a.probe_block_start == b.probe_block_start);
    CHECK(a.probe_block_list == b.probe_block_list);
    CHECK(a.on_point_positions == b.on_point_positions);
    CHECK(a.finish_positions == b.finish_positions);
}
}  // namespace

TEST_CASE("a rebuild refills the schedule: equal to a fresh one of an equal system") {
    auto rebuilt_tree = testing::make_tree(16), fresh_tree = testing::make_tree(16);
    Simulator rebuilt(*rebuilt_tree);
    rebuilt.rebuild();
    rebuilt.rebuild();
    Simulator fresh(*fresh_tree);
    const Schedule &a = rebuilt.schedule(), &b = fresh.schedule();
    check_same_structure(a, b);
    for (auto [x, y] : {std::pair{&a.independent, &b.independent}, {&a.dependent, &b.dependent}, {&a.dependent_on_point, &b.dependent_on_point},
                        {&a.finish, &b.finish}, {&a.by_order, &b.by_order}})
        CHECK(x->size() == y->size());
    CHECK((rebuilt.linear_system().matrix() - fresh.linear_system().matrix()).cwiseAbs().maxCoeff() == 0.0);
}

namespace {
// Equal schedules of one system: the structure and every block entry (object and function).
void check_same_schedule(const Model& ma, const Schedule& a, const Model& mb, const Schedule& b) {
    check_same_structure(a, b);
    auto same_blocks = [&](const std::vector<Block>& x, const std::vector<Block>& y) {
        REQUIRE(x.size() == y.size());
        for (std::size_t k = 0; k < x.size(); ++k) CHECK((testing::called_object(ma, x[k]) == testing::called_object(mb, y[k]) && x[k].function == y[k].function));
    };
    same_blocks(a.independent, b.independent);
    same_blocks(a.dependent, b.dependent);
    same_blocks(a.dependent_on_point, b.dependent_on_point);
    same_blocks(a.finish, b.finish);
    same_blocks(a.by_order, b.by_order);
    same_blocks(a.passed_through, b.passed_through);
}
}  // namespace

TEST_CASE("a structure of the same shape reuses the schedule with the new blocks, another shape gets a new one") {
    auto tree = testing::make_tree(8);
    Simulator sim(*tree);
    CHECK_FALSE(sim.schedule().reused);
    sim.step(0.01);

    // A leaf valve replaced by a new valve: other objects, the same reads and writes by index.
    StructuralChange swap("l3 replaced");
    swap.replace("l3", std::make_unique<thermofluid::PressureDrop>(0.01, 700.0, 80.0));
    sim.apply(swap);
    CHECK(sim.schedule().reused);
    {
        Simulator fresh(*tree);   // the same tree, scheduled from scratch (takes the tree over)
        CHECK_FALSE(fresh.schedule().reused);
        check_same_schedule(sim.model(), sim.schedule(), fresh.model(), fresh.schedule());
    }
    sim.rebuild();   // takes the tree back: the same shape again
    CHECK(sim.schedule().reused);
    const Eigen::VectorXd before = sim.states();
    sim.step(0.01);
    CHECK((sim.states() - before).cwiseAbs().maxCoeff() > 0.0);

}

TEST_CASE("make_schedule orders a model of another shape from scratch, and reuses only for the shape it was made from") {
    auto eight = testing::make_tree(8), nine = testing::make_tree(9);
    Out<double> time;
    Schedule s, fresh;
    ScheduleWorkspace w, fresh_work;
    Model m8 = crawl(*eight, time);
    make_schedule(m8, s, w);
    CHECK_FALSE(s.reused);
    make_schedule(m8, s, w);
    CHECK(s.reused);
    restore_time_inputs(m8);
    const Model m9 = crawl(*nine, time);
    make_schedule(m9, s, w);
    CHECK_FALSE(s.reused);
    make_schedule(m9, fresh, fresh_work);
    check_same_schedule(m9, s, m9, fresh);
    restore_time_inputs(m9);
}

TEST_CASE("partition: the explicit part is independent of the tearing variables, the inertial part is not") {
    systems::ComVessels v;
    SimulatorOptions every_copy;   // the valves' and the tank's pass-throughs run as blocks
    every_copy.skip_pass_throughs = false;
    Simulator sim(v, every_copy);
    const Model& m = sim.model();
    std::map<std::string, bool> dependent;
    for (std::size_t b = 0; b < m.blocks.size(); ++b) dependent[m.blocks[b].path] = sim.schedule().is_dependent[b];
    for (const char* p : {"t1.evalState", "p1.evalState", "s.evalState", "p2.evalFlow", "t2.evalLevel", "t1.evalLevel"})
        CHECK_MESSAGE(!dependent.at(p), p);
    for (const char* p : {"t1.evalDerFlow", "p1.evalInertial", "s.evalInertial", "t2.evalInertial", "t1.evalResidual"})
        CHECK_MESSAGE(dependent.at(p), p);
    CHECK(sim.schedule().independent.size() == 13);
    CHECK(sim.schedule().dependent.size() == 12);
    // Both tearing variables reach the splitter: they cannot be probed together.
    CHECK(sim.schedule().probe_groups.size() == 2);
    CHECK(sim.schedule().passed_through.empty());

    // Skipped, the four pass-throughs of the explicit part (the tank's flow, the valves' flows) and the three of the
    // inertial part (the valves' ṁ') leave both lists; the partition of every block stays.
    systems::ComVessels w;
    Simulator skipping(w);
    CHECK(skipping.schedule().is_dependent == sim.schedule().is_dependent);
    CHECK(skipping.schedule().independent.size() == 13 - 4);
    CHECK(skipping.schedule().dependent.size() == 12 - 3);
    CHECK(skipping.schedule().passed_through.size() == 7);
}

TEST_CASE("blocks fed only by tearing variables and writing no output are left out of the run at z = 0") {
    systems::ComVessels v;
    SimulatorOptions every_copy;   // skipped, the valves' ṁ' pass-throughs would leave every list anyway
    every_copy.skip_pass_throughs = false;
    Simulator sim(v, every_copy);
    const Model& m = sim.model();
    const Schedule& s = sim.schedule();
    auto kept = [&](const char* path) {
        for (auto& b : m.blocks)
            if (b.path == path)
                for (const Block& k : s.dependent_on_point)
                    if (k.object == b.block.object && k.function == b.block.function) return true;
        return false;
    };
    // The valves pass ṁ' on: 0 at z = 0 wherever the system is.
    for (const char* p : {"p1.evalDerFlow", "p2.evalDerFlow", "p3.evalDerFlow"}) CHECK_MESSAGE(!kept(p), p);
    // The tank's and the splitter's also write state derivatives (ṁ' of their flow states): the solve overwrites those.
    for (const char* p : {"t1.evalDerFlow", "s.evalDerFlow"}) CHECK_MESSAGE(kept(p), p);
    // Fed by the explicit part (levels, clipped drops): differ from point to point.
    for (const char* p : {"p1.evalInertial", "t2.evalInertial", "s.evalInertial", "t1.evalResidual"}) CHECK_MESSAGE(kept(p), p);
    CHECK(s.dependent_on_point.size() == s.dependent.size() - 3);
}

TEST_CASE("tearing variables with disjoint reach sets are probed in one pass") {
    TwoOscillators two;
    two.b.m0 = 3.0;
    Simulator sim(two);
    REQUIRE(sim.schedule().probe_groups.size() == 1);
    CHECK(sim.schedule().probe_groups[0].size() == 2);
    Eigen::Matrix2d expected;
    expected << 1.5, 0, 0, 3.5;
    CHECK((sim.linear_system().matrix() - expected).cwiseAbs().maxCoeff() < 1e-12);
}

namespace {
// A plug of a made-up domain with a rule of its own, and a relay whose output depends on its input at once: two
// relays joined through plugs form a loop of blocks nothing breaks.
constexpr const char* kRelayRule = "every relay loop needs a latch";
class RelayPlug final : public Plug {
public:
    Out<double> y;
    In<double> u;
    bool ruled = true;
    void members(const MemberVisitor& visit) override {
        visit(y, "y");
        visit(u, "u");
    }
    const char* kind() const override { return "relay plug"; }
    const char* domain() const override { return "relay"; }
    bool is_outlet() const override { return true; }
    void connect_to(Plug&) override {}
    const char* loop_rule() const override { return ruled ? kRelayRule : nullptr; }
};
class PlugRelay final : public Component {
public:
    RelayPlug port;
    void pass() { port.y.value() = port.u.value(); }
    void metainfo(Meta& meta) override {
        meta.plug(port, "port");
        meta.block<&PlugRelay::pass>(this, "pass", {&port.u}, {&port.y});
    }
    const char* type_name() const override { return "PlugRelay"; }
};
class RelayLoop final : public Component {
public:
    PlugRelay a, b;
    explicit RelayLoop(bool ruled) {
        a.port.ruled = b.port.ruled = ruled;
        connect(a.port.y, b.port.u);
        connect(b.port.y, a.port.u);
    }
    void metainfo(Meta& meta) override {
        meta.component(a, "a");
        meta.component(b, "b");
    }
    const char* type_name() const override { return "RelayLoop"; }
};
}  // namespace

TEST_CASE("an algebraic loop through a plug's members names the plug's rule, and without one the value type's") {
    auto error_of = [](bool ruled) {
        RelayLoop loop(ruled);
        try {
            Simulator sim(loop);
        } catch (const BuildError& e) {
            return std::pair<std::string, std::string>(e.what(), e.rule());
        }
        return std::pair<std::string, std::string>();
    };
    const auto [ruled, ruled_rule] = error_of(true);
    CHECK(ruled.find("algebraic loop not broken by a state or tearing variable: ") == 0);
    CHECK(ruled.find("-[b.port.u]->") != std::string::npos);
    CHECK(ruled.find("(rule: every relay loop needs a latch)") != std::string::npos);
    CHECK(ruled_rule == kRelayRule);
    const auto [plain, plain_rule] = error_of(false);
    CHECK(plain.find("(rule: every cycle of blocks must pass through a state or a tearing variable)") != std::string::npos);
    CHECK(plain_rule == SignalTraits<double>::loop_rule);
}
