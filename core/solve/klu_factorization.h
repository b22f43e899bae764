#pragma once
// Sparse LU of L with KLU (SuiteSparse), the solver of circuit simulators, whose matrices look like ours:
// very sparse, unsymmetric, from networks. The ordering (BTF + AMD) is computed once per structure; a new
// factorization with the same pattern reuses the pivot order (klu_refactor) and allocates nothing, as do
// solves. Only the first factorization of a structure, or one whose old pivots went bad, allocates.
#include <memory>
#include <vector>

namespace lied {

// A pivot this much smaller than the largest carries no information in double precision: L counts as singular.
// The one rule of every factorization of L (dense LU and KLU).
inline constexpr double kSingularPivotRatio = 1e-14;

class KluFactorization {
public:
    KluFactorization();
    ~KluFactorization();
    KluFactorization(const KluFactorization&) = delete;
    KluFactorization& operator=(const KluFactorization&) = delete;

    // The pattern in compressed columns (column_start has n + 1 entries, rows ascending per column). The
    // arrays must outlive this object's use of them (they live in the Schedule). The same pattern as the last
    // one analyzed (a rebuild that kept the structure of L: a parameter changed, a valve replaced by a valve)
    // keeps the analysis and the factors' memory, so the next factorization is a refactorization.
    void analyze(int n, const int* column_start, const int* rows);
    long analyses() const { return analyses_; }   // how often KLU analyzed a pattern (for tests and logs)
    // Factors the values in pattern order. False if L is singular: an exactly zero pivot, or one more than
    // 1e14 times smaller than the largest.
    bool factor(const double* values);
    // Solves L·x = b in place. Precondition: the last factor() returned true.
    void solve(double* b) const;

    double pivot_ratio() const { return pivot_ratio_; }     // min |U_kk| / max |U_kk|
    int singular_column() const { return singular_column_; } // first column without a pivot, or -1

private:
    struct Handles;   // KLU's own structs, kept out of this header
    bool factor_fresh(const double* values);

    std::unique_ptr<Handles> klu_;
    int n_ = 0;
    const int* column_start_ = nullptr;
    const int* rows_ = nullptr;
    double pivot_ratio_ = 0.0;
    int singular_column_ = -1;
    std::vector<int> analyzed_start_, analyzed_rows_;   // the pattern of the kept analysis
    long analyses_ = 0;
};

}  // namespace lied
