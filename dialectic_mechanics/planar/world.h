#pragma once
// The inertial frame, root of every planar tree. Gravity g acts along −y; it enters as the world frame's
// acceleration +g along y (as in Featherstone's recursive Newton–Euler): every body then needs the force that holds
// it against gravity, and no body has to know g for its motion (bodies follow g only for their potential energy, which
// the energy books need). Records the reaction wrench on the world.
#include "core/model/component.h"
#include "core/model/block_lists.h"
#include "core/model/meta.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/planar/frames.h"

namespace lied::mechanics {

class World final : public Component {
public:
    FrameOut frame_b;
    double g = defaults::g;   // m/s², along −y

    void metainfo(Meta& meta) override {
        meta.plug(frame_b, "frame_b");
        meta.provide_default(g, "g", defaults::kG, ParameterSpec::any("m/s2", "gravitational acceleration along -y"));
        meta.balance_neutral();   // it does not move: its reaction does no work (gravity is the bodies' potential energy)
        meta.block<&World::evalFrame>(this, "evalFrame", {}, {&frame_b.r, &frame_b.v, &frame_b.w, &frame_b.a});
        BlockLists& reaction = reaction_lists_.reset();
        frame_b.append_wrench_signals(reaction.reads);
        meta.block<&World::evalReaction>(this, "evalReaction", reaction.reads, reaction.writes);
        meta.variable(reaction_.x, "reaction_x", "N");
        meta.variable(reaction_.y, "reaction_y", "N");
        meta.variable(reaction_.phi, "reaction_tau", "N.m");
    }
    const char* type_name() const override { return "World"; }

private:
    BlockLists reaction_lists_;   // kept between crawls: a rebuild allocates nothing for them
    void evalFrame() {
        frame_b.r.value() = {};
        frame_b.v.value() = {};
        frame_b.w.value() = {};
        frame_b.a.value() = {0.0, g, 0.0};
    }
    void evalReaction() { reaction_ = frame_b.wrench(); }
    Planar reaction_;
};

}  // namespace lied::mechanics
