#pragma once
// The flat description of a composed system, as collected by the crawler: what exists and under which
// name. Structure only; values stay in the components.
#include "core/model/array_parameter.h"
#include "core/model/assembly_condition.h"
#include "core/model/balance.h"
#include "core/model/block.h"
#include "core/model/component.h"
#include "core/model/crossing.h"
#include "core/support/first_duplicate.h"
#include "core/support/flat_index.h"
#include "core/model/parameter_spec.h"
#include "core/model/plug.h"
#include "core/model/signal.h"
#include "core/model/value_type.h"
#include "core/model/state.h"
#include "core/model/system_default.h"
#include "core/model/system_io.h"
#include "core/model/valid_range.h"

#include <array>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lied {

// The hash every named entry keeps of its path (`path_hash`): set wherever a path is, read by the unique-name check.
inline std::size_t hash_path(std::string_view path) { return std::hash<std::string_view>{}(path); }

// Writes `prefix.name` (or `name` for an empty prefix) into `out`; false, and nothing written, if `out` held exactly
// that already (a refilled entry of an unchanged structure: its hash stays valid).
bool write_path(std::string& out, std::string_view prefix, std::string_view name);

struct ComponentInfo {
    std::string path;          // "" for the root
    std::size_t path_hash = 0; // std::hash of path, set with it: the unique-name check reads no string
    Component* component;
    std::string description;   // free text given by the parent ("first valve")
};

struct SignalInfo {
    std::string path;
    std::size_t path_hash = 0; // std::hash of path, set with it: the unique-name check reads no string
    SignalBase* signal;
    int component;
    int plug = -1;             // index into Model::plugs of the plug this signal is a member of, or -1
};

struct PlugInfo {
    std::string path;          // "p1.inlet"
    Plug* plug;
    int component;
    // Plug::shared_property (a medium's name), read when the component's metainfo has returned: the plug is in the
    // cache then, and the medium check compares these views instead of visiting every plug again. Meant for the
    // crawl's own checks: the text belongs to the plug's configuration, which may change after the crawl.
    std::string_view shared_property;
};

struct BlockInfo {
    std::string path;          // "p1.evalState"
    std::size_t path_hash = 0; // std::hash of path, set with it: the unique-name check reads no string
    Block block;
    // The signals the block reads and writes, views into the model's lists of all blocks' signals (contiguous in
    // crawl order: a pass over every block's reads streams them instead of a heap block per block). Set when the
    // crawl ends; `first_read` and `first_write` say where they start.
    std::span<const SignalBase* const> reads;
    std::span<const OutBase* const> writes;
    std::size_t first_read = 0, first_write = 0;
    int component;
    // A pass-through (Meta::pass_through) whose readers read its source's value directly: the schedule leaves it out
    // of the evaluation; Evaluator::evaluate() still runs it, so that its Out holds the value when one looks.
    bool skipped = false;
};

// A block that only copies one signal into an Out (Meta::pass_through): a flow handed from a pipe's inlet to its
// outlet. The engine makes the copy itself; the crawl decides whether it can be skipped (see skip_pass_throughs).
struct PassThroughInfo {
    const SignalBase* source;
    OutBase* out;
    void (*copy)(const SignalBase* source, OutBase* out);
    int block;                 // index into Model::blocks
};

// The `signal` indices below are where Meta registered the signal; read them through Model::state_value_signal and
// its siblings, which know when a signal registered twice counts elsewhere.
struct StateInfo {
    std::string path;
    State* state;
    double nominal;
    std::string unit;
    int component;
    int value_signal = -1, derivative_signal = -1;
    NominalScale scale;        // scale.key set: the nominal follows a system default (see NominalScale)
    int scale_provider = -1;   // index into Model::default_providers of the provider in scope, or -1
    double estimated_scale = 0.0;   // the scale the system showed at its start where no provider sets one; 0: none
                                    // (set by the Simulator, core/simulation/nominal_scales.cpp)
};

struct TearingInfo {           // a tearing variable, set by the engine while probing and solving
    std::string path;
    Out<double>* variable;
    int component;
    int signal = -1;
};

struct ResidualInfo {
    std::string path;
    Out<double>* residual;
    int component;
    int signal = -1;
};

struct ParameterInfo {
    std::string path;
    std::size_t path_hash = 0; // std::hash of path, set with it: the unique-name check reads no string
    double* value;
    ParameterSpec spec;
    int component;
    SystemDefault* system_default = nullptr;   // set: the parameter follows a system default until set by name
    int array = -1;   // an element of Model::arrays[array] ("A[2,1]"): listings show the array instead
};

