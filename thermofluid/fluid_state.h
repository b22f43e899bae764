#pragma once
// The thermodynamic state that travels downstream: steady-mass-flow pressure p̂ and specific enthalpy h.
#include "core/signal.h"

#include <cmath>
#include <sstream>
#include <string>

namespace lied::thermofluid {

struct FluidState {
    double p = 1e5;   // steady-mass-flow pressure p̂ [Pa]
    double h = 0.0;   // specific enthalpy [J/kg]
};

inline constexpr const char* kFlowLoopRule =
    "every flow loop needs a volume: a component that owns mass and energy states breaks the loop";

}  // namespace lied::thermofluid

namespace lied {
template <>
struct SignalTraits<thermofluid::FluidState> {
    static constexpr const char* loop_rule = thermofluid::kFlowLoopRule;
    static constexpr const char* type_name = "fluid state";
    static bool finite(const thermofluid::FluidState& s) { return std::isfinite(s.p) && std::isfinite(s.h); }
    static std::string text(const thermofluid::FluidState& s) {
        std::ostringstream o;
        o << "{p = " << s.p << " Pa, h = " << s.h << " J/kg}";
        return o.str();
    }
};
}  // namespace lied
