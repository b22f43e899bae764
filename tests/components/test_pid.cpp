// PID: a PI loop on a first-order plant against its closed form, a disturbance cancelled by feed-forward, the anti-windup's bounded integrator, the
// filtered derivative of a ramp, and the build rules.
#include "components/pid.h"
#include "components/sources.h"
#include "components/step_source.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "core/model/state.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using namespace lied::components;

namespace {
SimulatorOptions accurate() {
    SimulatorOptions o;
    o.solver = "dopri5";
    o.tolerances = {1e-12, 1e-12};
    return o;
}

// Plant τ·dx/dt = u − x under a PI controller with Ti = τ: the controller's zero cancels the plant's pole, the loop
// is k/(τ·s) and the closed loop x(t) = r·(1 − exp(−k·t/τ)) as long as the output stays inside its limits.
class PiLoop : public Component {
public:
    Constant r{1.0};
    PID pid;
    State x{0.0};
    In<double> u;
    Out<double> measured;
    double tau = 2.0;
    PiLoop() {
        pid.k = 4.0;
        pid.Ti = tau;
        pid.yMax = 100, pid.yMin = -100;
        pid.u_s.connect(r.y);
        pid.u_m.connect(measured);
        u.connect(pid.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(r, "r");
        meta.component(pid, "pid");
        meta.signal(u, "u");
        meta.signal(measured, "measured");
        meta.state(x, "x", 1.0, "");
        meta.block<&PiLoop::measure>(this, "measure", {&x.value}, {&measured});
        meta.block<&PiLoop::plant>(this, "plant", {&u, &x.value}, {&x.der});
    }
    const char* type_name() const override { return "PiLoop"; }

private:
    void measure() { measured.value() = x(); }
    void plant() { x.der.value() = (u.value() - x()) / tau; }
};
}  // namespace

TEST_CASE("PI on a first-order plant with Ti = τ follows x = r·(1 − exp(−k·t/τ))") {
    PiLoop sys;
    Simulator sim(sys, accurate());
    for (double t : {0.2, 1.0, 3.0}) {
        sim.simulate(t);
        CHECK(sim.value("x") == doctest::Approx(1.0 - std::exp(-4.0 * t / 2.0)).epsilon(1e-9));
    }
}

TEST_CASE("anti-windup: a saturated PI's integrator settles at yMax/k + (Ni − 1)·e instead of growing") {
    // The measurement never reaches the set point (an open loop): e = 1 forever, the output saturates at yMax.
    // Back-calculation makes dI/dt = (e + (y − y_unlimited)/(k·Ni))/Ti vanish at I = yMax/k + (Ni − 1)·e.
    class OpenLoop : public Component {
    public:
        Constant s{1.0}, m{0.0};
        PID pid;
        OpenLoop() {
            pid.k = 2.0, pid.Ti = 0.5, pid.Ni = 0.9, pid.yMax = 0.6, pid.yMin = -0.6;
            pid.u_s.connect(s.y);
            pid.u_m.connect(m.y);
        }
        void metainfo(Meta& meta) override {
            meta.component(s, "s");
            meta.component(m, "m");
            meta.component(pid, "pid");
        }
        const char* type_name() const override { return "OpenLoop"; }
    } sys;
    Simulator sim(sys, accurate());
    sim.simulate(50.0);
    CHECK(sim.value("pid.y") == 0.6);
    CHECK(sim.value("pid.I") == doctest::Approx(0.6 / 2.0 + (0.9 - 1.0) * 1.0).epsilon(1e-9));
    // The set point drops below the measurement: a wound-up integrator would hold the output at yMax for ages;
    // this one leaves the limit at once (y_unlimited = k·(e + I) = 2·(−1 + 0.2) < yMax).
    sim.set_parameter("s.k", -1.0);
    sim.simulate(50.01);
    CHECK(sim.value("pid.y") < 0.6);
}

TEST_CASE("PD: the filtered derivative of a ramp measurement is −a·Td·(1 − exp(−t·Nd/Td))") {
    class RampMeasured : public Component {
    public:
        Constant s{0.0};
        Ramp m{3.0, 1.0};   // slope a = 3 for 1 s
        PID pid;
        RampMeasured() {
            pid.controllerType = lied::components::PID::Type::PD;
            pid.k = 1.0, pid.Td = 0.2, pid.Nd = 10, pid.yMax = 1e3, pid.yMin = -1e3;
            pid.u_s.connect(s.y);
            pid.u_m.connect(m.y);
        }
        void metainfo(Meta& meta) override {
            meta.component(s, "s");
            meta.component(m, "m");
            meta.component(pid, "pid");
        }
        const char* type_name() const override { return "RampMeasured"; }
    } sys;
    Simulator sim(sys, accurate());
    const double t = 0.05;
    sim.simulate(t);
    const double D = -3.0 * 0.2 * (1.0 - std::exp(-t * 10 / 0.2));
    CHECK(sim.value("pid.y") == doctest::Approx(-3.0 * t + D).epsilon(1e-9));   // P = −u_m, D filtered
    CHECK_THROWS(sim.value("pid.I"));   // a PD has no integral state
}

TEST_CASE("PID: a zero gain and crossed limits are build errors naming the component and the rule") {
    PiLoop sys;
    sys.pid.k = 0.0;
    CHECK_THROWS_WITH_AS(Simulator{sys}, doctest::Contains("pid: k = 0 (rule: a controller's gain is not zero"), BuildError);
    PiLoop crossed;
    crossed.pid.yMin = 200;
    CHECK_THROWS_WITH_AS(Simulator{crossed}, doctest::Contains("pid: yMin = 200.000000 is above yMax = 100.000000"), BuildError);
}

TEST_CASE("feed-forward: a measured disturbance fed forward with kFF = −1 cancels exactly, the loop stays on its closed form") {
    // τ·dx/dt = u + d − x with d stepping to −0.5 at t = 1 s. PI with Ti = τ and u_ff = d, kFF = −1: the plant sees the
    // PI's output alone, so x = r·(1 − exp(−k·t/τ)) throughout; without the feed-forward x falls below it after 1 s.
    class Disturbed : public Component {
    public:
        Constant r{1.0};
        StepSource d{-0.5, 1.0};
        PID pid;
        State x{0.0};
        In<double> u, disturbance;
        Out<double> measured;
        double tau = 2.0;
        explicit Disturbed(bool feed_forward) {
            pid.k = 4.0;
            pid.Ti = tau;
            pid.yMax = 100, pid.yMin = -100;
            pid.withFeedForward = feed_forward;
            pid.kFF = -1.0;
            pid.u_s.connect(r.y);
            pid.u_m.connect(measured);
            if (feed_forward) pid.u_ff.connect(d.y);
            u.connect(pid.y);
            disturbance.connect(d.y);
        }
        void metainfo(Meta& meta) override {
            meta.component(r, "r");
            meta.component(d, "d");
            meta.component(pid, "pid");
            meta.signal(u, "u");
            meta.signal(disturbance, "disturbance");
            meta.signal(measured, "measured");
            meta.state(x, "x", 1.0, "");
            meta.block<&Disturbed::measure>(this, "measure", {&x.value}, {&measured});
            meta.block<&Disturbed::plant>(this, "plant", {&u, &disturbance, &x.value}, {&x.der});
            meta.balance_neutral();
        }
        const char* type_name() const override { return "Disturbed"; }

    private:
        void measure() { measured.value() = x(); }
        void plant() { x.der.value() = (u.value() + disturbance.value() - x()) / tau; }
    };
    Disturbed with(true), without(false);
    Simulator a(with, accurate()), b(without, accurate());
    for (double t : {0.5, 1.5, 3.0}) {
        a.simulate(t);
        b.simulate(t);
        CHECK(a.value("x") == doctest::Approx(1.0 - std::exp(-4.0 * t / 2.0)).epsilon(1e-9));
    }
    CHECK(b.value("x") < 1.0 - std::exp(-4.0 * 3.0 / 2.0) - 0.01);   // the disturbance shows without it
    // Asked for and not connected: a build error naming the input.
    Disturbed unconnected(false);
    unconnected.pid.withFeedForward = true;
    CHECK_THROWS_WITH_AS(Simulator{unconnected}, doctest::Contains("pid: withFeedForward = true, but u_ff is not connected"), BuildError);
}

TEST_CASE("tracking: the integral follows the actuator's real output, I = I∞ + (I0 − I∞)·exp(−t/(Ni·Ti)) with I∞ = (Ni − 1)·e + c/k") {
    // The actuator is held at c (a manual override) whatever the controller asks; the error e stays constant. With
    // tracking, dI/dt = (e + (c − k·(e + I))/(k·Ni))/Ti, linear in I: it settles where y_unlimited − c = k·Ni·e, so
    // the controller takes over from c without a bump. Without tracking the limits are never reached here (±100),
    // so the integral grows as e·t/Ti for good.
    class Overridden : public Component {
    public:
        Constant s{1.0}, m{0.4}, held{0.3};
        PID pid;
        explicit Overridden(bool tracking) {
            pid.k = 2.0, pid.Ti = 0.5, pid.Ni = 0.8, pid.yMax = 100, pid.yMin = -100;
            pid.I.start = 0.1;
            pid.withTracking = tracking;
            pid.u_s.connect(s.y);
            pid.u_m.connect(m.y);
            if (tracking) pid.y_track.connect(held.y);
        }
        void metainfo(Meta& meta) override {
            meta.component(s, "s");
            meta.component(m, "m");
            meta.component(held, "held");
            meta.component(pid, "pid");
        }
        const char* type_name() const override { return "Overridden"; }
    };
    const double k = 2.0, Ti = 0.5, Ni = 0.8, e = 0.6, c = 0.3, I0 = 0.1;
    const double I_inf = (Ni - 1.0) * e + c / k;
    Overridden tracked(true), free_running(false);
    Simulator a(tracked, accurate()), b(free_running, accurate());
    for (double t : {0.1, 0.7, 3.0}) {
        a.simulate(t);
        b.simulate(t);
        CHECK(a.value("pid.I") == doctest::Approx(I_inf + (I0 - I_inf) * std::exp(-t / (Ni * Ti))).epsilon(1e-9));
        CHECK(b.value("pid.I") == doctest::Approx(I0 + e * t / Ti).epsilon(1e-9));
    }
    a.simulate(20.0);   // e^(−50): settled
    CHECK(a.value("pid.y") == doctest::Approx(k * e * Ni + c).epsilon(1e-9));   // the bump the takeover leaves

    Overridden unconnected(false);
    unconnected.pid.withTracking = true;
    CHECK_THROWS_WITH_AS(Simulator{unconnected}, doctest::Contains("pid: withTracking = true, but y_track is not connected"), BuildError);
    Overridden proportional(true);
    proportional.pid.controllerType = PID::Type::P;
    CHECK_THROWS_WITH_AS(Simulator{proportional}, doctest::Contains("withTracking = true, but the controller has no integral part"), BuildError);
}
