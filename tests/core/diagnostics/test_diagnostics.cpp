// Every build-time diagnostic on a deliberately broken composition, with its message pinned.
#include "support/build_error_of.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/model/state.h"
#include "core/simulation/simulator.h"
#include "support/test_components.h"
#include "systems/examples/com_vessels.h"
#include "thermofluid/interfaces/fluid_plugs.h"
#include "thermofluid/processes/pressure_drop.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>

using namespace lied;
using lied::systems::ComVessels;
using lied::thermofluid::PressureDrop;
using lied::testing::build_error_of;

namespace {
// The message of the SimulationError that stops sim before t_end ("<no error>" if none does).
std::string simulation_error_of(Simulator& sim, double t_end) {
    try {
        sim.simulate(t_end);
    } catch (const SimulationError& e) {
        return e.what();
    }
    return "<no error>";
}

// Two pressure drops connected in a ring: a flow loop without a volume.
class Ring : public Component {
public:
    PressureDrop a, b;
    Ring() {
        connect(a.outlet, b.inlet);
        connect(b.outlet, a.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(a, "a");
        meta.component(b, "b");
    }
    const char* type_name() const override { return "Ring"; }
};
}  // namespace

TEST_CASE("unbound In: names the signal, its plug and the rule") {
    ComVessels v;
    disconnect(v.s.outlet1, v.p2->inlet);
    const std::string msg = build_error_of(v);
    CHECK(msg == "s.outlet1.r: In-signal is not bound (rule: every In-signal is bound to exactly one Out; connect its plug)");
}

TEST_CASE("an In bound to two Outs names both") {
    ComVessels v;
    connect(v.s.outlet2, v.p2->inlet);   // p2 is already fed by s.outlet1
    const std::string msg = build_error_of(v);
    // s.outlet2.r now feeds back from both p3 and p2; it is registered first, so it is named.
    CHECK(msg.find("s.outlet2.r: In-signal is bound to two Outs, p3.inlet.r and p2.inlet.r") == 0);
    CHECK(msg.find("rule: every In-signal is bound to exactly one Out") != std::string::npos);
}

namespace {
// Names that clash: a signal and a parameter of one name, or a plug's member and the signal of a subcomponent
// named like the plug (paths, not local names, must be unique).
class Clash : public Component {
public:
    enum class Kind { SignalAndParameter, PlugMemberAndSubcomponent, BlockAndSignal } kind;
    explicit Clash(Kind k) : kind(k) {}
    struct Inner : Component {
        Out<double> m_flow;
        void metainfo(Meta& meta) override { meta.signal(m_flow, "m_flow"); }
        const char* type_name() const override { return "Inner"; }
    } inner;
    thermofluid::FluidOutlet outlet;
    Out<double> x;
    double k = 1.0;
    void metainfo(Meta& meta) override {
        meta.signal(x, "x");
        if (kind == Kind::SignalAndParameter) meta.parameter(k, "x", ParameterSpec::any("1", "a gain"));
        if (kind == Kind::PlugMemberAndSubcomponent) {
            meta.plug(outlet, "outlet");
            meta.component(inner, "outlet");
        }
        if (kind == Kind::BlockAndSignal) meta.block<&Clash::eval>(this, "x", {}, {&x});
    }
    const char* type_name() const override { return "Clash"; }
    void eval() { x.value() = k; }
};
struct ClashIn : Component {
    explicit ClashIn(Clash::Kind k) : clash(k) {}
    Clash clash;
    void metainfo(Meta& meta) override { meta.component(clash, "c"); }
    const char* type_name() const override { return "ClashIn"; }
};
}  // namespace

TEST_CASE("two things with one path: named, with both kinds and the rule") {
    ClashIn a(Clash::Kind::SignalAndParameter);
    CHECK(build_error_of(a) == "c.x: the name is used twice (signal and parameter) (rule: names are unique within a component)");
    ClashIn b(Clash::Kind::PlugMemberAndSubcomponent);
    CHECK(build_error_of(b) == "c.outlet.m_flow: the name is used twice (signal and signal) (rule: names are unique within a component)");
    ClashIn c(Clash::Kind::BlockAndSignal);
    CHECK(build_error_of(c) == "c.x: the name is used twice (signal and block) (rule: names are unique within a component)");
}

TEST_CASE("two writers for one Out") {
    testing::Holder<testing::TwoWriters> h("w");
    CHECK(build_error_of(h) == "w.y: Out-signal has two writers, blocks w.first and w.second (rule: every Out-signal has exactly one writer)");
}

TEST_CASE("a flow loop without a volume is reported with the blocks and signals on the cycle") {
    Ring ring;
    const std::string msg = build_error_of(ring);
    INFO(msg);
    CHECK(msg.find("algebraic loop not broken by a state or tearing variable: ") == 0);
    CHECK(msg.find("a.evalState -[b.inlet.state]-> b.evalState -[a.inlet.state]-> a.evalState") != std::string::npos);
    CHECK(msg.find("b.evalInertial -[a.outlet.r]-> a.evalInertial") != std::string::npos);
    CHECK(msg.find("(rule: every flow loop needs a volume") != std::string::npos);
    try {
        Simulator sim(ring);
    } catch (const BuildError& e) {
        CHECK(e.rule().find("every flow loop needs a volume") == 0);
    }
}

TEST_CASE("a tearing variable without residual, and a residual without tearing variable") {
    testing::Holder<testing::UnpairedTearing> h("u");
    CHECK(build_error_of(h) == "u: registers 1 tearing variable(s) but 0 residual(s); tearing variable(s) without residual: u.z "
                               "(rule: each tearing variable has one residual, registered by the same component)");
    h.child.residual_only = true;
    CHECK(build_error_of(h) == "u: registers 0 tearing variable(s) but 1 residual(s); residual(s) without tearing variable: u.residual "
                               "(rule: each tearing variable has one residual, registered by the same component)");
}

TEST_CASE("singular L: no inertance on a path names the tearing variables it cannot determine") {
    ComVessels v;
    static_cast<PressureDrop&>(*v.p2).L = 0;
    static_cast<PressureDrop&>(*v.p3).L = 0;
    const std::string msg = build_error_of(v);
    CHECK(msg == "L is singular at the initial point (rank 1 of 2); the tearing variable(s) s.der_m_flow_1 are not determined "
                 "by the residuals; residual s.residual does not depend on any tearing variable (rule: every tearing variable "
                 "acts on its residual through an inertance or mass (no inertance/mass on this path))");
}

TEST_CASE("a residual that is not affine in the tearing variables is reported by block and component") {
    testing::Holder<testing::NonAffineResidual> h("bad");
    CHECK(build_error_of(h) == "bad: block bad.evalResidual computes bad.residual as a nonlinear function of the tearing "
                               "variables (rule: residuals are affine in the tearing variables (LIED: all nonlinearity stays explicit))");
    SimulatorOptions unchecked;
    unchecked.check_linearity = false;   // the check is optional
    CHECK(build_error_of(h, unchecked) == "<no error>");
}

TEST_CASE("of several outputs that are not affine, the one computed first in schedule order is named") {
    testing::Holder<testing::NonAffineResidual> h("c");
    h.child.through_q = true;
    CHECK(build_error_of(h) == "c: block c.evalQ computes c.q as a nonlinear function of the tearing variables (rule: residuals "
                               "are affine in the tearing variables (LIED: all nonlinearity stays explicit))");
}

TEST_CASE("a derivative that overflows stops the run naming the block, the value, its inputs and the time") {
    testing::Holder<testing::BlowUp> h("blow");
    Simulator sim(h);
    const std::string msg = simulation_error_of(sim, 2.0);
    INFO(msg);
    // x' = x² leaves the doubles near t = 1: the derivative overflows first (x² of 4.8e173), before x does.
    CHECK(msg.find("the model cannot be evaluated at t = 1.0") == 0);
    CHECK(msg.find("block blow.eval computed blow.der(x) = inf from finite inputs (blow.x = ") != std::string::npos);
    CHECK(sim.time() < 1.1);
}

TEST_CASE("L that becomes singular during a run is reported, not turned into NaN states") {
    ComVessels v;
    Simulator sim(v);
    sim.simulate(2.0);
    sim.set_parameter("p2.L", 0);
    sim.set_parameter("p3.L", 0);
    std::string msg;
    try {
        sim.simulate(3.0);
    } catch (const SimulationError& e) {
        msg = e.what();
    }
    CHECK(msg == "the model cannot be evaluated at t = 2 s: the linear system L·z = g is singular: L is singular (rank 1 of 2); "
                 "the tearing variable(s) s.der_m_flow_1 are not determined by the residuals; residual s.residual does not "
                 "depend on any tearing variable (rule: every tearing variable acts on its residual through an inertance or "
                 "mass (no inertance/mass on this path))");
    CHECK(sim.time() == 2.0);   // t and x stay at the start of the step that failed
}

TEST_CASE("parameters: unknown names get a suggestion, values out of range name the range and unit") {
    ComVessels v;
    Simulator sim(v);
    CHECK_THROWS_WITH(sim.set_parameter("p1.dp_rf", 3), "unknown parameter 'p1.dp_rf' (did you mean 'p1.dp_ref'?)");
    CHECK_THROWS_WITH(sim.set_parameter("p1.v_ref", 0), "p1.v_ref = 0 is out of range (0, inf) [m3/s] (reference volume flow)");
    CHECK_THROWS_WITH(sim.set_parameter("t1.A", std::nan("")), "t1.A = nan is out of range (0, inf) [m2] (cross-section area)");
    CHECK_THROWS_WITH(sim.value("t1.levle"), "unknown variable 't1.levle' (did you mean 't1.level'?)");
    CHECK_THROWS_WITH(sim.set_solver("rk5"), "unknown solver 'rk5' (known solvers: euler, rk4, dopri5, linearly-implicit-euler, ros2, cvode-bdf, cvode-adams)");
}

namespace {
// x' = 1e300: finite derivatives, but a step of 1e10 s takes x beyond the doubles.
class Overflow : public Component {
public:
    State x{0.0};
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "m");
        meta.block<&Overflow::eval>(this, "eval", {}, {&x.der});
    }
    const char* type_name() const override { return "Overflow"; }

private:
    void eval() { x.der.value() = 1e300; }
};
}  // namespace

