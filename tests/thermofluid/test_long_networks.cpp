// Long networks: manifolds (a comb of branches off one line) and ladders (rungs of two parallel branches that a
// junction joins again, fed by two sources). Without cuts every splitter's tearing variable reaches every residual
// (L dense: (N+1)² entries, N probe passes over O(N) blocks each); with Splitter/SplitterN/JunctionN::cut the
// same solution comes from a sparse L. Checked here: cut and uncut give the same trajectory, the ladder's steady
// state equals a hand calculation written in this file, mass is conserved at every split, and the cut L stays
// sparse with a fixed number of probe passes however long the network.
#include "core/model/build_error.h"
#include "core/model/introspection.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "support/captured_warnings.h"
#include "support/networks.h"
#include "systems/io/system_file.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/pressure_drop.h"
#include "thermofluid/topology/splitter_n.h"

#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

using namespace lied;
using namespace lied::thermofluid;

namespace {

// Runs `net` with RK4 at 1 ms for `seconds` from zero flows and returns the states.
Eigen::VectorXd run(Component& net, double seconds) {
    Simulator sim(net);
    for (int k = 0; k < static_cast<int>(std::lround(seconds / 1e-3)); ++k) sim.step(1e-3);
    return sim.states();
}

// The same trajectory up to round-off: the cut L is another (larger) linear system with the same solution, so the
// states differ by the solves' rounding, accumulated over the steps (measured ~1e-13 relative after 1000 steps).
void check_same_trajectory(const Eigen::VectorXd& cut, const Eigen::VectorXd& uncut) {
    REQUIRE(cut.size() == uncut.size());
    for (Eigen::Index i = 0; i < cut.size(); ++i) {
        CAPTURE(i);
        CHECK(std::abs(cut[i] - uncut[i]) <= 1e-9 * (1.0 + std::abs(uncut[i])));
    }
    CHECK(uncut.cwiseAbs().maxCoeff() > 1.0);   // the flows did start (a trajectory at rest would prove nothing)
}

// IdealizedWater (the default medium): ρ = 1000 kg/m³ at every state.
constexpr double kRho = 1000.0;

// A PressureDrop's law (pressure_drop.h): dp = ½·dp_ref·(v + v·|v|), v = (ṁ/ρ)/v_ref; and its inverse.
double drop(double m, double dp_ref, double v_ref = 0.01) {
    const double v = m / kRho / v_ref;
    return 0.5 * dp_ref * (v + v * std::abs(v));
}
double flow_at(double dp, double dp_ref, double v_ref = 0.01) {
    const double v = (-1.0 + std::sqrt(1.0 + 8.0 * std::abs(dp) / dp_ref)) / 2.0;
    return std::copysign(v * v_ref * kRho, dp);
}

// The root of an increasing function on [lo, hi] by bisection, to the last bits.
double root(const std::function<double(double)>& f, double lo, double hi) {
    for (int k = 0; k < 200 && hi - lo > 1e-14 * std::max(std::abs(lo), std::abs(hi)); ++k) {
        const double mid = 0.5 * (lo + hi);
        (f(mid) > 0 ? hi : lo) = mid;
    }
    return 0.5 * (lo + hi);
}

// Hand calculation of make_ladder(rungs) at steady state. Every dṁ/dt = 0, so r is constant along each stream and
// the total pressure p̂ + r falls only by the drops: at the junction both sources arrive at the same total pressure
// P_J (p_k − dp_dk(ṁ_k) = P_J), each rung's two branches share one drop Δ (dp_a(ṁ_a) = dp_b(ṁ_b) = Δ,
// ṁ_a + ṁ_b = ṁ), and P_J − Σ (Δ_i + dp_c(ṁ)) = p_sink. The parameters are make_ladder's.
struct LadderSteadyState {
    double m1, m2, m_a0, m_b0;
};
LadderSteadyState ladder_by_hand(int rungs) {
    const double p1 = 2.0e5, p2 = 1.9e5, p_sink = 1e5;
    auto branch_drop = [&](int i, double m) {   // Δ with ṁ_a(Δ) + ṁ_b(Δ) = ṁ
        const double a = 200.0 * (1 + i % 3), b = 300.0 * (1 + i % 2);
        return root([&](double d) { return flow_at(d, a) + flow_at(d, b) - m; }, -1e7, 1e7);
    };
    auto inflow = [&](double pj) { return flow_at(p1 - pj, 1000.0) + flow_at(p2 - pj, 2000.0); };
    const double pj = root(
        [&](double pj) {
            const double m = inflow(pj);
            double fall = 0.0;
            for (int i = 0; i < rungs; ++i) fall += branch_drop(i, m) + drop(m, 100.0);
            return pj - p_sink - fall;
        },
        p_sink, p1);
    const double m = inflow(pj);
    const double d0 = branch_drop(0, m);
    return {flow_at(p1 - pj, 1000.0), flow_at(p2 - pj, 2000.0), flow_at(d0, 200.0), flow_at(d0, 300.0)};
}

// Source → SplitterN(3) → three pressure drops → three Sinks, for SplitterN's cut.
struct Manifold3 : Component {
    Source source;
    SplitterN split{3};
    PressureDrop branch[3];
    Sink sink[3];
    explicit Manifold3(bool cut) {
        source.p0_par = 2e5;
        split.cut = cut ? thermofluid::Cut::on : thermofluid::Cut::off;
        connect(source.outlet, split.inlet);
        for (int k = 0; k < 3; ++k) {
            branch[k].dp_ref = 1000.0 * (k + 1);
            branch[k].L = 10.0 * (k + 1);
            sink[k].p0_par = 1e5;
            connect(split.outlets[k + 1], branch[k].inlet);
            connect(branch[k].outlet, sink[k].inlet);
        }
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(split, "split");
        for (int k = 0; k < 3; ++k) {
            meta.component(branch[k], "b" + std::to_string(k));
            meta.component(sink[k], "t" + std::to_string(k));
        }
    }
    const char* type_name() const override { return "Manifold3"; }
};

}  // namespace

