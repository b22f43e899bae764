#pragma once
// The Clamp (systems/examples/clamp.h) in the classic formulation: positions and velocities as states,
// m·s̈ = Σ forces, the same elasto-gap law (contact_force) on the same velocities, the same press force. Written as a
// component so that every integrator Lied offers runs on it exactly as on the dialectic Clamp.
#include "components/sources.h"
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/state.h"
#include "dialectic_mechanics/one_dimensional/contact.h"

namespace lied::testing {

class ClassicClamp final : public Component {
public:
    static constexpr double object_mass = 0.01, claw_mass = 0.2, c = 1e6, d = 2e6, half_width = 0.01;
    components::Ramp pressForce{-50.0, 0.05, 0.0, 0.02};
    In<double> press;
    State s_object{0.01}, v_object{0.0}, s_claw{0.02}, v_claw{0.0};

    ClassicClamp() { press.connect(pressForce.y); }
    void metainfo(Meta& meta) override {
        meta.component(pressForce, "pressForce");
        meta.signal(press, "press");
        meta.state(s_object, "object.s", 1e-2, "m");
        meta.state(v_object, "object.w", 1.0, "m/s");
        meta.state(s_claw, "rightClaw.s", 1e-2, "m");
        meta.state(v_claw, "rightClaw.w", 1.0, "m/s");
        meta.block<&ClassicClamp::evalDerivatives>(this, "evalDerivatives", {&press, &s_object.value, &v_object.value, &s_claw.value, &v_claw.value},
                                                   {&s_object.der, &v_object.der, &s_claw.der, &v_claw.der});
        meta.variable(left_, "gapLeft.penetration", "m");
        meta.variable(right_, "gapRight.penetration", "m");
    }
    const char* type_name() const override { return "ClassicClamp"; }

private:
    void evalDerivatives() {
        left_ = std::max(0.0, half_width - s_object());
        right_ = std::max(0.0, half_width - (s_claw() - s_object()));
        const double f_left = mechanics::contact_force(c, d, 1.0, left_, -v_object());
        const double f_right = mechanics::contact_force(c, d, 1.0, right_, v_object() - v_claw());
        s_object.der.value() = v_object();
        v_object.der.value() = (f_left - f_right) / object_mass;
        s_claw.der.value() = v_claw();
        v_claw.der.value() = (f_right + press.value()) / claw_mass;
    }
    double left_ = 0.0, right_ = 0.0;
};

}  // namespace lied::testing
