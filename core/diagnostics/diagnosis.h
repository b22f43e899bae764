#pragma once
// Explaining a point where the model cannot be evaluated, outside the step path: the first state, block
// output, residual or derivative that is not finite (with the block that computed it from finite inputs),
// or a singular L. Used at build (the initial point) and after a failed step.
#include "core/solve/evaluator.h"

#include <optional>
#include <string>

namespace lied {

// Runs every block at (t, x) in schedule order, the dependent ones at z = 0, and names the first value that is
// not finite: "block p1.evalState computed p1.dp = inf from finite inputs (p1.inlet.m_flow = 1e+150)".
std::optional<std::string> first_non_finite_value(const Model& model, const Schedule& schedule, Evaluator& evaluator,
                                                  double t, const double* x);

// Why f(t, x) failed: a non-finite value, a singular L (naming the tearing variables), or a non-finite
// solution or derivative. Changes signal values; the caller re-evaluates before going on.
std::string explain_evaluation_failure(const Model& model, const Schedule& schedule, Evaluator& evaluator, double t,
                                       const double* x);

}  // namespace lied
