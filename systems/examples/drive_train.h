#pragma once
// A drive train in rotational dialectic mechanics: a motor (inertia 0.01 kg·m², driven by a torque that steps to
// 2 N·m at 0.1 s) turns a 10:1 gear; the gear's output drives a 1 kg·m² load through an elastic shaft with 0.02 rad
// of backlash (ElastoBacklash, 5·10⁴ N·m/rad, damped). The load feels nothing until the play is taken up, then the
// shaft winds up and rings down while motor and load accelerate together at ratio·τ/(J_load + ratio²·J_motor).
// The motor torque is the system's input motorTorque (N·m, within ±10), which a time table drives here: 0, then 2 N·m
// from 0.1 s. A closed loop clears the table and sets the torque itself (systems/examples/closed_loop_speed.cpp).
// Outputs: the motor's and the load's speed, the shaft's torque.
#include "components/input.h"
#include "core/model/component.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/one_dimensional/rotational.h"

namespace lied::systems {

class DriveTrain final : public Component {
public:
    DriveTrain();
    mechanics::MechanicsDefaults defaults;
    components::Input motorTorque{0.0, "N.m", -10.0, 10.0, "motor torque"};
    mechanics::Torque motor;
    mechanics::Inertia rotor{0.01, 0.0};
    mechanics::IdealGear gear{10.0};
    mechanics::ElastoBacklash shaft;
    mechanics::Inertia load{1.0, 0.0};
    mechanics::SpeedSensor loadSpeed;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "DriveTrain"; }
};

}  // namespace lied::systems
