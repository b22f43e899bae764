#pragma once
// The connection rule of every dialectic chain, 1D and planar, quoted in messages about loops and roots.
namespace lied::mechanics {

inline constexpr const char* kKinematicLoopRule = "every kinematic loop contains a compliant element (spring, gap, loop closure)";

}  // namespace lied::mechanics
