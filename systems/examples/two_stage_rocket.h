#pragma once
// The two-stage rocket of Neumayr & Otter, "Modelling and Simulation of Physical Systems with Dynamically Changing
// Degrees of Freedom" (§6.1; Modia3D's TwoStageRocket3D test), vertical and in 1D dialectic mechanics:
//  - 0–5 s: the two stages (100 kg each) are attached: one rigid body of 200 kg (`stages`) whose position is its
//    centre of mass, starting at rest at 1.75 m (stage centres at 1 m and 2.5 m); stage 1's engine pushes with
//    10000·(1 − t/5) N;
//  - at 5 s the stages are released: each becomes its own degree of freedom (`stage1`, `stage2`), starting where it
//    sat in the assembly (∓0.75 m from its centre of mass) with the assembly's velocity, so momentum is conserved;
//    stage 2's engine pushes with 2000·(1 − (t − 5)/10) N until 15 s;
//  - at 10 s the spent stage 1 is removed from the simulation.
// g = 9.81 m/s² acts downwards on every body. The changes are StructuralChanges scheduled on the simulator;
// between them nothing is rebuilt and no code is generated.
#include "core/model/composite.h"
#include "core/simulation/simulator.h"

#include <memory>

namespace lied::systems {

struct TwoStageRocket {
    static constexpr double stage_mass = 100.0;        // kg
    static constexpr double g = 9.81;                  // m/s²
    static constexpr double stage1_centre = 1.0, stage2_centre = 2.5;   // m, at t = 0
    static constexpr double release_time = 5.0, removal_time = 10.0;    // s

    // The attached stages: a Composite, so that the changes can edit it by path.
    static std::unique_ptr<Composite> make();
    // The release at 5 s and the removal at 10 s, scheduled on a simulator built on make()'s tree.
    static void schedule_changes(Simulator& sim);
    static StructuralChange release();
    static StructuralChange remove_spent_stage();
};

}  // namespace lied::systems
