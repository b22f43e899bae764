#pragma once
// A revolute joint: frame_b at frame_a's origin, turned by q about the z axis; its axis flange is rotational. See
// joint.h for the balance, the axis flange and prescribed motion.
#include "dialectic_mechanics/planar/joint.h"

namespace lied::mechanics {

class Revolute final : public PlanarJoint<Rotational> {
public:
    Revolute() = default;
    explicit Revolute(double q_start, double w_start = 0.0) {
        q.start = q_start;
        w.start = w_start;
    }
    void metainfo(Meta& meta) override {
        declare(meta);
        meta.block<&Revolute::passPose>(this, "passPose", {&frame_a.r, &frame_a.w, &q.value, &w.value}, {&frame_b.r, &frame_b.w});
        meta.block<&Revolute::passVelocity>(this, "passVelocity", {&frame_a.v, &v_}, {&frame_b.v});
        meta.block<&Revolute::passAcceleration>(this, "passAcceleration", {&frame_a.a, &v_, &w.value}, {&frame_b.a});
    }
    const char* type_name() const override { return "Revolute"; }

private:
    void passPose() {
        const Planar &r = frame_a.r.value(), &wa = frame_a.w.value();
        frame_b.r.value() = {r.x, r.y, r.phi + q()};
        frame_b.w.value() = {wa.x, wa.y, wa.phi + w()};
    }
    void passVelocity() {
        const Planar& v = frame_a.v.value();
        frame_b.v.value() = {v.x, v.y, v.phi + v_.value()};
    }
    void passAcceleration() {
        const Planar& a = frame_a.a.value();
        frame_b.a.value() = {a.x, a.y, a.phi + dialectic_acceleration()};
    }
    double generalised(const Planar& wrench) const override { return wrench.phi; }
    Planar to_frame_a(const Planar& wrench) const override { return wrench; }
};

}  // namespace lied::mechanics
