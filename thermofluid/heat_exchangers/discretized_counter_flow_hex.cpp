#include "thermofluid/heat_exchangers/discretized_counter_flow_hex.h"

#include "core/model/build_error.h"
#include "core/model/component_registry.h"
#include "core/model/meta.h"
#include "core/model/plug_array.h"

#include <cmath>

namespace lied::thermofluid {

void DiscretizedCounterFlowHEX::evalOutletA() { outletA.state.value() = {A_side.in().p, cells_[n_ - 1]->h_A(), A_side.in().Xi}; }
void DiscretizedCounterFlowHEX::evalOutletB() { outletB.state.value() = {B_side.in().p, cells_[n_ - 1]->h_B(), B_side.in().Xi}; }

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
    Q_flow_ = 0;
    energy_ = 0;
    for (int i = 0; i < n_; ++i) {
        Cell& c = *cells_[i];
        const Cell& facing = *cells_[n_ - 1 - i];
        c.Q_A = UA_A * (c.T_wall() - c.A.T);
        const double Q_B_here = UA_B * (c.T_wall() - facing.B.T);   // into B's cell n − 1 − i
        cells_[n_ - 1 - i]->Q_B = Q_B_here;
        c.T_wall.der.value() = (-c.Q_A - Q_B_here) / C;
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
        storage_rate_ += M_A * c.h_A.der.value() + M_B * c.h_B.der.value() + C * c.T_wall.der.value();
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
    meta.parameter(U_A, "U_A", ParameterSpec::non_negative("W/(m2.K)", "heat transfer coefficient fluid A ↔ wall"));
    meta.parameter(U_B, "U_B", ParameterSpec::non_negative("W/(m2.K)", "heat transfer coefficient fluid B ↔ wall"));
    meta.parameter(C_wall, "C_wall", ParameterSpec::positive("J/K", "heat capacity of the wall"));
    meta.parameter(T_start, "T_start", ParameterSpec::positive("K", "temperature of fluids and wall at the start").read_at_build());
    meta.parameter(p_start, "p_start", ParameterSpec::positive("Pa", "pressure at which T_start gives the start enthalpies").read_at_build());
    meta.parameter(rho_min, "rho_min", defaults::kRhoMin, ParameterSpec::positive("kg/m3", "lowest density for the mass in a cell"));
    double hA0 = 0, hB0 = 0;
    if (A_side.medium.medium && B_side.medium.medium) {
        hA0 = A_side.medium.medium->specific_enthalpy(p_start, T_start, nullptr);
        hB0 = B_side.medium.medium->specific_enthalpy(p_start, T_start, nullptr);
        if (!std::isfinite(hA0) || !std::isfinite(hB0))
            throw BuildError(meta.path() + ": T_start = " + std::to_string(T_start) + " K is outside a side's medium " +
                                 "(rule: the initial state is in the media's range)",
                             "start state in range");
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
        meta.state(c.T_wall, "T_wall" + k, 300, "K");
        for (const State* s : {&c.h_A, &c.h_B, &c.T_wall}) {
            cells.reads.push_back(&s->value);
            cells.writes.push_back(&s->der);
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

LIED_REGISTER_COMPONENT(DiscretizedCounterFlowHEX, "counter-flow heat exchanger in nCells cells per side with a heat-storing wall (TFS DiscretizedCounterFlowHEX)");

}  // namespace lied::thermofluid
