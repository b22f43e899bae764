#pragma once
// A discretised counter-flow heat exchanger (ThermofluidStream's DiscretizedCounterFlowHEX, with a wall that
// stores heat): nCells cells per side, each like a ConductionElement of volume V_Hex/nCells, and between cell i of
// side A and cell nCells + 1 − i of side B a wall node of capacity C_wall/nCells:
//   M_A,i·dh_A,i/dt = ṁ_A·(h_A,i−1 − h_A,i) + U_A·(A/nCells)·(T_wall,i − T_A,i)       (h_A,0 = h_in,A; same for B)
//   (C_wall/nCells)·dT_wall,i/dt = −U_A·(A/nCells)·(T_wall,i − T_A,i) − U_B·(A/nCells)·(T_wall,i − T_B,j)
// with M = (V_Hex/nCells)·ρ quasi-stationary. U_A and U_B are the two sides' heat transfer coefficients; the wall's
// own conduction resistance is taken as lumped into them (a thin metal wall). For reverse flow (ṁ < 0) each cell
// takes the enthalpy of the cell downstream and the last one keeps its own (TFS's ConductionElement rule).
#include "core/model/block_lists.h"
#include "core/model/component.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/heat_exchangers/two_stream_exchanger.h"

#include <memory>
#include <vector>

namespace lied::thermofluid {

class DiscretizedCounterFlowHEX final : public TwoStreamExchanger {
public:
    double nCells = 3;
    double A = 10.0;                        // m², heat transfer area
    double V_Hex = 1e-3;                    // m³, fluid volume of each side
    double U_A = 1000.0, U_B = 1000.0;      // W/(m²·K), heat transfer coefficients fluid ↔ wall
    double C_wall = 1000.0;                 // J/K, heat capacity of the wall
    double T_start = 293.15;                // K, every cell and the wall at the start (fluids at p_start)
    double p_start = 1e5;                   // Pa
    SystemDefault rho_min{defaults::rho_min};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "DiscretizedCounterFlowHEX"; }

private:
    struct Cell {
        State h_A{0.0}, h_B{0.0}, T_wall{0.0};
        MediumProperties A, B;
        EnthalpyLimits A_limits, B_limits;   // h_A's and h_B's valid ranges where the media's bounds move with pressure
        double Q_A = 0, Q_B = 0;            // W, into the fluids
    };
    void evalOutletA();
    void evalOutletB();
    void evalCells();
    std::vector<std::unique_ptr<Cell>> cells_;   // grows only
    int n_ = 0;
    double Q_flow_ = 0, T_out_A_ = 0, T_out_B_ = 0, energy_ = 0;
    // W: what the cells and the wall store (Σ M·dh/dt + C·dT/dt; the cells' masses follow the flow without a balance),
    // and what the reverse-flow guard at the inlets creates (a cell books its own h for what leaves through an inlet).
    double storage_rate_ = 0, reverse_flow_energy_ = 0;
    BlockLists cell_lists_;   // evalCells' reads and writes, kept between crawls
};

}  // namespace lied::thermofluid
