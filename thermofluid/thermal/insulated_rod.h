#pragma once
// A rod with an insulated surface, heat conducted along it (Neumayr & Otter, "Modelling and Simulation of
// Physical Systems with Dynamically Changing Degrees of Freedom", Appendix B.1): n volumes of length Δx = L/n, the
// temperature T[i] in the middle of each a state,
//     ρ·c·A·Δx · dT[i]/dt = Q into volume i,   between volumes λ·A/Δx·(T[i] − T[i+1]),
// end a a heat flow port: Q_a = 2·λ·A/Δx·(T_a − T[1]) from the half volume to the face; end b a heat port that
// shows T[n] and takes the heat flow it is given into volume n (0 for an insulated end).
// n is structural: a new n applies at the next build, and the rod then sets its new temperatures from the old
// profile so that the stored energy ρ·c·A·Σ Δx·T stays what it was (each new volume takes the old temperatures it
// overlaps, weighted by the overlap).
#include "core/model/block_lists.h"
#include "core/model/component.h"
#include "core/model/state.h"
#include "thermofluid/thermal/heat_ports.h"

#include <array>
#include <memory>
#include <vector>

namespace lied::thermofluid {

class InsulatedRod final : public Component {
public:
    HeatFlowPort a;              // reads T_a, sends the heat flow into the body at a
    HeatPort b;                  // sends T[n], takes Q_b into the rod
    double n = 5;                // number of volumes (an integer; structural)
    double L = 0.2;              // m
    double A = 1e-4;             // m²
    double rho = 2700.0;         // kg/m³ (aluminium)
    double c = 900.0;            // J/(kg·K)
    double lambda = 200.0;       // W/(m·K)
    double T_start = 293.15;     // K, every volume at the start

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "InsulatedRod"; }
    void take_over(const PreviousValues& previous, const std::string& path, Simulator& sim) override;

private:
    void evalPorts();
    void evalDerivatives();
    double heat_in_at_a() const;
    std::vector<std::unique_ptr<State>> T_;   // at least m_ (never shrinks)
    std::array<BlockLists, 2> lists_;   // the blocks' reads and writes, kept between crawls
    std::size_t m_ = 1;                       // volumes of the structure last crawled
    double U_ = 0.0, Q_a_ = 0.0;
};

}  // namespace lied::thermofluid
