#pragma once
// What Revolute and Prismatic share: one degree of freedom with position q and velocity w as states, the
// elastic velocity v = w + T_D·ẇ as tearing variable, and the balance along the joint axis as residual:
//     residual = −(Q_b + u + f_axis − c·(q − q0) − d·w + f_stop),   q̇ = w,   ẇ = (v − w)/T_D
// Q_b is the generalised force (torque about the axis, or force along it) that the elements on frame_b exert on
// the joint's outer side; it carries every outer body's −M·(v − w)/T_D, so L = M(q)/T_D (the joint-space mass
// matrix over T_D), which changes with the configuration, and w obeys M(q)·ẇ = τ(q, w) exactly. u is the optional
// drive input, c and d the joint's own spring and damper, f_stop its end stops: beyond q_min or q_max a stop pushes
// back by ElastoGap's law on the overtravel (c_stop, d_stop; no force inside the limits, never pulling). Outwards,
// frame_b moves with frame_a plus the joint's motion and its acceleration (v − w)/T_D; inwards, frame_a passes on
// the whole wrench of frame_b's elements.
//
// `axis` is the joint's 1D flange (rotational for a revolute, translational for a prismatic joint), as Modelica's
// useAxisFlange: a driving flange at s = q, w, v, so any 1D chain hangs on the joint's degree of freedom, and f_axis
// is the sum of what it exerts. A motor's rotor behind a gear (IdealGear → CarriedInertia), Coulomb friction or
// backlash against a fixed flange, a torque: each acts between frame_a and frame_b as the drive does (a fixed flange
// at the other end stands for frame_a, whose share the joint passes on through the wrench), and a carried inertia
// adds its reflected inertia to L.
//
// With `motion` = position or velocity the joint has no degree of freedom: its motion follows the input `reference`
// without differentiating it, and positions move with w as everywhere in the formulation (q̇ = w, v = w + T_D·ẇ):
//     position:  T_D²·q̈ + 2·T_D·q̇ + q = q_ref   (critically damped: no overshoot, a lag of 2·T_D·q̇_ref)
//     velocity:  T_D·ẇ + w = w_ref               (a lag of T_D·ẇ_ref)
// so frame_b is moved, and what it takes to move it is the recorded `Q_b` and the drive's power −(Q_b + f_axis)·w.
// Start it where its reference starts (q_start = q_ref(0), w_start = its rate): otherwise the follower pulls it
// there within a few T_D, with the reaction that takes.
#include "core/model/block_lists.h"
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "dialectic_mechanics/contact_law.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"
#include "dialectic_mechanics/planar/frames.h"

#include <string>
#include <vector>

