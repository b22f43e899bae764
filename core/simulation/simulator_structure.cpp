// The Simulator's structural changes: building a new structure from a changed tree and carrying the running
// values over by name (states, events, samplers), applying changes now, at a time or after an event.
#include "core/simulation/simulator.h"

#include "core/build/crawler.h"
#include "core/diagnostics/diagnosis.h"
#include "core/model/build_error.h"
#include "core/simulation/time_tolerance.h"
#include "core/support/closest_name.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace lied {

// The build-time checks at the current point (every value finite, L regular, residuals affine), then a full
// evaluation so that every variable is consistent; only then may the simulator step.
void Simulator::check_and_start() {
    if (auto bad = first_non_finite_value(model_, schedule_, evaluator_, t_, x_.data())) {
        std::ostringstream s;
        s << "at t = " << t_ << " s, " << *bad
          << " (rule: every value is finite at the start; check the parameters and start values of that component)"
          << broken_range_note(x_.data());
        throw BuildError(s.str(), "finite values");
    }
    restart_integrator();
    monitor_.forget();   // a new start: nothing to follow
    // The finiteness check ran every block at this point with z = 0: L's checks read r0 from that pass, probe and
    // factor L, and the evaluation below solves with it and runs the dependent blocks once more. (Running the
    // independent blocks again would change nothing but the last bits of a warm-started Newton.)
    evaluator_.linear_system().check_after_full_pass(model_, options_.check_linearity);
    evaluator_.evaluate_after_checks(t_, x_.data());
    settle_start_events();
    crossings_.arm();
    locator_.clear();
    root_.claim(this);
    taken_over_ = false;
    built_ = true;
    retired_arrays_.clear();   // the build registered the arrays' current storage
}

// Discrete values that follow relations of the model's values (a threshold's y = u > threshold) where a structure
// starts: the start events of components that have not started in this run, and those that follow their inputs after
// every event too. Each runs on the model evaluated here, again until no discrete signal changes (a chain settles; at
// most one pass more than there are such events).
void Simulator::settle_start_events() {
    std::vector<std::size_t> due;
    for (std::size_t k = 0; k < model_.start_events.size(); ++k)
        if (!*model_.start_events[k].started || model_.start_events[k].after_events) due.push_back(k);
    discrete_scratch_.assign(model_.discrete_signals.size(), 0.0);   // sized here: the step path reuses it
    if (due.empty()) return;
    bool settled = false;
    for (std::size_t pass = 0; pass <= due.size() && !settled; ++pass) {
        settled = run_settling_handlers([&](std::size_t k) { return std::find(due.begin(), due.end(), k) != due.end(); });
        if (!settled && !evaluator_.evaluate(t_, x_.data())) break;   // not finite: the first step names the value
    }
    if (!settled) spdlog::warn("t = {} s: the start's discrete values did not settle in {} passes (a chain of relations that feeds back)", t_, due.size() + 1);
    for (std::size_t k : due) *model_.start_events[k].started = true;
}

// After the handlers of the events that fired now: the relations set again from the inputs as the handlers left them,
// until none changes (bounded as at the start). Those whose own zero crossing was located now keep what it decided
// (one the event iteration fired lies strictly across zero, where settling agrees with it). Allocates nothing: the step
// path runs it. True if a discrete signal changed.
bool Simulator::settle_after_events() {
    bool any = false;
    for (const StartEventInfo& e : model_.start_events) any |= e.after_events;
    if (!any) return false;
    const std::size_t nz = model_.zero_crossings.size();
    auto own_crossing_fired = [&](int component) {
        for (std::size_t k = 0; k < located_now_ && k < fired_now_.size(); ++k) {
            const int id = fired_now_[k];
            if (static_cast<std::size_t>(id) < nz && model_.zero_crossings[static_cast<std::size_t>(id)].component == component) return true;
        }
        return false;
    };
    for (std::size_t pass = 0; pass <= model_.start_events.size(); ++pass) {
        evaluator_.linear_system().invalidate();   // a handler may have switched a component's linear part
        if (!evaluator_.evaluate(t_, x_.data())) return pass > 0;   // not finite: the next step names the value
        const bool settled = run_settling_handlers([&](std::size_t k) {
            const StartEventInfo& e = model_.start_events[k];
            return e.after_events && !own_crossing_fired(e.component);
        });
        if (settled) return pass > 0;
    }
    return true;
}

