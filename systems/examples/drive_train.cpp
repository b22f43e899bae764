#include "systems/examples/drive_train.h"

#include "core/model/meta.h"
#include "systems/io/system_registry.h"

namespace lied::systems {

DriveTrain::DriveTrain() {
    shaft.c = 5e4, shaft.d = 3e5, shaft.n = 1.0, shaft.b = 0.02;
    motorTorque.table = {{0.0, 0.0}, {0.1, 2.0}};   // a step to 2 N·m at 0.1 s
    motorTorque.interpolation = components::Input::Interpolation::Hold;
    motor.F.connect(motorTorque.y);
    connect(rotor.flange, motor.flange);
    connect(rotor.flange, gear.flange_a);
    connect(gear.flange_b, shaft.flange_a);
    connect(load.flange, shaft.flange_b);
    connect(load.flange, loadSpeed.flange);
}

void DriveTrain::metainfo(Meta& meta) {
    meta.component(defaults, "defaults", "dialectic time constant of every inertia");
    meta.component(motorTorque, "motorTorque", "input: a table steps it to 2 N.m at 0.1 s");
    meta.component(motor, "motor", "motor torque on the rotor");
    meta.component(rotor, "rotor", "motor rotor, 0.01 kg.m2");
    meta.component(gear, "gear", "10:1 reduction");
    meta.component(shaft, "shaft", "elastic shaft with 0.02 rad backlash");
    meta.component(load, "load", "1 kg.m2");
    meta.component(loadSpeed, "loadSpeed", "load speed");
    meta.output("w_motor", "rotor.w", "speed of the motor");
    meta.output("w_load", "load.w", "speed of the load");
    meta.output("shaft_torque", "shaft.f", "torque in the elastic shaft");
}

namespace {
const SystemRegistration registration{{
    "DriveTrain",
    "motor inertia, 10:1 gear, elastic shaft with backlash, load (rotational dialectic mechanics)",
    [] { return std::make_unique<DriveTrain>(); },
    RunSettings{0.6, 1e-4, "cvode-bdf", 1e-3, {"rotor.w", "load.w", "shaft.penetration", "shaft.f", "loadSpeed.v"}},
}};
}  // namespace

}  // namespace lied::systems
