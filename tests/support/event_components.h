#pragma once
// Test-only components for solvers and events: a bouncing ball (state event with re-initialisation), an
// ideal relay (chattering without hysteresis), a first-order plant with a sampled PI controller, a stiff
// contact, and Robertson's stiff kinetics.
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/state.h"

#include <cmath>

namespace lied::testing {

// h' = v, v' = −g; when h crosses 0 downwards, v ← −e·v.
class BouncingBall : public Component {
public:
    State h{1.0}, v{0.0};
    double g = 9.81, e = 0.8;
    int bounces = 0;   // counted for the tests only: nothing in the model reads it, so no saved state needs it
    void metainfo(Meta& meta) override {
        meta.state(h, "h", 1.0, "m");
        meta.state(v, "v", 1.0, "m/s");
        meta.block<&BouncingBall::eval>(this, "eval", {&v.value}, {&h.der, &v.der});
        meta.zero_crossing<&BouncingBall::bounce>(this, h.value, "floor", Crossing::Down);
        meta.parameter(e, "e", ParameterSpec{"1", "coefficient of restitution", 0.0, 1.0, false});
        meta.parameter(h.start, "h_start", ParameterSpec::any("m", "start height"));
        // A ball that missed its bounce (a step that jumped over a tiny one) must not pass silently.
        meta.valid_range("h", ValidRange::at_least(-1e-3, "the ball does not pass through the floor"));
    }
    const char* type_name() const override { return "BouncingBall"; }

private:
    void eval() {
        h.der.value() = v();
        v.der.value() = -g;
    }
    void bounce() {
        v.value.value() = -e * v();
        ++bounces;
    }
};

// x' = −s with s = sign(x), switched by a zero crossing on x: an ideal relay, which chatters around x = 0
// unless it has a hysteresis (then it oscillates with amplitude `hysteresis` and period 4·hysteresis).
class Relay : public Component {
public:
    State x{1.0};
    Out<double> s{1.0};
    double hysteresis = 0.0;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        meta.discrete_signal(s, "s");
        meta.block<&Relay::eval>(this, "eval", {&s}, {&x.der});
        meta.zero_crossing<&Relay::toggle>(this, x.value, "switch", Crossing::Both, hysteresis);
    }
    const char* type_name() const override { return "Relay"; }

private:
    void eval() { x.der.value() = -s.value(); }
    void toggle() { s.value() = x() > 0 ? 1.0 : -1.0; }
};

// τ·x' = K·u − x.
class FirstOrderPlant : public Component {
public:
    State x{0.0};
    In<double> u;
    double K = 2.0, tau = 0.5;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "");
        meta.signal(u, "u");
        meta.block<&FirstOrderPlant::eval>(this, "eval", {&u}, {&x.der});
    }
    const char* type_name() const override { return "FirstOrderPlant"; }

private:
    void eval() { x.der.value() = (K * u.value() - x()) / tau; }
};

// Every Ts: e = r − y, I ← I + Ts·e, u = Kp·e + Ki·I (held until the next sample).
class SampledPI : public Component {
public:
    In<double> y;
    Out<double> u{0.0};
    double Kp = 0.4, Ki = 1.5, Ts = 0.1, offset = 0.0, r = 1.0;
    Out<double> integral{0.0};   // changed by the sample handler: a discrete signal, so a saved state holds it
    void metainfo(Meta& meta) override {
        meta.signal(y, "y");
        meta.discrete_signal(u, "u");
        meta.discrete_signal(integral, "integral");
        meta.sampled_event<&SampledPI::sample>(this, Ts, offset, "sample");
        meta.parameter(Ts, "Ts", ParameterSpec::positive("s", "sample period"));
        meta.variable(u.value(), "u", "");
    }
    const char* type_name() const override { return "SampledPI"; }

private:
    void sample() {
        const double e = r - y.value();
        integral.value() += Ts * e;
        u.value() = Kp * e + Ki * integral.value();
    }
};

class PlantWithPI : public Component {
public:
    FirstOrderPlant plant;
    SampledPI pi;
    void metainfo(Meta& meta) override {
        meta.component(plant, "plant");
        meta.component(pi, "pi");
        connect(pi.u, plant.u);
        connect(plant.x.value, pi.y);
    }
    const char* type_name() const override { return "PlantWithPI"; }
};

// A mass resting on a stiff, damped support (a contact that stays closed): m·v' = −m·g − k·x − d·v, x' = v.
// With k = 1e7 N/m and m = 1 kg, ω = 3162 1/s: at 1 kHz (h·ω = 3.2) every explicit method is unstable; at
// rest the mass sinks m·g/k = 0.98 µm into the support.
class StiffContact : public Component {
public:
    State x{0.0}, v{0.0};
    double m = 1.0, g = 9.81, k = 1e7, d = 2000.0;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1e-6, "m");
        meta.state(v, "v", 1.0, "m/s");
        meta.block<&StiffContact::eval>(this, "eval", {&x.value, &v.value}, {&x.der, &v.der});
    }
    const char* type_name() const override { return "StiffContact"; }

private:
    void eval() {
        x.der.value() = v();
        v.der.value() = -g - (k * x() + d * v()) / m;
    }
};

// Robertson's chemical kinetics (Hairer & Wanner, Solving ODE II, §IV.1), stiff with eigenvalues to −1e4:
// y1' = −0.04·y1 + 1e4·y2·y3,  y2' = 0.04·y1 − 1e4·y2·y3 − 3e7·y2²,  y3' = 3e7·y2².
class Robertson : public Component {
public:
    State y1{1.0}, y2{0.0}, y3{0.0};
    void metainfo(Meta& meta) override {
        meta.state(y1, "y1", 1.0, "1");
        meta.state(y2, "y2", 1e-5, "1");
        meta.state(y3, "y3", 1.0, "1");
        meta.block<&Robertson::eval>(this, "eval", {&y1.value, &y2.value, &y3.value}, {&y1.der, &y2.der, &y3.der});
    }
    const char* type_name() const override { return "Robertson"; }

private:
    void eval() {
        y1.der.value() = -0.04 * y1() + 1e4 * y2() * y3();
        y3.der.value() = 3e7 * y2() * y2();
        y2.der.value() = -y1.der.value() - y3.der.value();
    }
};

}  // namespace lied::testing