// Runs the start events `chosen(k)` picks; true if no discrete signal changed.
template <class Chosen>
bool Simulator::run_settling_handlers(Chosen&& chosen) {
    for (std::size_t i = 0; i < model_.discrete_signals.size(); ++i) {
        const double* v = model_.discrete_signals[i]->real_value();
        discrete_scratch_[i] = v ? *v : 0.0;
    }
    for (std::size_t k = 0; k < model_.start_events.size(); ++k)
        if (chosen(k)) model_.start_events[k].handler();
    take_states_from_components();   // a handler may re-initialise its state (an integrator reset by a switched input)
    bool unchanged = true;
    for (std::size_t i = 0; i < model_.discrete_signals.size(); ++i) {
        const double* v = model_.discrete_signals[i]->real_value();
        unchanged &= (v ? *v : 0.0) == discrete_scratch_[i];
    }
    if (!unchanged) evaluator_.forget_kept();
    return unchanged;
}

void Simulator::rebuild() {
    rebuild_with({});
    segments_.push_back({t_, "rebuild", model_.states.size()});
}

void Simulator::apply(StructuralChange& change) {
    if (!built_) throw std::logic_error("apply: the simulator has no valid structure (the last rebuild failed)");
    auto refused = [&](const std::exception& error) {
        return StructuralChangeError("structural change '" + change.description() + "' refused at t = " + std::to_string(t_) + " s: " +
                                     error.what() + "; the previous structure runs on");
    };
    StructuralChange::Undo undo;
    // While edits are made and undone, a parameter read at build is only set: the rebuild that follows applies it.
    struct Editing {
        bool& flag;
        explicit Editing(bool& f) : flag(f) { flag = true; }
        ~Editing() { flag = false; }
    };
    try {
        Editing editing(editing_);
        change.make_edits(root_, *this, undo);   // undoes its own edits and throws if one cannot be made
    } catch (const StructuralChangeError& error) {
        // Looking up paths crawled parts of the tree, and a crawl may remake what a structural parameter sizes
        // (a rod's volumes): build the restored tree again so that no old pointer survives.
        rebuild_with({});
        throw refused(error);
    }
    const std::size_t before = model_.states.size();
    try {
        rebuild_with(change.initializers());
    } catch (const std::exception& error) {
        {
            Editing editing(editing_);
            undo.run();
        }
        try {
            rebuild_with({});   // the previous structure with the states it had (kept across failed rebuilds)
        } catch (const std::exception& restoring) {   // an edit that could not be undone: say so, as a refused change
            throw StructuralChangeError("structural change '" + change.description() + "' refused at t = " + std::to_string(t_) + " s: " +
                                        error.what() + "; the previous structure could not be restored either (" + restoring.what() +
                                        "): rebuild() after fixing the composition");
        }
        throw refused(error);
    }
    segments_.push_back({t_, change.description(), model_.states.size(), carry_text()});
    spdlog::info("t = {} s: {} ({} states, {} before)", t_, change.description(), model_.states.size(), before);
}

// How the last carry_states gave the states their values, for the segment table (composed only there: a rebuild
// of the same shape allocates nothing for it).
std::string Simulator::carry_text() const {
    std::vector<char> is_set(model_.states.size(), 0);
    for (int i : rewritten_) is_set[static_cast<std::size_t>(i)] = 1;
    std::size_t n_set = 0;
    std::string names;
    for (std::size_t i = 0; i < is_set.size(); ++i) {
        if (!is_set[i]) continue;
        if (++n_set <= 4) names += (names.empty() ? "" : ", ") + model_.states[i].path;
    }
    std::string text = std::to_string(carried_by_name_) + " carried by name";
    if (n_set > 0) text += ", " + std::to_string(n_set) + " set by the change or a take-over (" + names + (n_set > 4 ? ", …)" : ")");
    return text;
}

void Simulator::set_state(std::string_view name, double value) {
    const std::size_t i = names_.state_index(name);
    x_[static_cast<Eigen::Index>(i)] = value;
    if (written_) written_->push_back(static_cast<int>(i));
    if (initializing_) return;   // the rebuild checks and evaluates next
    evaluator_.set_point(t_, x_.data());
    restart_integrator();
    monitor_.forget();   // the states moved by hand: the followed solution is no longer comparable
    evaluator_.linear_system().invalidate();
    evaluate();
    if (auditor_.active()) auditor_.rebase(t_);   // the user moved a state: the jump is the user's change
}

// Values by name of the running structure (states, event flags, sample sequences, event counts).
void Simulator::capture_values(ValuesByName& into) const {
    // The paths' buffers are reused: a rebuild of an unchanged shape allocates nothing here.
    into.state_paths.resize(model_.states.size());
    into.state_values.resize(model_.states.size());
    into.events.clear();
    into.samples.clear();
    into.counts.clear();
    for (std::size_t i = 0; i < model_.states.size(); ++i) {
        into.state_paths[i].assign(model_.states[i].path);
        into.state_values[i] = x_[static_cast<Eigen::Index>(i)];
    }
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) into.events[model_.time_events[e].path] = clock_.fired[e];
    for (std::size_t e = 0; e < model_.sampled_events.size(); ++e) into.samples[model_.sampled_events[e].path] = clock_.sample_index[e];
    for (auto& [name, count] : statistics().events) into.counts[name] = count;
}