struct ArrayParameterInfo {   // a vector or matrix parameter (core/model/array_parameter.h)
    std::string path;
    ArrayParameter* value;
    ArraySpec spec;
    int component;
    std::size_t rows = 0, cols = 0;   // the shape at the crawl: its elements' entries point into storage of this shape
    bool reshaped() const { return value->rows() != rows || value->cols() != cols; }
};

struct SystemDefaultInfo {     // a parameter that follows a system-wide default (see core/model/system_default.h)
    std::string path;
    SystemDefault* parameter;
    std::string key;           // what it follows, e.g. "thermofluid.L"
    int component;
    int provider = -1;         // index into Model::default_providers of the provider in scope, or -1
};

struct DefaultProviderInfo {   // a component parameter that sets a system default for the provider's subtree
    std::string path;          // the provider's parameter ("dropOfCommons.L")
    std::string scope;         // the path of the provider's parent; the default applies below it
    std::string key;
    const double* value;
    int component;
};

struct ChoiceInfo {            // a parameter with named options
    std::string path;
    std::string* value;
    const ChoiceSpec* spec;   // the component's static spec (Meta::choice)
    int component;
};

struct VariableInfo {
    std::string path;
    const double* value;
    std::string unit;
    int component;
    ValueType type = ValueType::Real;
};

struct TimeEventInfo {         // a handler to call when time reaches *time (and once at initialization)
    std::string path;
    const double* time;
    Block handler;
    int component;
};

// A state event: `indicator` crosses zero in `direction`; the handler may change discrete signals, parameters
// and states (re-initialisation). With a hysteresis h > 0 the event fires when the indicator passes −h coming
// from above or +h coming from below (a Schmitt trigger), so the event cannot chatter.
struct ZeroCrossingInfo {
    std::string path;
    Out<double>* indicator;   // written by its block, or by the evaluator as y(0) + D·z
    Crossing direction;
    double hysteresis;
    Block handler;
    int component;
};

struct StartEventInfo {        // a discrete value settled from the model's values at a start (Meta::start_event)
    std::string path;
    Block handler;
    bool* started;             // the component's memory that it ran in this simulator's run
    int component;
    bool after_events;         // also after every event and rebuild: a value that is a function of the inputs (a relation)
};

// A handler run after every accepted step and after every event, on the model evaluated there (Meta::after_step): a
// block that remembers the past (a transport delay's history). `memory` is what it remembers; a saved state holds it.
struct AfterStepInfo {
    std::string path;
    Block handler;
    std::span<double> memory;
    int component;
};

struct SampledEventInfo {      // a handler called at offset + k·period, k = 0, 1, ... (a discrete controller)
    std::string path;
    const double* period;
    const double* offset;
    Block handler;
    int component;
};

struct RangeInfo {             // a declared valid range of a state or variable
    std::string path;
    ValidRange range;
    int component;
    int state = -1;            // index into Model::states, or -1 for a variable
    int variable = -1;         // index into Model::variables, or -1 for a state
    const double* value = nullptr;   // the variable's value (states live in the simulator's state vector)
    std::string unit;
};

struct UnmetRequirement {     // a rule a component found broken in metainfo, reported when a simulator builds
    std::string message;       // names the component path and the rule
    std::string rule;
};

