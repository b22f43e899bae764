#pragma once
// The handle a user holds: builds a composed system, steps or simulates it, reads and sets values by name,
// and rebuilds after a structural change while keeping the values of the states that survive.
#include "core/diagnostics/stability.h"
#include "core/solve/evaluator.h"
#include "core/integrators/integrator.h"
#include "core/integrators/step_error_monitor.h"
#include "core/solve/linear_policy.h"
#include "core/model/model.h"
#include "core/simulation/balance_auditor.h"
#include "core/simulation/carry_map.h"
#include "core/simulation/change_queue.h"
#include "core/simulation/crossing_locator.h"
#include "core/simulation/event_clock.h"
#include "core/simulation/input_handle.h"
#include "core/simulation/name_index.h"
#include "core/simulation/run_statistics.h"
#include "core/simulation/simulation_state.h"
#include "core/build/schedule.h"
#include "core/build/sparsity_pattern.h"
#include "core/solve/steady_state.h"
#include "core/simulation/step_interpolant.h"
#include "core/simulation/structural_change.h"
#include "core/simulation/zero_crossings.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace lied {

class Recorder;

struct SimulatorOptions {
    std::string solver = "rk4";
    double dt = 1e-2;                     // step of the fixed-step solvers, independent of the output interval
    Tolerances tolerances;                // for adaptive solvers (and their largest step)
    int jacobian_interval = 1;            // implicit fixed-step solvers: a new Jacobian every k steps
    // State events: a crossing is located to this width in time [s] (relative to |t| beyond 1 s); an event that
    // fires chatter_events times within chatter_interval seconds stops the run unless it has a hysteresis.
    double event_tolerance = 1e-10;
    int chatter_events = 10;
    double chatter_interval = 1e-6;
    LinearPolicy policy = LinearPolicy::Automatic;
    LinearSolverKind linear_solver = LinearSolverKind::Automatic;   // dense LU for small L, KLU for large
    bool check_linearity = true;          // verify at build that residuals are affine in z
    // Skip the pass-throughs nothing but Ins reads (alias elimination, Meta::pass_through); false runs each as a
    // block, which gives the same values (tests compare the two) at the cost of a call and a copy each.
    bool skip_pass_throughs = true;
    // Fixed-step solvers: the local error of every few steps is estimated by step doubling; a step too large for
    // the model stops the run with StepStatus::StepTooLarge (Error), is counted in statistics() (Warn), or is not
    // looked for (Off). Adaptive solvers control their error themselves.
    StepMonitorSettings step_monitor;
    // Every solver: the model's mass and energy books are kept alongside the run (core/simulation/balance_auditor.h);
    // a residual beyond the tolerance stops the run with StepStatus::BalanceBroken (Error), is counted (Warn), or
    // the books are not kept (Off). A model with a component that declares nothing is not audited.
    BalanceSettings balance;
};

class Simulator {
public:
    // Crawls, validates, orders and checks the system; throws BuildError naming what is wrong.
    explicit Simulator(Component& root, SimulatorOptions options = {});
    ~Simulator();
    Simulator(const Simulator&) = delete;
    Simulator& operator=(const Simulator&) = delete;

