#pragma once
// Contact between two bodies: a circle on frame_a (centre (a_x, a_y) in frame_a, radius_a) against a rounded segment
// on frame_b (from (b1_x, b1_y) to (b2_x, b2_y) in frame_b, rounded by radius_b). That one shape covers
//  - circle against circle: b1 = b2 (a point), radius_b its radius;
//  - circle against a convex polygon: one contact per edge with radius_b = 0 and ends = open (the edge pushes only
//    where the circle's centre lies beside it), and one per corner (b1 = b2 at the corner, radius_b = 0), so that
//    every place around the polygon has exactly one contact that pushes (closed edges would push twice at a corner).
// With q the point of the segment nearest to the circle's centre p (world), distance ℓ = |p − q| and unit normal
// n = (p − q)/ℓ from b towards a:
//     penetration δ = radius_a + radius_b − ℓ,   N = contact_force(c, d, n_exp, δ, −n·(w_a − w_b))   (ElastoGap's law)
//     slip s = t·(w_a − w_b), t = (n_y, −n_x),  friction F_t = −μ·N·tanh(s/v_reg)
// (t as the ground contact's: along +x for a circle resting on a segment along x).
// where w_a, w_b are the velocities of the two bodies' material points at the contact point, on b's surface
// (q + radius_b·n). The force N·n + F_t·t acts on a there and its opposite on b, at the same point, so the pair
// conserves momentum and angular momentum. Everything reads the velocities w: the laws stay explicit.
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/valid_range.h"
#include "dialectic_mechanics/contact_kinks.h"
#include "dialectic_mechanics/contact_law.h"
#include "dialectic_mechanics/planar/contact_declarations.h"
#include "dialectic_mechanics/planar/frames.h"

#include <algorithm>
#include <cmath>

namespace lied::mechanics {

class BodyContact final : public Component {
public:
    BodyContact() = default;
    FrameIn frame_a, frame_b;
    double a_x = 0.0, a_y = 0.0, radius_a = 0.1;               // the circle on frame_a
    double b1_x = 0.0, b1_y = 0.0, b2_x = 0.0, b2_y = 0.0;     // the segment on frame_b (a point if b1 = b2)
    double radius_b = 0.1;                                     // its rounding (0: a sharp edge)
    double c = 1e6, d = 0.0, n = 1.0;                          // elastic gap: N/mⁿ, N·s/m^(n+1), exponent
    double mu = 0.5, v_reg = 1e-2;                             // regularised Coulomb friction
    enum class Ends { Closed, Open };   // the options' order
    Choice<Ends> ends{Ends::Closed};   // open: no push past the segment's ends (a polygon's edge; its corners apart)

