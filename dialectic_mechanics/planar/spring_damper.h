#pragma once
// A spring and damper between the origins of two frames, acting along the line between them: with length
// ℓ = |r_b − r_a| and unit vector e from a to b, the tension
//     F = c·(ℓ − ℓ0) + d·e·(w_b − w_a)        (the frames' velocities w: exact, explicit)
// pulls a towards b and b towards a. The line must have a direction: ℓ > 0 is its valid range.
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/valid_range.h"
#include "dialectic_mechanics/planar/frames.h"

#include <cmath>

namespace lied::mechanics {

class PlanarSpringDamper final : public Component {
public:
    PlanarSpringDamper() = default;
    PlanarSpringDamper(double c, double d, double l0) : c(c), d(d), l0(l0) {}
    FrameIn frame_a, frame_b;
    double c = 1e3, d = 0.0, l0 = 0.0;

    void metainfo(Meta& meta) override {
        meta.plug(frame_a, "frame_a");
        meta.plug(frame_b, "frame_b");
        meta.parameter(c, "c", ParameterSpec::non_negative("N/m", "stiffness"));
        meta.parameter(d, "d", ParameterSpec::non_negative("N.s/m", "damping"));
        meta.parameter(l0, "l0", ParameterSpec::non_negative("m", "unstretched length"));
        meta.block<&PlanarSpringDamper::evalForce>(this, "evalForce", {&frame_a.r, &frame_b.r, &frame_a.w, &frame_b.w}, {&frame_a.f, &frame_b.f});
        meta.variable(length_, "length", "m");
        meta.variable(tension_, "f", "N");
        meta.variable(energy_, "E_pot", "J");
        meta.stores(Quantity::Energy, energy_, "E_pot");
        meta.dissipates(dissipation_, "damper");
        meta.valid_range("length", ValidRange::above(0.0, "a spring between two frames needs a direction: its ends apart"));
    }
    const char* type_name() const override { return "PlanarSpringDamper"; }

private:
    void evalForce() {
        const Planar &ra = frame_a.r.value(), &rb = frame_b.r.value(), &wa = frame_a.w.value(), &wb = frame_b.w.value();
        const double dx = rb.x - ra.x, dy = rb.y - ra.y;
        length_ = std::hypot(dx, dy);
        const double ex = dx / length_, ey = dy / length_;
        const double rate = ex * (wb.x - wa.x) + ey * (wb.y - wa.y);   // dℓ/dt: the frames' w is exactly ṙ
        tension_ = c * (length_ - l0) + d * rate;
        dissipation_ = d * rate * rate;
        frame_a.f.value() = {tension_ * ex, tension_ * ey, 0.0};
        frame_b.f.value() = {-tension_ * ex, -tension_ * ey, 0.0};
        energy_ = 0.5 * c * (length_ - l0) * (length_ - l0);
    }
    double length_ = 0.0, tension_ = 0.0, energy_ = 0.0, dissipation_ = 0.0;
};

}  // namespace lied::mechanics
