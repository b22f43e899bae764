#pragma once
// How a mass flow state starts, as ThermofluidStream's initM_flow says for the component that owns the flow:
//  - state: at its start value (the component's m_flow_0 parameter; TFS's `none` and `state`);
//  - derivative: where dṁ/dt = m_acceleration_0, the other states at their starts (TFS's initial equation);
//  - steadyState: where dṁ/dt = 0, the other states at their starts.
// The engine solves for the start at every reset (Meta::start_derivative).
#include "core/model/choice.h"
#include "core/model/state.h"

namespace lied {
class Meta;
}

namespace lied::thermofluid {

enum class FlowStart { state, derivative, steadyState };

struct FlowStartChoice {
    Choice<FlowStart> initM_flow{FlowStart::state};
    double m_acceleration_0 = 0.0;   // kg/s², the start's dṁ/dt with initM_flow = derivative

    // Declares the choice and the rate, and asks the engine to start `flow` by its derivative where chosen.
    void declare(Meta& meta, State& flow);
    // The same in two steps, for a component that owns several flows: the choice once, then each flow.
    void declare_choice(Meta& meta);
    void mark(Meta& meta, State& flow);

private:
    static constexpr double kSteady = 0.0;   // the rate of steadyState (the engine keeps its address)
};

}  // namespace lied::thermofluid