TEST_CASE("a cut comb, ladder and SplitterN follow the same trajectory as uncut ones") {
    SUBCASE("comb of 6 branches") {
        auto cut = testing::make_comb(6, thermofluid::Cut::on), uncut = testing::make_comb(6, thermofluid::Cut::off);
        check_same_trajectory(run(*cut, 1.0), run(*uncut, 1.0));
    }
    SUBCASE("ladder of 5 rungs (splitters and junctions cut)") {
        auto cut = testing::make_ladder(5, thermofluid::Cut::on), uncut = testing::make_ladder(5, thermofluid::Cut::off);
        check_same_trajectory(run(*cut, 1.0), run(*uncut, 1.0));
    }
    SUBCASE("a collector: 5 sources joining a line through junctions") {
        auto cut = testing::make_collector(5, thermofluid::Cut::on), uncut = testing::make_collector(5, thermofluid::Cut::off);
        check_same_trajectory(run(*cut, 1.0), run(*uncut, 1.0));
    }
    SUBCASE("SplitterN with three outlets") {
        Manifold3 cut(true), uncut(false);
        check_same_trajectory(run(cut, 1.0), run(uncut, 1.0));
    }
}

TEST_CASE("the ladder's steady state equals the hand calculation, cut or not") {
    // The steady-state solver stops at |ẋ|/nominal ≤ 1e-10; the flows then agree with the bisection to about 1e-10
    // relative, so 1e-8 leaves room without hiding a wrong drop (one rung's law off by 1 % moves ṁ by ~1e-3).
    const LadderSteadyState expected = ladder_by_hand(4);
    for (const thermofluid::Cut cut : {thermofluid::Cut::on, thermofluid::Cut::off}) {
        CAPTURE(static_cast<int>(cut));
        auto net = testing::make_ladder(4, cut);
        Simulator sim(*net);
        sim.initialize_steady_state();
        CHECK(sim.value("source1.m_flow") == doctest::Approx(expected.m1).epsilon(1e-8));
        CHECK(sim.value("source2.m_flow") == doctest::Approx(expected.m2).epsilon(1e-8));
        CHECK(sim.value("a0.m_flow") == doctest::Approx(expected.m_a0).epsilon(1e-8));
        CHECK(sim.value("b0.m_flow") == doctest::Approx(expected.m_b0).epsilon(1e-8));
        // Mass: what both sources deliver leaves through the sink, and passes every rung.
        CHECK(sim.value("c3.m_flow") == doctest::Approx(expected.m1 + expected.m2).epsilon(1e-8));
    }
    CHECK(expected.m1 > 0.0);
    CHECK(expected.m2 > 0.0);   // both sources feed: the junction mixes two real streams
}

