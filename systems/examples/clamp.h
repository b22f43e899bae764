#pragma once
// The clamp of Zimmer's LIED paper (Fig. 10, from "Introducing Dialectic Mechanics"): a light object (10 g, 20 mm
// wide) between two stiff elasto-gap claws (10⁶ N/m each). The left claw is fixed; the right claw (200 g) is
// pressed against the object with a force that rises from 0 to 50 N between 0.02 s and 0.07 s. At rest each claw
// is penetrated by F/c = 50 µm. The object rings at √(2c/m)/2π ≈ 2.3 kHz, damped by the claws' contact damping
// (2·10⁶ N·s/m²: 0.7 of critical at rest). A stiff, fast system for real-time steps: linearly implicit Euler holds
// it at any step (docs: dialectic mechanics, choosing the integrator).
#include "components/sources.h"
#include "core/model/component.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/one_dimensional/translational.h"

namespace lied::systems {

class Clamp final : public Component {
public:
    Clamp();
    mechanics::MechanicsDefaults defaults;
    mechanics::Fixed leftClaw;
    mechanics::Mass object{0.01, 0.01};
    mechanics::Mass rightClaw{0.2, 0.02};
    mechanics::ElastoGap gapLeft, gapRight;
    mechanics::Force press;
    components::Ramp pressForce{-50.0, 0.05, 0.0, 0.02};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Clamp"; }
};

}  // namespace lied::systems
