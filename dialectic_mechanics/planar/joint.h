#pragma once
// What Revolute and Prismatic share: one degree of freedom with position q and velocity w as states, the
// elastic velocity v = w + T_D·ẇ as tearing variable, and the balance along the joint axis as residual:
//     residual = −(Q_b + u − c·(q − q0) − d·w + f_stop),   q̇ = w,   ẇ = (v − w)/T_D
// Q_b is the generalised force (torque about the axis, or force along it) that the elements on frame_b exert on
// the joint's outer side; it carries every outer body's −M·(v − w)/T_D, so L = M(q)/T_D (the joint-space mass
// matrix over T_D), which changes with the configuration, and w obeys M(q)·ẇ = τ(q, w) exactly. u is the optional
// drive input, c and d the joint's own spring and damper, f_stop its end stops: beyond q_min or q_max a stop pushes
// back by ElastoGap's law on the overtravel (c_stop, d_stop; no force inside the limits, never pulling). Outwards,
// frame_b moves with frame_a plus the joint's motion and its acceleration (v − w)/T_D; inwards, frame_a passes on
// the whole wrench of frame_b's elements.
#include "core/model/component.h"
#include "core/model/block_lists.h"
#include "core/model/meta.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/contact_law.h"
#include "dialectic_mechanics/planar/frames.h"

#include <string>

namespace lied::mechanics {

class PlanarJoint : public Component {
public:
    FrameIn frame_a;
    FrameOut frame_b;
    In<double> drive{In<double>::Optional{0.0}};   // torque (force) driving the joint; 0 while unconnected
    State q{0.0}, w{0.0};
    double c = 0.0, d = 0.0, q0 = 0.0;             // the joint's own spring and damper, spring's rest position
    double q_min = -1e30, q_max = 1e30;            // end stops (±1e30: none)
    double c_stop = 1e5, d_stop = 0.0;             // the stops' stiffness and damping (ElastoGap's law, exponent 1)
    SystemDefault T_D{defaults::T_D};

protected:
    // The derived joint names its units and registers its geometry blocks after this; `geometry` is the signal
    // its generalised() and to_frame_a() read besides the wrench (nullptr: none).
    void declare(Meta& meta, const char* unit, const char* velocity_unit, const char* force_unit, const SignalBase* geometry = nullptr) {
        meta.plug(frame_a, "frame_a");
        meta.plug(frame_b, "frame_b");
        meta.signal(drive, "drive");
        meta.state(q, "q", 1.0, unit);
        meta.state(w, "w", 1.0, velocity_unit);
        meta.tearing(v_, "v");
        meta.residual(residual_, "residual");
        meta.coefficients_depend_on_state();   // M(q)
        meta.parameter(q.start, "q_start", ParameterSpec::any(unit, "initial joint position"));
        meta.parameter(w.start, "w_start", ParameterSpec::any(velocity_unit, "initial joint velocity"));
        meta.parameter(c, "c", ParameterSpec::non_negative(force_unit + std::string("/") + unit, "stiffness of the joint's spring"));
        meta.parameter(d, "d", ParameterSpec::non_negative(force_unit + std::string(".s/") + unit, "damping of the joint's damper"));
        meta.parameter(q0, "q0", ParameterSpec::any(unit, "rest position of the joint's spring"));
        meta.parameter(T_D, "T_D", defaults::kTD, ParameterSpec::positive("s", "dialectic time constant of this degree of freedom"));
        meta.parameter(q_min, "q_min", ParameterSpec::any(unit, "lower end stop (-1e30: none)"));
        meta.parameter(q_max, "q_max", ParameterSpec::any(unit, "upper end stop (1e30: none)"));
        meta.parameter(c_stop, "c_stop", ParameterSpec::non_negative(force_unit + std::string("/") + unit, "stiffness of the end stops"));
        meta.parameter(d_stop, "d_stop", ParameterSpec::non_negative(force_unit + std::string(".s/") + unit + "2", "damping of the end stops (times the overtravel)"));
        meta.require(q_min < q_max, [&] { return std::string("q_min = " + std::to_string(q_min) + ", q_max = " + std::to_string(q_max)); },
                     "a joint's lower end stop lies below its upper one (q_min < q_max)");
        BlockLists& balance = balance_lists_.reset({}, {&residual_, &q.der, &w.der, &frame_a.f});
        frame_b.append_wrench_signals(balance.reads);
        balance.reads.insert(balance.reads.end(), {&drive, &v_, &q.value, &w.value});
        if (geometry) balance.reads.push_back(geometry);
        meta.block<&PlanarJoint::evalBalance>(this, "evalBalance", balance.reads, balance.writes);
        meta.variable(generalised_force_, "Q_b", force_unit);
        // A joint transmits power at the velocities w unchanged; its own spring stores, its damper loses, its drive
        // supplies.
        meta.stores(Quantity::Energy, spring_energy_, "E_pot");
        meta.supplies(Quantity::Energy, drive_power_, "drive");
        meta.dissipates(damper_loss_, "damper");
        meta.variable(stop_force_, "f_stop", force_unit);
        meta.stores(Quantity::Energy, stop_energy_, "E_stop");
        meta.dissipates(stop_loss_, "stop_damping");
    }
    // The generalised force of a wrench on frame_b and the shift of that wrench to frame_a's origin.
    virtual double generalised(const Planar& wrench) const = 0;
    virtual Planar to_frame_a(const Planar& wrench) const = 0;
    double dialectic_acceleration() const { return (v_.value - w()) / T_D; }
    Out<double> v_;

private:
    BlockLists balance_lists_;   // kept between crawls: a rebuild allocates nothing for them
    void evalBalance() {
        const Planar wrench = frame_b.wrench();
        generalised_force_ = generalised(wrench);
        // The stops: overtravel beyond q_max pushes towards −q, below q_min towards +q.
        const double over = q() - q_max, under = q_min - q();
        const double push_down = contact_force(c_stop, d_stop, 1.0, over, w()), push_up = contact_force(c_stop, d_stop, 1.0, under, -w());
        stop_force_ = push_up - push_down;
        stop_energy_ = 0.5 * c_stop * (over > 0.0 ? over * over : 0.0) + 0.5 * c_stop * (under > 0.0 ? under * under : 0.0);
        stop_loss_ = -(stop_force_ - (over > 0.0 ? -c_stop * over : 0.0) - (under > 0.0 ? c_stop * under : 0.0)) * w();
        residual_.value = -(generalised_force_ + drive.value() - c * (q() - q0) - d * w() + stop_force_);
        q.der.value = w();
        w.der.value = dialectic_acceleration();
        frame_a.f.value = to_frame_a(wrench);
        spring_energy_ = 0.5 * c * (q() - q0) * (q() - q0);
        drive_power_ = drive.value() * w();
        damper_loss_ = d * w() * w();
    }
    Out<double> residual_;
    double stop_force_ = 0.0, stop_energy_ = 0.0, stop_loss_ = 0.0;
    double generalised_force_ = 0.0, spring_energy_ = 0.0, drive_power_ = 0.0, damper_loss_ = 0.0;
};

}  // namespace lied::mechanics
