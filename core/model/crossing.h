#pragma once
// The direction in which a state event's indicator must cross zero (Meta::zero_crossing).
namespace lied {

enum class Crossing { Up, Down, Both };

}  // namespace lied
