#pragma once
// The structure of ∂ẋ/∂x from the block graph alone, without differentiating anything: state j can change
// the derivative of state i if a path of blocks leads from j's value to der(i), directly or through the
// linear solve. Through the solve, a state that reaches a residual reaches every tearing variable of that
// residual's connected part of L (L⁻¹ is, structurally, full inside it), and from there every derivative
// those tearing variables reach. Conservative (a structural nonzero may be zero numerically), never missing
// an entry that can be nonzero.
#include "core/model/model.h"
#include "core/build/schedule.h"
#include "core/build/sparsity_pattern.h"

#include <span>
#include <vector>

namespace lied {

SparsityPattern state_jacobian_pattern(const Model& model, const Schedule& schedule);

// The same reasoning for any signals: for each of `sources` (signal indices), the positions in `sinks` (signal
// indices) that it can change, sorted. A source that is itself a sink reaches it. An FMU's ModelStructure lists
// what its outputs and derivatives depend on with it.
std::vector<std::vector<int>> signal_dependencies(const Model& model, const Schedule& schedule, std::span<const int> sources,
                                                  std::span<const int> sinks);

}  // namespace lied
