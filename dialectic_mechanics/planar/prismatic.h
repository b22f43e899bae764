#pragma once
// A prismatic joint: frame_b slides by q along the unit axis (axis_x, axis_y) of frame_a, keeping frame_a's
// orientation. With e the axis in world coordinates and d = e·q:
//     v_b = v_a + ω_a×d + e·v,   a_b = a_a + α×d − ω_k²·d + 2·ω_k×(e·w) + e·(v − w)/T_D
// Its axis flange is translational. See joint.h for the balance along the axis, the axis flange and prescribed motion.
#include "dialectic_mechanics/planar/joint.h"

#include <cmath>

namespace lied::mechanics {

class Prismatic final : public PlanarJoint<Translational> {
public:
    Prismatic() = default;
    Prismatic(double axis_x, double axis_y, double q_start = 0.0) : axis_x(axis_x), axis_y(axis_y) { q.start = q_start; }
    double axis_x = 1.0, axis_y = 0.0;

    void metainfo(Meta& meta) override {
        declare(meta, &axis_);
        meta.signal(axis_, "direction");
        meta.parameter(axis_x, "axis_x", ParameterSpec::any("", "sliding axis in frame_a, x component (normalised at build)"));
        meta.parameter(axis_y, "axis_y", ParameterSpec::any("", "sliding axis in frame_a, y component"));
        meta.require(axis_x != 0.0 || axis_y != 0.0, "axis = (0, 0)", "a prismatic joint has a sliding direction");
        // The axis in world coordinates is computed once per evaluation (in passPose, independent of the tearing
        // variables) and read by the blocks that run again while L is probed.
        meta.block<&Prismatic::passPose>(this, "passPose", {&frame_a.r, &frame_a.w, &q.value, &w.value}, {&frame_b.r, &frame_b.w, &axis_});
        meta.block<&Prismatic::passVelocity>(this, "passVelocity", {&axis_, &frame_a.v, &q.value, &v_}, {&frame_b.v});
        meta.block<&Prismatic::passAcceleration>(this, "passAcceleration", {&axis_, &frame_a.w, &frame_a.a, &q.value, &w.value, &v_},
                                                 {&frame_b.a});
    }
    const char* type_name() const override { return "Prismatic"; }

private:
    void passPose() {
        const double n = std::hypot(axis_x, axis_y);
        Planar& e = axis_.value();
        rotate(frame_a.r.value().phi, axis_x / n, axis_y / n, e.x, e.y);
        const PointMotion p = offset_point(frame_a.r.value(), {}, frame_a.w.value(), {}, e.x * q(), e.y * q());
        frame_b.r.value() = p.r;
        frame_b.w.value() = {p.w.x + e.x * w(), p.w.y + e.y * w(), p.w.phi};
    }
    void passVelocity() {
        const Planar &v = frame_a.v.value(), &e = axis_.value();
        const double dx = e.x * q(), dy = e.y * q();
        frame_b.v.value() = {v.x - v.phi * dy + e.x * v_.value(), v.y + v.phi * dx + e.y * v_.value(), v.phi};
    }
    void passAcceleration() {
        const Planar& e = axis_.value();
        const double omega = frame_a.w.value().phi, qdd = dialectic_acceleration();
        const Planar a = offset_point({}, {}, frame_a.w.value(), frame_a.a.value(), e.x * q(), e.y * q()).a;
        frame_b.a.value() = {a.x - 2.0 * omega * e.y * w() + e.x * qdd, a.y + 2.0 * omega * e.x * w() + e.y * qdd, a.phi};
    }
    double generalised(const Planar& wrench) const override { return axis_.value().x * wrench.x + axis_.value().y * wrench.y; }
    Planar to_frame_a(const Planar& wrench) const override { return shift_wrench(wrench, axis_.value().x * q(), axis_.value().y * q()); }
    Out<Planar> axis_;   // the unit sliding axis in world coordinates (phi unused)
};

}  // namespace lied::mechanics
