#pragma once
// Modelica's use_reset and use_set of Integrator and LimIntegrator: where the truth value `reset` turns true (rises
// above 0.5), y jumps to `set` (use_set) or to y_start. A reset that rises continuously is a zero crossing, located in
// time; one that jumps at another block's event (a relation's output, a sampled pulse) is seen when the engine
// settles the values after that event. As Modelica's `when`, a reset that is already true where the run starts does
// not reset: it must turn true.
#include "core/model/block.h"
#include "core/model/choice.h"
#include "core/model/signal.h"
#include "core/model/state.h"

namespace lied {
class Meta;
}

namespace lied::components {

class IntegratorReset {
public:
    Choice<bool> use_reset{false};
    Choice<bool> use_set{false};
    In<double> reset{In<double>::Optional{0.0}};   // a truth value: true above 0.5
    In<double> set{In<double>::Optional{0.0}};     // where y jumps to (use_set)

    // Registers the options, the inputs and the events of the integrator whose output is `y`. `after_reset` (may be
    // empty) runs after each jump: a limited integrator decides again whether it is held at a limit.
    void declare(Meta& meta, State& y, Block after_reset = {});
    int resets() const { return static_cast<int>(count_.value()); }

private:
    void indicate() { indicator_.value() = reset.value() - 0.5; }
    void crosses();   // the zero crossing: reset rose through 0.5 inside a step
    void falls();     // reset fell through 0.5 inside a step: the next rise resets again
    void settles();   // after events and rebuilds: reset jumped to true at another block's event
    void jump();
    State* y_ = nullptr;
    Block after_reset_;
    Out<double> indicator_;   // reset − 0.5
    Out<double> count_;       // the resets so far: a discrete signal, so that a jump is a change the engine settles
    Out<double> high_;        // 1 while reset was last seen true: a discrete signal, so a saved state holds it
    bool started_ = false;
};

}  // namespace lied::components