struct Model {
    // Moved, never copied: blocks view lists the model owns (BlockInfo::reads), which a copy would leave behind.
    Model() = default;
    Model(const Model&) = delete;
    Model& operator=(const Model&) = delete;
    Model(Model&&) = default;
    Model& operator=(Model&&) = default;
    std::vector<ComponentInfo> components;
    std::vector<SignalInfo> signals;
    std::vector<PlugInfo> plugs;
    struct PlugOffer {             // Meta::offer_plug: another name for a subcomponent's plug
        std::string path;
        Plug* plug;
        int component;
    };
    std::vector<PlugOffer> plug_offers;
    std::vector<BlockInfo> blocks;
    std::vector<StateInfo> states;
    std::vector<TearingInfo> tearing;
    std::vector<ResidualInfo> residuals;
    std::vector<ParameterInfo> parameters;
    std::vector<ArrayParameterInfo> arrays;   // their elements are in `parameters` too
    std::vector<ChoiceInfo> choices;
    std::vector<SystemDefaultInfo> system_defaults;
    std::vector<DefaultProviderInfo> default_providers;
    std::vector<VariableInfo> variables;
    std::vector<TimeEventInfo> time_events;
    std::vector<ZeroCrossingInfo> zero_crossings;
    std::vector<SampledEventInfo> sampled_events;
    std::vector<RangeInfo> ranges;
    std::vector<PassThroughInfo> pass_throughs;
    // What components declared about the mass and energy they hold and exchange (core/model/balance.h).
    std::vector<BalanceTermInfo> balance_terms;
    // What must be zero at a consistent start (core/model/assembly_condition.h).
    std::vector<AssemblyConditionInfo> assembly_conditions;
    // The Ins pointed past a skipped pass-through at the value they read instead (see skip_pass_throughs); kept so
    // that a simulator can point them there again after another simulator's failed crawl of the same tree.
    std::vector<std::pair<InBase*, const void*>> redirected_reads;
    // A crawl that only describes the tree (introspection.h) notes the reads it pointed back at their own sources, and
    // points them where they were when it is done: a simulator running on the tree relies on them.
    bool keep_undone_reads = false;
    std::vector<std::pair<InBase*, const void*>> undone_reads;
    bool skip_pass_throughs = true;   // false: every pass-through runs as a block (for comparisons)
    // Working memory of skip_pass_throughs: per signal the pass-through writing it (or -1) and the value its readers
    // read once resolved; per pass-through whether it is skipped; the variables' index by address.
    std::vector<int> pass_through_of;
    std::vector<char> pass_through_skipped;   // per pass-through
    std::vector<int> pass_through_chain;
    std::vector<const void*> pass_through_origin;
    FlatIndex<const double*, int> pass_through_by_value;
    std::vector<UnmetRequirement> unmet_requirements;
    std::vector<UnmetRequirement> advice;   // what builds but most likely is not meant (Meta::advise): message, why
    std::vector<In<double>*> time_inputs;
    std::vector<const OutBase*> time_sources_before;   // what each time input was bound to before this crawl
    std::vector<const OutBase*> discrete_signals;  // written by event handlers, constant in between
    std::vector<StartEventInfo> start_events;
    std::vector<double*> warm_starts;              // kept by blocks for their next evaluation (Meta::warm_start)
    std::vector<AfterStepInfo> after_steps;
    struct StartFollows {                          // Meta::start_follows
        State* state;
        const double* value;
        int component;
    };
    std::vector<StartFollows> start_follows;
    struct StartDerivative {                       // Meta::start_derivative
        State* state;
        const double* rate;
        int component;
    };
    std::vector<StartDerivative> start_derivatives;
    std::vector<InputInfo> inputs;                 // set from outside between steps (core/model/system_io.h)
    std::vector<OutputInfo> outputs;               // names for values the outside reads
    bool state_dependent_coefficients = false;   // some component's contribution to L varies with x
    // Cuts (Meta::offer_cut): how many components of this crawl offered one, and whether the simulator asked them
    // to cut (set before the crawl; the reach sets of the uncut structure outgrew their budget, see make_schedule).
    int cut_offers = 0;
    bool prefer_cuts = false;

