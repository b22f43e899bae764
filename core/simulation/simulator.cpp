// The Simulator's stepping and events: build a structure, start it, step it to a time (shortened at time events,
// ended at located state events), fire what is due, and apply the structural changes that are due.
#include "core/simulation/simulator.h"

#include "core/build/crawl_and_order.h"
#include "core/build/crawler.h"
#include "core/build/jacobian_pattern.h"
#include "core/build/pass_through.h"
#include "core/model/build_error.h"
#include "core/simulation/start_assembly.h"
#include "core/simulation/time_tolerance.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>

namespace lied {

Simulator::Simulator(Component& root, SimulatorOptions options) : root_(root), options_(std::move(options)) {
    integrator_ = make_integrator(options_.solver);
    try {
        build();
        reset();
    } catch (...) {
        restore_time_inputs(model_);   // the tree goes back to the simulator that had it
        // The crawl pointed the tree's Ins at their own sources, and reset() ran this structure's time-event handlers
        // and an evaluation on the shared tree: the simulator that holds the tree points its Ins past its skipped
        // pass-throughs again and sets its discrete values and signals back to its own time (only a Simulator claims
        // a tree).
        if (root_.claimed_by() && root_.claimed_by() != this)
            const_cast<Simulator*>(root_.claimed_by())->reassert_tree();
        throw;
    }
}

void Simulator::reassert_tree() {
    if (!built_) return;
    redirect_reads(model_);
    evaluator_.set_point(t_, x_.data());
    for (auto& e : model_.time_events) e.handler();   // values at t_: after the events that fired, before the others
    evaluator_.evaluate(t_, x_.data());
}

Simulator::~Simulator() {
    if (root_.claimed_by() == this) root_.claim(nullptr);
}

void Simulator::build() {
    const auto start = std::chrono::steady_clock::now();
    // Forget everything derived from the old structure first: if this build throws, nothing may point
    // into components that the user has already destroyed.
    built_ = false;
    have_pattern_ = false;
    names_.reset(model_, &t_, &x_);
    model_.skip_pass_throughs = options_.skip_pass_throughs;
    crawl_and_order(root_, time_, model_, schedule_, schedule_workspace_, prefer_cuts_);
    evaluator_.configure(model_, schedule_, time_, options_.policy, options_.linear_solver, options_.check_linearity);
    const auto n = static_cast<Eigen::Index>(model_.states.size());
    x_.setZero(n);
    step_.resize(n);
    x_before_events_.setZero(n);
    state_ranges_.clear();
    variable_ranges_.clear();
    for (std::size_t r = 0; r < model_.ranges.size(); ++r)
        (model_.ranges[r].state >= 0 ? state_ranges_ : variable_ranges_).push_back(static_cast<int>(r));
    clock_.configure(model_);
    crossings_.configure(model_, evaluator_);
    locator_.configure(model_.zero_crossings.size(), n);
    fired_now_.clear();
    fired_now_.reserve(model_.zero_crossings.size() + model_.time_events.size() + model_.sampled_events.size());
    x_midpoint_.setZero(n);
    auditor_.configure(model_, options_.balance);
    if (auditor_.active() && !audit_snapshot_.valid) auditor_.prepare(audit_snapshot_);   // a valid one is the books so far
    apply_estimated_scales();
    configure_integrator();
    if (!model_.outputs.empty()) check_outputs();
    ++generation_;
    spdlog::debug("built {} components, {} blocks ({} independent, {} dependent), {} states, L {}x{} ({}) in {:.1f} us",
                  model_.components.size(), model_.blocks.size(), schedule_.independent.size(), schedule_.dependent.size(),
                  model_.states.size(), model_.tearing.size(), model_.tearing.size(),
                  to_string(evaluator_.linear_system().policy()),
                  std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
}

// The integrator's view of this structure: tolerances, Jacobian structure, zero-crossing functions, sizes.
void Simulator::configure_integrator() {
    integrator_->set_tolerances(options_.tolerances);
    integrator_->set_jacobian_interval(options_.jacobian_interval);
    integrator_->set_linear_solver(options_.linear_solver);
    if (integrator_->uses_jacobian()) integrator_->set_jacobian_pattern(jacobian_pattern());
    const bool crossings = !model_.zero_crossings.empty();
    integrator_->set_root_function(crossings ? &crossings_ : nullptr);
    // The locator checks every accepted step, so an adaptive method must stop after each one.
    integrator_->set_single_step(crossings && integrator_->adaptive() && !integrator_->finds_roots());
    integrator_->resize(model_.states.size(), nominals());
    monitor_.configure(*integrator_, options_.step_monitor, model_.states.size(), nominals(),
                       integrator_->uses_jacobian() ? &jacobian_pattern() : nullptr, options_.linear_solver);
}

void Simulator::restart_integrator() {
    evaluator_.forget_kept();   // whatever restarts the integrator changed the model at the same (t, x)
    integrator_->reset();
    monitor_.check_next();
}

const SparsityPattern& Simulator::jacobian_pattern() {
    if (!have_pattern_) {
        jacobian_pattern_ = state_jacobian_pattern(model_, schedule_);
        have_pattern_ = true;
    }
    return jacobian_pattern_;
}

std::vector<double> Simulator::nominals() const {
    std::vector<double> n;
    for (auto& s : model_.states) n.push_back(s.nominal);
    return n;
}

void Simulator::reset() {
    if (model_.components.empty()) throw std::logic_error("reset: the simulator has no valid structure (the last rebuild failed)");
    built_ = false;
    t_ = 0.0;
    for (std::size_t i = 0; i < model_.states.size(); ++i) x_[static_cast<Eigen::Index>(i)] = model_.states[i].state->start;
    for (auto& in : model_.inputs) in.value->value() = *in.start;
    inputs_changed_ = false;
    evaluator_.set_point(t_, x_.data());
    clock_.start(t_);   // discrete values for t = 0
    for (auto& e : model_.start_events) *e.started = false;   // each settles again where the run starts
    take_states_from_components();
    start_remembered_pasts();
    settle_followed_starts();
    start_at_derivatives();
    const AssemblyOutcome assembled = assemble_start(model_, evaluator_, t_, x_, nominals());
    if (assembled.needed) {
        const StateInfo& most = model_.states[static_cast<std::size_t>(assembled.largest_state)];
        spdlog::info("start assembled in {} Gauss-Newton steps: the loops' conditions met nearest the start values, {} moved most, by {} {}",
                     assembled.iterations, most.path, assembled.largest_change, most.unit);
    }
    check_and_start();
    estimate_nominal_scales();
    auditor_.start(t_);
    clear_statistics();
    segments_.assign(1, Segment{t_, "start", model_.states.size()});
}

// Blocks that remember the past start it before the start is computed (a delay holds u where the run starts, as
// Modelica's delay does at initialisation), not at 0 or at what the last run left: their start events run on the model
// evaluated at the start states, and run again once the start is settled (settle_start_events).
void Simulator::start_remembered_pasts() {
    if (model_.after_steps.empty()) return;
    if (!evaluator_.evaluate(t_, x_.data())) return;   // not finite: the start's own checks name the value
    for (const StartEventInfo& e : model_.start_events)
        for (const AfterStepInfo& a : model_.after_steps)
            if (e.component == a.component) {
                e.handler();
                break;
            }
    evaluator_.evaluate(t_, x_.data());
}

// Where a component's state is in x, or -1 (a linear search: for the starts at a reset, not for stepping).
int Simulator::state_index_of(const State* state) const {
    for (std::size_t i = 0; i < model_.states.size(); ++i)
        if (model_.states[i].state == state) return static_cast<int>(i);
    return -1;
}

// States that start where the model puts them (Meta::start_follows): evaluate, set, again until none moves. Each pass
// settles at least one more link of a chain, so as many passes as such states suffice; a last evaluation confirms
// it, and a state that still moves then (it feeds the value it follows) is a build error naming it. `movable`, when
// given, limits the settling to the states it marks (after a structure change: the new ones).
void Simulator::settle_followed_starts(const std::vector<char>* movable) {
    if (model_.start_follows.empty()) return;
    std::vector<int> index;
    for (auto& f : model_.start_follows) {
        int found = state_index_of(f.state);
        if (found >= 0 && movable && !(*movable)[static_cast<std::size_t>(found)]) found = -1;
        index.push_back(found);
    }
    auto settle_pass = [&] {
        evaluator_.evaluate(t_, x_.data());   // a failed evaluation leaves NaN values, which are not taken
        bool moved = false;
        for (std::size_t k = 0; k < index.size(); ++k) {
            if (index[k] < 0) continue;
            const double v = *model_.start_follows[k].value;
            double& x = x_[index[k]];
            if (std::isfinite(v) && v != x) {
                x = v;
                model_.start_follows[k].state->value.value() = v;
                moved = true;
            }
        }
        return moved;
    };
    for (std::size_t pass = 0; pass < model_.start_follows.size(); ++pass)
        if (!settle_pass()) return;
    if (!settle_pass()) return;
    for (std::size_t k = 0; k < index.size(); ++k)
        if (index[k] >= 0)
            throw BuildError(model_.states[static_cast<std::size_t>(index[k])].path +
                                 " starts where the model puts it (its inlet's value), which moves with it and does not settle" +
                                 " (rule: a state that starts from another value must not feed that value; give it another start, e.g. init = T)",
                             "a start value that settles");
}

// States that start where their derivative has a given value (Meta::start_derivative), the others held at their
// starts: one solve for all of them, by the steady-state method with the rates as targets. A start that follows a
// value of the model (Meta::start_follows) may depend on them and they on it: the two are alternated until neither
// moves, as Modelica solves both initial equations together. A start where the model cannot be evaluated is left to
// the usual start check, which names the block; a start that is not found stops with the states at their starts.
void Simulator::start_at_derivatives() {
    if (model_.start_derivatives.empty()) return;
    std::vector<int> free;
    std::vector<double> rates;
    for (auto& d : model_.start_derivatives)
        if (const int i = state_index_of(d.state); i >= 0) {
            free.push_back(i);
            rates.push_back(*d.rate);
        }
    if (free.empty()) return;
    Eigen::VectorXd xdot(x_.size());
    if (!evaluator_.derivatives(t_, x_.data(), xdot.data()) || !xdot.allFinite()) return;
    const Eigen::VectorXd start = x_;
    SteadyStateResult result;
    for (int pass = 0; pass < 20; ++pass) {
        const Eigen::VectorXd before = x_;
        result = solve_steady_state(evaluator_, jacobian_pattern(), nominals(), t_, x_, free, {}, rates);
        if (!result.converged) break;
        for (int i : free) model_.states[static_cast<std::size_t>(i)].state->value.value() = x_[i];
        settle_followed_starts();
        if (x_ == before || model_.start_follows.empty()) break;
    }
    if (result.converged) return;
    const int worst = result.worst >= 0 ? result.worst : free.front();
    const std::size_t k = static_cast<std::size_t>(std::find(free.begin(), free.end(), worst) - free.begin());
    const StateInfo& state = model_.states[static_cast<std::size_t>(worst)];
    const double trial = x_[worst];
    const bool evaluated = evaluator_.derivatives(t_, x_.data(), xdot.data());
    x_ = start;   // the simulator is left at the starts, not at the last trial
    for (std::size_t i = 0; i < model_.states.size(); ++i) model_.states[i].state->value.value() = x_[static_cast<Eigen::Index>(i)];
    evaluator_.evaluate(t_, x_.data());
    const std::string rate_unit = state.unit.find('/') == std::string::npos ? state.unit + "/s" : "(" + state.unit + ")/s";
    std::ostringstream s;
    s << "no start found where der(" << state.path << ") = " << (k < rates.size() ? rates[k] : 0.0) << " " << rate_unit;
    if (evaluated && std::isfinite(xdot[worst]))
        s << ": after " << result.iterations << " iterations it is still " << xdot[worst] << " " << rate_unit << " at " << state.path
          << " = " << trial << " " << state.unit;
    s << " (rule: a state started by its derivative (initM_flow = derivative, steadyState, initType = SteadyState) needs a value where the model gives "
      << "that derivative with the other states at their starts; where the derivative does not depend on the state, e.g. a flow "
      << "with no resistance in its way, there is none)";
    throw SimulationError(s.str());
}

// Handlers may re-initialise states by writing their values: the state vector takes them over.
void Simulator::take_states_from_components() {
    for (std::size_t i = 0; i < model_.states.size(); ++i) x_[static_cast<Eigen::Index>(i)] = model_.states[i].state->value.value();
}

void Simulator::clear_statistics() {
    integrator_->clear_stats();
    monitor_.clear();
    evaluator_.clear_evaluations();
    clock_.clear_counts();
    crossings_.clear_counts();
}

void Simulator::evaluate() {
    if (built_ && root_.claimed_by() == this) evaluator_.evaluate(t_, x_.data());
}

// Every event due now fires once, in this order: located state events, time events, sampled events. Handlers
// see the event's own time and consistent signals: a time a rounding step ahead (3 × 0.3 < 0.9) moves the
// simulation to the event instead of firing it early. Then the states take over what handlers wrote, the
// zero crossings are re-armed, and integrator history and the factored L are dropped (a discontinuity).
StepStatus Simulator::fire_due_events() {
    const double horizon = t_ + time_tolerance(t_);
    if (!locator_.any_due() && !clock_.due(horizon)) return StepStatus::Ok;

    t_ = clock_.latest_due(t_, horizon);
    time_.value() = t_;
    evaluator_.evaluate(t_, x_.data());
    fired_now_.clear();
    if (monitor_.following()) x_before_events_ = x_;   // for the followed solution's jump; the same size: no allocation

    const std::vector<char>& due = locator_.due();
    for (std::size_t i = 0; i < due.size(); ++i) {
        if (!due[i]) continue;
        if (crossings_.chatters(i, t_, options_.chatter_events, options_.chatter_interval)) {
            chatter_crossing_ = static_cast<int>(i);
            failed_time_ = t_;
            locator_.clear();
            return StepStatus::Chattering;
        }
        const bool runs = due[i] == CrossingLocator::kSideChanged ? crossings_.flip(i) : crossings_.cross(i, due[i] == CrossingLocator::kRising);
        if (runs) {
            crossings_.run_handler(i);
            fired_now_.push_back(static_cast<int>(i));
        }
    }
    located_now_ = fired_now_.size();   // the located crossings: their components' settling waits (settle_after_events)
    clock_.fire_due(t_, horizon, fired_now_, due.size());
    take_states_from_components();
    // Event iteration and the relations' settling (they read their inputs anew, as Modelica evaluates them at every
    // event), until neither changes anything; bounded as each is.
    for (std::size_t pass = 0; pass <= model_.zero_crossings.size(); ++pass) {
        if (const StepStatus moved = fire_crossings_moved_by_events(due); moved != StepStatus::Ok) {
            locator_.clear();
            return moved;
        }
        if (!settle_after_events()) break;
    }
    monitor_.shift(x_before_events_, x_);   // a handler's jump (a bounce) happens to the followed solution too
    restart_integrator();
    evaluator_.linear_system().invalidate();
    if (auditor_.active()) {   // what the handlers changed in the books (L as the handlers left it: probed again)
        evaluator_.evaluate(t_, x_.data());
        if (!auditor_.after_event(t_) && options_.balance.mode == CheckMode::Error) {
            failed_time_ = t_;
            return StepStatus::BalanceBroken;
        }
    }
    if (!model_.zero_crossings.empty()) {
        evaluator_.derivatives(t_, x_.data(), step_.k1.data());
        crossings_.arm(&due);
    }
    locator_.clear();
    if (changes_.waits_for_events())   // changes waiting for an event that fired now are due now, after the events
        for (int id : fired_now_) changes_.release(fired_event_name(id), t_);
    if (on_event_) notify_events();
    return after_accepted_step(StepStatus::Ok);   // the values the events left (a jump the past must hold)
}

// Event iteration, as Modelica fires a `when` whose condition an event made true: an indicator that this event's
// handlers moved across zero in its direction, with no root in time to locate (a trigger on a signal that stepped at a
// time event), fires now. Those located at this event keep what their handlers decided. Each fires at most once per
// pass, each pass after the model is evaluated anew; allocates nothing (fired_now_ has room for every event once).
StepStatus Simulator::fire_crossings_moved_by_events(const std::vector<char>& due) {
    const std::size_t n = model_.zero_crossings.size();
    if (crossings_.handled() == 0) return StepStatus::Ok;
    for (std::size_t pass = 0; pass <= n; ++pass) {
        evaluator_.linear_system().invalidate();   // a handler may have switched a component's linear part
        if (!evaluator_.evaluate(t_, x_.data())) return StepStatus::Ok;   // not finite: the next step names the value
        bool fired = false;
        for (std::size_t i = 0; i < n; ++i) {
            if (due[i]) continue;
            const int moved = crossings_.moved(i);
            if (moved == 0) continue;
            if (crossings_.chatters(i, t_, options_.chatter_events, options_.chatter_interval)) {
                chatter_crossing_ = static_cast<int>(i);
                failed_time_ = t_;
                return StepStatus::Chattering;
            }
            if (!crossings_.cross(i, moved > 0)) continue;   // against its direction: it changes side, nothing runs
            crossings_.run_handler(i);
            if (std::find(fired_now_.begin(), fired_now_.end(), static_cast<int>(i)) == fired_now_.end()) fired_now_.push_back(static_cast<int>(i));
            fired = true;
        }
        if (!fired) return StepStatus::Ok;
        take_states_from_components();
    }
    return StepStatus::Ok;
}

// fired_now_ numbers zero crossings, then time events, then sampled events.
const std::string& Simulator::fired_event_name(int id) const {
    const auto k = static_cast<std::size_t>(id);
    const std::size_t nz = model_.zero_crossings.size(), nt = model_.time_events.size();
    return k < nz ? model_.zero_crossings[k].path : k < nz + nt ? model_.time_events[k - nz].path : model_.sampled_events[k - nz - nt].path;
}

// The user's callback, once per event that fired now; it may rebuild, so names are copied first.
void Simulator::notify_events() {
    std::vector<std::string> names;
    for (int id : fired_now_) names.push_back(fired_event_name(id));
    for (auto& name : names) on_event_(*this, name);
}

void Simulator::set_time_and_states(double t, const double* x) {
    auditor_.suspend();   // the external integrator's steps are not the books' to follow
    evaluator_.forget_kept();
    t_ = t;
    time_.value() = t;
    for (Eigen::Index i = 0; i < x_.size(); ++i) x_[i] = x[i];
}

bool Simulator::event_indicators(double* g) {
    if (!built_) return false;
    return model_.zero_crossings.empty() || crossings_.values(t_, x_.data(), g);
}

StepStatus Simulator::fire_events_now(bool* fired) {
    if (!built_) return StepStatus::NotBuilt;
    if (!model_.zero_crossings.empty() && !locator_.mark_changed_sides(crossings_, t_, x_.data())) return StepStatus::EvaluationFailed;
    fired_now_.clear();
    StepStatus status = fire_due_events();
    if (fired) *fired = !fired_now_.empty();
    if (status == StepStatus::Ok) status = apply_due_changes();
    return status;
}

// One step towards t_target (shortened at the next time event); events due at t must have fired.
StepStatus Simulator::step_once(double t_target, double h_max) {
    const double next_event = next_event_after(t_);
    const double stop = std::min(t_target, next_event);
    double h = integrator_->adaptive() ? stop - t_ : std::min(h_max, stop - t_);
    if (stop - (t_ + h) < 1e-9 * h) h = stop - t_;   // no sliver step from rounding
    failed_step_ = h;
    if (!(t_ + h > t_)) {   // below the resolution of time at t
        failed_time_ = t_;
        return StepStatus::InvalidStep;
    }
    step_.t0 = t_;
    step_.x0 = x_;
    // A step far below the scale of the run (to an event at 1e-300 s) is below what a solver resolves (CVODE refuses
    // it): one explicit Euler step, exact to rounding over such a span.
    if (h < 1e-13 * std::max(std::abs(t_), t_target - t_)) {
        if (!evaluator_.derivatives(t_, x_.data(), step_.k0.data())) return fail(StepStatus::EvaluationFailed);
        x_ += h * step_.k0;
        t_ = stop;
        const StepStatus checked = check_states();
        return checked == StepStatus::Ok ? after_accepted_step(audit()) : fail(checked);
    }
    integrator_->set_hard_stop(std::min(hard_end_, next_event));
    failures_before_step_ = evaluator_.failures();
    const StepStatus status = integrator_->advance(evaluator_, t_, h, x_);
    // Adaptive methods may stop early: after one step (for the event locator) or at a root (CVODE).
    const double done = integrator_->adaptive() && status == StepStatus::Ok ? integrator_->advanced() : h;
    t_ = (t_ + done >= stop - time_tolerance(stop)) ? stop : t_ + done;
    if (status != StepStatus::Ok) return fail(blame_step_if_followed(status));
    if (!model_.zero_crossings.empty()) {
        if (integrator_->finds_roots()) {
            locator_.take_roots(*integrator_);
        } else {
            const double t_end = t_;
            const double tol = std::max(options_.event_tolerance * std::max(1.0, std::abs(t_)), 4 * std::numeric_limits<double>::epsilon() * std::abs(t_));
            if (const StepStatus located = locator_.locate(crossings_, step_, t_, x_, tol); located != StepStatus::Ok) return fail(located);
            if (!integrator_->adaptive() && t_ < t_end)
                if (const StepStatus redone = redo_step_to_crossing(); redone != StepStatus::Ok) return fail(blame_step_if_followed(redone));
        }
    }
    // The step as taken (a fixed step redone up to a crossing is a step of its own): an estimate that fails to
    // evaluate leaves the step as it is.
    if (monitor_.active() && !monitor_.observe(evaluator_, step_.t0, t_ - step_.t0, step_.x0, x_) && options_.step_monitor.mode == CheckMode::Error)
        return fail(StepStatus::StepTooLarge);
    const StepStatus checked = check_states();
    return checked == StepStatus::Ok ? after_accepted_step(audit()) : fail(blame_step_if_followed(checked));
}

// The handlers that remember the past (Meta::after_step) see the step's end, evaluated there: a step's last
// evaluation is one of its stages, not its end.
StepStatus Simulator::after_accepted_step(StepStatus audited) {
    if (audited != StepStatus::Ok || model_.after_steps.empty()) return audited;
    if (!evaluator_.evaluate(t_, x_.data())) {   // the step stands (its states are finite); what it leads to is not
        failed_time_ = t_;
        return StepStatus::EvaluationFailed;
    }
    for (const AfterStepInfo& a : model_.after_steps) a.handler();
    return StepStatus::Ok;
}

// A fixed step that crossed an indicator ends at the crossing: the interpolant located it, and the step is taken
// again from its start to there, so that no step integrates across a kink or an event (across one, a step is only
// first order: an elastic contact's onset inside a step made a ball bounce higher than it fell). The interpolant
// spans the kink too, so where the redone step lands more than a thousandth of the step's travel off the crossing,
// one secant through the step's start and that landing point moves it there (one more step, on the smooth side). The
// located crossings stay due whichever side of zero the redone step ends on; any other indicator that changed side
// by then is due too.
StepStatus Simulator::redo_step_to_crossing() {
    const double t0 = step_.t0, t_end = step_.t1;
    const std::size_t first = locator_.first_located();
    const double g0 = locator_.start_value(first);
    double t_try = t_;
    for (int attempt = 0;; ++attempt) {
        x_ = step_.x0;   // the same size: no allocation
        if (const StepStatus status = integrator_->advance(evaluator_, t0, t_try - t0, x_); status != StepStatus::Ok) return status;
        t_ = t_try;
        if (!locator_.evaluate_trial(crossings_, t_, x_.data())) return StepStatus::EvaluationFailed;
        const double g = locator_.trial_value(first);
        if (attempt == 1 || !(std::abs(g) > 1e-3 * std::abs(g0)) || g0 == g) break;
        const double t_next = t_try + g * (t_try - t0) / (g0 - g);
        if (!(t_next > t0 && t_next < t_end)) break;
        t_try = t_next;
    }
    locator_.add_changed_sides_from_trial(crossings_);
    return StepStatus::Ok;
}

// The books after an accepted step: one evaluation at its end, then the declared terms read and summed. An
// adaptive step may span many of the solver's internal steps: its exchanges are integrated by Simpson's rule, the
// middle taken on the step's cubic Hermite interpolant (three more evaluations; an adaptive step costs many).
StepStatus Simulator::audit() {
    if (!auditor_.active()) return StepStatus::Ok;
    const double step = t_ - step_.t0;
    if (integrator_->adaptive() && step > 0 && interpolate_last_step()) {
        const double middle = step_.t0 + 0.5 * step;
        step_.at(middle, x_midpoint_);
        if (evaluator_.evaluate(middle, x_midpoint_.data())) auditor_.sample_midpoint();
    }
    evaluator_.evaluate_and_keep(t_, x_.data());   // the next step's first stage starts here: evaluated once
    if (auditor_.observe(t_) || options_.balance.mode != CheckMode::Error) return StepStatus::Ok;
    failed_time_ = t_;
    return StepStatus::BalanceBroken;   // the step stays taken: the books say what it did
}

void Simulator::audit_user_change() {
    if (!auditor_.active() || !built_) return;
    evaluator_.evaluate(t_, x_.data());
    auditor_.rebase(t_);
}

// A step that cannot be evaluated or turns a state non-finite while a large error is being followed: the step is the
// cause (the solution ran away from the one with half the step), and the message says so.
StepStatus Simulator::blame_step_if_followed(StepStatus status) {
    const bool runaway = status == StepStatus::EvaluationFailed || status == StepStatus::NonFiniteState;
    if (!runaway || !monitor_.active() || !monitor_.following() || options_.step_monitor.mode != CheckMode::Error) return status;
    monitor_.conclude();
    return StepStatus::StepTooLarge;
}

// The last step's ends for the interpolant: derivatives at (t0, x0) and (t_, x_).
bool Simulator::interpolate_last_step() {
    step_.t1 = t_;
    step_.x1 = x_;
    return evaluator_.derivatives(step_.t0, step_.x0.data(), step_.k0.data()) && evaluator_.derivatives(t_, x_.data(), step_.k1.data());
}

StepStatus Simulator::advance_to(double t_target, double h_max) {
    if (!built_) return StepStatus::NotBuilt;
    if (root_.claimed_by() != this) {
        taken_over_ = true;
        return StepStatus::NotBuilt;
    }
    if (inputs_changed_)
        if (const StepStatus taken = take_input_changes(); taken != StepStatus::Ok) return taken;
    if (const StepStatus fired = fire_due_events(); fired != StepStatus::Ok) return fired;
    if (const StepStatus changed = apply_due_changes(); changed != StepStatus::Ok) return changed;
    while (t_ < t_target - time_tolerance(t_target)) {
        const StepStatus status = step_once(t_target, h_max);
        if (status != StepStatus::Ok) return status;
        if (const StepStatus fired = fire_due_events(); fired != StepStatus::Ok) return fired;
        if (const StepStatus changed = apply_due_changes(); changed != StepStatus::Ok) return changed;
    }
    return StepStatus::Ok;
}

StepStatus Simulator::step(double dt) {
    if (!(dt > 0) || !std::isfinite(dt)) {
        failed_step_ = dt;
        failed_time_ = t_;
        return StepStatus::InvalidStep;
    }
    return advance_to(t_ + dt, dt);
}

void Simulator::set_solver(std::string_view name) {
    integrator_ = make_integrator(name);
    options_.solver = std::string(name);
    configure_integrator();
}

}  // namespace lied