namespace lied::mechanics {

// How a joint moves: freely (its own degree of freedom), or prescribed by its input `reference`.
enum class JointMotion { Free, Position, Velocity };

template <class D>
class PlanarJoint : public Component {
public:
    FrameIn frame_a;
    FrameOut frame_b;
    DrivingFlange<D> axis;                         // the joint's 1D flange: s = q (see above)
    In<double> drive{In<double>::Optional{0.0}};   // torque (force) driving the joint; 0 while unconnected
    In<double> reference{In<double>::Optional{0.0}};   // q_ref or w_ref for a prescribed motion
    Choice<JointMotion> motion{JointMotion::Free};
    State q{0.0}, w{0.0};
    double c = 0.0, d = 0.0, q0 = 0.0;             // the joint's own spring and damper, spring's rest position
    double q_min = -1e30, q_max = 1e30;            // end stops (±1e30: none)
    double c_stop = 1e5, d_stop = 0.0;             // the stops' stiffness and damping (ElastoGap's law, exponent 1)
    SystemDefault T_D{defaults::T_D};

protected:
    // The derived joint registers its geometry blocks after this; `geometry` is the signal its generalised() and
    // to_frame_a() read besides the wrench (nullptr: none).
    void declare(Meta& meta, const SignalBase* geometry = nullptr) {
        const std::string unit = D::position_unit, velocity_unit = D::velocity_unit, force_unit = D::force_unit;
        meta.plug(frame_a, "frame_a");
        meta.plug(frame_b, "frame_b");
        meta.plug(axis, "axis");
        meta.signal(drive, "drive");
        static const ChoiceSpec kMotion{{"free", "position", "velocity"},
                                        "free: a degree of freedom; position, velocity: q follows the input reference (q_ref, w_ref)"};
        meta.choice(motion, "motion", kMotion);
        const bool free = motion == JointMotion::Free;
        meta.signal(reference, "reference");
        meta.require(free || !drive.source(), "drive connected", "a joint whose motion is prescribed has no drive: its motion is given (motion: free)");
        meta.require(!free || !reference.source(), "reference connected",
                     "a free joint moves by its forces and reads no reference (motion: position or velocity)");
        meta.require(free || reference.source(), "reference not connected", "a joint whose motion is prescribed follows its reference (connect it)");
        meta.state(q, "q", 1.0, unit);
        meta.state(w, "w", 1.0, velocity_unit);
        meta.parameter(q.start, "q_start", ParameterSpec::any(unit, "initial joint position"));
        meta.parameter(w.start, "w_start", ParameterSpec::any(velocity_unit, "initial joint velocity"));
        meta.parameter(T_D, "T_D", defaults::kTD, ParameterSpec::positive("s", "dialectic time constant of this degree of freedom (a prescribed motion's lag)"));
        meta.variable(generalised_force_, "Q_b", force_unit);
        if (!free) {
            meta.signal(v_, "v");   // computed here, not a tearing variable
            meta.block<&PlanarJoint::evalPrescribed>(this, "evalPrescribed", {&reference, &q.value, &w.value}, {&v_, &q.der, &w.der});
            BlockLists& reaction = balance_lists_.reset({&w.value, &v_, &q.value}, {&frame_a.f});
            frame_b.append_wrench_signals(reaction.reads);
            declare_axis(meta, reaction.reads);
            if (geometry) reaction.reads.push_back(geometry);
            meta.block<&PlanarJoint::evalReaction>(this, "evalReaction", reaction.reads, reaction.writes);
            meta.supplies(Quantity::Energy, drive_power_, "drive");   // what moving frame_b and the axis takes
            return;
        }
        meta.tearing(v_, "v");
        meta.residual(residual_, "residual");
        meta.coefficients_depend_on_state();   // M(q)
        meta.parameter(c, "c", ParameterSpec::non_negative(force_unit + "/" + unit, "stiffness of the joint's spring"));
        meta.parameter(d, "d", ParameterSpec::non_negative(force_unit + ".s/" + unit, "damping of the joint's damper"));
        meta.parameter(q0, "q0", ParameterSpec::any(unit, "rest position of the joint's spring"));
        meta.parameter(q_min, "q_min", ParameterSpec::any(unit, "lower end stop (-1e30: none)").read_at_build());
        meta.parameter(q_max, "q_max", ParameterSpec::any(unit, "upper end stop (1e30: none)").read_at_build());
        meta.parameter(c_stop, "c_stop", ParameterSpec::non_negative(force_unit + "/" + unit, "stiffness of the end stops"));
        meta.parameter(d_stop, "d_stop", ParameterSpec::non_negative(force_unit + ".s/" + unit + "2", "damping of the end stops (times the overtravel)"));
        meta.require(q_min < q_max, [&] { return std::string("q_min = " + std::to_string(q_min) + ", q_max = " + std::to_string(q_max)); },
                     "a joint's lower end stop lies below its upper one (q_min < q_max)");
        BlockLists& balance = balance_lists_.reset({}, {&residual_, &q.der, &w.der, &frame_a.f});
        frame_b.append_wrench_signals(balance.reads);
        declare_axis(meta, balance.reads);
        balance.reads.insert(balance.reads.end(), {&drive, &v_, &q.value, &w.value});
        if (geometry) balance.reads.push_back(geometry);
        meta.block<&PlanarJoint::evalBalance>(this, "evalBalance", balance.reads, balance.writes);
        // A joint transmits power at the velocities w unchanged; its own spring stores, its damper loses, its drive
        // supplies (what hangs on the axis keeps its own books).
        meta.stores(Quantity::Energy, spring_energy_, "E_pot");
        meta.supplies(Quantity::Energy, drive_power_, "drive");
        meta.dissipates(damper_loss_, "damper");
        meta.variable(stop_force_, "f_stop", force_unit);
        declare_stop_onsets(meta);
        meta.stores(Quantity::Energy, stop_energy_, "E_stop");
        meta.dissipates(stop_loss_, "stop_damping");
    }
    // The generalised force of a wrench on frame_b and the shift of that wrench to frame_a's origin.
    virtual double generalised(const Planar& wrench) const = 0;
    virtual Planar to_frame_a(const Planar& wrench) const = 0;
    // The joint's acceleration: (v − w)/T_D, for a free joint the one it integrates, for a prescribed one its a.
    double dialectic_acceleration() const { return (v_.value() - w()) / T_D; }
    Out<double> v_;

private:
    BlockLists balance_lists_;   // kept between crawls: a rebuild allocates nothing for them
    // The axis's forces join the block that reads them; its motion is passed on only when something hangs on it, so
    // a joint without a 1D chain pays no block for it at every evaluation.
    void declare_axis(Meta& meta, std::vector<const SignalBase*>& reads) {
        const std::size_t before = reads.size();
        axis.append_force_signals(reads);
        if (reads.size() == before) return;
        meta.block<&PlanarJoint::passAxisPosition>(this, "passAxisPosition", {&q.value, &w.value}, {&axis.s, &axis.w});
        meta.block<&PlanarJoint::passAxisVelocity>(this, "passAxisVelocity", {&v_}, {&axis.v});
    }
    // A stop that exists marks where it closes (a kink of the joint's law), so that no fixed step integrates across it.
    static constexpr double kNoStop = 1e29;
    void declare_stop_onsets(Meta& meta) {
        if (q_max >= kNoStop && q_min <= -kNoStop) return;
        meta.signal(upper_clearance_, "upper_clearance");
        meta.signal(lower_clearance_, "lower_clearance");
        meta.variable(upper_clearance_.value(), "upper_clearance", D::position_unit);
        meta.variable(lower_clearance_.value(), "lower_clearance", D::position_unit);
        meta.block<&PlanarJoint::evalStopClearances>(this, "evalStopClearances", {&q.value}, {&upper_clearance_, &lower_clearance_});
        if (q_max < kNoStop) meta.kink(upper_clearance_, "upper_stop_touch");
        if (q_min > -kNoStop) meta.kink(lower_clearance_, "lower_stop_touch");
    }
    void evalStopClearances() {
        upper_clearance_.value() = q_max - q();
        lower_clearance_.value() = q() - q_min;
    }
    Out<double> upper_clearance_, lower_clearance_;
    void passAxisPosition() {
        axis.s.value() = q();
        axis.w.value() = w();
    }
    void passAxisVelocity() { axis.v.value() = v_.value(); }
    void evalBalance() {
        const Planar wrench = frame_b.wrench();
        generalised_force_ = generalised(wrench);
        // The stops: overtravel beyond q_max pushes towards −q, below q_min towards +q.
        const double over = q() - q_max, under = q_min - q();
        const double push_down = contact_force(c_stop, d_stop, 1.0, over, w()), push_up = contact_force(c_stop, d_stop, 1.0, under, -w());
        stop_force_ = push_up - push_down;
        stop_energy_ = 0.5 * c_stop * (over > 0.0 ? over * over : 0.0) + 0.5 * c_stop * (under > 0.0 ? under * under : 0.0);
        stop_loss_ = -(stop_force_ - (over > 0.0 ? -c_stop * over : 0.0) - (under > 0.0 ? c_stop * under : 0.0)) * w();
        residual_.value() = -(generalised_force_ + drive.value() + axis.force() - c * (q() - q0) - d * w() + stop_force_);
        q.der.value() = w();
        w.der.value() = dialectic_acceleration();
        frame_a.f.value() = to_frame_a(wrench);
        spring_energy_ = 0.5 * c * (q() - q0) * (q() - q0);
        drive_power_ = drive.value() * w();
        damper_loss_ = d * w() * w();
    }
    // A prescribed motion: the follower's acceleration a, explicit in the states and the reference.
    void evalPrescribed() {
        const double a = motion == JointMotion::Position ? (reference.value() - q()) / (T_D * T_D) - 2.0 * w() / T_D
                                                         : (reference.value() - w()) / T_D;
        q.der.value() = w();
        w.der.value() = a;
        v_.value() = w() + T_D * a;
    }
    // What the drive supplies: the outer side and the axis's chain exert Q_b + f_axis along the motion w.
    void evalReaction() {
        const Planar wrench = frame_b.wrench();
        generalised_force_ = generalised(wrench);
        frame_a.f.value() = to_frame_a(wrench);
        drive_power_ = -(generalised_force_ + axis.force()) * w();
    }
    Out<double> residual_;
    double stop_force_ = 0.0, stop_energy_ = 0.0, stop_loss_ = 0.0;
    double generalised_force_ = 0.0, spring_energy_ = 0.0, drive_power_ = 0.0, damper_loss_ = 0.0;
};

}  // namespace lied::mechanics
