// SplitterN and JunctionN: with pure inertances (no resistances) the start-up ramp rates dṁ/dt solve a small
// linear system derived by hand (below, per test); a network source → pipe → SplitterN(3) → three pipes →
// JunctionN(3) → pipe → sink, written as a system file with indexed plugs, reaches the steady state that an
// independent Newton solve of the Kirchhoff equations in this test gives.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/topology/junction_n.h"
#include "thermofluid/topology/splitter_n.h"
#include "support/derivative_of.h"

#include <Eigen/Dense>
#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <numbers>
#include <string>

using namespace lied;
using namespace lied::thermofluid;

namespace {
using test::derivative_of;

struct SplitFan : Component {
    Source source;
    SplitterN splitter{3};
    std::array<Sink, 3> sinks;
    SplitFan() {
        source.p0_par = 2e5;
        source.L = 0.5;
        splitter.L = 0.2;
        const double p[3] = {1.0e5, 1.2e5, 1.5e5}, L[3] = {1.0, 2.0, 4.0};
        connect(source.outlet, splitter.inlet);
        for (int k = 0; k < 3; ++k) {
            sinks[k].p0_par = p[k];
            sinks[k].L = L[k];
            connect(splitter.outlets[k + 1], sinks[k].inlet);
        }
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(splitter, "splitter");
        for (int k = 0; k < 3; ++k) meta.component(sinks[k], "sink" + std::to_string(k + 1));
    }
    const char* type_name() const override { return "SplitFan"; }
};
}  // namespace

TEST_CASE("SplitterN with pure inertances: the ramp rates solved by hand") {
    // With a_k = dṁ_k/dt: r_mix = p_k − p_in + (L_k + L)·a_k for every outlet and r_mix = −(L_s + L)·Σa_k, so with
    // c_k = 1/(L_k + L): r_mix = −(L_s + L)·D / (1 + (L_s + L)·C), C = Σc_k, D = Σc_k·(p_in − p_k).
    SplitFan fan;
    Simulator sim(fan);
    const double p_in = 2e5, Ls = 0.5, L = 0.2, p[3] = {1.0e5, 1.2e5, 1.5e5}, Lk[3] = {1.0, 2.0, 4.0};
    double C = 0, D = 0;
    for (int k = 0; k < 3; ++k) C += 1 / (Lk[k] + L), D += (p_in - p[k]) / (Lk[k] + L);
    const double r_mix = -(Ls + L) * D / (1 + (Ls + L) * C);
    double a[3];
    for (int k = 0; k < 3; ++k) a[k] = (r_mix + p_in - p[k]) / (Lk[k] + L);
    // 1e-9: L is probed with finite steps, exact to the rounding of pressures ~1e5 Pa
    CHECK(derivative_of(sim, "splitter.m_flow_1") == doctest::Approx(a[0]).epsilon(1e-9));
    CHECK(derivative_of(sim, "splitter.m_flow_2") == doctest::Approx(a[1]).epsilon(1e-9));
    CHECK(derivative_of(sim, "source.m_flow") == doctest::Approx(a[0] + a[1] + a[2]).epsilon(1e-9));
}

