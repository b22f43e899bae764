#pragma once
// Idealized water: incompressible, constant density and heat capacity. The only medium the vessels need.
#include "thermofluid/interfaces/fluid_state.h"

namespace lied::thermofluid {

struct IdealWater {
    static constexpr double density = 1000.0;         // kg/m³
    static constexpr double specific_heat = 4184.0;   // J/(kg·K)
    // Incompressible liquid water is a fair model up to about 100 MPa; beyond, and for pressures whose
    // rounding step exceeds the hydrostatic heads of a model, the results mean nothing.
    static constexpr double max_pressure = 1e8;       // Pa
    static constexpr double density_of(const FluidState&) { return density; }
};

inline constexpr double kGravity = 9.81;              // m/s²

}  // namespace lied::thermofluid
