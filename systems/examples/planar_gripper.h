#pragma once
// A planar gripper picks up a box from a table, carries it and puts it down, in dialectic planar mechanics; the
// same system as systems/examples/files/planar_gripper.yaml.
//  - the hand (0.5 kg) rides on two slides, each a stiff spring c = 2·10⁴ N/m with d = 400 N·s/m pulled along the
//    path by a servo force c·ref(t) (the path: down to the box by 1.5 s, up to 0.3 m by 3.3 s, 0.5 m across by
//    4.6 s, down until the box is 5 mm above the table by 5.6 s, up again from 6.3 s);
//  - the box (0.1 m × 0.1 m, 1 kg) is a free body (x, y, angle) whose two bottom corners touch the table
//    (GroundContact, c = 10⁶ N/m, d = 2·10³ N·s/m, μ = 0.6);
//  - the grip is a PlanarConstraint that closes over 0.1 s at 2 s, holding the box where the hand took it, and
//    opens over 0.05 s at 6 s. The number of states stays 10: the switched constraint instead of a structural
//    change, because the grip closes on a body in contact and should close without a force jump.
#include "core/model/composite.h"

#include <memory>
#include <utility>
#include <vector>

namespace lied::systems {

struct PlanarGripper {
    static constexpr double box_mass = 1.0, hand_mass = 0.5, servo_stiffness = 2e4;   // kg, kg, N/m
    static constexpr double t_close = 2.0, t_open = 6.0;                               // s
    // The hand's path: (t, x_ref, y_ref), linear in between.
    static const std::vector<std::pair<double, std::pair<double, double>>>& path();
    static std::unique_ptr<Composite> make();
};

}  // namespace lied::systems
