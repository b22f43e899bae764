#pragma once
// When a switched constraint holds (Constraint, PlanarConstraint): closed from t_close, open again from t_open,
// each switch a smooth ramp of the weight σ(t) ∈ [0, 1] over T_close (T_open) seconds, or a jump if 0:
//     σ(t) = up(min(t, t_open)) · down(t),   up = S((t − t_close)/T_close),   down = 1 − S((t − t_open)/T_open),
// S(u) = sin²(π·u/2) on [0, 1] (continuous slope at both ends). The constraint's residual blends its force λ and
// its Baumgarte-stabilised condition (Baumgarte, "Stabilization of constraints and integrals of motion in
// dynamical systems", 1972) with weights 1 − σ and σ:
//     σ·d·(ė + T_D·ë + η·e) − (1 − σ)·λ = 0,
// so λ = 0 while open, T_D·ë + ė + η·e = 0 while closed (the error e decays at the rates η and 1/T_D), and during a
// ramp the constraint acts as a spring-damper λ = σ·d/(1 − σ)·(ė + T_D·ë + η·e) whose coefficient grows without
// bound: a grip that closes without a force jump. (ė + T_D·ë is what the elastic velocities v = w + T_D·ẇ give.)
#include "core/model/meta.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace lied::mechanics {

struct ConstraintSwitching {
    double t_close = 0.0;      // s; at or before the start: closed from the start
    double t_open = 1e30;      // s; "never" by default
    double T_close = 0.0;      // s, ramp of σ from 0 to 1
    double T_open = 0.0;       // s, ramp of σ from its value back to 0
    double eta = 50.0;         // 1/s, rate at which the constraint error decays
    In<double> time;           // the simulation time
    Out<double> captured;      // 1 once the held pose was taken at the closing (a discrete signal)
    // 1 from the closing event on (a discrete signal). An instant closing (T_close = 0) switches σ here, at its event:
    // by time alone, the last stage of the step that ends at t_close would already see the constraint closed, on a
    // pose not yet captured (the energy books found the jump).
    Out<double> closed;

    void declare(Meta& meta) {
        meta.parameter(t_close, "t_close", ParameterSpec::any("s", "time at which the constraint closes (at or before the start: closed from the start)"));
        meta.parameter(t_open, "t_open", ParameterSpec::any("s", "time at which it opens again (1e30: never)"));
        meta.parameter(T_close, "T_close", ParameterSpec::non_negative("s", "duration of the smooth closing (0: at once)"));
        meta.parameter(T_open, "T_open", ParameterSpec::non_negative("s", "duration of the smooth opening (0: at once)"));
        meta.parameter(eta, "eta", ParameterSpec::positive("1/s", "Baumgarte rate: the constraint error decays like exp(-eta*t)"));
        meta.require(t_open >= t_close, [&] { return std::string("t_open = " + std::to_string(t_open) + " s before t_close = " + std::to_string(t_close) + " s"); },
                     "a constraint opens after it closed (t_open >= t_close)");
        meta.signal(time, "time");
        meta.time(time);
        meta.discrete_signal(captured, "captured");
        meta.discrete_signal(closed, "closed");
        // Recordable, and a Boolean in an FMU: true from the closing event on (an opening that follows does not clear it).
        meta.variable(closed.value(), "has_closed", ValueType::Boolean);
        // L depends on σ: while σ ramps it changes at every instant; jumps happen at the time events, which
        // refactor L anyway.
        if (T_close > 0.0 || T_open > 0.0) meta.coefficients_depend_on_state();
    }
    double sigma(double t) const {
        double up = ramp(std::min(t, t_open), t_close, T_close);
        if (T_close <= 0.0 && t_close > 0.0 && closed.value() < 0.5) up = 0.0;   // an instant closing waits for its event
        return t < t_open ? up : up * (1.0 - ramp(t, t_open, T_open));
    }
    double sigma_now() const { return sigma(time.value()); }
    // For the component's time event at t_close, which a rebuild calls again at any time: true at the closing
    // instant itself (capture > 0.5; then `captured` is set and the component takes its held pose), and a capture is
    // forgotten before t_close (a reset). A constraint closed from the start (t_close <= 0) holds its parameters.
    bool capture_now(double capture) {
        const double t = time.value();
        closed.value() = t >= t_close - 1e-9 * std::max(1.0, std::abs(t)) ? 1.0 : 0.0;
        if (t < t_close) captured.value() = 0.0;
        else if (capture > 0.5 && t_close > 0.0 && std::abs(t - t_close) <= 1e-9 * std::max(1.0, std::abs(t))) {
            captured.value() = 1.0;
            return true;
        }
        return false;
    }
    bool holds_captured() const { return captured.value() > 0.5; }

private:
    static double ramp(double t, double start, double duration) {
        if (t < start) return 0.0;
        if (duration <= 0.0 || t >= start + duration) return 1.0;
        const double s = std::sin(std::numbers::pi / 2 * (t - start) / duration);
        return s * s;
    }
};

}  // namespace lied::mechanics