namespace {
struct TwoIntoOne : Component {
    Source a, b;
    JunctionN junction{2};
    Sink sink;
    TwoIntoOne() {
        a.p0_par = 2e5, a.L = 1.0;
        b.p0_par = 1.4e5, b.L = 3.0;
        junction.L = 0.5;
        sink.p0_par = 1e5, sink.L = 2.0;
        connect(a.outlet, junction.inlets[1]);
        connect(b.outlet, junction.inlets[2]);
        connect(junction.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(a, "a");
        meta.component(b, "b");
        meta.component(junction, "junction");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "TwoIntoOne"; }
};
}  // namespace

TEST_CASE("JunctionN with pure inertances: the ramp rates solved by hand") {
    // Source k: (L + L_k)·a_k + (L_sink + L)·(a_1 + a_2) = p_k − p_sink (the mixing pressure cancels).
    TwoIntoOne sys;
    Simulator sim(sys);
    Eigen::Matrix2d A;
    A << 0.5 + 1.0 + 2.5, 2.5, 2.5, 0.5 + 3.0 + 2.5;
    const Eigen::Vector2d a = A.lu().solve(Eigen::Vector2d(1e5, 0.4e5));
    CHECK(derivative_of(sim, "a.m_flow") == doctest::Approx(a[0]).epsilon(1e-9));
    CHECK(derivative_of(sim, "b.m_flow") == doctest::Approx(a[1]).epsilon(1e-9));
}

TEST_CASE("a split-and-join network (system file, indexed plugs) reaches the Kirchhoff steady state") {
    const std::string text = R"(system: Parallel
components:
  source: {type: Source, parameters: {p0_par: 3e5, T0_par: 300}}
  feed: {type: FlowResistance, parameters: {pLoss: linearQuadratic, k: 2e4, k2: 1e5}}
  split: {type: SplitterN, parameters: {N: 3}}
  b1: {type: FlowResistance, parameters: {pLoss: linearQuadratic, k: 1e4, k2: 2e5}}
  b2: {type: FlowResistance, parameters: {pLoss: linearQuadratic, k: 3e4, k2: 4e5}}
  b3: {type: FlowResistance, parameters: {pLoss: linearQuadratic, k: 5e4, k2: 1e6}}
  join: {type: JunctionN, parameters: {N: 3}}
  drain: {type: FlowResistance, parameters: {pLoss: linearQuadratic, k: 1e4, k2: 5e4}}
  sink: {type: Sink, parameters: {p0_par: 1e5}}
connections:
  - [source.outlet, feed.inlet]
  - [feed.outlet, split.inlet]
  - ["split.outlets[1]", b1.inlet]
  - ["split.outlets[2]", b2.inlet]
  - ["split.outlets[3]", b3.inlet]
  - [b1.outlet, "join.inlets[1]"]
  - [b2.outlet, "join.inlets[2]"]
  - [b3.outlet, "join.inlets[3]"]
  - [join.outlet, drain.inlet]
  - [drain.outlet, sink.inlet]
)";
    systems::LoadedSystem loaded = systems::parse_system_text(text, "parallel.yaml", ".");
    Simulator sim(*loaded.root);
    sim.initialize_steady_state();

    // Independent solve: p_in − dp_feed(M) − dp_k(ṁ_k) − dp_drain(M) = p_out for k = 1..3, M = Σṁ_k (Newton).
    const double k1[3] = {1e4, 3e4, 5e4}, k2[3] = {2e5, 4e5, 1e6};
    auto dp = [](double a, double b, double m) { return a * m + b * m * std::abs(m); };
    auto ddp = [](double a, double b, double m) { return a + 2 * b * std::abs(m); };
    Eigen::Vector3d m(0.1, 0.1, 0.1);
    for (int it = 0; it < 50; ++it) {
        const double M = m.sum();
        Eigen::Vector3d f;
        Eigen::Matrix3d J;
        for (int k = 0; k < 3; ++k) {
            f[k] = 3e5 - dp(2e4, 1e5, M) - dp(k1[k], k2[k], m[k]) - dp(1e4, 5e4, M) - 1e5;
            for (int j = 0; j < 3; ++j) J(k, j) = -ddp(2e4, 1e5, M) - ddp(1e4, 5e4, M) - (j == k ? ddp(k1[k], k2[k], m[k]) : 0.0);
        }
        m -= J.lu().solve(f);
    }
    CHECK(sim.value("b1.m_flow") == doctest::Approx(m[0]).epsilon(1e-7));
    CHECK(sim.value("b2.m_flow") == doctest::Approx(m[1]).epsilon(1e-7));
    CHECK(sim.value("b3.m_flow") == doctest::Approx(m[2]).epsilon(1e-7));
    CHECK(sim.value("sink.m_flow") == doctest::Approx(m.sum()).epsilon(1e-7));
    CHECK(sim.value("source.m_flow") == doctest::Approx(m.sum()).epsilon(1e-7));
}

