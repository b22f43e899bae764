#pragma once
// Continuous signal blocks with a state (Modelica.Blocks.Continuous and Nonlinear): Integrator, Derivative and
// SlewRateLimiter, with Modelica's laws. Where a law bends (a rate saturated) the block declares a kink (Meta::kink), so
// that a fixed step ends there instead of integrating across it.
#include "components/integrator_reset.h"
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/signal.h"
#include "core/model/state.h"

namespace lied::components {

// dy/dt = k·u, y(0) = y_start; with use_reset, y jumps to y_start (or to `set`, use_set) where `reset` turns true.
class Integrator final : public Component, public IntegratorReset {
public:
    In<double> u;
    double k = 1.0;
    State y{0.0};   // the output: connect inputs to y.value()

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Integrator"; }

private:
    void derivative() { y.der.value() = k * u.value(); }
};

// An approximated derivative: y = (k/T)·(u − x) with dx/dt = (u − x)/T, the transfer function k·s/(T·s + 1)
// (Modelica's Derivative). k = 0 gives y = 0 and a state at rest. initType InitialState starts x at x_start (what
// Modelica's default NoInit does), SteadyState at x = u (y = 0 at the start, no spike).
class Derivative final : public Component {
public:
    In<double> u;
    Out<double> y;
    double k = 1.0;
    double T = 0.01;   // s
    enum class Init { InitialState, SteadyState };   // the options' order
    Choice<Init> initType{Init::InitialState};
    State x{0.0};

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Derivative"; }

private:
    void derivative();
    double u_now_ = 0.0;   // the input as last evaluated: where a steady start puts x
};

// dy/dt = (u − y)/Td, clipped to [Falling, Rising] (Modelica's SlewRateLimiter, not strict): y follows u at most as fast
// as the rates allow, and within Td once it has caught up. initType SteadyState (Modelica's default) starts at y = u,
// InitialState at y_start.
class SlewRateLimiter final : public Component {
public:
    In<double> u;
    double Rising = 1.0;     // 1/s (units of u per second)
    double Falling = -1.0;
    double Td = 1e-3;        // s
    enum class Init { SteadyState, InitialState };   // the options' order
    Choice<Init> initType{Init::SteadyState};
    State y{0.0};
    Out<double> above_rising, above_falling;   // (u − y)/Td − Rising and − Falling: the kinks' indicators

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "SlewRateLimiter"; }

private:
    void derivative();
    double u_now_ = 0.0;   // the input as last evaluated: where a steady start puts y
};

}  // namespace lied::components
