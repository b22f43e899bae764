#pragma once
// A rigid grip between two frames, switched on and off while the simulation runs without changing the number of
// states: the planar form of Constraint (one_dimensional/constraint.h, constraint_switching.h). The held pose of
// frame_b relative to frame_a is (Δx, Δy) in frame_a's coordinates and Δφ; with p = r_b − r_a, q = R(φ_a)·Δ, the
// error e = p − q, its rate ė = w_b − w_a − ω_a × q and its acceleration ë = a_b − a_a − α_a × q + ω_a²·q (from the
// frames' accelerations, affine in the tearing variables):
//     σ·d·(ė_x + T_D·ë_x + η·e_x) − (1 − σ)·λ_x = 0   (and y)
//     σ·d_phi·(ė_φ + T_D·ë_φ + η·e_φ) − (1 − σ)·λ_φ = 0,   e_φ = φ_b − φ_a − Δφ
// Closed, the error obeys T_D·ë + ė + η·e = 0: Baumgarte's stabilisation at the acceleration level.
// λ acts on frame_a's owner at frame_b's origin (about frame_a's origin: λ_φ + p × λ), −λ on frame_b's owner:
// internal, so momentum and angular momentum are conserved. Δ is (r_rel0_x, r_rel0_y, phi_rel0), or the pose
// found at the closing instant (capture = 1, t_close > 0): a gripper holds the object where it took it.
#include "core/model/meta.h"
#include "core/model/system_default.h"
#include "dialectic_mechanics/dialectic_defaults.h"
#include "dialectic_mechanics/constraint_switching.h"
#include "dialectic_mechanics/planar/frames.h"

#include <cmath>

namespace lied::mechanics {

class PlanarConstraint final : public Component {
public:
    FrameIn frame_a, frame_b;
    ConstraintSwitching switching;
    double d = 1e3, d_phi = 10.0;                          // N·s/m, N·m·s/rad: the damping a closing starts from
    double r_rel0_x = 0.0, r_rel0_y = 0.0, phi_rel0 = 0.0;  // held pose of frame_b in frame_a (unless captured)
    double capture = 1.0;
    SystemDefault T_D{defaults::T_D};   // s, the second rate of the error's decay (1/T_D)

