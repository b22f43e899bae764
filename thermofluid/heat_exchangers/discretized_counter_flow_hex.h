#pragma once
// A discretised counter-flow heat exchanger (ThermofluidStream's DiscretizedCounterFlowHEX): nCells cells per side,
// each like a ConductionElement of volume V_Hex/nCells with the mass in it quasi-stationary (M = V·ρ), side B running
// the other way, so that cell i of side A faces cell j = nCells + 1 − i of side B:
//   M_A,i·dh_A,i/dt = ṁ_A·(h_A,i−1 − h_A,i) + Q_A,i       (h_A,0 = h_in,A; the same for B)
// What lies between the facing cells is the `wall`:
//  - `storing` (Lied's default): a wall node of heat capacity C_wall/nCells, Q_A,i = k_A·(T_wall,i − T_A,i) and
//    (C_wall/nCells)·dT_wall,i/dt = −Q_A,i − Q_B,j, the wall's own conduction lumped into the sides' coefficients;
//  - `conducting` (TFS's): no storage, the wall's conductance k_wall·A/nCells in series with the sides',
//    Q_A,i = −Q_B,j = (T_B,j − T_A,i)/(1/k_A + 1/k_wall,i + 1/k_B).
// k = U·A/nCells per cell, U by each side's `cellModel` (TFS's conduction elements for the exchanger):
//  - `constant`: U_A, U_B;
//  - `singlePhase` (TFS's ConductionElementHEX): U = max(1, U_nom·(|ṁ|/m_flow_nom)^0.8);
//  - `twoPhase` (TFS's ConductionElementHEX_twoPhase): U_liq = max(1, U_liq_nom·(|ṁ|/m_flow_nom)^0.4) below the dome,
//    U_tp = max(1, U_tp_nom) in it, U_vap = max(1, U_vap_nom·(|ṁ|/m_flow_nom)^0.5) above it, blended by
//    sin() over ±delta_x of quality x = (h − h′)/(h″ − h′) at both edges (TFS's interpolation). Without a dome at
//    the side's pressure the liquid's U holds where the medium calls the state liquid (WaterIF97 above 16.5 MPa),
//    else the vapour's (a supercritical refrigerant).
// The cells start at T_start (init = T) or at their side's inlet enthalpy (init = inlet, TFS's default). For reverse
// flow (ṁ < 0) each cell takes the enthalpy of the cell downstream and the last one keeps its own (TFS's rule).
#include "core/model/block_lists.h"
#include "core/model/choice.h"
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
    enum class Wall { storing, conducting };
    Choice<Wall> wall{Wall::storing};
    double k_wall = 100.0;                  // W/(m²·K), the conducting wall's coefficient (TFS's default)
    enum class CellModel { constant, singlePhase, twoPhase };
    // One side's heat transfer law and its parameters (TFS's defaults: single phase 3000 W/(m²·K) at 1 kg/s; two
    // phase 700 liquid, 1000 evaporating or condensing, 500 vapour, at 0.3 kg/s, blended over ±0.05 of quality).
    struct SideTransfer {
        Choice<CellModel> model{CellModel::constant};
        double U_nom = 3000.0, m_flow_nom = 1.0;
        double U_liq_nom = 700.0, U_tp_nom = 1000.0, U_vap_nom = 500.0, m_flow_nom_tp = 0.3, delta_x = 0.05;
    };
    SideTransfer transfer_A, transfer_B;
    enum class Init { T, inlet };
    Choice<Init> init{Init::T};
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
    // U of a singlePhase or twoPhase side's cell with enthalpy h at mass flow m_flow (a constant side's is U_A, U_B);
    // `saturation` holds the side's dome (valid if `dome`); without one, `liquid` says whether the medium calls the
    // cell's state liquid.
    static double coefficient(const SideTransfer& t, double m_flow, double h, bool dome, const SaturationProperties& saturation, bool liquid);
    void declare_transfer(Meta& meta, SideTransfer& t, const char* side);
    void evalOutletA();
    void evalOutletB();
    void evalCells();
    std::vector<std::unique_ptr<Cell>> cells_;   // grows only
    int n_ = 0;
    double Q_flow_ = 0, T_out_A_ = 0, T_out_B_ = 0, energy_ = 0;
    double h_in_A_ = 0, h_in_B_ = 0;   // the inlets' enthalpies, where init = inlet starts the cells
    SaturationProperties saturation_A_, saturation_B_;
    // W: what the cells and the wall store (Σ M·dh/dt + C·dT/dt; the cells' masses follow the flow without a balance),
    // and what the reverse-flow guard at the inlets creates (a cell books its own h for what leaves through an inlet).
    double storage_rate_ = 0, reverse_flow_energy_ = 0;
    BlockLists cell_lists_;   // evalCells' reads and writes, kept between crawls
};

}  // namespace lied::thermofluid