TEST_CASE("a state that becomes non-finite stops the run with its name and the time") {
    testing::Holder<Overflow> h("over");
    Simulator sim(h);
    CHECK(sim.step(1e10) == StepStatus::NonFiniteState);
    CHECK(sim.describe(StepStatus::NonFiniteState) == "state over.x became Inf at t = 1e+10 s");
    CHECK(sim.time() == 0.0);
    CHECK(sim.states()[0] == 0.0);
}

namespace {
// y = sqrt(1 − t) with the declared range t ≤ 1 on its input: past t = 1 the value becomes NaN, and the message
// names the broken range as the likely cause.
class SqrtOfRest : public Component {
public:
    In<double> time;
    State x{0.0};
    void metainfo(Meta& meta) override {
        meta.signal(time, "time");
        meta.time(time);
        meta.state(x, "x", 1.0, "1");
        meta.block<&SqrtOfRest::eval>(this, "eval", {&time}, {&x.der});
        meta.variable(t_, "t_seen", "s");
        meta.valid_range("t_seen", ValidRange{-std::numeric_limits<double>::infinity(), 1.0, false, "the law holds up to t = 1 s"});
    }
    const char* type_name() const override { return "SqrtOfRest"; }

private:
    void eval() {
        t_ = time.value();
        x.der.value() = std::sqrt(1.0 - t_);
    }
    double t_ = 0;
};
}  // namespace

TEST_CASE("a NaN that follows a broken valid range names the range as the cause") {
    testing::Holder<SqrtOfRest> h("root");
    SimulatorOptions options;
    options.dt = 0.3;
    Simulator sim(h, options);
    const std::string msg = simulation_error_of(sim, 2.0);
    INFO(msg);
    CHECK(msg.find("block root.eval computed root.der(x) = ") != std::string::npos);
    CHECK(msg.find("at that point root.t_seen = ") != std::string::npos);
    CHECK(msg.find("(rule: the law holds up to t = 1 s)") != std::string::npos);
}
