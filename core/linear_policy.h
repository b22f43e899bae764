#pragma once
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