    // After the user changed the component tree: crawl and order again. States are matched by name;
    // surviving ones keep their values, new ones start from their start values. Time goes on.
    // If it throws (the new composition is broken), the simulator refuses to step (StepStatus::NotBuilt)
    // until a rebuild succeeds: the old components may no longer exist.
    void rebuild();
    // Variable structure (core/simulation/structural_change.h): makes the edits of `change` now (between steps), rebuilds,
    // runs its initializers and starts a new segment. If an edit fails or the new structure does not build, the
    // edits are undone, the previous structure runs on, and StructuralChangeError says why.
    void apply(StructuralChange& change);
    // A state by name: re-initialisation between steps (the solver restarts), or a new state in a change's
    // initializer. Throws std::invalid_argument for a name that is no state.
    void set_state(std::string_view name, double value);
    // The structures of this run, one per segment: from when, after which change, with how many states.
    struct Segment {
        double start;
        std::string change;
        std::size_t states;
        // How the states got their values: "11 carried by name, 1 set by the change or a take-over (t2.level)".
        std::string carried = {};
    };
    const std::vector<Segment>& segments() const { return segments_; }
    // Applies `change` when the run reaches time t: step() and simulate() stop there as at a time event. The
    // step that applies it allocates (a rebuild); a refused change returns StepStatus::StructureRefused (simulate
    // throws), describe() says why, and the previous structure runs on.
    void schedule(double t, StructuralChange change);
    // Applies `change` once, right after the event `event` (e.g. "watch.crossed") fires, at its time.
    void schedule_on_event(std::string event, StructuralChange change);
    // Hands the changes scheduled at times back to the caller (e.g. to apply them one by one to describe each
    // segment's structure without running); the simulator then has none.
    std::vector<std::pair<double, StructuralChange>> take_scheduled_changes() { return changes_.take_timed(); }
    // The changes still to come at a time: their times and descriptions.
    std::vector<std::pair<double, std::string>> scheduled_changes() const;
    // The changes waiting for an event: the event's name and the change's description.
    std::vector<std::pair<std::string, std::string>> event_changes() const;
    // Whether changes wait, at a time or for an event (allocation-free).
    bool has_scheduled_changes() const { return !changes_.empty(); }
    // Names that the scheduled changes will bring (not yet values of this structure).
    std::vector<std::string> scheduled_value_names() const;
    // True if a scheduled change sets parameters: names may then appear that no one can list before it runs.
    bool scheduled_changes_set_parameters() const;
    // Back to t = 0 with all states at their start values; time events re-armed.
    void reset();

    // --- Saving and restoring a run (core/simulation/simulation_state.h) ---
    // Saves everything the next steps depend on into `into`: time, states, parameters, discrete signals, the time
    // events, samplers and zero crossings, the books, L as last probed, the step monitor and the solver's history.
    // Sized at the first save of a structure; later saves of it allocate nothing. CVODE, whose history stays inside
    // SUNDIALS, is started afresh here and at every restore, so that the steps after the save and after a restore
    // agree. Throws std::logic_error without a valid structure, std::invalid_argument if a discrete signal's type
    // cannot be saved (named).
    void save_state(SimulationState& into);
    // Puts a saved state back: into this simulator, or into another of the same structure (the same components,
    // types, names, choices and structural parameter values), solver and number of structural changes made. The run
    // then goes on from there exactly as it went on from the save, bit for bit. Statistics, segments and scheduled
    // changes are not part of a state: they stay as they are. A state that does not fit (another structure or solver,
    // a state from before a structural change, damaged bytes) is refused with std::invalid_argument saying why, and
    // nothing is changed. Allocation-free when it fits.
    void restore_state(const SimulationState& state);

    // --- Inputs and outputs (core/model/system_io.h) ---
    const std::vector<InputInfo>& inputs() const { return model_.inputs; }
    const std::vector<OutputInfo>& outputs() const { return model_.outputs; }
    // A handle for setting the input `name` between steps; throws std::invalid_argument for a name that is no input.
    InputHandle input(std::string_view name);
    // Sets the input `name` from the next step on; throws std::invalid_argument naming the input, the value and the
    // rule it breaks (outside the range, not finite, driven by a table). The value holds until set again; reset()
    // puts the start value back. The next step starts afresh, as after an event: solver history dropped, L probed
    // again, zero crossings that the new value put on the other side fire at once.
    void set_input(std::string_view name, double value);
    // The same by index into inputs(), for loops: allocation-free, false (nothing changed) where the named version throws.
    bool set_input(std::size_t index, double value) noexcept;
    // Why set_input(index, value) refuses ("" if it does not).
    std::string input_refusal(std::size_t index, double value) const;
    // The input's value: the one set last, or a table-driven input's table value as of the last evaluation.
    double input_value(std::size_t index) const { return *model_.inputs[index].current(); }

    // Real-time path: advances by dt (split at time events). Allocates, logs and throws nothing. Checks that
    // every state is finite and inside its declared valid range; on failure t and x stay at the start of
    // the failed step and describe(status) says what happened.
    StepStatus step(double dt);
    // Offline path: advances to t_end with steps of options.dt (fixed-step solvers; samples between steps are
    // interpolated, so the step does not depend on the output interval) or error control (adaptive),
    // sampling `recorder` at its interval and always at t_end. Checks states after every step and every
    // variable at every sample. Throws SimulationError naming the value, the time and the likely cause; the
    // samples taken so far stay in the recorder.
    using Progress = std::function<void(double t, double t_end)>;
    void simulate(double t_end, Recorder* recorder = nullptr, const Progress& progress = {});

