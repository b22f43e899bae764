#pragma once
// Static signal blocks (Modelica.Blocks.Math and Nonlinear): Gain, Add and Limiter.
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
    void update() { y.value = k * u.value(); }
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
    void update() { y.value = k1 * u1.value() + k2 * u2.value(); }
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

}  // namespace lied::components
