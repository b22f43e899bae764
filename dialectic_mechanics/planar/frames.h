#pragma once
// The planar dialectic frame pair, with the causality of the 1D flanges (one_dimensional/flanges.h): positions
// travel from the root (World) outwards through joints and rigid parts, wrenches travel back.
//  - FrameOut (driving) sends the pose r, its velocity w (ṙ), the elastic velocity v (w plus T_D times the
//    joints' accelerations carried outwards; affine in the tearing variables) and the acceleration a (affine in the
//    tearing variables: the joints' accelerations (v_q − w_q)/T_D carried outwards, plus the velocity-product terms
//    from w and the world's +g). Any number of
//    elements attach to one FrameOut; it adds up their wrenches.
//  - FrameIn (driven) reads them and sends f, the wrench its element exerts on the FrameOut's owner (torque about
//    the frame origin).
#include "core/model/plug.h"
#include "core/model/summed_inputs.h"
#include "dialectic_mechanics/kinematic_rules.h"
#include "dialectic_mechanics/planar/planar.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace lied::mechanics {

class FrameIn;

class FrameOut final : public Plug {
public:
    const char* loop_rule() const override { return kKinematicLoopRule; }
    Out<Planar> r, v, w, a;
    Planar wrench() const { return forces_.sum(); }
    void append_wrench_signals(std::vector<const SignalBase*>& list) const { forces_.append_signals(list); }
    void members(const MemberVisitor& visit) override;
    const char* kind() const override { return "planar driving frame (sends pose)"; }
    const char* domain() const override { return "planar"; }
    bool is_outlet() const override { return true; }
    bool accepts_many() const override { return true; }
    std::string same_side_rule() const override;
    void connect_to(Plug& other) override;
    void disconnect_from(Plug& other) override;   // also drops the wrench input it kept for `other`

private:
    friend void connect(FrameOut& out, FrameIn& in);
    friend void disconnect(FrameOut& out, FrameIn& in);
    SummedInputs<Planar> forces_;   // one per attached element
};

class FrameIn final : public Plug {
public:
    const char* loop_rule() const override { return kKinematicLoopRule; }
    In<Planar> r, v, w, a;
    Out<Planar> f;
    void members(const MemberVisitor& visit) override;
    const char* kind() const override { return "planar driven frame (sends wrench)"; }
    const char* domain() const override { return "planar"; }
    bool is_outlet() const override { return false; }
    std::string same_side_rule() const override {
        return "a driven frame reads its pose from a driving frame (the world, a joint's frame_b, a rigid part); two driven frames have no pose to share";
    }
    void connect_to(Plug& other) override;
    void disconnect_from(Plug& other) override;
};

void connect(FrameOut& out, FrameIn& in);
void disconnect(FrameOut& out, FrameIn& in);

// The velocity of the material point at world offset d from a frame moving at w (a contact's touching point).
inline Planar point_velocity(const Planar& w, double dx, double dy) { return {w.x - w.phi * dy, w.y + w.phi * dx, w.phi}; }

// Rigid-body kinematics of a point at world offset d from a frame (FixedTranslation, Body, a joint's offset).
struct PointMotion {
    Planar r, v, w, a;
};
inline PointMotion offset_point(const Planar& r, const Planar& v, const Planar& w, const Planar& a, double dx, double dy) {
    PointMotion p;
    p.r = {r.x + dx, r.y + dy, r.phi};
    p.v = point_velocity(v, dx, dy);
    p.w = point_velocity(w, dx, dy);
    p.a = {a.x - a.phi * dy - w.phi * w.phi * dx, a.y + a.phi * dx - w.phi * w.phi * dy, a.phi};
    return p;
}
// A wrench given about a point moved to a frame at world offset −d from it (about the frame origin).
inline Planar shift_wrench(const Planar& f, double dx, double dy) { return {f.x, f.y, f.phi + dx * f.y - dy * f.x}; }

}  // namespace lied::mechanics
