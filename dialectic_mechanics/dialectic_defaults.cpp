#include "dialectic_mechanics/dialectic_defaults.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::mechanics {

void MechanicsDefaults::metainfo(Meta& meta) {
    meta.provide_default(T_D, "T_D", defaults::kTD, ParameterSpec::positive("s", "dialectic time constant of every mass in this (sub)system"));
}

LIED_REGISTER_COMPONENT(MechanicsDefaults, "system-wide dialectic mechanics defaults (the dialectic time constant T_D) for the (sub)system it is in");

}  // namespace lied::mechanics
