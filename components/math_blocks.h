#pragma once
// Static signal blocks (Modelica.Blocks.Math and Nonlinear): Gain, Add, Product, Division, Abs, Min, Max, Limiter
// and DeadZone. A block whose law bends at a point declares it a kink (Meta::kink), so that a fixed step
// ends there instead of integrating across it.
#include "core/model/component.h"
#include "core/model/signal.h"

namespace lied::components {

// y = k·u.
class Gain final : public Component {
public:
    Gain() = default;
    explicit Gain(double k) : k(k) {}
    In<double> u;
    Out<double> y;
    double k = 1.0;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Gain"; }

private:
    void update() { y.value() = k * u.value(); }
};

// y = k1·u1 + k2·u2 (k2 = −1 gives a control error u1 − u2).
class Add final : public Component {
public:
    Add() = default;
    Add(double k1, double k2) : k1(k1), k2(k2) {}
    In<double> u1, u2;
    Out<double> y;
    double k1 = 1.0, k2 = 1.0;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Add"; }

private:
    void update() { y.value() = k1 * u1.value() + k2 * u2.value(); }
};

// y = u clipped to [uMin, uMax].
class Limiter final : public Component {
public:
    Limiter() = default;
    Limiter(double uMax, double uMin) : uMax(uMax), uMin(uMin) {}
    In<double> u;
    Out<double> y;
    double uMax = 1.0, uMin = 0.0;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Limiter"; }

private:
    void update();
};

// y = u1·u2.
class Product final : public Component {
public:
    In<double> u1, u2;
    Out<double> y;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Product"; }

private:
    void update() { y.value() = u1.value() * u2.value(); }
};

// y = u1 / u2. A divisor of 0 gives a value that is not finite, which stops the run naming this block.
class Division final : public Component {
public:
    In<double> u1, u2;
    Out<double> y;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Division"; }

private:
    void update() { y.value() = u1.value() / u2.value(); }
};

// y = |u|; a kink at u = 0.
class Abs final : public Component {
public:
    In<double> u;
    Out<double> y;
    Out<double> at_zero;   // u: the kink's indicator

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Abs"; }

private:
    void update();
};

// y = min(u1, u2) or max(u1, u2); a kink where u1 = u2.
class Min final : public Component {
public:
    In<double> u1, u2;
    Out<double> y;
    Out<double> crossing;   // u1 − u2: the kink's indicator

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Min"; }

private:
    void update();
};

class Max final : public Component {
public:
    In<double> u1, u2;
    Out<double> y;
    Out<double> crossing;   // u1 − u2: the kink's indicator

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Max"; }

private:
    void update();
};

// y = u − uMax above uMax, u − uMin below uMin, 0 between (Modelica.Blocks.Nonlinear.DeadZone); kinks at both edges.
class DeadZone final : public Component {
public:
    DeadZone() = default;
    DeadZone(double uMax, double uMin) : uMax(uMax), uMin(uMin) {}
    In<double> u;
    Out<double> y;
    Out<double> above_max, above_min;   // u − uMax and u − uMin: the kinks' indicators
    double uMax = 1.0, uMin = -1.0;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "DeadZone"; }

private:
    void update();
};

}  // namespace lied::components
