#pragma once
// The matrix of every implicit step, M = I − c·J (c = γ·h for Rosenbrock methods, the step for pseudo-
// transient continuation), factored once and solved many times. Dense LU for few states, KLU for many (the
// rule of L: linear_policy.h). The diagonal is always part of the pattern. After configure(), factor() and
// solve() allocate nothing, except KLU when its old pivot order went bad.
#include "core/solve/klu_factorization.h"
#include "core/solve/linear_policy.h"
#include "core/build/sparsity_pattern.h"

#include <Eigen/Dense>
#include <vector>

namespace lied {

class IterationMatrix {
public:
    void configure(const SparsityPattern& jacobian, LinearSolverKind kind = LinearSolverKind::Automatic);
    // Factors I·a − c·J from J's values (in the pattern order of configure()). False if M is singular.
    bool factor(double a, double c, const double* jacobian_values);
    void solve(double* b) const;   // b ← M⁻¹ b
    bool dense() const { return dense_; }
    long factorizations() const { return factorizations_; }

private:
    bool dense_ = true;
    int n_ = 0;
    const SparsityPattern* jacobian_ = nullptr;
    // Sparse: M's pattern (J's plus the diagonal), where each J entry lands, and where the diagonal is.
    std::vector<int> start_, rows_, from_jacobian_, diagonal_;
    std::vector<double> values_;
    KluFactorization klu_;
    // Dense: M itself and its LU.
    Eigen::MatrixXd m_;
    Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
    mutable Eigen::VectorXd rhs_;
    long factorizations_ = 0;
};

}  // namespace lied
