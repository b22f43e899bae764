#pragma once
#include <cstddef>

namespace lied {

// How L is obtained. Automatic picks FactorOnChange unless a component declared state-dependent coefficients.
enum class LinearPolicy {
    Automatic,
    ReprobeEveryCall,   // L(x) probed and factored at every evaluation
    FactorOnChange,     // L probed and factored once per structure, parameter change or event
};

inline const char* to_string(LinearPolicy p) {
    switch (p) {
        case LinearPolicy::Automatic: return "automatic";
        case LinearPolicy::ReprobeEveryCall: return "re-probe every call";
        case LinearPolicy::FactorOnChange: return "factor once per structure/parameter change";
    }
    return "?";
}

}  // namespace lied

namespace lied {

// How L is factored. Automatic: dense LU for small systems (fewer indirections, faster below the size
// measured in bench/), sparse LU (KLU) above it, where the dense cost grows as n² per solve and n³ per
// factorization.
enum class LinearSolverKind { Automatic, Dense, Sparse };

// Systems with at most this many tearing variables use the dense LU under Automatic. Measured with
// `lied_bench --benchmark_filter=DenseVsSparse` (trees, one evaluation): dense is faster up to 8 tearing
// variables, KLU from 16 on (1.1x at 32, 2x at 256; with L re-probed at every call 1.3x at 32, 13x at 256).
inline constexpr std::size_t kDenseLimit = 12;

inline const char* to_string(LinearSolverKind k) {
    switch (k) {
        case LinearSolverKind::Automatic: return "automatic";
        case LinearSolverKind::Dense: return "dense LU";
        case LinearSolverKind::Sparse: return "sparse LU (KLU)";
    }
    return "?";
}

}  // namespace lied
