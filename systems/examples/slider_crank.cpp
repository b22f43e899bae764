#include "systems/examples/slider_crank.h"

#include "core/model/meta.h"
#include "systems/io/system_registry.h"

namespace lied::systems {

SliderCrank::SliderCrank() {
    crank.d = bearing_damping;
    crank.drive.connect(motorTorque.y);
    wristPin.c = 1e7, wristPin.d = 1e3;
    connect(world.frame_b, crank.frame_a);
    connect(crank.frame_b, crankBody.frame_a);
    connect(crank.frame_b, crankArm.frame_a);
    connect(crankArm.frame_b, crankPin.frame_a);
    connect(crankPin.frame_b, rodBody.frame_a);
    connect(crankPin.frame_b, rod.frame_a);
    connect(world.frame_b, cylinder.frame_a);
    connect(cylinder.frame_b, piston.frame_a);
    connect(rod.frame_b, wristPin.frame_a);
    connect(cylinder.frame_b, wristPin.frame_b);
}

void SliderCrank::metainfo(Meta& meta) {
    meta.component(defaults, "defaults", "dialectic time constant of every joint");
    meta.component(world, "world", "g = 9.81 m/s2 along -y");
    meta.component(motorTorque, "motorTorque", "2 N.m");
    meta.component(crank, "crank", "main bearing: motor torque, 0.1 N.m.s/rad damping");
    meta.component(crankBody, "crankBody", "uniform rod, 0.1 m, 0.5 kg");
    meta.component(crankArm, "crankArm", "main bearing to crank pin");
    meta.component(crankPin, "crankPin", "revolute between crank and connecting rod");
    meta.component(rodBody, "rodBody", "uniform rod, 0.3 m, 0.8 kg");
    meta.component(rod, "rod", "crank pin to wrist pin");
    meta.component(cylinder, "cylinder", "piston slides along x");
    meta.component(piston, "piston", "1 kg");
    meta.component(wristPin, "wristPin", "closes the loop: rod end held on the piston by 1e7 N/m");
}

namespace {
const SystemRegistration registration{{
    "SliderCrank",
    "slider-crank driven by a motor torque, its loop closed by a stiff LoopClosure (planar dialectic mechanics)",
    [] { return std::make_unique<SliderCrank>(); },
    RunSettings{3.0, 2e-4, "rk4", 2e-3, {"crank.q", "crank.w", "cylinder.q", "cylinder.w", "wristPin.error", "wristPin.f"}},
}};
}  // namespace

}  // namespace lied::systems
