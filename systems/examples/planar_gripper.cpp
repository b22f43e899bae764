#include "systems/examples/planar_gripper.h"

#include "components/math_blocks.h"
#include "components/time_table.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/ground_contact.h"
#include "dialectic_mechanics/planar/planar_constraint.h"
#include "dialectic_mechanics/planar/prismatic.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"
#include "systems/io/system_registry.h"

namespace lied::systems {

using namespace lied::mechanics;

const std::vector<std::pair<double, std::pair<double, double>>>& PlanarGripper::path() {
    static const std::vector<std::pair<double, std::pair<double, double>>> rows{
        {0.0, {0.0, 0.15}}, {1.5, {0.0, 0.05}}, {2.3, {0.0, 0.05}},    {3.3, {0.0, 0.30}},
        {4.6, {0.5, 0.30}}, {5.6, {0.5, 0.055}}, {6.3, {0.5, 0.055}}, {7.3, {0.5, 0.30}}};
    return rows;
}

namespace {

template <class C>
C& add(Composite& net, const std::string& name, std::unique_ptr<C> c, const std::string& description) {
    return static_cast<C&>(net.add(name, std::move(c), description));
}

// A slide of the hand: its spring pulled to the path by the servo force c·ref(t).
Prismatic& servoed_slide(Composite& net, const std::string& axis, double ax, double ay, double q_start, bool take_y) {
    auto table = std::make_unique<components::TimeTable>();
    for (auto& [t, ref] : PlanarGripper::path()) table->table.emplace_back(t, take_y ? ref.second : ref.first);
    auto& reference = add(net, "path_" + axis, std::move(table), "hand path, " + axis + " [m]");
    auto& servo = add(net, "servo_" + axis, std::make_unique<components::Gain>(PlanarGripper::servo_stiffness), "servo force c*" + axis + "_ref [N]");
    auto slide = std::make_unique<Prismatic>(ax, ay, q_start);
    slide->c = PlanarGripper::servo_stiffness;
    slide->d = 400.0;
    auto& s = add(net, "hand_" + axis, std::move(slide), axis == "x" ? "horizontal slide of the hand" : "vertical slide of the hand");
    servo.u.connect(reference.y);
    s.drive.connect(servo.y);
    return s;
}

GroundContact& corner(Composite& net, const std::string& name, double r_x) {
    // At rest each corner carries half the 1 kg box, 4.9 µm deep: d·δ ≈ 10³ N·s/m is 0.7 of critical damping.
    auto contact = std::make_unique<GroundContact>(0.0, 1e6, 2e8, 0.6);
    contact->r_x = r_x;
    contact->r_y = -0.05;
    contact->v_reg = 1e-3;
    return add(net, name, std::move(contact), "bottom corner of the box on the table");
}

}  // namespace

std::unique_ptr<Composite> PlanarGripper::make() {
    auto net = std::make_unique<Composite>("PlanarGripper");
    auto& world = add(*net, "world", std::make_unique<World>(), "g = 9.81 m/s2 along -y");
    auto& hand_x = servoed_slide(*net, "x", 1.0, 0.0, 0.0, false);
    auto& hand_y = servoed_slide(*net, "y", 0.0, 1.0, 0.15, true);
    auto hand_body = std::make_unique<Body>();
    hand_body->m = hand_mass;
    hand_body->I = 1e-3;
    auto& hand = add(*net, "hand", std::move(hand_body), "the hand, 0.5 kg");
    auto& box_x = add(*net, "box_x", std::make_unique<Prismatic>(1.0, 0.0, 0.0), "the box's free x");
    auto& box_y = add(*net, "box_y", std::make_unique<Prismatic>(0.0, 1.0, 0.04999), "the box's free y (its centre 5 cm above the table)");
    auto& box_turn = add(*net, "box_turn", std::make_unique<Revolute>(), "the box's free angle");
    auto box_body = std::make_unique<Body>();
    box_body->m = box_mass;
    box_body->I = box_mass * (0.1 * 0.1 + 0.1 * 0.1) / 12;
    auto& box = add(*net, "box", std::move(box_body), "box 0.1 m x 0.1 m, 1 kg");
    auto& left = corner(*net, "corner_left", -0.05);
    auto& right = corner(*net, "corner_right", 0.05);
    auto constraint = std::make_unique<PlanarConstraint>();
    constraint->switching.t_close = t_close;
    constraint->switching.T_close = 0.1;
    constraint->switching.t_open = t_open;
    constraint->switching.T_open = 0.05;
    auto& grip = add(*net, "grip", std::move(constraint), "the grip: closes over 0.1 s at 2 s, opens over 0.05 s at 6 s");
    connect(world.frame_b, hand_x.frame_a);
    connect(hand_x.frame_b, hand_y.frame_a);
    connect(hand_y.frame_b, hand.frame_a);
    connect(world.frame_b, box_x.frame_a);
    connect(box_x.frame_b, box_y.frame_a);
    connect(box_y.frame_b, box_turn.frame_a);
    connect(box_turn.frame_b, box.frame_a);
    connect(box_turn.frame_b, left.frame_a);
    connect(box_turn.frame_b, right.frame_a);
    connect(hand_y.frame_b, grip.frame_a);
    connect(box_turn.frame_b, grip.frame_b);
    return net;
}

namespace {
const SystemRegistration registration{{
    "PlanarGripper",
    "a planar gripper picks a box from a table, carries it 0.5 m and puts it down: a switched constraint, no structural change",
    [] { return std::unique_ptr<Component>(PlanarGripper::make()); },
    RunSettings{8.0, 1e-3, "cvode-bdf", 0.02, {"hand_x.q", "hand_y.q", "box_x.q", "box_y.q", "box_turn.q", "grip.f_y", "grip.sigma", "corner_left.N", "corner_right.N"}, 1e-7, 1e-9},
    {},
}};
}  // namespace

}  // namespace lied::systems
