#pragma once
// Blocks of truth values (Modelica.Blocks.Logical): And, Or, Not, and Switch, which picks one of two reals by a
// truth value. A truth value is a real signal of 0 (false) or 1 (true); an input reads as true above 0.5. Fed by the
// relations and Hysteresis (components/switched_blocks.h), whose outputs change at events only, these change at the
// same events; fed by a continuous signal, Switch jumps wherever it crosses 0.5, without an event.
#include "core/model/component.h"
#include "core/model/signal.h"

namespace lied::components {

enum class Logic { And, Or };

// y = u1 and u2, or u1 or u2.
template <Logic L>
class LogicBlock final : public Component {
public:
    In<double> u1, u2;
    Out<double> y;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return L == Logic::And ? "And" : "Or"; }

private:
    void update();
};

using And = LogicBlock<Logic::And>;
using Or = LogicBlock<Logic::Or>;

// y = not u.
class Not final : public Component {
public:
    In<double> u;
    Out<double> y;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Not"; }

private:
    void update() { y.value() = u.value() > 0.5 ? 0.0 : 1.0; }
};

// y = u1 if u2 is true, else u3 (Modelica's Logical.Switch).
class Switch final : public Component {
public:
    In<double> u1, u2, u3;
    Out<double> y;

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "Switch"; }

private:
    void update() { y.value() = u2.value() > 0.5 ? u1.value() : u3.value(); }
};

}  // namespace lied::components