TEST_CASE("a cut comb conserves mass at every split, at every step") {
    auto net = testing::make_comb(8, thermofluid::Cut::on);
    Simulator sim(*net);
    for (int k = 0; k < 500; ++k) {
        sim.step(1e-3);
        sim.evaluate();   // step() keeps the states current; the flows of the elements are variables
        double out = sim.value("end.m_flow");
        for (int i = 0; i < 8; ++i) out += sim.value("b" + std::to_string(i) + ".m_flow");
        // The splitters compute outlet 2 as inlet − outlet 1, so only the sum's rounding remains.
        CHECK(out == doctest::Approx(sim.value("source.m_flow")).epsilon(1e-12));
    }
    CHECK(sim.value("source.m_flow") > 1.0);
}

TEST_CASE("cut networks keep L sparse and the probe passes few, however long") {
    SUBCASE("uncut, a comb's L is dense: every splitter reaches every residual") {
        auto comb = testing::make_comb(20, thermofluid::Cut::off);
        Simulator sim(*comb);
        CHECK(sim.schedule().nonzeros() == 21u * 21u);
        CHECK(sim.schedule().probe_groups.size() == 21u);
    }
    SUBCASE("cut comb and ladder: entries per tearing variable and probe passes do not grow with N") {
        for (bool ladder : {false, true}) {
            CAPTURE(ladder);
            auto small = ladder ? testing::make_ladder(20) : testing::make_comb(20);
            auto large = ladder ? testing::make_ladder(400) : testing::make_comb(400);
            Simulator a(*small), b(*large);
            const auto tearing = [](const Simulator& s) { return static_cast<double>(s.schedule().pattern_start.size() - 1); };
            CHECK(static_cast<double>(a.schedule().nonzeros()) / tearing(a) < 4.0);
            CHECK(static_cast<double>(b.schedule().nonzeros()) / tearing(b) < 4.0);
            CHECK(b.schedule().probe_groups.size() == a.schedule().probe_groups.size());
            CHECK(b.schedule().probe_groups.size() <= 6u);
            // Every block is probed about once per pass: the probe lists grow with N, not N².
            CHECK(b.schedule().probe_block_list.size() < 25 * a.schedule().probe_block_list.size());
        }
    }
}

TEST_CASE("a cut that is not auto, true or false is refused with the component and the options") {
    // C++ code cannot write such a cut (the choice is typed); text comes through the simulator, a file or --set.
    auto comb = testing::make_comb(2);
    Simulator sim(*comb);
    try {
        sim.set_choice("s1.cut", "yes");
        FAIL("accepted cut = yes");
    } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        CHECK(what.find("s1.cut = 'yes' is not one of its options (auto, false, true)") != std::string::npos);
    }
    sim.simulate(0.1);   // the previous value is in force
    CHECK(sim.choice("s1.cut") == "true");
}

TEST_CASE("cut set in a system file: the vessels with a cut splitter keep their volume and their trajectory") {
    std::ifstream in(LIED_SOURCE_DIR "/systems/examples/files/com_vessels.yaml");
    std::stringstream text;
    text << in.rdbuf();
    std::string cut_text = text.str();
    const std::string splitter = "s: {type: Splitter, description: flow split}";
    REQUIRE(cut_text.find(splitter) != std::string::npos);
    cut_text.replace(cut_text.find(splitter), splitter.size(), "s: {type: Splitter, description: flow split, parameters: {cut: true}}");
    auto cut = systems::parse_system_text(cut_text, "cut.yaml", ".");
    auto uncut = systems::parse_system_text(text.str(), "uncut.yaml", ".");
    Simulator a(*cut.root), b(*uncut.root);
    // The tank's outlet flow and the splitter's outlet 1; cut adds the splitter inlet's dṁ/dt and r.
    CHECK(b.schedule().pattern_start.size() - 1 == 2u);
    CHECK(a.schedule().pattern_start.size() - 1 == 4u);
    const double volume = a.value("t1.level") + a.value("t2.level") + a.value("t3.level");   // A = 1 m² each
    for (int k = 0; k < 3000; ++k) {   // 3 s at 1 ms, through the elevation step at 1 s
        a.step(1e-3);
        b.step(1e-3);
    }
    check_same_trajectory(a.states(), b.states());
    // The step raises t1's bottom, not its content: the water volume stays (the tanks exchange, nothing leaves).
    CHECK(a.value("t1.level") + a.value("t2.level") + a.value("t3.level") == doctest::Approx(volume).epsilon(1e-12));
}

