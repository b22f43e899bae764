#include "thermofluid/boundaries/volume.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::thermofluid {

void Volume::metainfo(Meta& meta) {
    medium.declare(meta, {&inlet}, {&outlet});
    meta.parameter(V_par, "V_par", ParameterSpec::positive("m3", "volume").read_at_build());
    declare_volume(meta, inlet, outflow_);
    declare_rigid_damping(meta);
}

LIED_REGISTER_COMPONENT(Volume, "rigid volume with mass and internal energy as states, optional heat port (TFS Volume)");

}  // namespace lied::thermofluid
