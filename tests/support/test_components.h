#pragma once
// Small components used only by tests: a LIED oscillator whose linear coefficient depends on its state,
// and deliberately broken components for the diagnostics.
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/state.h"

namespace lied::testing {

// x' = v,  (m0 + m1·x²)·v' = −k·x.  Tearing variable a = v'; residual (m0 + m1·x²)·a + k·x. L = m0 + m1·x²
// changes with the state, so L must be re-probed at every evaluation.
class VariableMassOscillator : public Component {
public:
    State x{1.0}, v{0.0};
    double k = 4.0, m0 = 1.0, m1 = 0.5;
    bool declare_state_dependence = true;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "m");
        meta.state(v, "v", 1.0, "m/s");
        meta.tearing(a_, "a");
        meta.residual(res_, "residual");
        meta.block<&VariableMassOscillator::evalX>(this, "evalX", {&v.value}, {&x.der});
        meta.block<&VariableMassOscillator::evalV>(this, "evalV", {&a_}, {&v.der});
        meta.block<&VariableMassOscillator::evalResidual>(this, "evalResidual", {&x.value, &a_}, {&res_});
        meta.parameter(k, "k", ParameterSpec::positive("N/m", "stiffness"));
        if (declare_state_dependence) meta.coefficients_depend_on_state();
    }
    const char* type_name() const override { return "VariableMassOscillator"; }
    double mass() const { return m0 + m1 * x() * x(); }

private:
    void evalX() { x.der.value() = v(); }
    void evalV() { v.der.value() = a_.value(); }
    void evalResidual() { res_.value() = mass() * a_.value() + k * x(); }
    Out<double> a_, res_;
};

// Breaks the LIED promise: its residual is quadratic in the tearing variable. With `through_q` a block computes
// q = z² + z and the residual reads q; the residual's block is registered first, so crawl order and schedule order
// disagree about which non-affine output comes first (q's block, which runs first, is the culprit).
class NonAffineResidual : public Component {
public:
    State x{1.0};
    bool through_q = false;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        meta.tearing(z_, "z");
        meta.residual(res_, "residual");
        if (through_q) {
            meta.signal(q_, "q");
            meta.block<&NonAffineResidual::evalResidualFromQ>(this, "evalResidual", {&x.value, &q_}, {&res_});
            meta.block<&NonAffineResidual::evalQ>(this, "evalQ", {&z_}, {&q_});
        }
        meta.block<&NonAffineResidual::evalX>(this, "evalX", {&z_}, {&x.der});
        if (!through_q) meta.block<&NonAffineResidual::evalResidual>(this, "evalResidual", {&x.value, &z_}, {&res_});
    }
    const char* type_name() const override { return "NonAffineResidual"; }

private:
    void evalX() { x.der.value() = z_.value(); }
    void evalResidual() { res_.value() = z_.value() * z_.value() + z_.value() - x(); }
    void evalQ() { q_.value() = z_.value() * z_.value() + z_.value(); }
    void evalResidualFromQ() { res_.value() = q_.value() - x(); }
    Out<double> z_, q_, res_;
};

// Registers a tearing variable but no residual (or, with `residual_only`, the reverse).
class UnpairedTearing : public Component {
public:
    bool residual_only = false;
    State x{0.0};
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        if (residual_only) {
            meta.residual(res_, "residual");
            meta.block<&UnpairedTearing::eval_residual_only>(this, "eval", {&x.value}, {&x.der, &res_});
        } else {
            meta.tearing(z_, "z");
            meta.block<&UnpairedTearing::eval_tearing_only>(this, "eval", {&z_}, {&x.der});
        }
    }
    const char* type_name() const override { return "UnpairedTearing"; }

private:
    void eval_tearing_only() { x.der.value() = z_.value(); }
    void eval_residual_only() { x.der.value() = 1.0; res_.value() = x(); }
    Out<double> z_, res_;
};

// Two blocks write the same Out.
class TwoWriters : public Component {
public:
    State x{0.0};
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        meta.signal(y_, "y");
        meta.block<&TwoWriters::first>(this, "first", {}, {&y_});
        meta.block<&TwoWriters::second>(this, "second", {}, {&y_});
        meta.block<&TwoWriters::derivative>(this, "derivative", {&y_}, {&x.der});
    }
    const char* type_name() const override { return "TwoWriters"; }

private:
    void first() { y_.value() = 1; }
    void second() { y_.value() = 2; }
    void derivative() { x.der.value() = y_.value(); }
    Out<double> y_;
};

// x' = x²: leaves the finite numbers at t = 1/x0.
class BlowUp : public Component {
public:
    State x{1.0};
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        meta.block<&BlowUp::eval>(this, "eval", {&x.value}, {&x.der});
    }
    const char* type_name() const override { return "BlowUp"; }

private:
    void eval() { x.der.value() = x() * x(); }
};

// Wraps one child under a name, so error paths look like they do in real systems.
template <class Child>
class Holder : public Component {
public:
    explicit Holder(const char* name) : name_(name) {}
    Child child;
    void metainfo(Meta& meta) override { meta.component(child, name_); }
    const char* type_name() const override { return "Holder"; }

private:
    const char* name_;
};

}  // namespace lied::testing
