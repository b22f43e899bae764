#pragma once
// A drive train in rotational dialectic mechanics: a motor (inertia 0.01 kg·m², driven by a torque that steps to
// 2 N·m at 0.1 s) turns a 10:1 gear; the gear's output drives a 1 kg·m² load through an elastic shaft with 0.02 rad
// of backlash (ElastoBacklash, 5·10⁴ N·m/rad, damped). The load feels nothing until the play is taken up, then the
// shaft winds up and rings down while motor and load accelerate together at ratio·τ/(J_load + ratio²·J_motor).
#include "components/sources.h"
#include "core/model/component.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/one_dimensional/rotational.h"

namespace lied::systems {

class DriveTrain final : public Component {
public:
    DriveTrain();
    mechanics::MechanicsDefaults defaults;
    components::Ramp motorTorque{2.0, 0.0, 0.0, 0.1};
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
