#pragma once
// Everything a program that composes and runs systems uses, in one include: composing at runtime (Composite, the
// component registry), the Simulator (build, step, simulate, events, steady state, values by name), recording,
// structural changes and the real-time swap. Component types come from their libraries' headers
// (thermofluid/..., dialectic_mechanics/..., components/...), or by name from the registry.
#include "core/model/build_error.h"
#include "core/model/component.h"
#include "core/model/component_registry.h"
#include "core/model/composite.h"
#include "core/simulation/realtime_swap.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"