TEST_CASE("building a large dense L warns and names the cure, a cut network does not") {
    testing::CapturedWarnings log;
    auto cut = testing::make_comb(300, thermofluid::Cut::on);
    { Simulator sim(*cut); }
    CHECK(log.str().empty());
    auto uncut = testing::make_comb(300, thermofluid::Cut::off);
    { Simulator sim(*uncut); }
    CHECK(log.str().find("L is dense: 301 tearing variables, 90601 of 90601 entries (100 %), probed in 301 passes") != std::string::npos);
    CHECK(log.str().find("cut = true on Splitter") != std::string::npos);
}

TEST_CASE("cut = auto: small networks and balanced trees stay uncut, long manifolds, collectors and ladders are cut, also after a rebuild") {
    const auto tearing = [](const Simulator& s) { return s.schedule().pattern_start.size() - 1; };
    auto small = testing::make_comb(10, thermofluid::Cut::automatic);
    Simulator a(*small);
    CHECK(tearing(a) == 11u);   // nothing to gain: the uncut reach sets are within their budget
    auto tree = testing::make_tree(1024);
    Simulator t(*tree);
    CHECK(tearing(t) == 1024u);   // a balanced tree's reach sets grow with log N only
    auto comb = testing::make_comb(300, thermofluid::Cut::automatic);
    Simulator c(*comb);
    CHECK(tearing(c) == 3u * 300u + 1u);   // every splitter cut: three tearing variables each, and the source's
    CHECK(c.schedule().probe_groups.size() <= 6u);
    c.rebuild();
    CHECK(tearing(c) == 3u * 300u + 1u);
    auto collector = testing::make_collector(200, thermofluid::Cut::automatic);
    Simulator k(*collector);
    CHECK(tearing(k) == 201u + 2u * 200u);   // every source's flow, and each junction's cut outlet
    CHECK(k.schedule().nonzeros() < 4 * tearing(k));
    auto ladder = testing::make_ladder(200, thermofluid::Cut::automatic);
    Simulator l(*ladder);
    CHECK(tearing(l) > 5u * 200u);   // the rungs' splitters and junctions (and the entry junction) cut
    CHECK(l.schedule().nonzeros() < 4 * tearing(l));
}

TEST_CASE("a cut the engine asked for survives another crawl of the same tree (introspection, a second simulator's failed build)") {
    // The components remember the request: otherwise a crawl without it would switch their blocks back to the uncut
    // equations while the first simulator's schedule and L expect the cut ones.
    auto reference = testing::make_comb(60, thermofluid::Cut::automatic);
    Simulator expected(*reference);
    REQUIRE(expected.schedule().probe_groups.size() <= 6u);   // asked for the cuts
    auto comb = testing::make_comb(60, thermofluid::Cut::automatic);
    Simulator sim(*comb);
    (void)describe(*comb);   // an introspection crawl, as `lied info` or a structural change's path lookup makes
    // A second simulator whose build fails after the splitters' metainfo (the sink's medium is unknown, and the sink
    // is crawled last): the first one takes the tree back.
    auto& sink = static_cast<Sink&>(*comb->child("sink"));
    sink.medium.name = "Unobtainium";
    CHECK_THROWS_AS(Simulator{*comb}, BuildError);
    sink.medium.name = kDefaultMedium;
    for (int k = 0; k < 200; ++k) {
        REQUIRE(sim.step(1e-3) == StepStatus::Ok);
        REQUIRE(expected.step(1e-3) == StepStatus::Ok);
    }
    CHECK(sim.states() == expected.states());   // the same equations in the same order: equal to the bit
}
