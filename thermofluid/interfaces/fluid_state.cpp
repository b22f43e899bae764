// The fluid state's layout, for engine tools that perturb signal values (the dependency check): a liquid or gas
// near ambient conditions, valid in every medium of the library (1.0–2.0 bar, 0.5–1.0·10⁵ J/kg, a trace of vapour).
#include "thermofluid/interfaces/fluid_state.h"

#include "core/model/value_layout.h"

namespace lied::thermofluid {
namespace {

void typical_fluid_state(double* v, double u) {
    FluidState s;
    s.p = 1e5 * (1.0 + u);
    s.h = 5e4 * (1.0 + u);
    s.Xi.fill(0.005);
    static_assert(sizeof(FluidState) == sizeof(double) * (2 + kMaxMassFractions));
    v[0] = s.p;
    v[1] = s.h;
    for (std::size_t i = 0; i < kMaxMassFractions; ++i) v[2 + i] = s.Xi[i];
}

}  // namespace
LIED_REGISTER_VALUE_LAYOUT(FluidState, typical_fluid_state);
}  // namespace lied::thermofluid