    // Index of a registered signal, or -1. The signal's hint answers unless another model crawled it since;
    // only then (or for a signal not registered here) the index by address is built and asked.
    int signal_index(const SignalBase* s) const {
        const int by_hint = signal_index_by_hint(s);
        return by_hint >= 0 ? by_hint : signal_index_by_address(s);
    }
    // The same answer without the fallback: right after this model's index_signals(), and before any other model
    // crawls its signals, every registered signal's hint points here, so a hint that does not is a signal not
    // registered here (what ties_of asks of every input of a large model about one small component).
    int signal_index_by_hint(const SignalBase* s) const {
        const int hint = s->index_hint_;
        return hint >= 0 && static_cast<std::size_t>(hint) < signal_objects_.size() && signal_objects_[static_cast<std::size_t>(hint)] == s ? hint : -1;
    }
    std::string signal_name(const SignalBase* s) const;
    // The rule printed when `s` closes an algebraic loop: its plug's (Plug::loop_rule), else its value type's.
    const char* loop_rule_of(const SignalBase* s) const;
    // The signal indices of the engine's own signals (after index_signals()), taken from where Meta registered them:
    // asking the objects, scattered through the components, cost a rebuild a cache miss per state, tearing variable
    // and residual in every pass that needs them. A signal registered twice counts at its first registration, which
    // only the index by object knows.
    int state_value_signal(std::size_t k) const {
        return signal_registered_twice_ ? signal_index(&states[k].state->value) : states[k].value_signal;
    }
    int state_derivative_signal(std::size_t k) const {
        return signal_registered_twice_ ? signal_index(&states[k].state->der) : states[k].derivative_signal;
    }
    int tearing_signal(std::size_t j) const { return signal_registered_twice_ ? signal_index(tearing[j].variable) : tearing[j].signal; }
    int residual_signal(std::size_t i) const { return signal_registered_twice_ ? signal_index(residuals[i].residual) : residuals[i].signal; }
    // Gives every system-default parameter the value in force (own, provider's or fallback), and every state whose
    // nominal follows a system default its nominal: the provider's value where one in scope sets it (> 0), else the
    // scale the system showed at its start, else the fallback; allocation-free.
    void apply_system_defaults() {
        for (auto& d : system_defaults) d.parameter->resolve(d.provider < 0 ? nullptr : default_providers[d.provider].value);
        for (auto& s : states)
            if (!s.scale.key.empty()) s.nominal = s.scale.factor * nominal_scale_in_force(s);
    }
    // A provider in scope whose value is 0 leaves the scale to the system (see NominalScale).
    bool scale_left_to_system(const StateInfo& s) const {
        return !s.scale.key.empty() && (s.scale_provider < 0 || !(*default_providers[static_cast<std::size_t>(s.scale_provider)].value > 0.0));
    }
    double nominal_scale_in_force(const StateInfo& s) const {
        if (!scale_left_to_system(s)) return *default_providers[static_cast<std::size_t>(s.scale_provider)].value;
        return s.estimated_scale > 0.0 ? s.estimated_scale : s.scale.fallback;
    }
    // Sets every registered signal's index hint, then asks each signal object once what the later passes need
    // (`links`): at 10⁴ components the checks, the block index and the affinity check otherwise visit the
    // objects, scattered through the components, again and again (a cache miss each).
    void index_signals();
    struct SignalLinks {
        int source = -1;               // an In: the index of its Out (kNoSource unbound, kUnregistered outside the model)
        bool is_in = false;
        bool conflicting = false;      // an In offered a second Out (see In::connect)
        bool optional = false;         // an In that may stay unbound
        const double* real = nullptr;  // an Out<double>: its value
    };
    std::vector<SignalLinks> links;   // per signal, set by index_signals()
    // What each block reads and writes as model indices, looked up once per crawl so that the checks and the
    // schedule walk flat arrays instead of asking every signal object (scattered through the components) again.
    // A read is the index of the Out it resolves to, kNoSource for an optional In on its fallback (or a source
    // outside the model, which check_bindings reports); a read or write of a signal the model did not register
    // is kUnregistered. Precondition: index_signals().
    static constexpr int kNoSource = -1, kUnregistered = -2;
    void index_blocks();
    std::span<const int> read_indices(std::size_t block) const {
        return {block_reads_.data() + block_read_start_[block], block_read_start_[block + 1] - block_read_start_[block]};
    }
    std::span<const int> write_indices(std::size_t block) const {
        return {block_writes_.data() + block_write_start_[block], block_write_start_[block + 1] - block_write_start_[block]};
    }
    // The same for every block at once: where each block's part starts (one more entry than blocks) and the lists.
    std::span<const std::size_t> read_starts() const { return block_read_start_; }
    std::span<const int> all_read_indices() const { return block_reads_; }
    std::span<const std::size_t> write_starts() const { return block_write_start_; }
    std::span<const int> all_write_indices() const { return block_writes_; }
    // The object a block's read `i` names (what BlockInfo::reads views, from the flat list: no visit to the entry).
    const SignalBase* read_signal(std::size_t block, std::size_t i) const { return block_read_signals_[block_read_start_[block] + i]; }
    // The registered signals' objects in index order (set by index_signals).
    const std::vector<const SignalBase*>& signal_objects() const { return signal_objects_; }
    // Per registered signal: the block that writes it, or -1. Set by the crawl's block check, which also proves
    // that no signal has two writers; the schedule builds its graph from it.
    std::vector<int> signal_writer;
    // Set by a crawl that wrote a path different from the one its refilled entry had, or changed the number of
    // named entries; cleared when a crawl begins. Names passed the unique-name check (`names_unique`) and unchanged
    // since are unique still: the check is skipped (at 10⁴ components it is several milliseconds of a rebuild).
    bool names_changed = true;
    bool names_unique = false;
    // Empties every list (their capacity stays). A crawl does not need it: it refills (below).
    void clear();

