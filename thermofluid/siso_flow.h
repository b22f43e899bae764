#pragma once
// A flow element with one inlet and one outlet (ThermofluidStream's SISOFlow): pressure drops, pipes,
// valves. Systems hold them through this base so one can be replaced by another at runtime.
#include "core/component.h"
#include "thermofluid/fluid_plugs.h"
#include "thermofluid/medium_parameter.h"

namespace lied::thermofluid {

class SISOFlow : public Component {
public:
    FluidInlet inlet;
    FluidOutlet outlet;
    MediumParameter medium;
};

}  // namespace lied::thermofluid