    void set_solver(std::string_view name);           // throws std::invalid_argument
    // A parameter by name; throws std::invalid_argument for an unknown name or a value outside its range (a count
    // refuses fractions). One read at build (ParameterSpec::structural: a count that sizes the structure, a start
    // temperature turned into a start energy) is applied by a rebuild, states carried over by name; what it starts
    // takes effect at the next reset(). If that structure does not build, the old value is restored and the
    // BuildError passed on.
    void set_parameter(std::string_view name, double value);
    double parameter(std::string_view name) const;
    // A vector or matrix parameter ("lti.A"), checked against its spec (a vector for a matrix and elements out of
    // range are refused, naming both shapes or the element). A value of the same shape is applied at once unless
    // its values are read at build; a new shape rebuilds, states carried over by name (a StructuralChange's
    // start_fresh starts them afresh instead). If the new structure does not build (A no longer square, B's rows
    // not A's), the old value is restored and the BuildError passed on. Its elements are parameters too ("lti.A[2,1]").
    void set_parameter(std::string_view name, const ArrayParameter& value);
    // Several vectors and matrices at once, all checked before any is set, and one rebuild for all: shapes that must
    // agree with each other (a state space's A and x_start) change together.
    void set_parameters(const std::vector<std::pair<std::string, ArrayParameter>>& values);
    // A structural change's undo: the storage `target` had before its last new shape comes back (its elements' entries
    // point there again). False if it was not given a new shape since the last build.
    bool undo_array_reshape(ArrayParameter& target);
    const ArrayParameter& array_parameter(std::string_view name) const;
    // A choice parameter by name ("p1.medium"). A new value is applied by a rebuild (states carried over by
    // name); an unknown name or option throws std::invalid_argument, and if the new structure cannot be built
    // the old value is restored and rebuilt before the BuildError is passed on.
    void set_choice(std::string_view name, const std::string& value);
    const std::string& choice(std::string_view name) const;
    // Any state, variable or parameter by name; throws std::invalid_argument with a suggestion.
    double value(std::string_view name) const;
    // The names of this structure's values, for readers that keep their addresses (the Recorder).
    const NameIndex& names() const { return names_; }
    // Binds `recorder` to this structure's names, starting at the current time (names that a scheduled change
    // brings are taken on trust). simulate() does it; a caller that samples by itself calls it first.
    void attach(Recorder& recorder) const;
    const double* find_value(std::string_view name) const;     // nullptr if unknown
    std::vector<std::string> value_names() const;
    // The unit of a state, variable or parameter ("" if it has none or is unknown).
    std::string unit(std::string_view name) const;

    // Moves the states to a steady state at the current time (all derivatives zero, or only those of the named
    // states, the others held) by pseudo-transient continuation; throws SimulationError naming the state
    // with the largest derivative if it does not converge. Events due now have fired.
    SteadyStateResult initialize_steady_state(const std::vector<std::string>& states = {}, SteadyStateSettings settings = {});

    // Counters of the run since the last reset() or clear_statistics(): steps, evaluations, Jacobians,
    // factorisations, and events by name. Allocates (not for the real-time loop; stats_counters() is).
    RunStatistics statistics() const;
    void clear_statistics();
    // Called after every event's handlers (outside the integrator), e.g. to change the structure and rebuild().
    using EventCallback = std::function<void(Simulator&, const std::string& event)>;
    void on_event(EventCallback callback) { on_event_ = std::move(callback); }
    // ∂ẋ/∂x's structure from the block graph (computed on first use per structure).
    const SparsityPattern& jacobian_pattern();

