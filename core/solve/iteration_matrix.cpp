#include "core/solve/iteration_matrix.h"

#include <algorithm>
#include <cmath>

namespace lied {

void IterationMatrix::configure(const SparsityPattern& j, LinearSolverKind kind) {
    jacobian_ = &j;
    n_ = j.columns;
    dense_ = kind == LinearSolverKind::Dense || (kind == LinearSolverKind::Automatic && static_cast<std::size_t>(n_) <= kDenseLimit);
    factorizations_ = 0;
    if (dense_) {
        m_.setZero(n_, n_);
        lu_ = Eigen::PartialPivLU<Eigen::MatrixXd>(n_);
        rhs_.setZero(n_);
        return;
    }
    start_.assign(1, 0);
    rows_.clear();
    from_jacobian_.assign(j.nonzeros(), -1);
    diagonal_.assign(static_cast<std::size_t>(n_), -1);
    for (int c = 0; c < n_; ++c) {
        const auto col = j.column(static_cast<std::size_t>(c));
        bool diagonal_done = false;
        auto add_diagonal = [&] {
            diagonal_[static_cast<std::size_t>(c)] = static_cast<int>(rows_.size());
            rows_.push_back(c);
            diagonal_done = true;
        };
        for (std::size_t k = 0; k < col.size(); ++k) {
            if (!diagonal_done && col[k] > c) add_diagonal();
            if (col[k] == c) diagonal_[static_cast<std::size_t>(c)] = static_cast<int>(rows_.size()), diagonal_done = true;
            from_jacobian_[static_cast<std::size_t>(j.start[static_cast<std::size_t>(c)]) + k] = static_cast<int>(rows_.size());
            rows_.push_back(col[k]);
        }
        if (!diagonal_done) add_diagonal();
        start_.push_back(static_cast<int>(rows_.size()));
    }
    values_.assign(rows_.size(), 0.0);
    klu_.analyze(n_, start_.data(), rows_.data());
}

bool IterationMatrix::factor(double a, double c, const double* jv) {
    ++factorizations_;
    const SparsityPattern& j = *jacobian_;
    if (dense_) {
        m_.setZero();
        for (int col = 0; col < n_; ++col)
            for (int p = j.start[static_cast<std::size_t>(col)]; p < j.start[static_cast<std::size_t>(col) + 1]; ++p)
                m_(j.row_index[static_cast<std::size_t>(p)], col) = -c * jv[p];
        m_.diagonal().array() += a;
        lu_.compute(m_);
        // The same rule as L's: a pivot 1e14 times below the largest carries no information.
        const auto d = lu_.matrixLU().diagonal().cwiseAbs();
        return n_ == 0 || (d.minCoeff() > kSingularPivotRatio * d.maxCoeff() && std::isfinite(d.maxCoeff()));
    }
    std::fill(values_.begin(), values_.end(), 0.0);
    for (std::size_t p = 0; p < from_jacobian_.size(); ++p) values_[static_cast<std::size_t>(from_jacobian_[p])] = -c * jv[p];
    for (int i = 0; i < n_; ++i) values_[static_cast<std::size_t>(diagonal_[static_cast<std::size_t>(i)])] += a;
    return klu_.factor(values_.data());
}

void IterationMatrix::solve(double* b) const {
    if (!dense_) {
        klu_.solve(b);
        return;
    }
    Eigen::Map<Eigen::VectorXd> x(b, n_);
    rhs_ = x;
    x = lu_.solve(rhs_);
}

}  // namespace lied
