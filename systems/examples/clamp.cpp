#include "systems/examples/clamp.h"

#include "core/model/meta.h"
#include "systems/io/system_registry.h"

namespace lied::systems {

Clamp::Clamp() {
    for (mechanics::ElastoGap* gap : {&gapLeft, &gapRight}) {
        gap->c = 1e6;
        gap->d = 2e6;   // at rest d·δ = 100 N·s/m per claw: 0.7 of the object's critical damping
        gap->n = 1.0;
        gap->s_rel0 = 0.01;   // half the object's width: the claw faces touch its sides
    }
    connect(leftClaw.flange, gapLeft.flange_a);
    connect(object.flange, gapLeft.flange_b);
    connect(object.flange, gapRight.flange_a);
    connect(rightClaw.flange, gapRight.flange_b);
    connect(rightClaw.flange, press.flange);
    press.F.connect(pressForce.y);
}

void Clamp::metainfo(Meta& meta) {
    meta.component(defaults, "defaults", "dialectic time constant of every mass");
    meta.component(leftClaw, "leftClaw", "fixed claw, face at 0");
    meta.component(object, "object", "10 g, 20 mm wide, centre at 10 mm");
    meta.component(rightClaw, "rightClaw", "200 g claw, face at 20 mm");
    meta.component(gapLeft, "gapLeft", "left claw on the object, 1e6 N/m");
    meta.component(gapRight, "gapRight", "object on the right claw, 1e6 N/m");
    meta.component(press, "press", "pushes the right claw towards the object");
    meta.component(pressForce, "pressForce", "0 to -50 N from 0.02 s to 0.07 s");
}

namespace {
const SystemRegistration registration{{
    "Clamp",
    "a 10 g object pressed between two stiff elasto-gap claws (paper: Introducing Dialectic Mechanics, Fig. 10)",
    [] { return std::make_unique<Clamp>(); },
    RunSettings{0.3, 1e-4, "cvode-bdf", 5e-4, {"gapLeft.penetration", "gapRight.penetration", "pressForce.y", "leftClaw.reaction", "object.w"}},
}};
}  // namespace

}  // namespace lied::systems
