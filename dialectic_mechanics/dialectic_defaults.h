#pragma once
// The dialectic time constant T_D shared by every mass of a (sub)system: the kinetic velocity w follows the
// elastic velocity v = q̇ as T_D·ẇ = v − w. A MechanicsDefaults component sets it for its subtree (the nearest one
// up the tree wins, as DropOfCommons does for thermofluid); a component's own T_D overrides it.
#include "core/model/component.h"

namespace lied::mechanics {

namespace defaults {
inline constexpr const char* kTD = "mechanics.T_D";
// s. Small enough that the replacement dynamics of a stiff contact (eigenvalues −1/T_D and −T_D·c/m) stay far
// above the motion of interest, large enough that −T_D·c/m does not force steps below what an implicit
// real-time integrator affords. See docs/user-guide/dialectic-mechanics.md for the trade-off.
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
