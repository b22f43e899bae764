#pragma once
// The dialectic time constant T_D shared by every mass of a (sub)system: the elastic velocity, the tearing
// variable, is v = w + T_D·ẇ. A MechanicsDefaults component sets it for its subtree (the nearest one
// up the tree wins, as DropOfCommons does for thermofluid); a component's own T_D overrides it.
#include "core/model/component.h"

namespace lied::mechanics {

namespace defaults {
inline constexpr const char* kTD = "mechanics.T_D";
// s. Positions move with w, so T_D does not change the motion of masses, springs, dampers and contacts; it sets
// how the elements that read v act: a closed constraint obeys T_D·ë + ė + η·e = 0, and a loop closure's damper
// adds T_D·d to the inertia of the gap. 1 ms keeps that mode (−1/T_D) within reach of an explicit step of up to
// 2.8 ms (RK4). See docs/user-guide/dialectic-mechanics.md.
inline constexpr double T_D = 1e-3;
// m/s². The World provides its g to the bodies of its subtree: the dynamics take gravity from the world frame's
// acceleration, the energy books need it for each body's potential energy.
inline constexpr const char* kG = "mechanics.g";
inline constexpr double g = 9.81;
}  // namespace defaults

class MechanicsDefaults final : public Component {
public:
    double T_D = defaults::T_D;
    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "MechanicsDefaults"; }
};

}  // namespace lied::mechanics
