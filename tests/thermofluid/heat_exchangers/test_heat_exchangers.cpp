// Heat exchangers: CounterFlowNTU against the ε-NTU closed form computed here, its energy balance, and the
// discretised counter-flow exchanger against an independent linear solve of its cell equations, and against the
// ε-NTU limit for many cells.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/heat_exchangers/counter_flow_ntu.h"
#include "thermofluid/heat_exchangers/discretized_counter_flow_hex.h"
#include "systems/io/system_file.h"
#include "thermofluid/media/media_registry.h"

#include <doctest/doctest.h>
#include <Eigen/Dense>

#include <cmath>
#include <numbers>
#include <string>

using namespace lied;
using namespace lied::thermofluid;

namespace {
constexpr double kR = 1e6;                      // Pa/(kg/s), linear resistances
constexpr double kCpWater = 4184, kCpAir = 1005.45;

// Water (side A, hot) and air (side B, cold) through an exchanger, each side Source → R → hex → R → Sink.
template <class Hex>
struct TwoStreams : Component {
    DropOfCommons drop;
    Source source_A, source_B;
    FlowResistance in_A, out_A, in_B, out_B;
    Hex hex;
    Sink sink_A, sink_B;
    // Mass flows at steady state: ṁ = Δp/(2k), the exchanger has no pressure drop.
    TwoStreams(double m_A, double m_B) {
        for (MediumParameter* m : {&source_A.medium, &in_A.medium, &out_A.medium, &sink_A.medium, &hex.A_side.medium}) m->name = "ConstantPropertyLiquidWater";
        for (MediumParameter* m : {&source_B.medium, &in_B.medium, &out_B.medium, &sink_B.medium, &hex.B_side.medium}) m->name = "SimpleAir";
        source_A.T0_par = 360, source_B.T0_par = 290;
        sink_A.p0_par = sink_B.p0_par = 1e5;
        source_A.p0_par = 1e5 + 2 * kR * m_A;
        source_B.p0_par = 1e5 + 2 * kR * m_B;
        for (FlowResistance* r : {&in_A, &out_A, &in_B, &out_B}) {
            r->pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic;
            r->k = kR;
            r->k2 = 0;
        }
        connect(source_A.outlet, in_A.inlet);
        connect(in_A.outlet, hex.inletA);
        connect(hex.outletA, out_A.inlet);
        connect(out_A.outlet, sink_A.inlet);
        connect(source_B.outlet, in_B.inlet);
        connect(in_B.outlet, hex.inletB);
        connect(hex.outletB, out_B.inlet);
        connect(out_B.outlet, sink_B.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(drop, "drop");
        for (auto [c, n] : {std::pair<Component*, const char*>{&source_A, "source_A"}, {&in_A, "in_A"}, {&hex, "hex"}, {&out_A, "out_A"},
                            {&sink_A, "sink_A"}, {&source_B, "source_B"}, {&in_B, "in_B"}, {&out_B, "out_B"}, {&sink_B, "sink_B"}})
            meta.component(*c, n);
    }
    const char* type_name() const override { return "TwoStreams"; }
};

double counter_flow_effectiveness(double NTU, double C_r) {
    return C_r < 1 ? (1 - std::exp(-NTU * (1 - C_r))) / (1 - C_r * std::exp(-NTU * (1 - C_r))) : NTU / (1 + NTU);
}
}  // namespace

TEST_CASE("CounterFlowNTU: Q = ε·C_min·(T_A,in − T_B,in) with ε of counter flow, either side the smaller C") {
    for (auto [m_A, m_B] : {std::pair{0.05, 0.3}, std::pair{0.02, 1.5}}) {   // C_A < C_B, then C_A > C_B
        CAPTURE(m_A);
        TwoStreams<CounterFlowNTU> s(m_A, m_B);
        s.hex.A = 2.0;
        s.hex.k_NTU = 150;
        s.drop.m_flow_reg = 1e-6;   // TFS regularises the other side's Δh with (m_flow_reg/10)²: negligible here
        Simulator sim(s);
        sim.initialize_steady_state();
        const double C_A = m_A * kCpWater, C_B = m_B * kCpAir;
        const double C_min = std::min(C_A, C_B), C_max = std::max(C_A, C_B);
        const double Q = counter_flow_effectiveness(150 * 2.0 / C_min, C_min / C_max) * C_min * (360 - 290);
        CHECK(sim.value("source_A.m_flow") == doctest::Approx(m_A).epsilon(1e-9));
        CHECK(sim.value("hex.Q_flow") == doctest::Approx(Q).epsilon(1e-9));
        CHECK(sim.value("hex.T_out_A") == doctest::Approx(360 - Q / C_A).epsilon(1e-9));
        CHECK(sim.value("hex.T_out_B") == doctest::Approx(290 + Q / C_B).epsilon(1e-9));
    }
}

TEST_CASE("CounterFlowNTU: with TFS's default m_flow_reg the energy balance holds to (m_flow_reg/10)²/ṁ² relative") {
    TwoStreams<CounterFlowNTU> s(0.05, 0.3);
    s.hex.A = 2.0, s.hex.k_NTU = 150;
    Simulator sim(s);
    sim.initialize_steady_state();
    const double given = 0.05 * kCpWater * (360 - sim.value("hex.T_out_A"));
    const double taken = 0.3 * kCpAir * (sim.value("hex.T_out_B") - 290);
    CHECK(taken == doctest::Approx(given).epsilon(2e-5));   // (0.001)²/0.3² ≈ 1.1e-5
}

namespace {
// The discretised exchanger's steady cell equations, written here as one linear system in the temperatures
// (constant cp on both sides, so h is linear in T): per cell i of A, cell j of B and wall node i (facing B's n−1−i)
//   ṁ_A·cp_A·(T_A,i−1 − T_A,i) + G_A·(T_w,i − T_A,i) = 0
//   ṁ_B·cp_B·(T_B,j−1 − T_B,j) + G_B·(T_w,n−1−j − T_B,j) = 0
//   G_A·(T_w,i − T_A,i) + G_B·(T_w,i − T_B,n−1−i) = 0
Eigen::VectorXd solve_cells(int n, double mcA, double mcB, double GA, double GB, double TA_in, double TB_in) {
    Eigen::MatrixXd M = Eigen::MatrixXd::Zero(3 * n, 3 * n);
    Eigen::VectorXd b = Eigen::VectorXd::Zero(3 * n);
    auto A = [](int i) { return i; };
    auto B = [n](int j) { return n + j; };
    auto W = [n](int i) { return 2 * n + i; };
    for (int i = 0; i < n; ++i) {
        M(A(i), A(i)) = -mcA - GA, M(A(i), W(i)) = GA;
        if (i > 0) M(A(i), A(i - 1)) = mcA; else b(A(i)) = -mcA * TA_in;
        const int wall_of_B = n - 1 - i;
        M(B(i), B(i)) = -mcB - GB, M(B(i), W(wall_of_B)) = GB;
        if (i > 0) M(B(i), B(i - 1)) = mcB; else b(B(i)) = -mcB * TB_in;
        M(W(i), W(i)) = GA + GB, M(W(i), A(i)) = -GA, M(W(i), B(n - 1 - i)) = -GB;
    }
    return M.partialPivLu().solve(b);
}
}  // namespace

TEST_CASE("DiscretizedCounterFlowHEX: the steady state equals an independent solve of its cell equations") {
    const int n = 5;
    TwoStreams<DiscretizedCounterFlowHEX> s(0.05, 0.3);
    s.hex.nCells = n;
    s.hex.A = 2.0, s.hex.U_A = 400, s.hex.U_B = 150;
    Simulator sim(s);
    sim.initialize_steady_state();
    const Eigen::VectorXd T = solve_cells(n, 0.05 * kCpWater, 0.3 * kCpAir, 400 * 2.0 / n, 150 * 2.0 / n, 360, 290);
    CHECK(sim.value("hex.T_out_A") == doctest::Approx(T(n - 1)).epsilon(1e-9));
    CHECK(sim.value("hex.T_out_B") == doctest::Approx(T(2 * n - 1)).epsilon(1e-9));
    for (int i = 1; i <= n; ++i) CHECK(sim.value("hex.T_wall[" + std::to_string(i) + "]") == doctest::Approx(T(2 * n + i - 1)).epsilon(1e-9));
    CHECK(sim.value("hex.Q_flow") == doctest::Approx(0.05 * kCpWater * (360 - T(n - 1))).epsilon(1e-8));
}

TEST_CASE("DiscretizedCounterFlowHEX: with many cells it approaches ε-NTU with 1/k = 1/U_A + 1/U_B") {
    const int n = 60;
    TwoStreams<DiscretizedCounterFlowHEX> s(0.05, 0.3);
    s.hex.nCells = n;
    s.hex.A = 2.0, s.hex.U_A = 400, s.hex.U_B = 150;
    Simulator sim(s);
    sim.initialize_steady_state();
    const double C_A = 0.05 * kCpWater, C_B = 0.3 * kCpAir, k = 1 / (1 / 400.0 + 1 / 150.0);
    const double Q = counter_flow_effectiveness(k * 2.0 / std::min(C_A, C_B), std::min(C_A, C_B) / std::max(C_A, C_B)) * std::min(C_A, C_B) * 70;
    // Upwind cells smear the profile: the error falls like NTU/n (here NTU ≈ 1, n = 60: within 1 %).
    CHECK(sim.value("hex.Q_flow") == doctest::Approx(Q).epsilon(1e-2));
}

// WaterIF97's enthalpy bounds move with pressure: each exchanger keeps its outlet or cell enthalpies' bounds at its
// side's pressure, so an enthalpy past 1073.15 K is named as the state outside its range, not as a NaN downstream.
template <class Hex>
void check_if97_state_named(const std::string& state) {
    CAPTURE(state);
    TwoStreams<Hex> s(0.05, 0.3);
    for (MediumParameter* m : {&s.source_A.medium, &s.in_A.medium, &s.out_A.medium, &s.sink_A.medium, &s.hex.A_side.medium}) m->name = "WaterIF97";
    SimulatorOptions o;
    o.solver = "ros2";
    o.dt = 1e-3;
    Simulator sim(s, o);
    sim.simulate(0.01);
    std::string message;
    try {
        sim.set_state(state, 5e6);   // steam far above 1073.15 K at about 1 bar (h ≈ 4.16 MJ/kg there)
        sim.simulate(0.02);
    } catch (const std::exception& e) {
        message = e.what();
    }
    INFO(message);
    CHECK(message.find(state + " = 5") != std::string::npos);
    CHECK(message.find("is outside its valid range [") != std::string::npos);
    CHECK(message.find("(as enthalpies at its pressure and composition)") != std::string::npos);
}

TEST_CASE("both exchangers name a WaterIF97 enthalpy state past the medium's limits, at their side's pressure") {
    check_if97_state_named<CounterFlowNTU>("hex.h_out_A");
    check_if97_state_named<DiscretizedCounterFlowHEX>("hex.h_A[2]");
}

TEST_CASE("DiscretizedCounterFlowHEX with TFS's conducting wall: the steady state of three conductances in series") {
    // A conducting wall adds 1/(k_wall·A/n) to the series between the sides; at steady state the storing wall's node
    // carries no heat, so both are the same cell equations with 1/G = 1/G_A + 1/G_wall + 1/G_B.
    const int n = 4;
    TwoStreams<DiscretizedCounterFlowHEX> s(0.05, 0.3);
    s.hex.nCells = n;
    s.hex.A = 2.0, s.hex.U_A = 400, s.hex.U_B = 150;
    s.hex.wall = DiscretizedCounterFlowHEX::Wall::conducting;
    s.hex.k_wall = 300;
    Simulator sim(s);
    sim.initialize_steady_state();
    const double G_A = 400 * 2.0 / n, G_B_and_wall = 1 / (1 / (150 * 2.0 / n) + 1 / (300 * 2.0 / n));
    const Eigen::VectorXd T = solve_cells(n, 0.05 * kCpWater, 0.3 * kCpAir, G_A, G_B_and_wall, 360, 290);
    // The storing wall's node sits between G_A and the rest: the fluids' temperatures are the same.
    CHECK(sim.value("hex.T_out_A") == doctest::Approx(T(n - 1)).epsilon(1e-9));
    CHECK(sim.value("hex.T_out_B") == doctest::Approx(T(2 * n - 1)).epsilon(1e-9));
    for (const auto& state : sim.model().states) CHECK(state.path.find("T_wall") == std::string::npos);
    const double given = 0.05 * kCpWater * (360 - sim.value("hex.T_out_A")), taken = 0.3 * kCpAir * (sim.value("hex.T_out_B") - 290);
    CHECK(taken == doctest::Approx(given).epsilon(1e-9));
}

TEST_CASE("DiscretizedCounterFlowHEX with TFS's single-phase cells: U = U_nom·(ṁ/ṁ_nom)^0.8 on each side") {
    const int n = 3;
    TwoStreams<DiscretizedCounterFlowHEX> s(0.05, 0.3);
    s.hex.nCells = n;
    s.hex.A = 2.0;
    s.hex.wall = DiscretizedCounterFlowHEX::Wall::conducting;
    s.hex.transfer_A.model = DiscretizedCounterFlowHEX::CellModel::singlePhase;
    s.hex.transfer_B.model = DiscretizedCounterFlowHEX::CellModel::singlePhase;
    s.hex.transfer_B.U_nom = 200, s.hex.transfer_B.m_flow_nom = 0.5;   // side A keeps TFS's 3000 W/(m²·K) at 1 kg/s
    Simulator sim(s);
    sim.initialize_steady_state();
    const double U_A = 3000 * std::pow(0.05 / 1.0, 0.8), U_B = 200 * std::pow(0.3 / 0.5, 0.8);
    const double G_rest = 1 / (1 / (U_B * 2.0 / n) + 1 / (100 * 2.0 / n));   // TFS's k_wall = 100 W/(m²·K)
    const Eigen::VectorXd T = solve_cells(n, 0.05 * kCpWater, 0.3 * kCpAir, U_A * 2.0 / n, G_rest, 360, 290);
    CHECK(sim.value("hex.T_out_A") == doctest::Approx(T(n - 1)).epsilon(1e-9));
    CHECK(sim.value("hex.T_out_B") == doctest::Approx(T(2 * n - 1)).epsilon(1e-9));
}

TEST_CASE("DiscretizedCounterFlowHEX with TFS's two-phase cells: R134a condensing against water, the law recomputed per cell") {
    // Superheated R134a at 8 bar (side B) condenses against water at 290 K (side A). At steady state the exchanged
    // heat is Σ k_i·(T_B,j − T_A,i) over the facing cells, each U from TFS's blend evaluated here at the cell's h.
    const int n = 6;
    TwoStreams<DiscretizedCounterFlowHEX> s(0.3, 0.02);
    for (MediumParameter* m : {&s.source_A.medium, &s.in_A.medium, &s.out_A.medium, &s.sink_A.medium, &s.hex.A_side.medium}) m->name = "ConstantPropertyLiquidWater";
    for (MediumParameter* m : {&s.source_B.medium, &s.in_B.medium, &s.out_B.medium, &s.sink_B.medium, &s.hex.B_side.medium}) m->name = "R134a";
    s.source_A.T0_par = 290;
    s.source_B.T0_par = 330;
    s.sink_B.p0_par = 8e5, s.source_B.p0_par = 8e5 + 2 * kR * 0.02;
    s.hex.nCells = n;
    s.hex.A = 1.0;
    s.hex.wall = DiscretizedCounterFlowHEX::Wall::conducting;
    s.hex.k_wall = 5000;
    s.hex.transfer_A.model = DiscretizedCounterFlowHEX::CellModel::singlePhase;
    s.hex.transfer_B.model = DiscretizedCounterFlowHEX::CellModel::twoPhase;
    s.hex.init = DiscretizedCounterFlowHEX::Init::inlet;
    s.hex.p_start = 8e5;
    Simulator sim(s, {.solver = "cvode-bdf", .tolerances = {.relative = 1e-10, .absolute = 1e-10}});
    // init = inlet: every cell starts at its side's inlet enthalpy.
    CHECK(sim.value("hex.h_B[3]") == doctest::Approx(sim.value("source_B.h")).epsilon(1e-12));
    CHECK(sim.value("hex.h_A[5]") == doctest::Approx(sim.value("source_A.h")).epsilon(1e-12));
    sim.simulate(200);
    const double m_A = sim.value("source_A.m_flow"), m_B = sim.value("source_B.m_flow");
    SaturationProperties sat;   // at side B's pressure: the sink's, plus the outlet resistance's drop k·ṁ
    REQUIRE(medium("R134a").saturation_at_pressure(8e5 + kR * m_B, sat));
    auto U_two_phase = [&](double h) {
        const double U_liq = std::max(1.0, 700 * std::pow(m_B / 0.3, 0.4)), U_vap = std::max(1.0, 500 * std::pow(m_B / 0.3, 0.5)), U_tp = 1000;
        const double x = (h - sat.h_liquid) / (sat.h_vapour - sat.h_liquid), dx = 0.05, pi = std::numbers::pi;
        if (x < -dx) return U_liq;
        if (x < dx) return U_liq + 0.5 * (U_tp - U_liq) * (1 + std::sin(x * pi / (2 * dx)));
        if (x < 1 - dx) return U_tp;
        if (x < 1 + dx) return U_tp + 0.5 * (U_vap - U_tp) * (1 + std::sin((x - 1) * pi / (2 * dx)));
        return U_vap;
    };
    const double U_A = 3000 * std::pow(m_A, 0.8);
    double Q = 0;
    for (int i = 1; i <= n; ++i) {
        const std::string a = "[" + std::to_string(i) + "]", b = "[" + std::to_string(n + 1 - i) + "]";
        const double k = 1 / (1 / (U_A / n) + 1 / (5000.0 / n) + 1 / (U_two_phase(sim.value("hex.h_B" + b)) / n));
        Q += k * (sim.value("hex.T_B" + b) - sim.value("hex.T_A" + a));
    }
    CHECK(sim.value("hex.Q_flow") == doctest::Approx(-Q).epsilon(1e-9));
    // Energy: what the refrigerant gives, the water takes (steady: the cells store nothing), and it condensed.
    const double given = m_B * (sim.value("source_B.h") - sim.value("hex.h_B[6]"));
    const double taken = m_A * kCpWater * (sim.value("hex.T_out_A") - 290);
    CHECK(taken == doctest::Approx(given).epsilon(1e-7));
    CHECK(sim.value("hex.h_B[6]") < sat.h_liquid);
    CHECK(sim.balance().violations() == 0);
}

TEST_CASE("a system file sets the conducting wall's and the two-phase cells' parameters along with their choices") {
    // Parameters of an option are declared whatever the choice: the file sets them before the choice is taken.
    const std::string text = R"(system: Exchanger
components:
  hot: {type: Source, parameters: {medium: ConstantPropertyLiquidWater, p0_par: 102000, T0_par: 330}}
  cold: {type: Source, parameters: {medium: R134a, p0_par: 302000, T0_par: 270}}
  hex: {type: DiscretizedCounterFlowHEX, parameters: {mediumA: ConstantPropertyLiquidWater, mediumB: R134a, wall: conducting, k_wall: 50,
        cellModelA: singlePhase, U_nom_A: 2500, cellModelB: twoPhase, U_tp_nom_B: 900, init: inlet}}
  hot_out: {type: Sink, parameters: {medium: ConstantPropertyLiquidWater, p0_par: 100000}}
  cold_out: {type: Sink, parameters: {medium: R134a, p0_par: 300000}}
connections:
  - [hot.outlet, hex.inletA]
  - [hex.outletA, hot_out.inlet]
  - [cold.outlet, hex.inletB]
  - [hex.outletB, cold_out.inlet]
)";
    systems::LoadedSystem loaded = systems::parse_system_text(text, "exchanger.yaml", ".");
    Simulator sim(*loaded.root);
    CHECK(sim.parameter("hex.k_wall") == 50);
    CHECK(sim.parameter("hex.U_nom_A") == 2500);
    CHECK(sim.parameter("hex.U_tp_nom_B") == 900);
    CHECK(sim.choice("hex.wall") == "conducting");
}