    void metainfo(Meta& meta) override {
        meta.plug(frame_a, "frame_a");
        meta.plug(frame_b, "frame_b");
        meta.parameter(a_x, "a_x", ParameterSpec::any("m", "circle centre along frame_a's x axis"));
        meta.parameter(a_y, "a_y", ParameterSpec::any("m", "circle centre along frame_a's y axis"));
        meta.parameter(radius_a, "radius_a", ParameterSpec::non_negative("m", "circle radius on frame_a"));
        meta.parameter(b1_x, "b1_x", ParameterSpec::any("m", "first end of the segment along frame_b's x axis"));
        meta.parameter(b1_y, "b1_y", ParameterSpec::any("m", "first end of the segment along frame_b's y axis"));
        meta.parameter(b2_x, "b2_x", ParameterSpec::any("m", "second end of the segment along frame_b's x axis (= b1_x: a point)"));
        meta.parameter(b2_y, "b2_y", ParameterSpec::any("m", "second end of the segment along frame_b's y axis (= b1_y: a point)"));
        static const ChoiceSpec kEndsChoice{{"closed", "open"}, "the segment's ends: rounded like its sides (closed) or not pushing at all (open: a polygon's edge, whose corners take contacts of their own)"};
        meta.choice(ends, "ends", kEndsChoice);
        meta.parameter(radius_b, "radius_b", ParameterSpec::non_negative("m", "rounding of the segment (a circle's radius if it is a point; 0: a sharp edge)"));
        declare_contact_parameters(meta, c, d, n, mu, v_reg);
        meta.require(radius_a + radius_b > 0.0, "radius_a = radius_b = 0",
                     "two shapes touch only if one of them has a radius (radius_a + radius_b > 0)");
        meta.block<&BodyContact::evalForce>(this, "evalForce", {&frame_a.r, &frame_b.r, &frame_a.w, &frame_b.w},
                                            {&frame_a.f, &frame_b.f, &clearance_, &damping_margin_});
        declare_contact_kinks(meta, clearance_, damping_margin_, "m");   // distance less both radii (< 0: touching)
        declare_contact_records(meta, penetration_, normal_force_, friction_force_, slip_, energy_, dissipation_);
        meta.variable(distance_, "distance", "m");
        meta.valid_range("distance", ValidRange::above(0.0, "the circle's centre stays outside the other shape's core (deeper, the contact is far too soft for its load)"));
    }
    const char* type_name() const override { return "BodyContact"; }

private:
    void evalForce() {
        const Planar &ra = frame_a.r.value(), &rb = frame_b.r.value(), &wa = frame_a.w.value(), &wb = frame_b.w.value();
        double ax, ay;   // frame_a's origin → circle centre, and frame_b's → the segment's ends (world directions)
        rotate(ra.phi, a_x, a_y, ax, ay);
        const double cos_b = std::cos(rb.phi), sin_b = std::sin(rb.phi);
        const double b1x = cos_b * b1_x - sin_b * b1_y, b1y = sin_b * b1_x + cos_b * b1_y;
        const double b2x = cos_b * b2_x - sin_b * b2_y, b2y = sin_b * b2_x + cos_b * b2_y;
        const double px = ra.x + ax, py = ra.y + ay;
        // The segment's point nearest to p: its parameter along b1 → b2, clamped to the ends.
        const double ex = b2x - b1x, ey = b2y - b1y, length2 = ex * ex + ey * ey;
        const double along = length2 > 0.0 ? ((px - rb.x - b1x) * ex + (py - rb.y - b1y) * ey) / length2 : 0.0;
        const double u = std::clamp(along, 0.0, 1.0);
        const double qx = rb.x + b1x + u * ex, qy = rb.y + b1y + u * ey;
        distance_ = std::hypot(px - qx, py - qy);
        // No direction at ℓ = 0: no force (the valid range of `distance` names it), rather than NaN.
        const double inverse = distance_ > 0.0 ? 1.0 / distance_ : 0.0;
        const double nx = (px - qx) * inverse, ny = (py - qy) * inverse;
        const bool beside = ends == Ends::Closed || length2 == 0.0 || (along > 0.0 && along < 1.0);   // a point has no ends
        clearance_.value() = beside ? distance_ - radius_a - radius_b : distance_;   // past an open end: apart
        penetration_ = beside && distance_ > 0.0 ? std::max(0.0, -clearance_.value()) : 0.0;
        // The contact point on b's surface, from each frame's origin, and the material points' velocities there.
        const double cx = qx + radius_b * nx, cy = qy + radius_b * ny;
        const double cax = cx - ra.x, cay = cy - ra.y, cbx = cx - rb.x, cby = cy - rb.y;
        const Planar va = point_velocity(wa, cax, cay), vb = point_velocity(wb, cbx, cby);
        const double vx = va.x - vb.x, vy = va.y - vb.y;
        const double tx = ny, ty = -nx;
        slip_ = tx * vx + ty * vy;
        const double approach = -(nx * vx + ny * vy);
        const FrictionalContact contact = frictional_contact(c, d, n, mu, v_reg, penetration_, approach, slip_);
        damping_margin_.value() = damping_limit_margin(c, d, penetration_, approach);
        normal_force_ = contact.normal;
        friction_force_ = contact.friction;
        const double fx = normal_force_ * nx + friction_force_ * tx, fy = normal_force_ * ny + friction_force_ * ty;
        frame_a.f.value() = shift_wrench({fx, fy, 0.0}, cax, cay);
        frame_b.f.value() = shift_wrench({-fx, -fy, 0.0}, cbx, cby);
        energy_ = contact.energy;
        dissipation_ = contact.dissipation;
    }
    double dissipation_ = 0.0;
    double penetration_ = 0.0, normal_force_ = 0.0, friction_force_ = 0.0, slip_ = 0.0, energy_ = 0.0, distance_ = 1.0;
    Out<double> clearance_, damping_margin_;
};

}  // namespace lied::mechanics
