#pragma once
// Contact between a body and a ground line: a circle (radius > 0: a wheel, a foot) or a point (radius 0: a box
// corner; a box takes one contact per corner). The circle's centre (or the point) sits at (r_x, r_y) in frame_a's
// coordinates. The ground line passes through (0, ground_y) at the angle ground_angle; t is its direction and
// n = (−sin, cos) its upward normal. With p the centre in the world and h = n·(p − (0, ground_y)) its height:
//     penetration δ = radius − h,   normal force N = contact_force(c, d, n_exp, δ, −n·w_p)   (ElastoGap's law)
//     slip s = t·w_c (w_c: velocity of the material point touching the ground, p − radius·n),
//     friction F_t = −μ·N·tanh(s/v_reg)
// Force N·n + F_t·t acts on the body at the touching point. Everything reads the velocities w, so the
// nonlinear laws stay explicit (as ElastoGap and Friction do); a stiff contact or a small v_reg wants an implicit
// solver (ros2).
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/valid_range.h"
#include "dialectic_mechanics/contact_kinks.h"
#include "dialectic_mechanics/contact_law.h"
#include "dialectic_mechanics/planar/contact_declarations.h"
#include "dialectic_mechanics/planar/frames.h"

#include <cmath>

namespace lied::mechanics {

class GroundContact final : public Component {
public:
    GroundContact() = default;
    GroundContact(double radius, double c, double d, double mu) : radius(radius), c(c), d(d), mu(mu) {}
    FrameIn frame_a;
    double r_x = 0.0, r_y = 0.0;              // circle centre (or corner) in frame_a
    double radius = 0.0;                      // m; 0: a point (box corner)
    double ground_y = 0.0, ground_angle = 0.0;// ground line through (0, ground_y), rising at ground_angle
    double c = 1e6, d = 0.0, n = 1.0;         // elastic gap: N/mⁿ, N·s/m^(n+1), exponent
    double mu = 0.5, v_reg = 1e-2;            // regularised Coulomb friction

    void metainfo(Meta& meta) override {
        meta.plug(frame_a, "frame_a");
        meta.parameter(r_x, "r_x", ParameterSpec::any("m", "circle centre (box corner) along frame_a's x axis"));
        meta.parameter(r_y, "r_y", ParameterSpec::any("m", "circle centre (box corner) along frame_a's y axis"));
        meta.parameter(radius, "radius", ParameterSpec::non_negative("m", "circle radius (0: a point, e.g. a box corner)").read_at_build());
        meta.parameter(ground_y, "ground_y", ParameterSpec::any("m", "height of the ground line at x = 0"));
        meta.parameter(ground_angle, "ground_angle", {"rad", "slope of the ground line", -1.5, 1.5, false});
        declare_contact_parameters(meta, c, d, n, mu, v_reg);
        meta.block<&GroundContact::evalForce>(this, "evalForce", {&frame_a.r, &frame_a.w}, {&frame_a.f, &clearance_, &damping_margin_});
        declare_contact_kinks(meta, clearance_, damping_margin_, "m");   // centre height less the radius (< 0: touching)
        declare_contact_records(meta, penetration_, normal_force_, friction_force_, slip_, energy_, dissipation_);
        meta.variable(centre_height_, "centre_height", "m");
        if (radius > 0.0)
            meta.valid_range("centre_height", ValidRange::above(0.0, "a circle's centre stays above the ground line (deeper, the contact is far too soft for its load)"));
    }
    const char* type_name() const override { return "GroundContact"; }

private:
    void evalForce() {
        const Planar &r = frame_a.r.value(), &w = frame_a.w.value();
        const double tx = std::cos(ground_angle), ty = std::sin(ground_angle), nx = -ty, ny = tx;
        double px, py;   // frame origin → centre, world coordinates
        rotate(r.phi, r_x, r_y, px, py);
        centre_height_ = nx * (r.x + px) + ny * (r.y + py - ground_y);
        clearance_.value() = centre_height_ - radius;
        penetration_ = std::max(0.0, -clearance_.value());
        // frame origin → touching point, and the velocity of that material point
        const double cx = px - radius * nx, cy = py - radius * ny;
        const Planar wc = point_velocity(w, cx, cy);
        slip_ = tx * wc.x + ty * wc.y;
        const double approach = -(nx * wc.x + ny * wc.y);
        const FrictionalContact contact = frictional_contact(c, d, n, mu, v_reg, penetration_, approach, slip_);
        damping_margin_.value() = damping_limit_margin(c, d, penetration_, approach);
        normal_force_ = contact.normal;
        friction_force_ = contact.friction;
        const double fx = normal_force_ * nx + friction_force_ * tx, fy = normal_force_ * ny + friction_force_ * ty;
        frame_a.f.value() = shift_wrench({fx, fy, 0.0}, cx, cy);
        energy_ = contact.energy;
        dissipation_ = contact.dissipation;
    }
    double dissipation_ = 0.0;
    double penetration_ = 0.0, normal_force_ = 0.0, friction_force_ = 0.0, slip_ = 0.0, energy_ = 0.0, centre_height_ = 1.0;
    Out<double> clearance_, damping_margin_;
};

}  // namespace lied::mechanics
