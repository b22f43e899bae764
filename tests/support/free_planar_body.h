#pragma once
// A free planar body for the contact tests: x and y slides and a revolute from the world (three degrees of
// freedom) carrying a Body, with its start pose and velocity. Contacts hang on turn.frame_b. A part of a test
// system, not a component: the system declares it under its names.
#include "core/model/meta.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/prismatic.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"

#include <string>

namespace lied::testing {

struct FreePlanarBody {
    mechanics::Prismatic slide_x{1.0, 0.0}, slide_y{0.0, 1.0};
    mechanics::Revolute turn;
    mechanics::Body body;

    // Starts at (x, y, phi), moving at (vx, vy), hung from the world.
    void attach(mechanics::World& world, double x, double y, double phi, double vx = 0.0, double vy = 0.0) {
        slide_x.q.start = x, slide_y.q.start = y, turn.q.start = phi;
        slide_x.w.start = vx, slide_y.w.start = vy;
        connect(world.frame_b, slide_x.frame_a);
        connect(slide_x.frame_b, slide_y.frame_a);
        connect(slide_y.frame_b, turn.frame_a);
        connect(turn.frame_b, body.frame_a);
    }
    // Mass m and inertia I about the centre of mass, which sits at the frame's origin.
    void set_body(double m, double I) {
        body.m = m;
        body.I = I;
        body.r_cm_x = 0.0;
    }
    // The slides and the revolute as <joints>x, <joints>y, <joints>turn; the body as `body_name`.
    void declare(Meta& meta, const std::string& joints, const std::string& body_name) {
        meta.component(slide_x, joints + "x");
        meta.component(slide_y, joints + "y");
        meta.component(turn, joints + "turn");
        meta.component(body, body_name);
    }
};

}  // namespace lied::testing