    // Re-evaluates every block at the current (t, x), so that all variables are consistent.
    // What an importer's own integrator calls after each step it accepts (FMI's completed integrator step): the
    // blocks that remember the past (Meta::after_step, a transport delay) record the model at the current time and
    // states. Allocates nothing; not OK only if the model does not evaluate to finite values there.
    StepStatus remember_past() { return after_accepted_step(StepStatus::Ok); }
    // The same blocks start their past again here: after an importer set the start's inputs, states or time.
    void restart_remembered_pasts() { start_remembered_pasts(); }
    void evaluate();
    // One evaluation of ẋ = f(t, x) for an external integrator; allocation-free. False if L is singular.
    bool derivatives(double t, const double* x, double* xdot) { return built_ && evaluator_.derivatives(t, x, xdot); }
    // Model Exchange (an FMU): an external integrator owns time and states. It sets them, reads ẋ (derivatives)
    // and the event indicators, and at an event asks the simulator to fire what is due at the current time:
    // state events whose indicator changed side since it was armed, time and sampled events, and the changes
    // they trigger. `fired` tells whether any handler ran (the states may then have changed).
    void set_time_and_states(double t, const double* x);
    bool event_indicators(double* g);   // model().zero_crossings.size() values at the current (t, x)
    StepStatus fire_events_now(bool* fired);
    double next_time_event() const { return next_event_after(t_); }   // +inf if none
    // The time events' and samplers' state: fired, next sample, counts.
    const EventClock& event_clock() const { return clock_; }
    // Checks every variable for finiteness and its declared valid range (after evaluate()); Ok or the failure.
    StepStatus check_variables();
    // A description of the last non-Ok status, e.g. "state t1.level became NaN at t = 3.2 s", with the likely
    // cause (an unstable step, the block that produced a non-finite value). Not for the real-time loop: it
    // may evaluate the model again to find the cause.
    std::string describe(StepStatus status);
    // Which fixed step this system wants at the current point: the fastest mode of ∂ẋ/∂x and the RK4 steps that
    // resolve it and that stay stable (core/diagnostics/stability.h). Not for the real-time loop.
    StepAdvice step_advice();
    // Formulations (regularisations that declare a remedy: Meta::creates) that created more than kFormulationShare of
    // the energy that moved through the books: how much, the term that created most and what tightens it; "" when
    // they stay below it or the books are not kept. simulate() logs it as a warning, once per simulator.
    static constexpr double kFormulationShare = 1e-3;
    std::string formulation_energy_note() const;

    double time() const { return t_; }
    const Eigen::VectorXd& states() const { return x_; }
    const Model& model() const { return model_; }
    // What the components advise about this structure and its parameters (Meta::advise): message, why. Worked out at
    // build and again after a set_parameter while there is advice; logged as warnings when simulate() starts.
    const std::vector<UnmetRequirement>& advice() const { return model_.advice; }
    const Schedule& schedule() const { return schedule_; }
    const LinearSystem& linear_system() const { return evaluator_.linear_system(); }
    const Integrator& integrator() const { return *integrator_; }
    // The fixed-step error monitor: its last and worst estimate and how many checks found the step too large.
    const StepErrorMonitor& step_monitor() const { return monitor_; }
    // The mass and energy books of the run (allocation-free to read): Σ stored now and at the start, what was supplied,
    // taken, dissipated and brought by changes, the residual and the allowance; unaudited() lists components that
    // declared nothing. Updated at every accepted step, event and change.
    const BalanceAuditor& balance() const { return auditor_; }
    const SimulatorOptions& options() const { return options_; }
    SimulatorOptions& options() { return options_; }
    long generation() const { return generation_; }   // increases at every rebuild

