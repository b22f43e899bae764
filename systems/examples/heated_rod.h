#pragma once
// The heated rod of Neumayr & Otter, "Modelling and Simulation of Physical Systems with Dynamically Changing Degrees
// of Freedom" (Appendix B.1): an aluminium rod (0.2 m) with an insulated surface at 20 °C, its left end held at
// 220 °C from t = 0, its right end insulated. Its discretisation is refined while it runs — 5 volumes, 8 from 30 s,
// 100 from 100 s — and each refinement keeps the stored energy (InsulatedRod::take_over).
#include "core/model/composite.h"
#include "core/simulation/simulator.h"

#include <memory>

namespace lied::systems {

struct HeatedRod {
    static constexpr double T_wall = 493.15, T_start = 293.15;   // K
    static std::unique_ptr<Composite> make(int volumes = 5);
    static StructuralChange refine(int volumes);                  // rod.n ← volumes
    static void schedule_changes(Simulator& sim);                 // 8 volumes at 30 s, 100 at 100 s
};

}  // namespace lied::systems