void Simulator::rebuild_with(const std::vector<StructuralChange::Initializer>& initializers) {
    // Values by name from the last good structure; kept across failed rebuilds until one succeeds.
    if (built_) {
        capture_values(carried_);
        auditor_.snapshot(audit_snapshot_);
    }
    build();
    start_from(carried_, initializers);
}

// The states of this structure from the previous one's: by name, start values for new ones, then the
// components' take_over and the change's initializers. Returns how many states kept their values. `written`,
// if given, collects the states that take_over or an initializer set.
int Simulator::carry_states(const std::vector<StructuralChange::Initializer>& initializers, const PreviousValues& previous,
                            std::vector<int>* written) {
    int kept = 0;
    pure_carry_.assign(model_.components.size(), 0);
    rewritten_.clear();
    std::vector<char> fresh(model_.states.size(), 0);
    for (std::size_t i = 0; i < model_.states.size(); ++i) {
        const double* before = previous.find(model_.states[i].path, i);
        x_[static_cast<Eigen::Index>(i)] = before ? *before : model_.states[i].state->start;
        kept += before != nullptr;
        fresh[i] = before == nullptr;
        if (before && !user_rebuild_) pure_carry_[static_cast<std::size_t>(model_.states[i].component)] = 1;
    }
    carried_by_name_ = kept;
    // A new state that starts where the model puts it (a ConductionElement with init = inlet) settles now, from the
    // carried states around it; the initializers and take-overs below may still set it.
    if (!previous.empty()) settle_followed_starts(&fresh);
    if (previous.empty() && initializers.empty()) return kept;
    initializing_ = true;
    written_ = written ? written : &rewritten_;
    try {
        // Components first (a refined rod redistributes its energy), then the change's own initializers.
        for (auto& c : model_.components) c.component->take_over(previous, c.path, *this);
        for (auto& initialize : initializers) initialize(previous, *this);
    } catch (...) {
        initializing_ = false;
        written_ = nullptr;
        throw;
    }
    initializing_ = false;
    written_ = nullptr;
    // A component a take-over or an initializer wrote to was made to go on on purpose (a refined rod keeps its
    // energy by redistributing it): the books take what it holds as the change's.
    const std::vector<int>& set = written ? *written : rewritten_;
    for (int i : set) pure_carry_[static_cast<std::size_t>(model_.states[static_cast<std::size_t>(i)].component)] = 0;
    carried_by_name_ = kept;
    if (&set != &rewritten_) rewritten_ = set;   // for carry_text()
    return kept;
}

// After build(): the previous structure's values by name, events and samplers where they were, the checks at
// the current point. Time is t_.
void Simulator::start_from(const ValuesByName& carried, const std::vector<StructuralChange::Initializer>& initializers) {
    built_ = false;   // until the checks at the current point pass
    int kept = 0;
    try {
        kept = carry_states(initializers, PreviousValues(carried.state_paths, carried.state_values.data()));
    } catch (...) {
        restore_time_inputs(model_);
        throw;
    }
    evaluator_.set_point(t_, x_.data());
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) {
        model_.time_events[e].handler();
        auto it = carried.events.find(model_.time_events[e].path);
        clock_.fired[e] = it != carried.events.end() ? it->second : (*model_.time_events[e].time <= t_);
    }
    // A surviving sampler goes on with its sequence; a new one starts with its first sample not in the past.
    for (std::size_t e = 0; e < model_.sampled_events.size(); ++e) {
        auto it = carried.samples.find(model_.sampled_events[e].path);
        clock_.sample_index[e] = it != carried.samples.end() ? it->second : clock_.first_sample_not_before(e, t_);
    }
    try {
        check_and_start();
    } catch (...) {
        restore_time_inputs(model_);
        throw;
    }
    if (!auditor_.carry_over(audit_snapshot_, pure_carry_, t_) && options_.balance.mode == CheckMode::Error) {
        built_ = false;
        restore_time_inputs(model_);
        throw BuildError(balance_text(), "conserved quantities across a change");
    }
    // Events keep their counts across the change (statistics of the whole run).
    auto count_of = [&](const std::string& path) {
        auto it = carried.counts.find(path);
        return it == carried.counts.end() ? 0L : it->second;
    };
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) clock_.time_counts[e] = count_of(model_.time_events[e].path);
    for (std::size_t e = 0; e < model_.sampled_events.size(); ++e) clock_.sample_counts[e] = count_of(model_.sampled_events[e].path);
    for (std::size_t e = 0; e < model_.zero_crossings.size(); ++e) crossings_.set_count(e, count_of(model_.zero_crossings[e].path));
    spdlog::debug("rebuilt at t = {}: {} of {} states kept their values", t_, kept, model_.states.size());
}

