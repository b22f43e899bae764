#pragma once
// An ideal gear (Modelica's IdealGear): φ_a = ratio·φ_b, rigid and lossless. flange_a is driven by the input
// side's root (a motor inertia); flange_b drives the output side with the scaled motion, and the output torque
// returns scaled: τ_a = τ_b/ratio (power in = power out).
#include "core/model/block_lists.h"
#include "core/model/meta.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

#include <string>

namespace lied::mechanics {

template <class D>
class IdealGearOf : public Component {
public:
    IdealGearOf() = default;
    explicit IdealGearOf(double ratio) : ratio(ratio) {}
    DrivenFlange<D> flange_a;
    DrivingFlange<D> flange_b;
    double ratio = 1.0;

    void metainfo(Meta& meta) override {
        meta.balance_neutral();   // it passes v, w and the torque with one ratio: power in is power out
        meta.plug(flange_a, "flange_a");
        meta.plug(flange_b, "flange_b");
        meta.parameter(ratio, "ratio", {"", "transmission ratio φ_a/φ_b (non-zero)", -1e6, 1e6, false});
        meta.require(ratio != 0.0, "ratio = 0", "a gear's ratio is non-zero");
        // Positions and velocities in two blocks: what reads only a position stays independent of the tearing variables.
        meta.block<&IdealGearOf::passPosition>(this, "passPosition", {&flange_a.s, &flange_a.w}, {&flange_b.s, &flange_b.w});
        meta.block<&IdealGearOf::passVelocity>(this, "passVelocity", {&flange_a.v}, {&flange_b.v});
        BlockLists& torque = torque_lists_.reset({}, {&flange_a.f});
        flange_b.append_force_signals(torque.reads);
        meta.block<&IdealGearOf::passTorque>(this, "passTorque", torque.reads, torque.writes);
    }

private:
    BlockLists torque_lists_;   // kept between crawls: a rebuild allocates nothing for them
    void passPosition() {
        flange_b.s.value() = flange_a.s.value() / ratio;
        flange_b.w.value() = flange_a.w.value() / ratio;
    }
    void passVelocity() { flange_b.v.value() = flange_a.v.value() / ratio; }
    void passTorque() { flange_a.f.value() = flange_b.force() / ratio; }
};

}  // namespace lied::mechanics
