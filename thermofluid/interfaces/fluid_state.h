#pragma once
// The thermodynamic state that travels downstream: steady-mass-flow pressure p̂, specific enthalpy h and the
// independent mass fractions Xi of a mixture (moist air: the water vapour). Xi has a fixed size so that the
// state stays a plain value that is copied without allocation; a pure substance leaves it at 0.
#include "core/model/signal.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <sstream>
#include <string>

namespace lied::thermofluid {

// The most independent mass fractions a medium may have (MoistAir has one). A medium with more is refused when a
// component chooses it (MediumParameter::declare).
inline constexpr std::size_t kMaxMassFractions = 1;
using MassFractions = std::array<double, kMaxMassFractions>;

struct FluidState {
    double p = 1e5;        // steady-mass-flow pressure p̂ [Pa]
    double h = 0.0;        // specific enthalpy [J/kg]
    MassFractions Xi{};    // independent mass fractions [kg/kg]
    const double* xi() const { return Xi.data(); }
};

inline constexpr const char* kFlowLoopRule =
    "every flow loop needs a volume: a component that owns mass and energy states breaks the loop";

}  // namespace lied::thermofluid

namespace lied {
template <>
struct SignalTraits<thermofluid::FluidState> {
    static constexpr const char* loop_rule = thermofluid::kFlowLoopRule;
    static constexpr const char* type_name = "fluid state";
    static bool finite(const thermofluid::FluidState& s) {
        for (double x : s.Xi)
            if (!std::isfinite(x)) return false;
        return std::isfinite(s.p) && std::isfinite(s.h);
    }
    static std::string text(const thermofluid::FluidState& s) {
        std::ostringstream o;
        o << "{p = " << s.p << " Pa, h = " << s.h << " J/kg";
        if (s.Xi[0] != 0.0) o << ", Xi = " << s.Xi[0];
        o << "}";
        return o.str();
    }
};
}  // namespace lied
