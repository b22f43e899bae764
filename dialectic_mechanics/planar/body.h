#pragma once
// A rigid body on a frame: mass m and inertia I about its centre of mass, which sits at (r_cm_x, r_cm_y) in the
// frame's coordinates. It needs the wrench m·a_cm, I·α from its frame (a from the frame's acceleration, which
// carries the joints' dialectic accelerations and gravity) and exerts the opposite on the frame's owner:
//     a_cm = a + α×d − ω_k²·d,   f = −(m·a_cm, I·α + d×(m·a_cm))     (d: frame origin → centre of mass)
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/system_default.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/planar/frames.h"

#include <cmath>
#include <string>

namespace lied::mechanics {

class Body final : public Component {
public:
    Body() = default;
    Body(double m, double I, double r_cm_x, double r_cm_y = 0.0) : m(m), I(I), r_cm_x(r_cm_x), r_cm_y(r_cm_y) {}
    FrameIn frame_a;
    double m = 1.0, I = 0.1, r_cm_x = 0.0, r_cm_y = 0.0;
    SystemDefault g{defaults::g};   // m/s², for the potential energy only: the World's, unless set here

    void metainfo(Meta& meta) override {
        meta.plug(frame_a, "frame_a");
        meta.parameter(m, "m", ParameterSpec::non_negative("kg", "mass"));
        meta.parameter(I, "I", ParameterSpec::non_negative("kg.m2", "moment of inertia about the centre of mass"));
        meta.parameter(r_cm_x, "r_cm_x", ParameterSpec::any("m", "centre of mass along the frame's x axis"));
        meta.parameter(r_cm_y, "r_cm_y", ParameterSpec::any("m", "centre of mass along the frame's y axis"));
        meta.require(m >= 0 && I >= 0, [&] { return std::string("m = " + std::to_string(m) + " kg, I = " + std::to_string(I) + " kg.m2"); }, "mass and inertia are not negative");
        meta.require(m > 0 || I > 0, "m = 0 and I = 0", "every chain contains at least one mass (a body has m > 0 or I > 0)");
        meta.parameter(g, "g", defaults::kG, ParameterSpec::any("m/s2", "gravity for the body's potential energy (the World's g)"));
        meta.block<&Body::evalWrench>(this, "evalWrench", {&frame_a.r, &frame_a.w, &frame_a.a}, {&frame_a.f});
        meta.variable(cm_.r.x, "x_cm", "m");
        meta.variable(cm_.r.y, "y_cm", "m");
        meta.variable(cm_.w.x, "vx_cm", "m/s");
        meta.variable(cm_.w.y, "vy_cm", "m/s");
        meta.variable(kinetic_energy_, "E_kin", "J");
        meta.variable(potential_energy_, "E_pot", "J");
        // Positions move with w and a_cm is exactly dw_cm/dt + g: the wrench the body needs does work at w, and
        // d(E_kin + E_pot)/dt is that work. Nothing is lost or made here.
        meta.stores(Quantity::Energy, kinetic_energy_, "E_kin");
        meta.stores(Quantity::Energy, potential_energy_, "E_pot");
    }
    const char* type_name() const override { return "Body"; }

private:
    void evalWrench() {
        const Planar& r = frame_a.r.value();
        double dx, dy;
        rotate(r.phi, r_cm_x, r_cm_y, dx, dy);
        cm_ = offset_point(r, {}, frame_a.w.value(), frame_a.a.value(), dx, dy);
        const Planar need{m * cm_.a.x, m * cm_.a.y, I * cm_.a.phi};
        const Planar about_frame = shift_wrench(need, dx, dy);
        frame_a.f.value() = {-about_frame.x, -about_frame.y, -about_frame.phi};
        kinetic_energy_ = 0.5 * m * (cm_.w.x * cm_.w.x + cm_.w.y * cm_.w.y) + 0.5 * I * cm_.w.phi * cm_.w.phi;
        potential_energy_ = m * g * cm_.r.y;
    }
    PointMotion cm_;
    double kinetic_energy_ = 0.0, potential_energy_ = 0.0;
};

}  // namespace lied::mechanics
