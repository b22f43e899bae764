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

// Systems with at most this many tearing variables use the dense LU under Automatic (bench/bench_scale.cpp,
// DenseVsSparse: the crossover on this project's reference machine).
inline constexpr std::size_t kDenseLimit = 32;

inline const char* to_string(LinearSolverKind k) {
    switch (k) {
        case LinearSolverKind::Automatic: return "automatic";
        case LinearSolverKind::Dense: return "dense LU";
        case LinearSolverKind::Sparse: return "sparse LU (KLU)";
    }
    return "?";
}

}  // namespace lied
