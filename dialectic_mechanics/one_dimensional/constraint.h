#pragma once
// A rigid link between two bodies that can be switched on and off while the simulation runs, without changing the
// number of states (the alternative to attach/release by structural change; see constraint_switching.h). The
// constraint force λ is a tearing variable; with e = s_b − s_a − Δ and the elastic velocities v = w + T_D·ẇ:
//     σ(t)·d·(v_b − v_a + η·e) − (1 − σ(t))·λ = 0,     f_a = λ,   f_b = −λ
// Closed, this is T_D·ë + ė + η·e = 0: Baumgarte's stabilisation at the acceleration level (the error decays at
// the rates η and 1/T_D), linear in the tearing variables through v.
// The forces are internal, so the bodies' total momentum is conserved at every instant, closed, open or switching.
// Δ is s_rel0, or (capture = 1 and t_close > 0) the distance s_b − s_a at the closing instant, so that the bodies
// are held where they met.
#include "core/model/meta.h"
#include "dialectic_mechanics/constraint_switching.h"
#include "dialectic_mechanics/one_dimensional/flanges.h"

namespace lied::mechanics {

class Constraint final : public Component {
public:
    DrivenFlange<Translational> flange_a, flange_b;
    ConstraintSwitching switching;
    double d = 1e3;        // N·s/m: the damping the constraint starts from while it closes
    double s_rel0 = 0.0;   // m
    double capture = 1.0;  // 1: hold the distance found at the closing instant

    void metainfo(Meta& meta) override {
        meta.plug(flange_a, "flange_a");
        meta.plug(flange_b, "flange_b");
        switching.declare(meta);
        meta.parameter(d, "d", ParameterSpec::positive("N.s/m", "scale of the constraint equation: the damping it starts from while closing"));
        meta.parameter(s_rel0, "s_rel0", ParameterSpec::any("m", "held distance s_b - s_a (unless captured at the closing)"));
        meta.parameter(capture, "capture", ParameterSpec{"", "1: hold the distance found at the closing instant, 0: hold s_rel0", 0.0, 1.0});
        meta.tearing(lambda_, "lambda");
        meta.residual(residual_, "residual");
        meta.discrete_signal(offset_, "offset");
        meta.time_event<&Constraint::onClose>(this, switching.t_close, "closing");
        meta.block<&Constraint::evalConstraint>(this, "evalConstraint",
                                                {&switching.time, &flange_a.s, &flange_b.s, &flange_a.v, &flange_b.v, &flange_a.w, &flange_b.w, &lambda_, &switching.captured, &switching.closed, &offset_},
                                                {&residual_, &flange_a.f, &flange_b.f});
        meta.variable(sigma_, "sigma", "");
        meta.variable(error_, "error", "m");
        meta.variable(lambda_.value(), "f", "N");
        meta.variable(held_, "held", "m");
        // λ·(Δv + ηe) = (1 − σ)λ²/(σd) ≥ 0 is lost while it closes (0 closed and open); the stabilisation's work
        // λ·(ηe + T_D·ë) on a remaining error is the formulation's own (the force acts at ė = Δw).
        meta.dissipates(dissipation_, "constraint");
        meta.creates(Quantity::Energy, stabilisation_, "baumgarte");
    }
    const char* type_name() const override { return "Constraint"; }

private:
    // At the closing instant (and at every rebuild, where it keeps what it had): capture the distance.
    void onClose() {
        if (switching.capture_now(capture)) offset_.value() = flange_b.s.value() - flange_a.s.value();
    }
    void evalConstraint() {
        sigma_ = switching.sigma_now();
        held_ = switching.holds_captured() ? offset_.value() : s_rel0;
        error_ = flange_b.s.value() - flange_a.s.value() - held_;
        const double lambda = lambda_.value();
        residual_.value() = sigma_ * d * (flange_b.v.value() - flange_a.v.value() + switching.eta * error_) - (1.0 - sigma_) * lambda;
        flange_a.f.value() = lambda;
        flange_b.f.value() = -lambda;
        const double elastic_rate = flange_b.v.value() - flange_a.v.value(), rate = flange_b.w.value() - flange_a.w.value();
        dissipation_ = lambda * (elastic_rate + switching.eta * error_);
        stabilisation_ = lambda * (switching.eta * error_ + elastic_rate - rate);
    }
    Out<double> lambda_, residual_, offset_;
    double sigma_ = 0.0, error_ = 0.0, held_ = 0.0, dissipation_ = 0.0, stabilisation_ = 0.0;
};

}  // namespace lied::mechanics