TEST_CASE("JunctionN with assumeConstantDensity = false weighs the inlets' pressures by volume flow (TFS)") {
    // Hot and cold air from two sources straight into the junction; a sensor reads the mixed pressure. With the
    // default the pressure is Σ w_k·p_k with mass weights; with false TFS's w2_k = ((|ṁ_k| + ε)/ρ_k) / Σ(…), the
    // densities ρ_k = p_k/(R·T_k) of the ideal gas. Both written out here from the run's own flows.
    auto text = [](const std::string& constant_density) {
        return "defaults: {medium: SimpleAir}\ncomponents:\n"
               "  hot: {type: Source, parameters: {p0_par: 1.04e5, T0_par: 450}}\n"
               "  cold: {type: Source, parameters: {p0_par: 1.02e5, T0_par: 250}}\n"
               "  junction: {type: JunctionN, parameters: {N: 2, m_flow_eps: 1e-4, assumeConstantDensity: \"" + constant_density + "\"}}\n"
               "  sensor: {type: SingleSensorSelect, parameters: {quantity: p_Pa}}\n"
               "  pipe: {type: FlowResistance, parameters: {pLoss: linearQuadratic, k: 1e5, k2: 0}}\n"
               "  sink: {type: Sink, parameters: {p0_par: 1e5}}\n"
               "connections: [[hot.outlet, \"junction.inlets[1]\"], [cold.outlet, \"junction.inlets[2]\"], [junction.outlet, sensor.inlet],\n"
               "              [sensor.outlet, pipe.inlet], [pipe.outlet, sink.inlet]]\n";
    };
    const double R = 8.314462618 / 0.0289651159, eps = 1e-4;
    for (const std::string constant_density : {"true", "false"}) {
        CAPTURE(constant_density);
        auto loaded = lied::systems::parse_system_text(text(constant_density), "junction.yaml", ".");
        Simulator sim(*loaded.root, {.solver = "cvode-bdf"});
        sim.simulate(2.0);
        const double m1 = std::abs(sim.value("hot.m_flow")) + eps, m2 = std::abs(sim.value("cold.m_flow")) + eps;
        double p_mix = (m1 * 1.04e5 + m2 * 1.02e5) / (m1 + m2);
        if (constant_density == "false") {
            const double v1 = m1 / (1.04e5 / (R * 450)), v2 = m2 / (1.02e5 / (R * 250));
            p_mix = (v1 * 1.04e5 + v2 * 1.02e5) / (v1 + v2);
        }
        CHECK(sim.value("sensor.value") == doctest::Approx(p_mix).epsilon(1e-12));
    }
}

namespace {
// Two moist-air sources through laminar pipes into a junction of two inlets and three outlets, out through laminar pipes
// (TFS's TestJunctionNM, one half): `junction` is either a JunctionNM or the JunctionN → SplitterN it is made of.
std::string junction_nm_file(const std::string& junction, const std::string& inlet, const std::string& outlet) {
    std::string text = "defaults: {medium: MoistAir}\ncomponents:\n" + junction +
                       "  s1: {type: Source, parameters: {p0_par: 1.2e5, Xi0_par: 0.01}}\n"
                       "  s2: {type: Source, parameters: {p0_par: 1.1e5, Xi0_par: 0.01}}\n";
    for (const char* pipe : {"p1", "p2", "q1", "q2", "q3"})
        text += std::string("  ") + pipe + ": {type: FlowResistance, parameters: {r: 0.005, l: 10, pLoss: laminar}}\n";
    text += "  k1: {type: Sink, parameters: {p0_par: 1e5}}\n  k2: {type: Sink, parameters: {p0_par: 0.9e5}}\n"
            "  k3: {type: Sink, parameters: {p0_par: 1e5}}\nconnections:\n"
            "  - [s1.outlet, p1.inlet]\n  - [s2.outlet, p2.inlet]\n";
    for (int k = 1; k <= 2; ++k) text += "  - [p" + std::to_string(k) + ".outlet, \"" + inlet + "[" + std::to_string(k) + "]\"]\n";
    for (int j = 1; j <= 3; ++j)
        text += "  - [\"" + outlet + "[" + std::to_string(j) + "]\", q" + std::to_string(j) + ".inlet]\n  - [q" + std::to_string(j) +
                ".outlet, k" + std::to_string(j) + ".inlet]\n";
    return text;
}
}  // namespace