    // --- Taking over from another structure (the real-time swap, core/simulation/realtime_swap.h) ---
    // A structure's values by name, for the next structure.
    struct ValuesByName {
        std::vector<std::string> state_paths;   // in the structure's order (see PreviousValues)
        std::vector<double> state_values;
        std::map<std::string, char> events;
        std::map<std::string, long> samples, counts;
    };
    // A freshly built simulator moves to time t with those values (states by name, then the components' take_over
    // and `initializers`), and runs the start checks there. Throws BuildError as a rebuild does.
    void start_at(double t, const ValuesByName& values, const std::vector<StructuralChange::Initializer>& initializers);
    // The states this structure gets from `previous` (by name, take_over, `initializers`), as they would be set by a
    // rebuild; `written` collects the states take_over or an initializer set. Leaves them in the state vector.
    const Eigen::VectorXd& carry_states_from(const PreviousValues& previous, const std::vector<StructuralChange::Initializer>& initializers,
                                             std::vector<int>* written);
    // The segment table of the structure this one follows, and this structure's own segment.
    void continue_segments(const std::vector<Segment>& before, Segment now);
    // Takes over from `running` at its current time through `map`: states, time-event flags, samplers, counts,
    // discrete signals and the books; then an evaluation at the new point. Allocates, logs and throws nothing. False
    // (nothing touched) if the map's sizes or indices do not fit these two structures.
    bool continue_from(const Simulator& running, const CarryMap& map);

private:
    void build();
    std::uint64_t structure_fingerprint();   // computed once per structure
    void check_discrete_layouts() const;
    void archive_state(StateArchive& archive);
    void go_on_from_restored_state();
    void capture_values(ValuesByName& into) const;
    void rebuild_with(const std::vector<StructuralChange::Initializer>& initializers);
    int carry_states(const std::vector<StructuralChange::Initializer>& initializers, const PreviousValues& previous,
                     std::vector<int>* written = nullptr);
    void start_from(const ValuesByName& carried, const std::vector<StructuralChange::Initializer>& initializers);
    StepStatus apply_due_changes();
    const std::string& fired_event_name(int id) const;
    void check_and_start();
    StepStatus advance_to(double t_target, double h_max);
    StepStatus step_once(double t_target, double h_max);
    StepStatus fail(StepStatus status);
    StepStatus blame_step_if_followed(StepStatus status);
    StepStatus check_states();
    void sample_inside_step(Recorder& recorder);
    bool interpolate_last_step();   // the derivatives at both ends of the last step, for step_ (false: not evaluable)
    StepStatus redo_step_to_crossing();   // a fixed step that crossed an indicator, taken again up to the crossing
    StepStatus fire_due_events();
    void take_states_from_components();
    void notify_events();
    double next_event_after(double t) const { return std::min(clock_.next_after(t), changes_.next_after(t)); }
    // Puts this simulator's discrete values and signals back on the tree after another simulator's failed build.
    void reassert_tree();
    void configure_integrator();
    void settle_followed_starts(const std::vector<char>* movable = nullptr);   // Meta::start_follows: at a reset, and for new states after a change
    void start_at_derivatives();   // Meta::start_derivative: at a reset
    // Nominals from the system's own scale (NominalScale left to the system): measured at a reset, given to the
    // states of every later structure (core/simulation/nominal_scales.cpp).
    void estimate_nominal_scales();
    void apply_estimated_scales();
    void remember_estimated_scales();   // after a restore: the groups take the scales the states brought
    int state_index_of(const State* state) const;
    void restart_integrator();   // after a discontinuity: no history, a fresh Jacobian, the next step checked
    // Inputs set since the last step take effect: the same restart as after an event, the books and zero crossings
    // brought up to the new values (a crossing the new value caused fires now).
    StepStatus take_input_changes();
    void check_outputs() const;   // at build: every output names a value of the structure
    std::vector<double> nominals() const;
    std::string range_violation_text() const;
    std::string step_error_text(const StepErrorEstimate& e) const;
    std::string broken_range_note(const double* x) const;
    std::string failed_evaluation_note();

