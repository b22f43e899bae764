#pragma once
// Closes a cut kinematic loop: the two frames that the loop would make one are held together by a stiff
// spring-damper (c, d) in x and y, and optionally in the angle (c_phi, d_phi; 0 for a cut at a revolute joint,
// which leaves the angle free):
//     f_a = c·(r_b − r_a) + d·(v_b − v_a),   f_b = −f_a
// With the elastic velocities the damping is implicit (through L), so a stiff closure stays stable at the steps
// an implicit solver takes. The gap between the frames is about |f|/c: the closure error.
#include "core/model/component.h"
#include "core/model/meta.h"
#include "dialectic_mechanics/planar/frames.h"

#include <cmath>

namespace lied::mechanics {

class LoopClosure final : public Component {
public:
    FrameIn frame_a, frame_b;
    double c = 1e7, d = 1e3;           // N/m, N·s/m
    double c_phi = 0.0, d_phi = 0.0;   // N·m/rad, N·m·s/rad

    void metainfo(Meta& meta) override {
        meta.plug(frame_a, "frame_a");
        meta.plug(frame_b, "frame_b");
        meta.parameter(c, "c", ParameterSpec::positive("N/m", "stiffness of the closure"));
        meta.parameter(d, "d", ParameterSpec::non_negative("N.s/m", "damping of the closure"));
        meta.parameter(c_phi, "c_phi", ParameterSpec::non_negative("N.m/rad", "rotational stiffness (0: the cut is a revolute joint)"));
        meta.parameter(d_phi, "d_phi", ParameterSpec::non_negative("N.m.s/rad", "rotational damping"));
        meta.block<&LoopClosure::evalForce>(this, "evalForce", {&frame_a.r, &frame_b.r, &frame_a.v, &frame_b.v}, {&frame_a.f, &frame_b.f});
        meta.variable(error_, "error", "m");
        meta.variable(force_, "f", "N");
        meta.stores(Quantity::Energy, energy_, "E_pot");
        meta.dissipates(dissipation_, "damper");
    }
    const char* type_name() const override { return "LoopClosure"; }

private:
    void evalForce() {
        const Planar &ra = frame_a.r.value(), &rb = frame_b.r.value(), &va = frame_a.v.value(), &vb = frame_b.v.value();
        const Planar f{c * (rb.x - ra.x) + d * (vb.x - va.x), c * (rb.y - ra.y) + d * (vb.y - va.y),
                       c_phi * (rb.phi - ra.phi) + d_phi * (vb.phi - va.phi)};
        frame_a.f.value = f;
        frame_b.f.value = {-f.x, -f.y, -f.phi};
        error_ = std::hypot(rb.x - ra.x, rb.y - ra.y);
        force_ = std::hypot(f.x, f.y);
        const double ex = rb.x - ra.x, ey = rb.y - ra.y, ephi = rb.phi - ra.phi;
        const double vx = vb.x - va.x, vy = vb.y - va.y, vphi = vb.phi - va.phi;
        energy_ = 0.5 * c * (ex * ex + ey * ey) + 0.5 * c_phi * ephi * ephi;
        dissipation_ = d * (vx * vx + vy * vy) + d_phi * vphi * vphi;
    }
    double error_ = 0.0, force_ = 0.0, energy_ = 0.0, dissipation_ = 0.0;
};

}  // namespace lied::mechanics
