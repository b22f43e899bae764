#include "core/solve/klu_factorization.h"

#include <klu.h>

#include <algorithm>
#include <stdexcept>

namespace lied {
struct KluFactorization::Handles {
    klu_common common;
    klu_symbolic* symbolic = nullptr;
    klu_numeric* numeric = nullptr;
    Handles() {
        klu_defaults(&common);
        common.halt_if_singular = 0;   // finish the factorization and report where the rank is lost
    }
    ~Handles() { release(); }
    void release() {
        if (numeric) klu_free_numeric(&numeric, &common);
        if (symbolic) klu_free_symbolic(&symbolic, &common);
    }
};

KluFactorization::KluFactorization() : klu_(std::make_unique<Handles>()) {}
KluFactorization::~KluFactorization() = default;

void KluFactorization::analyze(int n, const int* column_start, const int* rows) {
    n_ = n;
    column_start_ = column_start;
    rows_ = rows;
    const auto nonzeros = static_cast<std::size_t>(column_start[n]);
    if (klu_->symbolic && analyzed_start_.size() == static_cast<std::size_t>(n) + 1 && std::equal(column_start, column_start + n + 1, analyzed_start_.begin()) &&
        std::equal(rows, rows + nonzeros, analyzed_rows_.begin()))
        return;
    klu_->release();
    analyzed_start_.assign(column_start, column_start + n + 1);
    analyzed_rows_.assign(rows, rows + nonzeros);
    ++analyses_;
    // klu_analyze only reads the arrays; its prototype predates const.
    klu_->symbolic = klu_analyze(n, const_cast<int*>(column_start), const_cast<int*>(rows), &klu_->common);
    if (!klu_->symbolic) throw std::runtime_error("KLU could not analyze the structure of L (status " + std::to_string(klu_->common.status) + ")");
}

bool KluFactorization::factor_fresh(const double* values) {
    if (klu_->numeric) klu_free_numeric(&klu_->numeric, &klu_->common);
    klu_->numeric = klu_factor(const_cast<int*>(column_start_), const_cast<int*>(rows_), const_cast<double*>(values), klu_->symbolic, &klu_->common);
    return klu_->numeric != nullptr;
}

bool KluFactorization::factor(const double* values) {
    bool ok = klu_->numeric && klu_refactor(const_cast<int*>(column_start_), const_cast<int*>(rows_), const_cast<double*>(values),
                                       klu_->symbolic, klu_->numeric, &klu_->common);
    if (ok) {
        klu_rcond(klu_->symbolic, klu_->numeric, &klu_->common);
        // The pivot order of an earlier factorization may be poor for these values: order afresh.
        ok = klu_->common.status == KLU_OK && klu_->common.rcond > kSingularPivotRatio;
    }
    if (!ok) {
        if (!factor_fresh(values)) {
            pivot_ratio_ = 0.0;
            singular_column_ = 0;
            return false;
        }
        klu_rcond(klu_->symbolic, klu_->numeric, &klu_->common);
    }
    pivot_ratio_ = klu_->common.rcond;
    singular_column_ = klu_->common.status == KLU_SINGULAR ? klu_->common.singular_col : -1;
    return klu_->common.status == KLU_OK && pivot_ratio_ > kSingularPivotRatio;
}

void KluFactorization::solve(double* b) const {
    klu_solve(klu_->symbolic, klu_->numeric, n_, 1, b, &klu_->common);
}

}  // namespace lied
