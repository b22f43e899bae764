#pragma once
// Blocks whose law switches where a signal crosses a value (Modelica.Blocks.Logical's relations and Hysteresis,
// Math.Sign, Continuous.LimIntegrator). As in Modelica, the switch is an event: the value that switches is a discrete
// signal, constant between events, set by a zero crossing located in time, and set from the inputs where a run starts,
// after every other event and after a rebuild (Meta::start_event). A fixed step therefore never straddles the switch,
// and the law on each side is smooth.
#include "components/integrator_reset.h"
#include "core/model/component.h"
#include "core/model/signal.h"
#include "core/model/state.h"

namespace lied::components {

enum class Relation { Greater, GreaterEqual, Less, LessEqual };

// y = 1 while u − threshold (or u1 − u2) stands in the relation to 0, else 0: a truth value.
template <Relation R, bool WithThreshold>
class RelationBlock final : public Component {
public:
    In<double> u, u1, u2;   // u with a threshold, u1 and u2 without
    double threshold = 0.0;
    Out<double> y;

    void metainfo(Meta& meta) override;
    const char* type_name() const override;

private:
    void difference() { difference_.value() = WithThreshold ? u.value() - threshold : u1.value() - u2.value(); }
    void rises() { y.value() = R == Relation::Greater || R == Relation::GreaterEqual ? 1.0 : 0.0; }
    void falls() { y.value() = R == Relation::Greater || R == Relation::GreaterEqual ? 0.0 : 1.0; }
    void settle();
    Out<double> difference_;   // the zero crossings' indicator
    bool started_ = false;
};

using GreaterThreshold = RelationBlock<Relation::Greater, true>;
using GreaterEqualThreshold = RelationBlock<Relation::GreaterEqual, true>;
using LessThreshold = RelationBlock<Relation::Less, true>;
using LessEqualThreshold = RelationBlock<Relation::LessEqual, true>;
using Greater = RelationBlock<Relation::Greater, false>;
using GreaterEqual = RelationBlock<Relation::GreaterEqual, false>;
using Less = RelationBlock<Relation::Less, false>;
using LessEqual = RelationBlock<Relation::LessEqual, false>;

// y switches to 1 when u rises above uHigh and to 0 when it falls below uLow (uLow < uHigh); between, it keeps its
// value. At the start y = 1 if u > uHigh, or if pre_y_start and u >= uLow (Modelica's Hysteresis).
class Hysteresis final : public Component {
public:
    In<double> u;
    double uLow = 0.0, uHigh = 1.0;
    double pre_y_start = 0.0;   // 0 or 1
    Out<double> y;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Hysteresis"; }

private:
    void indicators();
    void on() { y.value() = 1.0; }
    void off() { y.value() = 0.0; }
    void settle();
    Out<double> above_high_, above_low_;
    bool started_ = false;
};

// y = 1 for u > 0, −1 for u < 0, 0 at u = 0 (Modelica's Sign), switched at u's crossings of 0.
class Sign final : public Component {
public:
    In<double> u;
    Out<double> y;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Sign"; }

private:
    void indicator() { u_now_.value() = u.value(); }
    void positive() { y.value() = 1.0; }
    void negative() { y.value() = -1.0; }
    void settle() { y.value() = u.value() > 0 ? 1.0 : (u.value() < 0 ? -1.0 : 0.0); }
    Out<double> u_now_;
    bool started_ = false;
};

// dy/dt = k·u, held at outMax while k·u > 0 and at outMin while k·u < 0 (Modelica's LimIntegrator, not strict):
// reaching a limit and the rate turning back are events, so y stops at the limit and leaves it when u reverses. With
// use_reset, y jumps to y_start (or to `set`, use_set, clipped to the limits) where `reset` turns true.
class LimIntegrator final : public Component, public IntegratorReset {
public:
    In<double> u;
    double k = 1.0;
    double outMax = 1.0, outMin = -1.0;
    State y{0.0};   // the output: connect inputs to y.value()

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "LimIntegrator"; }

private:
    void derivative();
    void reaches_max();
    void reaches_min();
    void push_falls();   // k·u turns negative: leaves the upper limit
    void push_rises();   // k·u turns positive: leaves the lower limit
    void settle();
    void after_reset();   // y clipped to the limits, and held there if the input pushes against them
    Out<double> to_max_, to_min_, push_;   // y − outMax, y − outMin, k·u: the indicators
    Out<double> limit_;                    // discrete: 1 held at outMax, −1 at outMin, 0 free
    bool started_ = false;
};

}  // namespace lied::components
