#pragma once
// ∂f/∂x by finite differences, one evaluation of f per colour of the pattern instead of one per state:
// the states of one colour share no derivative, so they are perturbed together. Allocation-free after
// configure().
#include "core/solve/ode_function.h"
#include "core/build/sparsity_pattern.h"

#include <vector>

namespace lied {

class ColouredJacobian {
public:
    // `nominal` (one per state, may be empty) sets the size below which a state's perturbation stops
    // shrinking with |x| (a state at 0 still gets a meaningful difference quotient).
    void configure(SparsityPattern pattern, const std::vector<double>& nominal);
    // Writes J's values in pattern order, given f0 = f(t, x). False if an evaluation failed.
    bool compute(OdeFunction& f, double t, const double* x, const double* f0, double* values);

    const SparsityPattern& pattern() const { return pattern_; }
    std::size_t colours() const { return groups_.size(); }   // evaluations of f per Jacobian
    const std::vector<std::vector<int>>& groups() const { return groups_; }

private:
    SparsityPattern pattern_;
    std::vector<std::vector<int>> groups_;
    std::vector<double> scale_, x_, f_, delta_;
};

}  // namespace lied
