#pragma once
// A rigid, massless part: frame_b sits at (r_x, r_y) in frame_a's coordinates, turned by phi against frame_a (a
// fixed frame with a rotation, e.g. an inclined slide's base). Motion goes out (offset_point; the rotation adds a
// constant angle), the wrench of everything on frame_b comes back moved to frame_a's origin (a torque is the same in
// both frames: the rotation does not change it).
#include "core/model/component.h"
#include "core/model/block_lists.h"
#include "core/model/meta.h"
#include "dialectic_mechanics/planar/frames.h"

namespace lied::mechanics {

class FixedTranslation final : public Component {
public:
    FixedTranslation() = default;
    FixedTranslation(double r_x, double r_y, double phi = 0.0) : r_x(r_x), r_y(r_y), phi(phi) {}
    FrameIn frame_a;
    FrameOut frame_b;
    double r_x = 1.0, r_y = 0.0, phi = 0.0;

    void metainfo(Meta& meta) override {
        meta.balance_neutral();   // a massless rigid part: power in at frame_a is power out at frame_b
        meta.plug(frame_a, "frame_a");
        meta.plug(frame_b, "frame_b");
        meta.parameter(r_x, "r_x", ParameterSpec::any("m", "frame_b along frame_a's x axis"));
        meta.parameter(r_y, "r_y", ParameterSpec::any("m", "frame_b along frame_a's y axis"));
        meta.parameter(phi, "phi", ParameterSpec::any("rad", "frame_b turned against frame_a (counter-clockwise)"));
        meta.signal(offset_, "offset");
        // The world offset is computed once per evaluation (in passPose, independent of the tearing variables) and
        // read by the blocks that run again while L is probed.
        meta.block<&FixedTranslation::passPose>(this, "passPose", {&frame_a.r, &frame_a.w}, {&frame_b.r, &frame_b.w, &offset_});
        meta.block<&FixedTranslation::passVelocity>(this, "passVelocity", {&offset_, &frame_a.v}, {&frame_b.v});
        meta.block<&FixedTranslation::passAcceleration>(this, "passAcceleration", {&offset_, &frame_a.w, &frame_a.a}, {&frame_b.a});
        BlockLists& wrench = wrench_lists_.reset({}, {&frame_a.f});
        frame_b.append_wrench_signals(wrench.reads);
        wrench.reads.push_back(&offset_);
        meta.block<&FixedTranslation::passWrench>(this, "passWrench", wrench.reads, wrench.writes);
    }
    const char* type_name() const override { return "FixedTranslation"; }

private:
    BlockLists wrench_lists_;   // kept between crawls: a rebuild allocates nothing for them
    void passPose() {
        Planar& d = offset_.value();
        rotate(frame_a.r.value().phi, r_x, r_y, d.x, d.y);
        const PointMotion p = offset_point(frame_a.r.value(), {}, frame_a.w.value(), {}, d.x, d.y);
        frame_b.r.value() = {p.r.x, p.r.y, p.r.phi + phi};
        frame_b.w.value() = p.w;
    }
    void passVelocity() {
        const Planar &v = frame_a.v.value(), &d = offset_.value();
        frame_b.v.value() = {v.x - v.phi * d.y, v.y + v.phi * d.x, v.phi};
    }
    void passAcceleration() { frame_b.a.value() = offset_point({}, {}, frame_a.w.value(), frame_a.a.value(), offset_.value().x, offset_.value().y).a; }
    void passWrench() { frame_a.f.value() = shift_wrench(frame_b.wrench(), offset_.value().x, offset_.value().y); }
    Out<Planar> offset_;   // frame_a → frame_b in world coordinates (phi unused)
};

}  // namespace lied::mechanics