    // A crawl refills the lists a component adds many entries to (components, signals, plugs, blocks,
    // parameters, variables, choices, states, tearing variables, residuals, valid ranges, system defaults) in place: each new entry overwrites an old one and keeps the buffers of
    // its strings and lists, so a rebuild allocates almost nothing for names. Between begin_refill() and
    // end_refill() the sizes of those lists are not meaningful; end_refill() cuts them to what was filled.
    void begin_refill();
    void end_refill();
    // The root's entry, first of the components (its path is empty).
    ComponentInfo& refill_root(Component& root);
    template <class Info>
    Info& refill(std::vector<Info>& list) {
        std::size_t& filled = filled_of(list);
        if (filled == list.size()) {
            list.emplace_back();
            names_changed = true;
        }
        return list[filled++];
    }
    // Working memory of the crawler's checks (views into this model's names while they run), kept for the next
    // crawl like the entries: at 10⁵ components these are megabytes, which the allocator would map fresh (a page
    // fault per 4 KiB) at every rebuild.
    std::vector<std::string_view> name_views;
    std::vector<std::size_t> name_hashes;
    DuplicateScratch name_check;
    // The hashes of the names the last unique-name check passed, in parts (components without the root, signals,
    // parameters, blocks), and whether they were pairwise different: a change of shape is then checked by what
    // changed (names_unique_after_change) instead of all names again.
    std::vector<std::size_t> checked_name_hashes;
    std::array<std::size_t, 4> checked_name_parts{};
    bool checked_hashes_distinct = false;
    long full_name_checks = 0;   // how often first_duplicate ran over all names (tests see which way a check went)
    std::vector<char> engine_written;     // per signal
    std::string name_scratch;             // a name Meta composes (a state's "der(x)"), reused by every crawl
    FlatIndex<std::string_view, int> state_by_path;
    FlatIndex<std::string_view, int> variable_by_path;

    std::size_t filled_components() const { return filled_[0]; }
    std::size_t filled_signals() const { return filled_[1]; }
    std::size_t filled_plugs() const { return filled_[2]; }
    // After `component`'s metainfo: its plugs among those filled from `first_plug` on learn their shared property.
    void note_shared_properties(int component, std::size_t first_plug);

private:
    std::size_t& filled_of(const std::vector<ComponentInfo>&) { return filled_[0]; }
    std::size_t& filled_of(const std::vector<SignalInfo>&) { return filled_[1]; }
    std::size_t& filled_of(const std::vector<PlugInfo>&) { return filled_[2]; }
    std::size_t& filled_of(const std::vector<BlockInfo>&) { return filled_[3]; }
    std::size_t& filled_of(const std::vector<ParameterInfo>&) { return filled_[4]; }
    std::size_t& filled_of(const std::vector<VariableInfo>&) { return filled_[5]; }
    std::size_t& filled_of(const std::vector<ChoiceInfo>&) { return filled_[6]; }
    std::size_t& filled_of(const std::vector<StateInfo>&) { return filled_[7]; }
    std::size_t& filled_of(const std::vector<TearingInfo>&) { return filled_[8]; }
    std::size_t& filled_of(const std::vector<ResidualInfo>&) { return filled_[9]; }
    std::size_t& filled_of(const std::vector<RangeInfo>&) { return filled_[10]; }
    std::size_t& filled_of(const std::vector<SystemDefaultInfo>&) { return filled_[11]; }
    std::array<std::size_t, 12> filled_{};
    std::array<std::size_t, 12> sizes_before_{};   // the lists' sizes when the refill began
    void clear_unrefilled();
    int signal_index_by_address(const SignalBase* s) const;
    std::vector<std::size_t> block_read_start_, block_write_start_;
    std::vector<int> block_reads_, block_writes_;
    // The index of each read and written signal object as the last crawl found it, by position in the flat lists:
    // a block read or write at the same position with the same object (confirmed in signal_objects_) has that
    // index again, without a visit to the object, which a large model's blocks would miss in the cache. Valid
    // while no signal is registered twice (then the first registration counts, which only the object's hint knows).
    std::vector<int> read_signal_cache_, write_signal_cache_;
    // Every block's reads and writes in crawl order (BlockInfo::reads and writes view them); filled by Meta.
    std::vector<const SignalBase*> block_read_signals_;
    std::vector<const OutBase*> block_write_signals_;
    friend class Meta;
    bool signal_registered_twice_ = false;
    mutable FlatIndex<const SignalBase*, int> signal_index_;   // built at the first miss of a hint
    // signals[i].signal, densely (set by index_signals): a hint is confirmed in this array, not in the
    // path-carrying entries, which a pass over a large model's block reads would miss in the cache.
    std::vector<const SignalBase*> signal_objects_;
    // index_signals' scratch: each In's source, asked in the one visit to the In and resolved once every hint is set.
    std::vector<const OutBase*> in_sources_;
    mutable bool signal_index_built_ = false;
};

}  // namespace lied
