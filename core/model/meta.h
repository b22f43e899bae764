#pragma once
// The registration API a component uses in metainfo(). Each call records one fact about the component into the
// engine's model under the component's path. What an author needs is here and in the headers it includes; the
// model itself (core/model/model.h) is the engine's and stays out of a component's sight.
#include "core/model/balance.h"
#include "core/model/block.h"
#include "core/model/choice.h"
#include "core/model/component.h"
#include "core/model/assembly_condition.h"
#include "core/model/crossing.h"
#include "core/model/array_parameter.h"
#include "core/model/parameter_spec.h"
#include "core/model/plug.h"
#include "core/model/signal.h"
#include "core/model/value_type.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "core/model/system_io.h"
#include "core/model/valid_range.h"

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace lied {

struct Model;
struct BlockInfo;
struct ParameterInfo;
struct StateInfo;

using Reads = std::initializer_list<const SignalBase*>;
using Writes = std::initializer_list<const OutBase*>;

class Meta {
public:
    Meta(Model& model, std::string path, int component_index)
        : model_(model), path_(std::move(path)), component_(component_index) {}

    // A subcomponent; its metainfo() is crawled at once under "<path>.<name>".
    void component(Component& child, std::string_view name, std::string_view description = {});
    void plug(Plug& plug, std::string_view name);
    // A subcomponent's plug offered under this component's own name as well (JunctionNM offers its junctionN's inlets
    // as its own "inlets[k]"): a system file may connect either name. The plug stays its owner's: messages about it
    // name the owner's path.
    void offer_plug(Plug& plug, std::string_view name);
    void signal(SignalBase& signal, std::string_view name);

    template <auto Method, class C>
    void block(C* self, std::string_view name, Reads reads, Writes writes) {
        add_block(make_block<Method>(self), name, std::span<const SignalBase* const>(reads.begin(), reads.size()),
                  std::span<const OutBase* const>(writes.begin(), writes.size()));
    }
    // The same with lists built at crawl time (components with N plugs). The engine copies them: a component that
    // keeps its lists from one crawl to the next (cleared, refilled) makes a rebuild allocate nothing for them.
    template <auto Method, class C>
    void block(C* self, std::string_view name, std::span<const SignalBase* const> reads, std::span<const OutBase* const> writes) {
        add_block(make_block<Method>(self), name, reads, writes);
    }
    template <auto Method, class C>
    void block(C* self, std::string_view name, std::span<const SignalBase* const> reads, Writes writes) {
        add_block(make_block<Method>(self), name, reads, std::span<const OutBase* const>(writes.begin(), writes.size()));
    }
    // A block that only hands `source` on as `out` (a pipe's mass flow from inlet to outlet), named `name` like any
    // block. The engine makes the copy, and skips it where it can: the blocks that read `out` through an In then
    // read the value `source` reads, so a chain of pass-throughs costs no call and no copy per evaluation (alias
    // elimination). A skipped pass-through's `out` is brought up to date by Simulator::evaluate() (before every
    // recorded sample); a block that reads `out` itself, not through an In, keeps the copy in its schedule.
    template <class T>
    void pass_through(const In<T>& source, Out<T>& out, std::string_view name) {
        add_pass_through(source, out, name, [](const SignalBase* s, OutBase* o) {
            static_cast<Out<T>*>(o)->value() = static_cast<const In<T>*>(s)->value();
        });
    }
    template <class T>
    void pass_through(const Out<T>& source, Out<T>& out, std::string_view name) {
        add_pass_through(source, out, name, [](const SignalBase* s, OutBase* o) {
            static_cast<Out<T>*>(o)->value() = static_cast<const Out<T>*>(s)->value();
        });
    }
    // Registers the value and derivative signals too ("level", "der(level)").
    void state(State& state, std::string_view name, double nominal, std::string_view unit);
    // The same, its nominal following the system's scale (core/model/state.h): set when the system defaults are linked.
    void state(State& state, std::string_view name, NominalScale scale, std::string_view unit);
    void tearing(Out<double>& variable, std::string_view name);
    void residual(Out<double>& residual, std::string_view name);
    // Declare that this component's linear coefficients (its part of L) change with the states, so L must be
    // probed at every evaluation instead of once per structure or parameter change.
    void coefficients_depend_on_state();
    // The component can cut the network at one of its plugs: tear what travels through it (a stream's dṁ/dt and r)
    // with residuals of its own, so that the reach of tearing variables elsewhere ends there. Same solution, more
    // tearing variables. True if the engine asks for the cut: only after the uncut structure's reach sets outgrew
    // their budget (a manifold or ladder, where L would be dense), then for every later build of that simulator.
    // `asked` is the component's memory of an earlier request and stays set: a crawl by someone else (introspection,
    // another simulator) must not take back a cut that a built simulator's schedule relies on.
    bool offer_cut(bool& asked);
    void parameter(double& value, std::string_view name, ParameterSpec spec);
    // A parameter that follows the system default `key` unless set on this component.
    void parameter(SystemDefault& value, std::string_view name, std::string_view key, ParameterSpec spec);
    // A vector or matrix parameter (core/model/array_parameter.h). Its elements become parameters too ("A[2,1]"),
    // so the component's blocks may read the array's values as they do a double's; `value` must not be resized
    // elsewhere than by the engine (a new shape rebuilds).
    void parameter(ArrayParameter& value, std::string_view name, ArraySpec spec);
    // An alias of a child's system-default parameter (a subsystem's exposed parameter): setting it overrides.
    void alias_parameter(SystemDefault& value, std::string_view name, ParameterSpec spec);
    // This component's parameter `value` sets the system default `key` for the subtree of this component's parent.
    void provide_default(double& value, std::string_view name, std::string_view key, ParameterSpec spec);
    // A parameter with named options (e.g. the medium); the crawler refuses a value that is not one of them.
    void choice(std::string& value, std::string_view name, const ChoiceSpec& spec);
    // The model keeps the spec's address: declare it static (a function-local `static const ChoiceSpec`), so that a
    // rebuild neither builds nor copies its options. A temporary would dangle, hence:
    void choice(std::string& value, std::string_view name, ChoiceSpec&& temporary) = delete;
    // A typed choice (core/model/choice.h): a bool reads the options "false" and "true" by name, an enum the options in
    // the order of its enumerators. The name in force becomes the value here, at every crawl; a value assigned from
    // C++ since the last crawl becomes the name.
    template <class E>
    void choice(Choice<E>& value, std::string_view name, const ChoiceSpec& spec) {
        if (value.assigned_) {
            const int i = option_of(value.value_, spec);
            if (i >= 0) value.text_ = spec.options[static_cast<std::size_t>(i)];
            value.assigned_ = false;
        }
        choice(value.text_, name, spec);   // the crawler refuses a name that is no option
        if (const int i = spec.index_of(value.text_); i >= 0) value.value_ = value_of<E>(i, spec);
    }
    template <class E>
    void choice(Choice<E>& value, std::string_view name, ChoiceSpec&& temporary) = delete;
    void variable(const double& value, std::string_view name, std::string_view unit);
    // A count or a truth value (core/model/value_type.h), kept as a whole number or 0/1 in a discrete signal.
    void variable(const double& value, std::string_view name, ValueType type);
    // The balance auditor's view of this component (core/model/balance.h). Each term is a value the component's
    // blocks keep current at every evaluation; `name` is a literal. A component that declares any term is audited,
    // and what it does not declare is zero for it (a mechanical part holds no mass). A component that declares
    // nothing is listed as unaudited, and the balances of a system with one are not checked: it is not trusted.
    // What the component holds (kg or J, from any fixed zero): a volume's mass and internal energy, a body's
    // kinetic and potential energy, a spring's elastic energy.
    void stores(Quantity quantity, const double& amount, std::string_view name);
    // What the component holds, given by its rate (kg/s or W) where the amount is no function of the states: a
    // ThermofluidStream element whose mass M(p, h) follows the flow without a mass balance stores M·dh/dt. The books
    // integrate it; its own integration error is then not seen, the rest of the model's is.
    void stores_by_rate(Quantity quantity, const double& rate, std::string_view name);
    // What enters the model from outside through this component (kg/s or W), negative when it leaves: a source's
    // ṁ·h, a sink's −ṁ·h, a heater's heat flow, the power of an applied force.
    void supplies(Quantity quantity, const double& rate, std::string_view name);
    // Energy turned into heat that leaves the model (W, ≥ 0): damping, friction, a formulation's relaxation.
    void dissipates(const double& rate, std::string_view name);
    // What the component's own equations create (kg/s or W; negative: destroy) by design, e.g. a regularisation at
    // zero flow or a mixing that lags. Booked apart, so that a report shows how much the formulation moved. `remedy`
    // (a literal) says what makes it create less; a run whose formulations create a measurable share of the energy
    // that moved warns with it.
    void creates(Quantity quantity, const double& rate, std::string_view name, std::string_view remedy = {});
    // Holds nothing and exchanges nothing with the outside: what enters through its plugs leaves through them (an
    // isenthalpic pipe, a junction without volume, a sensor, a signal block).
    void balance_neutral();
    // A value that must be zero for the start to be consistent (a cut kinematic loop's gap, its rate): the simulator
    // moves the start states to the nearest point where every such condition holds, positions first, then
    // velocities, or refuses the start naming the condition (core/model/assembly_condition.h).
    void assembly_condition(const double& value, std::string_view name, AssemblyConditionInfo::Level level, const char* unit);
    // The physically valid values of a state or variable registered under `name` (e.g. a level ≥ 0). The
    // simulator checks states after every step and variables at every recorded sample; leaving the range
    // stops the run with an error naming the value, the time and range.rule.
    void valid_range(std::string_view name, ValidRange range);
    template <auto Method, class C>
    void time_event(C* self, const double& time, std::string_view name) {
        add_time_event(make_block<Method>(self), time, name);
    }
    // A state event on `indicator` (an Out written by a block, or a state's value). The handler runs at the
    // located crossing; it may write discrete signals, parameters and the component's state values (a
    // re-initialisation, e.g. a rebound velocity). Without a hysteresis, an event that fires again and again
    // in an instant stops the run (chattering); with one, it cannot.
    template <auto Method, class C>
    void zero_crossing(C* self, Out<double>& indicator, std::string_view name, Crossing direction, double hysteresis = 0.0) {
        add_zero_crossing(make_block<Method>(self), indicator, name, direction, hysteresis);
    }
    // A point where the component's law changes slope or switches (a contact touching down: its force starts from
    // zero with a jump in stiffness), marked by `indicator` changing sign. No handler runs; a fixed-step solver ends
    // its step there and starts the next one on the other side instead of integrating across it (a step across a
    // kink is only first order), and an implicit solver takes its next Jacobian on that side.
    void kink(Out<double>& indicator, std::string_view name);
    // A discrete value set from the running model's values where a run starts (a relation's y = u > threshold, a
    // hysteresis's switch): the handler reads the component's inputs and sets its discrete signals (and may set its
    // states: an integrator reset by a truth value that turned true at another block's event). The engine runs it
    // at every reset and once when the component first appears in a structure (`started` is the component's memory of
    // that), after the model is evaluated there, again until no discrete signal changes, so that a chain of them
    // settles. During the run the component's own zero crossings change the values.
    // `after_events`: the value is a function of the inputs (and its own last value, as a hysteresis's), so the engine
    // sets it again after every event and rebuild (Modelica evaluates every relation at an event): an input that jumps
    // exactly onto a threshold, or is rewired, switches the relation there. Not after an event of this component's own
    // zero crossings, whose handlers decided the side.
    template <auto Method, class C>
    void start_event(C* self, bool& started, std::string_view name, bool after_events = false) {
        add_start_event(make_block<Method>(self), started, name, after_events);
    }
    // A handler run after every accepted step and after every event, on the model evaluated at the step's end (at the
    // event: as its handlers left it), to remember the past: a transport delay's history of its input. The step's
    // stages never see it run, so what it records is the accepted solution. It must not allocate, log or throw (the
    // real-time path runs it). `memory` is everything it remembers: a saved state holds it, and a restored run goes
    // on bit for bit. In a run to an end time (Simulator::simulate), an adaptive solver that interpolates its output
    // (CVODE) is then stopped after about each of its own steps, so that the handler sees them; Simulator::step sees
    // the ends of the steps it is asked for. An importer's integrator reports its steps (Simulator::remember_past).
    template <auto Method, class C>
    void after_step(C* self, std::string_view name, std::span<double> memory) {
        add_after_step(make_block<Method>(self), name, memory);
    }
    // A periodic (sampled) event at offset + k·period for a discrete controller; its outputs are discrete
    // signals, constant between samples. period and offset are read at build and reset.
    template <auto Method, class C>
    void sampled_event(C* self, const double& period, const double& offset, std::string_view name) {
        add_sampled_event(make_block<Method>(self), period, offset, name);
    }
    // An Out written only by this component's event handlers (piecewise constant in time).
    void discrete_signal(OutBase& out, std::string_view name);
    // A value a block keeps for its own next evaluation, such as the start of a Newton iteration (the last pressure
    // found). Results do not depend on it beyond the iteration's tolerance, but their last bits do, so a saved state
    // (Simulator::save_state) holds it and a restored run goes on bit for bit.
    void warm_start(double& value);
    // A state that starts where a value of the running model puts it (Modelica's initial equation x = y): at a
    // reset the simulator evaluates the model and sets the state to `value` (kept current by this component's
    // blocks), again until no such state moves, so a chain of them (a pipe's cells each starting at its inlet's
    // enthalpy) settles from the first to the last. ThermofluidStream's ConductionElement with init = inlet.
    void start_follows(State& state, const double& value);
    void start_follows(State& state, double&& temporary) = delete;   // the model keeps the address
    // A state that starts where its derivative is `rate`, the other states at their starts (Modelica's initial equation
    // der(x) = a; a rate of 0 is a steady start of this state alone): at a reset the simulator solves for it. The rate
    // is read then. ThermofluidStream's initM_flow = derivative (m_acceleration_0) and steadyState.
    void start_derivative(State& state, const double& rate);
    void start_derivative(State& state, double&& temporary) = delete;   // the model keeps the address
    // Binds `in` to the simulation time.
    void time(In<double>& in);
    // A system input under this component's path (core/model/system_io.h): `value` is a discrete signal that the
    // engine writes between steps when the outside sets the input, and sets to *start at reset().
    void input(Out<double>& value, const InputDeclaration& declaration);
    // A system output: `name` (under this component's path) names the value `value_path` (relative to this
    // component, e.g. "radiator.T_outA"). The simulator checks at build that the value exists.
    void output(std::string_view name, std::string_view value_path, std::string_view description = {});

    // A rule that must hold for a simulator to build, but not to describe the component (a time table without
    // its file can still list its parameters). `message` follows "<path>: "; the crawler throws a BuildError.
    void require(bool holds, std::string_view message, std::string_view rule) {
        if (!holds) add_unmet_requirement(message, rule);
    }
    // The same with a message composed only when the rule is broken (`[&] { return "m = " + std::to_string(m); }`):
    // a rebuild crawls every component, and composing it every time cost allocations for nothing.
    template <class Message>
        requires std::is_invocable_r_v<std::string, Message>
    void require(bool holds, Message&& message, std::string_view rule) {
        if (!holds) require(false, std::string_view(std::forward<Message>(message)()), rule);
    }

    // Advice, not a rule: something that builds and runs but is most likely not what the author meant (a pump
    // whose speed is 0 rad/s for good). The simulator logs it as a warning at build, `lied info` lists it, and
    // Simulator::advice() returns it. The message is composed only when the advice applies.
    template <class Message>
        requires std::is_invocable_r_v<std::string, Message>
    void advise(bool fine, Message&& message, std::string_view why) {
        if (!fine) add_advice(std::forward<Message>(message)(), why);
    }

    const std::string& path() const { return path_; }
    // "<path>.<name>" (or "<name>" at the root): how the engine names this component's members in messages.
    std::string path_of(std::string_view name) const { return join(name); }

private:
    StateInfo& add_state(State& state, std::string_view name, double nominal, std::string_view unit);
    // The option that names `v`: "true"/"false" for a bool, the enumerator's position for an enum; -1 if none.
    template <class E>
    static int option_of(E v, const ChoiceSpec& spec) {
        if constexpr (std::is_same_v<E, bool>) return spec.index_of(v ? "true" : "false");
        else return static_cast<int>(v) < static_cast<int>(spec.options.size()) ? static_cast<int>(v) : -1;
    }
    template <class E>
    static E value_of(int option, const ChoiceSpec& spec) {
        if constexpr (std::is_same_v<E, bool>) return spec.options[static_cast<std::size_t>(option)] == "true";
        else return static_cast<E>(option);
    }
    void add_block(Block block, std::string_view name, std::span<const SignalBase* const> reads, std::span<const OutBase* const> writes);
    void add_pass_through(const SignalBase& source, OutBase& out, std::string_view name, void (*copy)(const SignalBase*, OutBase*));
    std::string join(std::string_view name) const;
    void join_into(std::string& out, std::string_view name) const;
    // An entry's path and its hash, computed while the name is in the cache. A refilled entry that already has
    // this path keeps its hash, and the model learns of every path that changed (see Model::names_changed).
    template <class Info>
    void name_entry(Info& info, std::string_view name) const;   // meta.cpp
    void add_variable(const double& value, std::string_view name, std::string_view unit, ValueType type);
    void add_time_event(Block handler, const double& time, std::string_view name);
    void add_zero_crossing(Block handler, Out<double>& indicator, std::string_view name, Crossing direction, double hysteresis);
    void add_sampled_event(Block handler, const double& period, const double& offset, std::string_view name);
    void add_start_event(Block handler, bool& started, std::string_view name, bool after_events);
    void add_after_step(Block handler, std::string_view name, std::span<double> memory);
    void add_unmet_requirement(std::string_view message, std::string_view rule);
    void add_advice(std::string_view message, std::string_view why);
    BlockInfo& next_block(Block block, std::string_view name);
    ParameterInfo& next_parameter(std::string_view name, double* value, ParameterSpec&& spec, SystemDefault* follows);

    Model& model_;
    std::string path_;
    int component_;
};

}  // namespace lied