    void metainfo(Meta& meta) override {
        meta.plug(frame_a, "frame_a");
        meta.plug(frame_b, "frame_b");
        switching.declare(meta);
        meta.coefficients_depend_on_state();   // α_a × q: q turns with frame_a
        meta.parameter(d, "d", ParameterSpec::positive("N.s/m", "scale of the translational constraint: the damping it starts from while closing"));
        meta.parameter(d_phi, "d_phi", ParameterSpec::positive("N.m.s/rad", "scale of the rotational constraint"));
        meta.parameter(r_rel0_x, "r_rel0_x", ParameterSpec::any("m", "held position of frame_b in frame_a, x (unless captured)"));
        meta.parameter(r_rel0_y, "r_rel0_y", ParameterSpec::any("m", "held position of frame_b in frame_a, y (unless captured)"));
        meta.parameter(phi_rel0, "phi_rel0", ParameterSpec::any("rad", "held angle of frame_b relative to frame_a (unless captured)"));
        meta.parameter(T_D, "T_D", defaults::kTD, ParameterSpec::positive("s", "time constant of the acceleration term: the closed error decays at the rates eta and 1/T_D"));
        meta.parameter(capture, "capture", ParameterSpec{"", "1: hold the pose found at the closing instant, 0: hold r_rel0 and phi_rel0", 0.0, 1.0});
        meta.tearing(lambda_x_, "lambda_x");
        meta.tearing(lambda_y_, "lambda_y");
        meta.tearing(lambda_phi_, "lambda_phi");
        meta.residual(residual_x_, "residual_x");
        meta.residual(residual_y_, "residual_y");
        meta.residual(residual_phi_, "residual_phi");
        meta.discrete_signal(held_x_, "held_x");
        meta.discrete_signal(held_y_, "held_y");
        meta.discrete_signal(held_phi_, "held_phi");
        meta.time_event<&PlanarConstraint::onClose>(this, switching.t_close, "closing");
        meta.block<&PlanarConstraint::evalConstraint>(this, "evalConstraint",
                                                      {&switching.time, &frame_a.r, &frame_b.r, &frame_a.w, &frame_b.w, &frame_a.a, &frame_b.a, &lambda_x_, &lambda_y_, &lambda_phi_,
                                                       &switching.captured, &switching.closed, &held_x_, &held_y_, &held_phi_},
                                                      {&residual_x_, &residual_y_, &residual_phi_, &frame_a.f, &frame_b.f});
        meta.variable(sigma_, "sigma", "");
        meta.variable(error_, "error", "m");
        meta.variable(error_phi_, "error_phi", "rad");
        meta.variable(lambda_x_.value(), "f_x", "N");
        meta.variable(lambda_y_.value(), "f_y", "N");
        meta.variable(lambda_phi_.value(), "tau", "N.m");
        // As the 1D constraint: λ·(ė + T_D·ë + ηe) ≥ 0 is lost while it closes; the rest of what it takes at the velocities w
        // is the stabilisation's own work (with the moment of λ held at a point that frame_a's rotation moves).
        meta.dissipates(dissipation_, "constraint");
        meta.creates(Quantity::Energy, stabilisation_, "baumgarte");
    }
    const char* type_name() const override { return "PlanarConstraint"; }

private:
    void onClose() {
        if (!switching.capture_now(capture)) return;
        const Planar &ra = frame_a.r.value(), &rb = frame_b.r.value();
        rotate(-ra.phi, rb.x - ra.x, rb.y - ra.y, held_x_.value(), held_y_.value());
        held_phi_.value() = rb.phi - ra.phi;
    }
    void evalConstraint() {
        const Planar &ra = frame_a.r.value(), &rb = frame_b.r.value(), &wa = frame_a.w.value(), &wb = frame_b.w.value();
        const Planar &aa = frame_a.a.value(), &ab = frame_b.a.value();
        const bool held = switching.holds_captured();
        double qx, qy;
        rotate(ra.phi, held ? held_x_.value() : r_rel0_x, held ? held_y_.value() : r_rel0_y, qx, qy);
        const double px = rb.x - ra.x, py = rb.y - ra.y;
        const double ex = px - qx, ey = py - qy;
        error_phi_ = rb.phi - ra.phi - (held ? held_phi_.value() : phi_rel0);
        const double omega = wa.phi, alpha = aa.phi;
        const double dex = wb.x - wa.x + omega * qy, dey = wb.y - wa.y - omega * qx;
        const double ddex = ab.x - aa.x + alpha * qy + omega * omega * qx, ddey = ab.y - aa.y - alpha * qx + omega * omega * qy;
        sigma_ = switching.sigma_now();
        const double eta = switching.eta, open = 1.0 - sigma_;
        const double cx = dex + T_D * ddex + eta * ex, cy = dey + T_D * ddey + eta * ey;   // the conditions
        const double cphi = wb.phi - wa.phi + T_D * (ab.phi - aa.phi) + eta * error_phi_;
        const double lx = lambda_x_.value(), ly = lambda_y_.value(), lphi = lambda_phi_.value();
        residual_x_.value() = sigma_ * d * cx - open * lx;
        residual_y_.value() = sigma_ * d * cy - open * ly;
        residual_phi_.value() = sigma_ * d_phi * cphi - open * lphi;
        frame_a.f.value() = {lx, ly, lphi + px * ly - py * lx};
        frame_b.f.value() = {-lx, -ly, -lphi};
        error_ = std::hypot(ex, ey);
        dissipation_ = lx * cx + ly * cy + lphi * cphi;
        const double taken = lx * (wb.x - wa.x) + ly * (wb.y - wa.y) + lphi * (wb.phi - wa.phi) - omega * (px * ly - py * lx);
        stabilisation_ = dissipation_ - taken;
    }
    Out<double> lambda_x_, lambda_y_, lambda_phi_, residual_x_, residual_y_, residual_phi_;
    Out<double> held_x_, held_y_, held_phi_;
    double sigma_ = 0.0, error_ = 0.0, error_phi_ = 0.0, dissipation_ = 0.0, stabilisation_ = 0.0;
};

}  // namespace lied::mechanics