void Simulator::start_at(double t, const ValuesByName& values, const std::vector<StructuralChange::Initializer>& initializers) {
    t_ = t;
    time_.value() = t;
    start_from(values, initializers);
}

const Eigen::VectorXd& Simulator::carry_states_from(const PreviousValues& previous, const std::vector<StructuralChange::Initializer>& initializers,
                                                    std::vector<int>* written) {
    carry_states(initializers, previous, written);
    return x_;
}

void Simulator::continue_segments(const std::vector<Segment>& before, Segment now) {
    segments_ = before;
    segments_.push_back(std::move(now));
}

// Bounded by the sizes of the two structures; every buffer was sized when this one was built.
bool Simulator::continue_from(const Simulator& running, const CarryMap& map) {
    if (!map.fits(running.model_, model_)) return false;
    const double t = running.t_;
    for (std::size_t i = 0; i < map.constant.size(); ++i) x_[static_cast<Eigen::Index>(i)] = map.constant[i];
    for (const CarryMap::Entry& e : map.entries) x_[e.row] += e.weight * running.x_[e.column];
    t_ = step_.t0 = t;
    time_.value() = t;
    step_.x0 = x_;
    const EventClock& from = running.clock_;
    for (std::size_t e = 0; e < map.time_event_from.size(); ++e) {
        const int k = map.time_event_from[e];
        clock_.fired[e] = k >= 0 ? from.fired[static_cast<std::size_t>(k)] : (*model_.time_events[e].time <= t);
        clock_.time_counts[e] = k >= 0 ? from.time_counts[static_cast<std::size_t>(k)] : 0;
    }
    for (std::size_t e = 0; e < map.sample_from.size(); ++e) {
        const int k = map.sample_from[e];
        clock_.sample_index[e] = k >= 0 ? from.sample_index[static_cast<std::size_t>(k)] : clock_.first_sample_not_before(e, t);
        clock_.sample_counts[e] = k >= 0 ? from.sample_counts[static_cast<std::size_t>(k)] : 0;
    }
    for (std::size_t e = 0; e < map.crossing_from.size(); ++e) {
        const int k = map.crossing_from[e];
        crossings_.set_count(e, k >= 0 ? running.crossings_.counts()[static_cast<std::size_t>(k)] : 0);
    }
    for (auto& [from, to] : map.discrete) to->value() = from->value();
    for (auto& [from, to] : map.memories)
        if (from.size() == to.size()) std::copy(from.begin(), from.end(), to.begin());   // paired by equal size
    segments_.back().start = t;
    evaluator_.set_point(t, x_.data());
    for (auto& e : model_.time_events) e.handler();   // discrete values at t, as after a rebuild
    restart_integrator();
    evaluator_.linear_system().invalidate();
    evaluator_.evaluate(t, x_.data());
    auditor_.continue_from(running.auditor_, t);   // the books go on; what the swap changed is booked as a change
    crossings_.arm();
    locator_.clear();
    return true;
}

void Simulator::schedule(double t, StructuralChange change) {
    if (!std::isfinite(t) || t < t_ - time_tolerance(t_))
        throw std::invalid_argument("schedule: the time of '" + change.description() + "' (" + std::to_string(t) + " s) is not finite or already past");
    changes_.at(t, std::move(change));
}

void Simulator::schedule_on_event(std::string event, StructuralChange change) { changes_.after_event(std::move(event), std::move(change)); }

std::vector<std::pair<double, std::string>> Simulator::scheduled_changes() const { return changes_.timed_descriptions(); }

std::vector<std::pair<std::string, std::string>> Simulator::event_changes() const { return changes_.event_descriptions(); }

std::vector<std::string> Simulator::scheduled_value_names() const { return changes_.added_value_names(); }

bool Simulator::scheduled_changes_set_parameters() const { return changes_.sets_parameters(); }

// Scheduled changes that are due now, in order. A refused one is dropped (the previous structure runs on) and
// the step reports it.
StepStatus Simulator::apply_due_changes() {
    while (changes_.due(t_)) {
        StructuralChange change = changes_.pop_due();
        try {
            apply(change);
        } catch (const StructuralChangeError& e) {
            refused_change_ = e.what();
            failed_time_ = t_;
            return StepStatus::StructureRefused;
        }
    }
    return StepStatus::Ok;
}

}  // namespace lied
