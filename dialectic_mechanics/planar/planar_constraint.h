#pragma once
// A rigid grip between two frames, switched on and off while the simulation runs without changing the number of
// states: the planar form of Constraint (one_dimensional/constraint.h, constraint_switching.h). The held pose of
// frame_b relative to frame_a is (Δx, Δy) in frame_a's coordinates and Δφ; with p = r_b − r_a, q = R(φ_a)·Δ and
// the elastic velocities v (ė = v_b − v_a − ω_a × q, ω_a = v_a.φ):
//     σ·d·(ė_x + η·e_x) − (1 − σ)·λ_x = 0,   e = p − q   (and y)
//     σ·d_phi·(ė_φ + η·e_φ) − (1 − σ)·λ_φ = 0,   e_φ = φ_b − φ_a − Δφ
// λ acts on frame_a's owner at frame_b's origin (about frame_a's origin: λ_φ + p × λ), −λ on frame_b's owner:
// internal, so momentum and angular momentum are conserved. Δ is (r_rel0_x, r_rel0_y, phi_rel0), or the pose
// found at the closing instant (capture = 1, t_close > 0): a gripper holds the object where it took it.
#include "core/model/meta.h"
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

    void metainfo(Meta& meta) override {
        meta.plug(frame_a, "frame_a");
        meta.plug(frame_b, "frame_b");
        switching.declare(meta);
        meta.coefficients_depend_on_state();   // ω_a × q: q turns with frame_a
        meta.parameter(d, "d", ParameterSpec::positive("N.s/m", "scale of the translational constraint: the damping it starts from while closing"));
        meta.parameter(d_phi, "d_phi", ParameterSpec::positive("N.m.s/rad", "scale of the rotational constraint"));
        meta.parameter(r_rel0_x, "r_rel0_x", ParameterSpec::any("m", "held position of frame_b in frame_a, x (unless captured)"));
        meta.parameter(r_rel0_y, "r_rel0_y", ParameterSpec::any("m", "held position of frame_b in frame_a, y (unless captured)"));
        meta.parameter(phi_rel0, "phi_rel0", ParameterSpec::any("rad", "held angle of frame_b relative to frame_a (unless captured)"));
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
                                                      {&switching.time, &frame_a.r, &frame_b.r, &frame_a.v, &frame_b.v, &lambda_x_, &lambda_y_, &lambda_phi_,
                                                       &switching.captured, &switching.closed, &held_x_, &held_y_, &held_phi_},
                                                      {&residual_x_, &residual_y_, &residual_phi_, &frame_a.f, &frame_b.f});
        meta.variable(sigma_, "sigma", "");
        meta.variable(error_, "error", "m");
        meta.variable(error_phi_, "error_phi", "rad");
        meta.variable(lambda_x_.value, "f_x", "N");
        meta.variable(lambda_y_.value, "f_y", "N");
        meta.variable(lambda_phi_.value, "tau", "N.m");
        // As the 1D constraint: λ·(ė + ηe) ≥ 0 is lost while it closes, the stabilisation's work is its own (with the
        // moment of λ held at a point that frame_a's rotation moves).
        meta.dissipates(dissipation_, "constraint");
        meta.creates(Quantity::Energy, stabilisation_, "baumgarte");
    }
    const char* type_name() const override { return "PlanarConstraint"; }

private:
    void onClose() {
        if (!switching.capture_now(capture)) return;
        const Planar &ra = frame_a.r.value(), &rb = frame_b.r.value();
        rotate(-ra.phi, rb.x - ra.x, rb.y - ra.y, held_x_.value, held_y_.value);
        held_phi_.value = rb.phi - ra.phi;
    }
    void evalConstraint() {
        const Planar &ra = frame_a.r.value(), &rb = frame_b.r.value(), &va = frame_a.v.value(), &vb = frame_b.v.value();
        const bool held = switching.holds_captured();
        double qx, qy;
        rotate(ra.phi, held ? held_x_.value : r_rel0_x, held ? held_y_.value : r_rel0_y, qx, qy);
        const double px = rb.x - ra.x, py = rb.y - ra.y;
        const double ex = px - qx, ey = py - qy;
        error_phi_ = rb.phi - ra.phi - (held ? held_phi_.value : phi_rel0);
        const double dex = vb.x - va.x + va.phi * qy, dey = vb.y - va.y - va.phi * qx;
        sigma_ = switching.sigma_now();
        const double eta = switching.eta, open = 1.0 - sigma_;
        const double lx = lambda_x_.value, ly = lambda_y_.value, lphi = lambda_phi_.value;
        residual_x_.value = sigma_ * d * (dex + eta * ex) - open * lx;
        residual_y_.value = sigma_ * d * (dey + eta * ey) - open * ly;
        residual_phi_.value = sigma_ * d_phi * (vb.phi - va.phi + eta * error_phi_) - open * lphi;
        frame_a.f.value = {lx, ly, lphi + px * ly - py * lx};
        frame_b.f.value = {-lx, -ly, -lphi};
        error_ = std::hypot(ex, ey);
        dissipation_ = lx * (dex + eta * ex) + ly * (dey + eta * ey) + lphi * (vb.phi - va.phi + eta * error_phi_);
        stabilisation_ = eta * (lx * ex + ly * ey + lphi * error_phi_) + va.phi * (ex * ly - ey * lx);
    }
    Out<double> lambda_x_, lambda_y_, lambda_phi_, residual_x_, residual_y_, residual_phi_;
    Out<double> held_x_, held_y_, held_phi_;
    double sigma_ = 0.0, error_ = 0.0, error_phi_ = 0.0, dissipation_ = 0.0, stabilisation_ = 0.0;
};

}  // namespace lied::mechanics