    Component& root_;
    SimulatorOptions options_;
    bool prefer_cuts_ = false;   // the components that offer cuts are asked to cut (see build())
    Out<double> time_;
    Model model_;
    Schedule schedule_;
    ScheduleWorkspace schedule_workspace_;   // make_schedule's working memory, kept for the next rebuild
    Evaluator evaluator_;
    std::unique_ptr<Integrator> integrator_;
    StepErrorMonitor monitor_;
    BalanceAuditor auditor_;
    BalanceAuditor::Snapshot audit_snapshot_;   // the books of the last good structure, for the next one
    bool user_rebuild_ = false;   // set_parameter rebuilds: a jump of stored amounts is the user's change
    std::vector<int> rewritten_;  // carry_states: states a take-over or an initializer set
    std::vector<char> pure_carry_;   // per component: its states carried by name, none rewritten
    int carried_by_name_ = 0;        // the last carry_states: how many states kept their values by name
    std::string carry_text() const;  // for the segment table
    StepStatus audit();              // after an accepted step: the books, evaluated at (t_, x_)
    StepStatus after_accepted_step(StepStatus audited);   // Meta::after_step's handlers, if the step stands
    StepStatus fire_crossings_moved_by_events(const std::vector<char>& due);   // event iteration (simulator.cpp)
    void start_remembered_pasts();   // reset(): the after-step components' start events, before the start is computed
    void audit_user_change();        // after the user moved states or parameters: book the jump
    // After parameter values changed in place: L probed again, the integrator restarted, the change booked.
    void parameter_values_changed();
    void settle_start_events();   // see simulator_structure.cpp
    bool settle_after_events();   // true if a discrete signal changed
    std::size_t located_now_ = 0;   // fired_now_'s first entries: the crossings located at this event
    template <class Chosen>
    bool run_settling_handlers(Chosen&& chosen);
    std::vector<double> discrete_scratch_;   // the discrete signals before a settling pass
    // Arrays' storage replaced by a new shape, kept until a build has registered the new storage (Simulator::set_parameters).
    std::vector<std::pair<ArrayParameter*, ArrayParameter>> retired_arrays_;
    // A value read at build was set: rebuild (unless an apply() is making its edits); if the structure does not build,
    // `restore_old_value` and rebuild again before the error goes on.
    void rebuild_for_user(const std::function<void()>& restore_old_value);
    std::string balance_text() const;
    std::vector<std::string> balance_lines() const;   // for statistics()
    Eigen::VectorXd x_;
    double t_ = 0.0;
    StepInterpolant step_;                // the last step's start (t0, x0); its end and derivatives only when filled for
                                          // dense output (interpolate_last_step, the locator)
    Eigen::VectorXd x_before_events_;     // the states before event handlers ran
    double hard_end_ = std::numeric_limits<double>::infinity();   // simulate()'s t_end: no solver steps past it
    std::vector<int> state_ranges_, variable_ranges_;  // indices into model_.ranges
    EventClock clock_;
    ZeroCrossings crossings_;
    CrossingLocator locator_;            // located crossings waiting for their handlers
    std::vector<int> fired_now_;         // events fired at this instant (crossings, time, sampled events)
    Eigen::VectorXd x_midpoint_;          // the books: the state in the middle of an adaptive step
    SparsityPattern jacobian_pattern_;
    bool have_pattern_ = false;
    EventCallback on_event_;
    int chatter_crossing_ = -1;
    NameIndex names_;   // lookups by name come from one thread at a time, like every other call
    // The last failure, recorded without allocating; describe() turns it into text.
    int failed_state_ = -1;
    int failed_range_ = -1;
    int failed_variable_ = -1;
    double failed_time_ = 0.0;
    double failed_value_ = 0.0;
    double failed_step_ = 0.0;
    long failures_before_step_ = 0;   // the evaluator's failure count when the last step began
    bool taken_over_ = false;
    std::vector<std::string> advised_;   // advice already logged (each once)
    bool formulation_noted_ = false;     // formulation_energy_note() logged
    long generation_ = 0;
    std::uint64_t fingerprint_ = 0;
    long fingerprint_generation_ = -1;
    bool built_ = false;
    bool initializing_ = false;   // inside a change's initializers: set_state only writes the state
    bool inputs_changed_ = false; // an input was set since the last step (take_input_changes)
    bool editing_ = false;        // apply() makes or undoes edits: a parameter read at build waits for its rebuild
    std::vector<Segment> segments_;
    // The scale each group of states whose nominal is left to the system showed at the last reset (0: at rest there).
    struct EstimatedScale {
        std::string_view key;    // NominalScale::key, a literal
        std::string provider;    // the path of the provider in scope (whose value is 0), empty: none
        double value = 0.0;
        int largest_state = -1;  // where the value was found (for the log)
    };
    std::vector<EstimatedScale> estimated_scales_;
    ChangeQueue changes_;
    std::string refused_change_;
    ValuesByName carried_;   // rebuild: values of the last good structure by name
    std::vector<int>* written_ = nullptr;   // carry_states: where set_state records what it set
};

}  // namespace lied