TEST_CASE("JunctionNM is a JunctionN feeding a SplitterN, connected by its own inlets[k] and outlets[j]") {
    auto nm = systems::parse_system_text(
        junction_nm_file("  nm: {type: JunctionNM, parameters: {N: 2, M: 3, assumeConstantDensity: \"false\"}}\n", "nm.inlets", "nm.outlets"),
        "nm.yaml", ".");
    auto parts = systems::parse_system_text(
        junction_nm_file("  j: {type: JunctionN, parameters: {N: 2, assumeConstantDensity: \"false\"}}\n"
                         "  s: {type: SplitterN, parameters: {N: 3}}\n",
                         "j.inlets", "s.outlets") +
            "  - [j.outlet, s.inlet]\n",
        "parts.yaml", ".");
    const SimulatorOptions options{.solver = "rk4", .dt = 1e-4};
    Simulator a(*nm.root, options), b(*parts.root, options);
    // The same equations: the same flows, to the rounding of a different order of evaluation.
    for (double t : {0.05, 0.3}) {
        a.simulate(t);
        b.simulate(t);
        for (const char* flow : {"s1.m_flow", "s2.m_flow", "q1.m_flow", "q2.m_flow", "q3.m_flow"}) {
            CAPTURE(flow);
            CHECK(a.value(flow) == doctest::Approx(b.value(flow)).epsilon(1e-12));
        }
        CHECK(a.value("nm.splitterN.m_flow") == doctest::Approx(b.value("s.m_flow")).epsilon(1e-12));
        // Mass: what enters leaves.
        CHECK(a.value("s1.m_flow") + a.value("s2.m_flow") ==
              doctest::Approx(a.value("q1.m_flow") + a.value("q2.m_flow") + a.value("q3.m_flow")).epsilon(1e-12));
    }
    // Its medium, N, M and the density choice are its parts' (aliases).
    CHECK(a.choice("nm.junctionN.assumeConstantDensity") == "false");
    CHECK(a.parameter("nm.splitterN.N") == 3);
    // A plug it does not have is refused naming the ones it offers.
    const std::string wrong = junction_nm_file("  nm: {type: JunctionNM, parameters: {N: 2, M: 3}}\n", "nm.inlet", "nm.outlets");
    CHECK_THROWS_WITH(systems::parse_system_text(wrong, "wrong.yaml", "."), doctest::Contains("has no plug or signal 'inlet[1]'"));
    CHECK_THROWS_WITH(systems::parse_system_text(wrong, "wrong.yaml", "."), doctest::Contains("inlets[1]"));
    // An outlet left open is refused, named by its owner's path; its inside connection counts as connected.
    std::string open_outlet = junction_nm_file("  nm: {type: JunctionNM, parameters: {N: 2, M: 3}}\n", "nm.inlets", "nm.outlets");
    open_outlet.replace(open_outlet.find("  - [\"nm.outlets[3]\", q3.inlet]\n"), std::string("  - [\"nm.outlets[3]\", q3.inlet]\n").size(), "");
    CHECK_THROWS_WITH(systems::parse_system_text(open_outlet, "open.yaml", "."), doctest::Contains("nm.splitterN.outlets[3] is not connected"));
    // A part's plug that the component connects itself takes no connection from the file.
    const std::string inside = open_outlet + "  - [nm.junctionN.outlet, q3.inlet]\n";
    CHECK_THROWS_WITH(systems::parse_system_text(inside, "inside.yaml", "."), doctest::Contains("nm.junctionN.outlet is connected inside its component"));
}

