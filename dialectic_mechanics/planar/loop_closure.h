#pragma once
// Closes a cut kinematic loop: the two frames that the loop would make one are held together by a stiff
// spring-damper (c, d) in x and y, and optionally in the angle (c_phi, d_phi; 0 for a cut at a revolute joint,
// which leaves the angle free):
//     f_a = c·(r_b − r_a) + d·(ṙ_b − ṙ_a + T_D·(r̈_b − r̈_a)),   f_b = −f_a
// The damper acts at the velocities w led by T_D times the frames' accelerations a, which are affine in the tearing
// variables: it is implicit (through L), and the T_D·d it adds to the inertia acts on the gap's own acceleration
// only, which a stiff closure keeps small. The gap between the frames is about |f|/c: the closure error.
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/system_default.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/planar/frames.h"

#include <cmath>

namespace lied::mechanics {

class LoopClosure final : public Component {
public:
    FrameIn frame_a, frame_b;
    double c = 1e7, d = 1e3;           // N/m, N·s/m
    double c_phi = 0.0, d_phi = 0.0;   // N·m/rad, N·m·s/rad
    SystemDefault T_D{defaults::T_D};   // s, the damper's lead

    void metainfo(Meta& meta) override {
        meta.plug(frame_a, "frame_a");
        meta.plug(frame_b, "frame_b");
        meta.parameter(c, "c", ParameterSpec::positive("N/m", "stiffness of the closure"));
        meta.parameter(d, "d", ParameterSpec::non_negative("N.s/m", "damping of the closure"));
        meta.parameter(c_phi, "c_phi", ParameterSpec::non_negative("N.m/rad", "rotational stiffness (0: the cut is a revolute joint)"));
        meta.parameter(d_phi, "d_phi", ParameterSpec::non_negative("N.m.s/rad", "rotational damping"));
        meta.parameter(T_D, "T_D", defaults::kTD, ParameterSpec::positive("s", "lead of the damper: it acts at the velocity plus T_D times the acceleration"));
        meta.block<&LoopClosure::evalForce>(this, "evalForce", {&frame_a.r, &frame_b.r, &frame_a.w, &frame_b.w, &frame_a.a, &frame_b.a}, {&frame_a.f, &frame_b.f});
        meta.variable(error_, "error", "m");
        meta.variable(force_, "f", "N");
        meta.stores(Quantity::Energy, energy_, "E_pot");
        // The damper takes d·(Δw + T_D·Δa)·Δw at the velocities w: d·|Δw|² it loses, and the lead's part
        // d·T_D·Δa·Δw is the formulation's.
        meta.dissipates(dissipation_, "damper");
        meta.creates(Quantity::Energy, implicit_part_, "implicit_damping");
        // A consistent start has the loop closed and not opening: the simulator assembles the joints' start
        // positions and velocities onto these (the angle only where the closure holds it).
        using Level = AssemblyConditionInfo::Level;
        meta.assembly_condition(gap_[0], "gap_x", Level::Position, "m");
        meta.assembly_condition(gap_[1], "gap_y", Level::Position, "m");
        meta.assembly_condition(rate_[0], "gap_rate_x", Level::Velocity, "m/s");
        meta.assembly_condition(rate_[1], "gap_rate_y", Level::Velocity, "m/s");
        if (c_phi > 0.0) {
            meta.assembly_condition(gap_[2], "gap_phi", Level::Position, "rad");
            meta.assembly_condition(rate_[2], "gap_rate_phi", Level::Velocity, "rad/s");
        }
    }
    const char* type_name() const override { return "LoopClosure"; }

private:
    void evalForce() {
        const Planar &ra = frame_a.r.value(), &rb = frame_b.r.value(), &wa = frame_a.w.value(), &wb = frame_b.w.value();
        const Planar &aa = frame_a.a.value(), &ab = frame_b.a.value();
        const double ex = rb.x - ra.x, ey = rb.y - ra.y, ephi = rb.phi - ra.phi;
        const double wx = wb.x - wa.x, wy = wb.y - wa.y, wphi = wb.phi - wa.phi;
        const double lx = T_D * (ab.x - aa.x), ly = T_D * (ab.y - aa.y), lphi = T_D * (ab.phi - aa.phi);   // the lead
        const Planar f{c * ex + d * (wx + lx), c * ey + d * (wy + ly), c_phi * ephi + d_phi * (wphi + lphi)};
        frame_a.f.value() = f;
        frame_b.f.value() = {-f.x, -f.y, -f.phi};
        error_ = std::hypot(ex, ey);
        force_ = std::hypot(f.x, f.y);
        energy_ = 0.5 * c * (ex * ex + ey * ey) + 0.5 * c_phi * ephi * ephi;
        dissipation_ = d * (wx * wx + wy * wy) + d_phi * wphi * wphi;
        implicit_part_ = -(d * (lx * wx + ly * wy) + d_phi * lphi * wphi);
        gap_[0] = ex, gap_[1] = ey, gap_[2] = ephi;
        rate_[0] = wx, rate_[1] = wy, rate_[2] = wphi;
    }
    double gap_[3] = {0.0, 0.0, 0.0}, rate_[3] = {0.0, 0.0, 0.0};
    double error_ = 0.0, force_ = 0.0, energy_ = 0.0, dissipation_ = 0.0, implicit_part_ = 0.0;
};

}  // namespace lied::mechanics
