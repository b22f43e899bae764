#include "thermofluid/heat_exchangers/discretized_counter_flow_hex.h"

#include "core/model/build_error.h"
#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "core/model/plug_array.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <tuple>

namespace lied::thermofluid {

void DiscretizedCounterFlowHEX::evalOutletA() { outletA.state.value() = {A_side.in().p, cells_[n_ - 1]->h_A(), A_side.in().Xi}; }
void DiscretizedCounterFlowHEX::evalOutletB() { outletB.state.value() = {B_side.in().p, cells_[n_ - 1]->h_B(), B_side.in().Xi}; }

double DiscretizedCounterFlowHEX::coefficient(const SideTransfer& t, double m_flow, double h, bool dome, const SaturationProperties& sat,
                                              bool liquid) {
    constexpr double U_min = 1.0;   // TFS's floor: the cells still follow their wall at zero flow
    if (t.model == CellModel::singlePhase) return std::max(U_min, t.U_nom * std::pow(std::abs(m_flow) / t.m_flow_nom, 0.8));
    // TFS's Reynolds exponents after Yan and Lin (1999): 0.4 for the liquid, 0.5 for the vapour.
    const double U_liq = std::max(U_min, t.U_liq_nom * std::pow(std::abs(m_flow) / t.m_flow_nom_tp, 0.4));
    const double U_vap = std::max(U_min, t.U_vap_nom * std::pow(std::abs(m_flow) / t.m_flow_nom_tp, 0.5));
    const double U_tp = std::max(U_min, t.U_tp_nom);
    if (!dome) return liquid ? U_liq : U_vap;   // no dome at this pressure: the medium says which side the cell is on
    const double x = (h - sat.h_liquid) / (sat.h_vapour - sat.h_liquid), dx = t.delta_x, pi = std::numbers::pi;
    if (x < -dx) return U_liq;
    if (x < dx) return U_liq + 0.5 * (U_tp - U_liq) * (1 + std::sin(x * pi / (2 * dx)));
    if (x < 1 - dx) return U_tp;
    if (x < 1 + dx) return U_tp + 0.5 * (U_vap - U_tp) * (1 + std::sin((x - 1) * pi / (2 * dx)));
    return U_vap;
}

void DiscretizedCounterFlowHEX::evalCells() {
    const Medium& mA = *A_side.medium.medium;
    const Medium& mB = *B_side.medium.medium;
    const double UA_A = U_A * A / n_, UA_B = U_B * A / n_, V = V_Hex / n_, C = C_wall / n_;
    const double m_A = A_side.m_flow(), m_B = B_side.m_flow();
    // Side B runs the other way: its cell j = n + 1 − i faces wall node i.
    for (int i = 0; i < n_; ++i) {
        Cell& c = *cells_[i];
        mA.properties(A_side.in().p, c.h_A(), A_side.in().xi(), c.A);
        mB.properties(B_side.in().p, c.h_B(), B_side.in().xi(), c.B);
        c.A_limits.follow(mA, A_side.in().p, A_side.in().xi(), c.A.valid);
        c.B_limits.follow(mB, B_side.in().p, B_side.in().xi(), c.B.valid);
    }
    h_in_A_ = A_side.in().h, h_in_B_ = B_side.in().h;
    const bool dome_A = transfer_A.model == CellModel::twoPhase && mA.saturation_at_pressure(A_side.in().p, saturation_A_);
    const bool dome_B = transfer_B.model == CellModel::twoPhase && mB.saturation_at_pressure(B_side.in().p, saturation_B_);
    const double per_cell = A / n_, k_wall_cell = k_wall * A / n_;
    Q_flow_ = 0;
    energy_ = 0;
    for (int i = 0; i < n_; ++i) {
        Cell& c = *cells_[i];
        Cell& facing = *cells_[n_ - 1 - i];
        const double k_A = transfer_A.model == CellModel::constant ? UA_A : coefficient(transfer_A, m_A, c.h_A(), dome_A, saturation_A_, c.A.vapour_fraction == 0.0) * per_cell;
        const double k_B = transfer_B.model == CellModel::constant ? UA_B : coefficient(transfer_B, m_B, facing.h_B(), dome_B, saturation_B_, facing.B.vapour_fraction == 0.0) * per_cell;
        double Q_B_here;   // into B's cell n − 1 − i
        if (wall == Wall::storing) {
            c.Q_A = k_A * (c.T_wall() - c.A.T);
            Q_B_here = k_B * (c.T_wall() - facing.B.T);
            c.T_wall.der.value() = (-c.Q_A - Q_B_here) / C;
        } else {
            // Three conductances in series; a side with k = 0 (U_A = 0) passes nothing.
            const double k = k_A > 0 && k_B > 0 ? 1 / (1 / k_A + 1 / k_wall_cell + 1 / k_B) : 0.0;
            c.Q_A = k * (facing.B.T - c.A.T);
            Q_B_here = -c.Q_A;
        }
        facing.Q_B = Q_B_here;
        Q_flow_ -= c.Q_A;   // what side A gives away
    }
    storage_rate_ = 0.0;
    for (int i = 0; i < n_; ++i) {
        Cell& c = *cells_[i];
        const double hA_up = m_A >= 0 ? (i == 0 ? A_side.in().h : cells_[i - 1]->h_A()) : (i == n_ - 1 ? c.h_A() : cells_[i + 1]->h_A());
        const double hB_up = m_B >= 0 ? (i == 0 ? B_side.in().h : cells_[i - 1]->h_B()) : (i == n_ - 1 ? c.h_B() : cells_[i + 1]->h_B());
        const double M_A = V * std::max(c.A.rho, rho_min.value()), M_B = V * std::max(c.B.rho, rho_min.value());
        c.h_A.der.value() = (std::abs(m_A) * (hA_up - c.h_A()) + c.Q_A) / M_A;
        c.h_B.der.value() = (std::abs(m_B) * (hB_up - c.h_B()) + c.Q_B) / M_B;
        storage_rate_ += M_A * c.h_A.der.value() + M_B * c.h_B.der.value() + (wall == Wall::storing ? C * c.T_wall.der.value() : 0.0);
    }
    reverse_flow_energy_ = std::min(m_A, 0.0) * (cells_[0]->h_A() - A_side.in().h) + std::min(m_B, 0.0) * (cells_[0]->h_B() - B_side.in().h);
    T_out_A_ = cells_[n_ - 1]->A.T;
    T_out_B_ = cells_[n_ - 1]->B.T;
}

void DiscretizedCounterFlowHEX::metainfo(Meta& meta) {
    meta.stores_by_rate(Quantity::Energy, storage_rate_, "storage_rate");
    meta.creates(Quantity::Energy, reverse_flow_energy_, "reverse_flow_guard",
                 "fluid leaves through an inlet, which ThermofluidStream's directed formulation books with the element's own enthalpy: keep the flow forward");
    meta.parameter(nCells, "nCells", ParameterSpec::count_up_to(PlugArray<FluidInlet>::kMaxSize, "number of cells per side"));
    if (!(nCells >= 1) || nCells != std::floor(nCells))
        throw BuildError(meta.path_of("nCells") + " = " + std::to_string(nCells) + " (rule: a number of cells is an integer from 1 to 1000)",
                         "number of cells");
    n_ = static_cast<int>(nCells);
    while (static_cast<int>(cells_.size()) < n_) cells_.push_back(std::make_unique<Cell>());
    declare_sides(meta);
    meta.parameter(A, "A", ParameterSpec::positive("m2", "heat transfer area"));
    meta.parameter(V_Hex, "V_Hex", ParameterSpec::positive("m3", "fluid volume of each side"));
    // Every option's parameters are declared whatever the choice (a system file sets them before the choice is taken).
    meta.parameter(U_A, "U_A", ParameterSpec::non_negative("W/(m2.K)", "heat transfer coefficient fluid A ↔ wall (cellModelA = constant)"));
    meta.parameter(U_B, "U_B", ParameterSpec::non_negative("W/(m2.K)", "heat transfer coefficient fluid B ↔ wall (cellModelB = constant)"));
    static const ChoiceSpec kWall{{"storing", "conducting"},
                                  "storing: a wall node of capacity C_wall between the sides (Lied); conducting: the conductance k_wall·A in series, no storage (TFS)"};
    meta.choice(wall, "wall", kWall);
    meta.parameter(C_wall, "C_wall", ParameterSpec::positive("J/K", "heat capacity of the wall (wall = storing)"));
    meta.parameter(k_wall, "k_wall", ParameterSpec::positive("W/(m2.K)", "heat transfer coefficient of the wall (wall = conducting)"));
    declare_transfer(meta, transfer_A, "A");
    declare_transfer(meta, transfer_B, "B");
    static const ChoiceSpec kInit{{"T", "inlet"}, "the cells start at T_start (at p_start), or at their side's inlet enthalpy (TFS's default)"};
    meta.choice(init, "init", kInit);
    meta.parameter(T_start, "T_start", ParameterSpec::positive("K", "temperature of fluids and wall at the start").read_at_build());
    meta.parameter(p_start, "p_start", ParameterSpec::positive("Pa", "pressure at which T_start gives the start enthalpies").read_at_build());
    meta.parameter(rho_min, "rho_min", defaults::kRhoMin, ParameterSpec::positive("kg/m3", "lowest density for the mass in a cell"));
    // The start enthalpies from (p_start, T_start); with init = inlet they are only the guess the start settles from,
    // so a medium that has no state there (CO2 below its triple point's 5.2 bar) falls back to 0 instead.
    double hA0 = 0, hB0 = 0;
    for (auto [side, h0, name] : {std::tuple{&A_side, &hA0, "A"}, std::tuple{&B_side, &hB0, "B"}}) {
        const Medium* m = side->medium.medium;
        if (!m) continue;
        *h0 = m->specific_enthalpy(p_start, T_start, nullptr);
        if (std::isfinite(*h0)) continue;
        if (init == Init::T)
            throw BuildError(meta.path() + ": p_start = " + std::to_string(p_start) + " Pa, T_start = " + std::to_string(T_start) + " K is outside side " +
                                 name + "'s medium " + m->name() + " (rule: the initial state is in the media's range; or init = inlet)",
                             "start state in range");
        *h0 = 0.0;
    }
    BlockLists& cells = cell_lists_.reset({&inletA.state, &inletB.state, &inletA.m_flow, &inletB.m_flow});
    for (int i = 0; i < n_; ++i) {
        Cell& c = *cells_[i];
        const std::string k = "[" + std::to_string(i + 1) + "]";
        c.h_A.start = hA0, c.h_B.start = hB0, c.T_wall.start = T_start;
        meta.state(c.h_A, "h_A" + k, 1e5, "J/kg");
        meta.state(c.h_B, "h_B" + k, 1e5, "J/kg");
        A_side.medium.declare_enthalpy_range(meta, "h_A" + k, &c.A_limits);
        B_side.medium.declare_enthalpy_range(meta, "h_B" + k, &c.B_limits);
        if (init == Init::inlet) {
            meta.start_follows(c.h_A, h_in_A_);
            meta.start_follows(c.h_B, h_in_B_);
        }
        for (State* s : {&c.h_A, &c.h_B}) {
            cells.reads.push_back(&s->value);
            cells.writes.push_back(&s->der);
        }
        if (wall == Wall::storing) {
            meta.state(c.T_wall, "T_wall" + k, 300, "K");
            cells.reads.push_back(&c.T_wall.value);
            cells.writes.push_back(&c.T_wall.der);
        }
        meta.variable(c.A.T, "T_A" + k, "K");
        meta.variable(c.B.T, "T_B" + k, "K");
    }
    meta.block<&DiscretizedCounterFlowHEX::evalOutletA>(this, "evalOutletA", {&inletA.state, &cells_[n_ - 1]->h_A.value}, {&outletA.state});
    meta.block<&DiscretizedCounterFlowHEX::evalOutletB>(this, "evalOutletB", {&inletB.state, &cells_[n_ - 1]->h_B.value}, {&outletB.state});
    meta.block<&DiscretizedCounterFlowHEX::evalCells>(this, "evalCells", cells.reads, cells.writes);
    meta.variable(Q_flow_, "Q_flow", "W");
    meta.variable(T_out_A_, "T_out_A", "K");
    meta.variable(T_out_B_, "T_out_B", "K");
}

void DiscretizedCounterFlowHEX::declare_transfer(Meta& meta, SideTransfer& t, const char* side) {
    static const ChoiceSpec kModel{{"constant", "singlePhase", "twoPhase"},
                                   "the side's U: constant (U_A/U_B), TFS's singlePhase (U_nom at m_flow_nom, exponent 0.8) or twoPhase (liquid, evaporating/condensing and vapour coefficients)"};
    const std::string s(side);
    meta.choice(t.model, "cellModel" + s, kModel);
    meta.parameter(t.U_nom, "U_nom_" + s, ParameterSpec::positive("W/(m2.K)", "single-phase U at m_flow_nom (cellModel" + s + " = singlePhase)"));
    meta.parameter(t.m_flow_nom, "m_flow_nom_" + s, ParameterSpec::positive("kg/s", "single-phase nominal mass flow"));
    meta.parameter(t.U_liq_nom, "U_liq_nom_" + s, ParameterSpec::positive("W/(m2.K)", "U of the liquid at m_flow_nom_tp (cellModel" + s + " = twoPhase)"));
    meta.parameter(t.U_tp_nom, "U_tp_nom_" + s, ParameterSpec::positive("W/(m2.K)", "U while evaporating or condensing"));
    meta.parameter(t.U_vap_nom, "U_vap_nom_" + s, ParameterSpec::positive("W/(m2.K)", "U of the vapour at m_flow_nom_tp"));
    meta.parameter(t.m_flow_nom_tp, "m_flow_nom_tp_" + s, ParameterSpec::positive("kg/s", "two-phase nominal mass flow"));
    meta.parameter(t.delta_x, "delta_x_" + s, ParameterSpec{"kg/kg", "half width in quality of the blend at the dome's edges", 1e-6, 0.5});
    if (t.model == CellModel::twoPhase) {
        const MediumParameter& m = s == "A" ? A_side.medium : B_side.medium;
        meta.require(!m.medium || m.medium->two_phase(),
                     [&] { return "cellModel" + s + " = twoPhase needs a medium that boils, not " + m.name; }, "two-phase cells on a two-phase medium");
    }
}

LIED_REGISTER_COMPONENT(DiscretizedCounterFlowHEX, "counter-flow heat exchanger in nCells cells per side with a heat-storing or a conducting wall, TFS's single- and two-phase cell laws (TFS DiscretizedCounterFlowHEX)");

}  // namespace lied::thermofluid