TEST_CASE("JunctionNM against TFS's equations integrated in the test: the flows of TFS's TestJunctionNM while they rise") {
    // One half of TFS's TestJunctionNM (junction_nm_file above, volume weights) written out as TFS states it: the total
    // pressure p + r is continuous, so with Π the junction's total pressure, S = Σ dṁ_in/dt = Σ dṁ_out/dt and a = 2L + L_R
    // (the boundary's and the part's L, 0.01 1/m each, and the pipe's l/(π·r²)) the flows obey, linear in (dṁ/dt, Π):
    //   inlet i:  P_i − c·ṁ_i/ρ(P_i) − a·dṁ_i/dt = Π,      outlet k:  Π − 2L·S − a·dṁ_k/dt − c·ṁ_k/ρ_mix = P_k,
    // c = 8·μ·l/(π·r⁴), ρ = p/(R·T) at T = 293.15 K throughout (no heat, an ideal gas), ρ_mix at p_mix = Σ w_i·p_i with
    // w_i ∝ (|ṁ_i| + m_flow_reg)/ρ(p_i) and p_i = P_i − c·ṁ_i/ρ(P_i). RK4 at 10 µs (converged to 1e-12 here). TFS's
    // published result lies 2.5e-4 off both while the flows rise (its run's error; tests/thermofluid/tfs/TestJunctionNM).
    const double X = 0.01;
    const Medium& air = medium("MoistAir");
    const MediumProperties state = air.at(1e5, air.specific_enthalpy(1e5, 293.15, &X), &X);
    const double RT = state.p / state.rho, mu = state.mu, L = 0.01, eps = 0.01;
    const double L_R = 10 / (std::numbers::pi * 0.005 * 0.005), c = 8 * mu * 10 / (std::numbers::pi * std::pow(0.005, 4)), a = 2 * L + L_R;
    const std::array<double, 2> P_in{1.2e5, 1.1e5};
    const std::array<double, 3> P_out{1e5, 0.9e5, 1e5};
    // y = (ṁ_in1, ṁ_in2, ṁ_out1, ṁ_out2); ṁ_out3 takes the rest.
    auto rhs = [&](const Eigen::Vector4d& y) {
        const std::array<double, 3> out{y[2], y[3], y[0] + y[1] - y[2] - y[3]};
        double weighted = 0, weights = 0;
        for (int i = 0; i < 2; ++i) {
            const double p = P_in[i] - c * y[i] / (P_in[i] / RT), w = (std::abs(y[i]) + eps) / (p / RT);
            weighted += w * p;
            weights += w;
        }
        const double rho_mix = weighted / weights / RT;
        // Unknowns z = (dṁ_in1, dṁ_in2, dṁ_out1, dṁ_out2, Π); dṁ_out3 = dṁ_in1 + dṁ_in2 − dṁ_out1 − dṁ_out2.
        Eigen::Matrix<double, 5, 5> A = Eigen::Matrix<double, 5, 5>::Zero();
        Eigen::Matrix<double, 5, 1> b;
        for (int i = 0; i < 2; ++i) {
            A(i, i) = a, A(i, 4) = 1;
            b[i] = P_in[i] - c * y[i] / (P_in[i] / RT);
        }
        for (int k = 0; k < 3; ++k) {   // −2L·S − a·dṁ_k + Π = P_k + c·ṁ_k/ρ_mix
            const int row = 2 + k;
            A(row, 0) = A(row, 1) = -2 * L;
            if (k < 2) A(row, 2 + k) -= a;
            else A(row, 0) -= a, A(row, 1) -= a, A(row, 2) += a, A(row, 3) += a;
            A(row, 4) = 1;
            b[row] = P_out[k] + c * out[k] / rho_mix;
        }
        const Eigen::Matrix<double, 5, 1> z = A.partialPivLu().solve(b);
        return Eigen::Vector4d(z[0], z[1], z[2], z[3]);
    };
    auto lied = systems::parse_system_text(
        junction_nm_file("  nm: {type: JunctionNM, parameters: {N: 2, M: 3, assumeConstantDensity: \"false\"}}\n", "nm.inlets", "nm.outlets"),
        "nm.yaml", ".");
    Simulator sim(*lied.root, SimulatorOptions{.solver = "rk4", .dt = 1e-5});
    Eigen::Vector4d y = Eigen::Vector4d::Zero();
    double t = 0;
    const double h = 1e-5;
    for (double t_check : {0.02, 0.05, 0.1}) {
        while (t < t_check - h / 2) {
            const Eigen::Vector4d k1 = rhs(y), k2 = rhs(y + h / 2 * k1), k3 = rhs(y + h / 2 * k2), k4 = rhs(y + h * k3);
            y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
            t += h;
        }
        sim.simulate(t_check);
        CAPTURE(t_check);
        CHECK(sim.value("s1.m_flow") == doctest::Approx(y[0]).epsilon(1e-9));
        CHECK(sim.value("s2.m_flow") == doctest::Approx(y[1]).epsilon(1e-9));
        CHECK(sim.value("q1.m_flow") == doctest::Approx(y[2]).epsilon(1e-9));
        CHECK(sim.value("q2.m_flow") == doctest::Approx(y[3]).epsilon(1e-9));
        CHECK(sim.value("q3.m_flow") == doctest::Approx(y[0] + y[1] - y[2] - y[3]).epsilon(1e-9));
    }
}
