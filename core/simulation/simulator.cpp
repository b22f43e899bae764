#include "core/simulation/simulator.h"

#include "core/simulation/start_assembly.h"

#include "core/support/interrupt.h"

#include "core/model/build_error.h"
#include "core/support/closest_name.h"
#include "core/build/crawler.h"
#include "core/diagnostics/diagnosis.h"
#include "core/build/jacobian_pattern.h"
#include "core/build/pass_through.h"
#include "core/simulation/recorder.h"
#include "core/simulation/time_tolerance.h"
#include "core/diagnostics/stability.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

namespace lied {
namespace {
// What crossing_due_ holds per zero-crossing: nothing, a side change seen by the locator, or a root the
// integrator found rising or falling.
constexpr char kSideChanged = 1, kRising = 2, kFalling = 3;
}  // namespace

Simulator::Simulator(Component& root, SimulatorOptions options) : root_(root), options_(std::move(options)) {
    integrator_ = make_integrator(options_.solver);
    try {
        build();
        reset();
    } catch (...) {
        restore_time_inputs(model_);   // the tree goes back to the simulator that had it
        // The crawl pointed the tree's Ins at their own sources, and reset() ran this structure's time-event handlers
        // and an evaluation on the shared tree: the simulator that holds the tree points its Ins past its skipped
        // pass-throughs again and sets its discrete values and signals back to its own time (only a Simulator sets
        // built_by_).
        if (root_.built_by_ && root_.built_by_ != this)
            const_cast<Simulator*>(static_cast<const Simulator*>(root_.built_by_))->reassert_tree();
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
    if (root_.built_by_ == this) root_.built_by_ = nullptr;
}

namespace {
// A large dense L makes the build probe it in as many passes as it has columns, each over much of the model, and
// its factorization grow with the cube of its size: a system that builds in a second at 1000 tearing variables
// would take minutes at 10^4. Said once per new structure, since the cause is in the model, not in the engine.
void warn_if_dense(const Schedule& s) {
    constexpr std::size_t kLargeTearing = 256;
    const std::size_t n = s.pattern_start.empty() ? 0 : s.pattern_start.size() - 1;
    if (n < kLargeTearing || s.nonzeros() * 8 < n * n) return;
    spdlog::warn("L is dense: {} tearing variables, {} of {} entries ({:.0f} %), probed in {} passes; building grows with the "
                 "square of its size and factoring it with the cube. Tearing variables whose effect travels through the whole "
                 "network cause this (a manifold, a ladder); components that can cut a network end that reach (thermofluid: "
                 "cut = true on Splitter, SplitterN and JunctionN; docs/user-guide/thermofluid.md, \"Long networks\")",
                 n, s.nonzeros(), n * n, 100.0 * static_cast<double>(s.nonzeros()) / static_cast<double>(n * n), s.probe_groups.size());
}
}  // namespace

void Simulator::build() {
    const auto start = std::chrono::steady_clock::now();
    // Forget everything derived from the old structure first: if this build throws, nothing may point
    // into components that the user has already destroyed.
    built_ = false;
    have_pattern_ = false;
    names_.reset(model_, &t_, &x_);
    schedule_.forget_blocks();   // what a structure of the same shape reuses stays (see make_schedule)
    model_.skip_pass_throughs = options_.skip_pass_throughs;
    model_.prefer_cuts = prefer_cuts_;
    auto crawl_tree = [&] {
        try {
            model_ = crawl(root_, time_, std::move(model_));   // refills the old model's entries (their names' buffers)
        } catch (...) {
            schedule_.clear();
            throw;
        }
    };
    crawl_tree();
    try {
        // Reach sets of more than kReachPerBlock entries per block on average: tearing variables whose effect travels
        // through the whole network (a manifold, a ladder), an L that would be dense. If components offered cuts
        // (Meta::offer_cut), the tree is crawled again with them, and this simulator keeps asking for them.
        constexpr std::size_t kReachPerBlock = 16;
        const std::size_t budget = !prefer_cuts_ && model_.cut_offers > 0 ? kReachPerBlock * model_.blocks.size() : 0;
        if (!make_schedule(model_, schedule_, schedule_workspace_, budget)) {
            spdlog::info("the tearing variables reach through the whole network: {} components cut it", model_.cut_offers);
            prefer_cuts_ = true;
            model_.prefer_cuts = true;
            restore_time_inputs(model_);   // the next crawl records their sources again
            crawl_tree();
            make_schedule(model_, schedule_, schedule_workspace_);
        }
    } catch (...) {
        schedule_.clear();
        restore_time_inputs(model_);
        model_.clear();
        throw;
    }
    if (!schedule_.reused) warn_if_dense(schedule_);
    evaluator_.configure(model_, schedule_, time_, options_.policy, options_.linear_solver, options_.check_linearity);
    const auto n = static_cast<Eigen::Index>(model_.states.size());
    x_.setZero(n);
    for (auto* v : {&x_prev_, &k_prev_, &k_end_, &x_end_, &x_before_events_}) v->setZero(n);
    state_ranges_.clear();
    variable_ranges_.clear();
    for (std::size_t r = 0; r < model_.ranges.size(); ++r)
        (model_.ranges[r].state >= 0 ? state_ranges_ : variable_ranges_).push_back(static_cast<int>(r));
    event_fired_.assign(model_.time_events.size(), 0);
    time_event_counts_.assign(model_.time_events.size(), 0);
    sample_counts_.assign(model_.sampled_events.size(), 0);
    sample_index_.assign(model_.sampled_events.size(), 0);
    crossings_.configure(model_, evaluator_);
    for (auto* v : {&g_end_, &g_trial_, &g_start_}) v->assign(model_.zero_crossings.size(), 0.0);
    crossing_due_.assign(model_.zero_crossings.size(), 0);
    fired_now_.clear();
    fired_now_.reserve(model_.zero_crossings.size() + model_.time_events.size() + model_.sampled_events.size());
    x_trial_.setZero(n);
    auditor_.configure(model_, options_.balance);
    if (auditor_.active() && !audit_snapshot_.valid) auditor_.prepare(audit_snapshot_);   // a valid one is the books so far
    configure_integrator();
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
    evaluator_.set_point(t_, x_.data());
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) {
        model_.time_events[e].handler();   // initializes discrete values for t = 0
        event_fired_[e] = *model_.time_events[e].time <= t_;   // later ones fire at their time, however close
    }
    std::fill(sample_index_.begin(), sample_index_.end(), 0);
    take_states_from_components();
    const AssemblyOutcome assembled = assemble_start(model_, evaluator_, t_, x_, nominals());
    if (assembled.needed) {
        const StateInfo& most = model_.states[static_cast<std::size_t>(assembled.largest_state)];
        spdlog::info("start assembled in {} Gauss-Newton steps: the loops' conditions met nearest the start values, {} moved most, by {} {}",
                     assembled.iterations, most.path, assembled.largest_change, most.unit);
    }
    check_and_start();
    auditor_.start(t_);
    clear_statistics();
    segments_.assign(1, Segment{t_, "start", model_.states.size()});
}

// Handlers may re-initialise states by writing their values: the state vector takes them over.
void Simulator::take_states_from_components() {
    for (std::size_t i = 0; i < model_.states.size(); ++i) x_[static_cast<Eigen::Index>(i)] = model_.states[i].state->value.value;
}

void Simulator::clear_statistics() {
    integrator_->clear_stats();
    monitor_.clear();
    evaluator_.clear_evaluations();
    std::fill(time_event_counts_.begin(), time_event_counts_.end(), 0);
    std::fill(sample_counts_.begin(), sample_counts_.end(), 0);
    crossings_.clear_counts();
}

RunStatistics Simulator::statistics() const {
    RunStatistics r;
    const IntegratorStats& st = integrator_->stats();
    r.solver = integrator_->name();
    r.steps = st.steps;
    r.rejected_steps = st.rejected;
    r.solver_evaluations = st.rhs_calls;
    r.model_evaluations = evaluator_.evaluations();
    r.jacobians = st.jacobians;
    r.jacobian_colours = static_cast<long>(integrator_->jacobian_colours());
    r.factorizations = st.factorizations;
    r.step_checks = monitor_.checks();
    r.steps_too_large = monitor_.exceeded();
    r.large_errors_absorbed = monitor_.absorbed();
    r.worst_error_ratio = monitor_.worst().ratio;
    if (monitor_.worst().state >= 0) r.worst_error_text = step_error_text(monitor_.worst());
    r.balance_violations = auditor_.violations();
    r.balance_lines = balance_lines();
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) r.events.emplace_back(model_.time_events[e].path, time_event_counts_[e]);
    for (std::size_t e = 0; e < model_.sampled_events.size(); ++e) r.events.emplace_back(model_.sampled_events[e].path, sample_counts_[e]);
    for (std::size_t e = 0; e < model_.zero_crossings.size(); ++e) r.events.emplace_back(model_.zero_crossings[e].path, crossings_.counts()[e]);
    return r;
}

long Simulator::first_sample_not_before(std::size_t e, double t) const {
    const double k = std::ceil((t - *model_.sampled_events[e].offset) / *model_.sampled_events[e].period - 1e-9);
    return std::max(0L, static_cast<long>(k));
}

void Simulator::evaluate() {
    if (built_ && root_.built_by_ == this) evaluator_.evaluate(t_, x_.data());
}

double Simulator::sample_time(std::size_t e) const {
    const SampledEventInfo& se = model_.sampled_events[e];
    return *se.offset + static_cast<double>(sample_index_[e]) * *se.period;   // no drift from adding periods
}

// Every event due now fires once, in this order: located state events, time events, sampled events. Handlers
// see the event's own time and consistent signals: a time a rounding step ahead (3 × 0.3 < 0.9) moves the
// simulation to the event instead of firing it early. Then the states take over what handlers wrote, the
// zero crossings are re-armed, and integrator history and the factored L are dropped (a discontinuity).
StepStatus Simulator::fire_due_events() {
    const double horizon = t_ + time_tolerance(t_);
    bool due = std::any_of(crossing_due_.begin(), crossing_due_.end(), [](char c) { return c != 0; });
    for (std::size_t e = 0; e < model_.time_events.size() && !due; ++e) due = !event_fired_[e] && *model_.time_events[e].time <= horizon;
    for (std::size_t e = 0; e < model_.sampled_events.size() && !due; ++e) due = sample_time(e) <= horizon;
    if (!due) return StepStatus::Ok;

    for (std::size_t e = 0; e < model_.time_events.size(); ++e)
        if (!event_fired_[e] && *model_.time_events[e].time <= horizon) t_ = std::max(t_, *model_.time_events[e].time);
    for (std::size_t e = 0; e < model_.sampled_events.size(); ++e)
        if (sample_time(e) <= horizon) t_ = std::max(t_, sample_time(e));
    time_.value = t_;
    evaluator_.evaluate(t_, x_.data());
    fired_now_.clear();
    if (monitor_.following()) x_before_events_ = x_;   // for the followed solution's jump; the same size: no allocation

    for (std::size_t i = 0; i < crossing_due_.size(); ++i) {
        if (!crossing_due_[i]) continue;
        if (crossings_.chatters(i, t_, options_.chatter_events, options_.chatter_interval)) {
            chatter_crossing_ = static_cast<int>(i);
            failed_time_ = t_;
            std::fill(crossing_due_.begin(), crossing_due_.end(), 0);
            return StepStatus::Chattering;
        }
        const bool runs = crossing_due_[i] == kSideChanged ? crossings_.flip(i) : crossings_.cross(i, crossing_due_[i] == kRising);
        if (runs) {
            crossings_.run_handler(i);
            fired_now_.push_back(static_cast<int>(i));
        }
    }
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) {
        if (event_fired_[e] || *model_.time_events[e].time > horizon) continue;
        model_.time_events[e].handler();
        event_fired_[e] = 1;
        ++time_event_counts_[e];
        fired_now_.push_back(static_cast<int>(crossing_due_.size() + e));
    }
    for (std::size_t e = 0; e < model_.sampled_events.size(); ++e) {
        if (sample_time(e) > horizon) continue;
        model_.sampled_events[e].handler();
        ++sample_counts_[e];
        fired_now_.push_back(static_cast<int>(crossing_due_.size() + model_.time_events.size() + e));
        // The next sample after now (one handler call per instant, even after a long step).
        const SampledEventInfo& se = model_.sampled_events[e];
        sample_index_[e] = std::max(sample_index_[e] + 1, static_cast<long>(std::floor((t_ - *se.offset) / *se.period)) + 1);
        while (sample_time(e) <= t_ + time_tolerance(t_)) ++sample_index_[e];
    }
    take_states_from_components();
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
        evaluator_.derivatives(t_, x_.data(), k_end_.data());
        crossings_.arm(&crossing_due_);
    }
    std::fill(crossing_due_.begin(), crossing_due_.end(), 0);
    if (!on_event_changes_.empty()) queue_event_changes();
    if (on_event_) notify_events();
    return StepStatus::Ok;
}

// Changes waiting for an event that fired now become due now (apply_due_changes makes them after the events).
void Simulator::queue_event_changes() {
    for (int id : fired_now_) {
        const std::string& name = fired_event_name(id);
        for (auto it = on_event_changes_.begin(); it != on_event_changes_.end();) {
            if (it->first != name) {
                ++it;
                continue;
            }
            insert_scheduled(t_, std::move(it->second));
            it = on_event_changes_.erase(it);
        }
    }
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
    t_ = t;
    time_.value = t;
    for (Eigen::Index i = 0; i < x_.size(); ++i) x_[i] = x[i];
}

bool Simulator::event_indicators(double* g) {
    if (!built_) return false;
    return model_.zero_crossings.empty() || crossings_.values(t_, x_.data(), g);
}

StepStatus Simulator::fire_events_now(bool* fired) {
    if (!built_) return StepStatus::NotBuilt;
    if (!model_.zero_crossings.empty()) {
        if (!crossings_.values(t_, x_.data(), g_trial_.data())) return StepStatus::EvaluationFailed;
        for (std::size_t i = 0; i < g_trial_.size(); ++i) crossing_due_[i] = crossings_.crossed(i, g_trial_[i]) ? kSideChanged : 0;
    }
    fired_now_.clear();
    StepStatus status = fire_due_events();
    if (fired) *fired = !fired_now_.empty();
    if (status == StepStatus::Ok) status = apply_due_changes();
    return status;
}

double Simulator::next_event_after(double t) const {
    double next = std::numeric_limits<double>::infinity();
    for (std::size_t e = 0; e < model_.time_events.size(); ++e)
        if (!event_fired_[e] && *model_.time_events[e].time > t + time_tolerance(t)) next = std::min(next, *model_.time_events[e].time);
    for (std::size_t e = 0; e < model_.sampled_events.size(); ++e) next = std::min(next, sample_time(e));
    for (auto& [time, change] : scheduled_)
        if (time > t + time_tolerance(t)) next = std::min(next, time);
    return next;
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
    t_prev_ = t_;
    x_prev_ = x_;
    // A step far below the scale of the run (to an event at 1e-300 s) is below what a solver resolves (CVODE refuses
    // it): one explicit Euler step, exact to rounding over such a span.
    if (h < 1e-13 * std::max(std::abs(t_), t_target - t_)) {
        if (!evaluator_.derivatives(t_, x_.data(), k_prev_.data())) return fail(StepStatus::EvaluationFailed);
        x_ += h * k_prev_;
        t_ = stop;
        const StepStatus checked = check_states();
        return checked == StepStatus::Ok ? audit() : fail(checked);
    }
    integrator_->set_hard_stop(std::min(hard_end_, next_event));
    const StepStatus status = integrator_->advance(evaluator_, t_, h, x_);
    // Adaptive methods may stop early: after one step (for the event locator) or at a root (CVODE).
    const double done = integrator_->adaptive() && status == StepStatus::Ok ? integrator_->advanced() : h;
    t_ = (t_ + done >= stop - time_tolerance(stop)) ? stop : t_ + done;
    if (status != StepStatus::Ok) return fail(blame_step_if_followed(status));
    // The full step, before a crossing shortens it: an estimate that fails to evaluate leaves the step as it is.
    if (monitor_.active() && !monitor_.observe(evaluator_, t_prev_, h, x_prev_, x_) && options_.step_monitor.mode == CheckMode::Error)
        return fail(StepStatus::StepTooLarge);
    if (!model_.zero_crossings.empty()) {
        if (integrator_->finds_roots()) take_roots_from_integrator();
        else if (const StepStatus located = locate_crossing(); located != StepStatus::Ok) return fail(located);
    }
    const StepStatus checked = check_states();
    return checked == StepStatus::Ok ? audit() : fail(blame_step_if_followed(checked));
}

// The books after an accepted step: one evaluation at its end, then the declared terms read and summed. An
// adaptive step may span many of the solver's internal steps: its exchanges are integrated by Simpson's rule, the
// middle taken on the step's cubic Hermite interpolant (three more evaluations; an adaptive step costs many).
StepStatus Simulator::audit() {
    if (!auditor_.active()) return StepStatus::Ok;
    const double step = t_ - t_prev_;
    if (integrator_->adaptive() && step > 0 && evaluator_.derivatives(t_prev_, x_prev_.data(), k_prev_.data()) &&
        evaluator_.derivatives(t_, x_.data(), k_end_.data())) {
        x_end_ = x_;
        const double middle = t_prev_ + 0.5 * step;
        hermite(t_prev_, t_, middle, x_trial_);
        if (evaluator_.evaluate(middle, x_trial_.data())) auditor_.sample_midpoint();
    }
    evaluator_.evaluate(t_, x_.data());
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

void Simulator::take_roots_from_integrator() {
    if (!integrator_->root_found()) return;
    // CVODE's root info says the direction: +1 rising, −1 falling.
    for (std::size_t i = 0; i < crossing_due_.size(); ++i)
        crossing_due_[i] = integrator_->roots()[i] > 0 ? kRising : integrator_->roots()[i] < 0 ? kFalling : 0;
}

// After a step from (t_prev_, x_prev_) to (t_, x_): if an indicator changed sides, find the earliest crossing
// on the step's cubic Hermite interpolant by the Illinois method (regula falsi that halves a stale end), to
// options.event_tolerance in time, and end the step there, just past the crossing. Crossings that happen at
// that instant too are due with it. A pair of crossings inside one step (there and back) goes unseen, as
// with every solver that checks signs at step ends.
StepStatus Simulator::locate_crossing() {
    const double t0 = t_prev_, t1 = t_;
    if (!crossings_.values(t1, x_.data(), g_end_.data())) return StepStatus::EvaluationFailed;
    bool any = false;
    for (std::size_t i = 0; i < g_end_.size(); ++i) any |= crossings_.crossed(i, g_end_[i]);
    if (!any) return StepStatus::Ok;

    k_end_ = Eigen::Map<const Eigen::VectorXd>(crossings_.derivatives().data(), x_.size());
    x_end_ = x_;
    if (!crossings_.values(t0, x_prev_.data(), g_start_.data())) return StepStatus::EvaluationFailed;
    k_prev_ = Eigen::Map<const Eigen::VectorXd>(crossings_.derivatives().data(), x_.size());
    const double tol = std::max(options_.event_tolerance * std::max(1.0, std::abs(t1)), 4 * std::numeric_limits<double>::epsilon() * std::abs(t1));
    double first = t1;
    for (std::size_t i = 0; i < g_end_.size(); ++i) {
        if (!crossings_.crossed(i, g_end_[i]) || crossings_.crossed(i, g_start_[i])) continue;
        double a = t0, b = t1, ga = g_start_[i], gb = g_end_[i];
        int stale = 0;   // which end stayed last time: −1 a, +1 b
        for (int iteration = 0; b - a > tol && iteration < 200; ++iteration) {
            double t = (a * gb - b * ga) / (gb - ga);
            if (!(t > a && t < b)) t = 0.5 * (a + b);
            hermite(t0, t1, t, x_trial_);
            if (!crossings_.values(t, x_trial_.data(), g_trial_.data())) return StepStatus::EvaluationFailed;
            if (crossings_.crossed(i, g_trial_[i])) {
                b = t, gb = g_trial_[i];
                if (stale == -1) ga *= 0.5;
                stale = -1;
            } else {
                a = t, ga = g_trial_[i];
                if (stale == 1) gb *= 0.5;
                stale = 1;
            }
        }
        first = std::min(first, b);
    }
    if (first < t1) {
        hermite(t0, t1, first, x_);
        t_ = first;
    }
    if (!crossings_.values(t_, x_.data(), g_trial_.data())) return StepStatus::EvaluationFailed;
    for (std::size_t i = 0; i < g_trial_.size(); ++i) crossing_due_[i] = crossings_.crossed(i, g_trial_[i]) ? kSideChanged : 0;
    return StepStatus::Ok;
}

// x(t) on the cubic Hermite interpolant of the last step (third order, from the states and derivatives at
// both ends, held in x_prev_/k_prev_ and x_end_/k_end_).
void Simulator::hermite(double t0, double t1, double t, Eigen::VectorXd& x) const {
    const double h = t1 - t0, s = (t - t0) / h, s2 = s * s, s3 = s2 * s;
    x = (2 * s3 - 3 * s2 + 1) * x_prev_ + ((s3 - 2 * s2 + s) * h) * k_prev_ + (-2 * s3 + 3 * s2) * x_end_ + ((s3 - s2) * h) * k_end_;
}

StepStatus Simulator::advance_to(double t_target, double h_max) {
    if (!built_) return StepStatus::NotBuilt;
    if (root_.built_by_ != this) {
        taken_over_ = true;
        return StepStatus::NotBuilt;
    }
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

// Samples that fall strictly inside the last fixed step: cubic Hermite interpolation between its ends
// (third order, from the states and derivatives at both ends), then the model evaluated there.
void Simulator::sample_inside_step(Recorder& recorder) {
    const double t0 = t_prev_, t1 = t_;
    if (!(recorder.next_time() < t1 - time_tolerance(t1))) return;
    if (!evaluator_.derivatives(t0, x_prev_.data(), k_prev_.data()) || !evaluator_.derivatives(t1, x_.data(), k_end_.data()))
        throw SimulationError(describe(StepStatus::EvaluationFailed));
    x_end_ = x_;
    while (recorder.next_time() < t1 - time_tolerance(t1)) {
        const double ts = recorder.next_time();
        hermite(t0, t1, ts, x_);
        t_ = ts;
        evaluator_.evaluate(t_, x_.data());
        recorder.sample(names_, t_);
    }
    x_ = x_end_;
    t_ = t1;
}

void Simulator::attach(Recorder& recorder) const {
    recorder.attach(names_, t_, [this] { return scheduled_value_names(); }, scheduled_changes_set_parameters());
}

void Simulator::simulate(double t_end, Recorder* recorder, const Progress& progress) {
    if (!std::isfinite(t_end) || !(t_end >= t_)) throw std::invalid_argument("t_end must be finite and not before the current time");
    if (!(options_.dt > 0) || !std::isfinite(options_.dt)) throw std::invalid_argument("the step size dt must be a finite number > 0");
    auto check = [&](StepStatus status) {
        if (interrupt_requested()) {   // a solver call cut short by the request, or a step that ended as it came
            std::ostringstream s;
            s << "interrupted at t = " << t_ << " s";
            throw SimulationInterrupted(s.str());
        }
        if (status != StepStatus::Ok) throw SimulationError(describe(status));
    };
    check(advance_to(t_, options_.dt));   // refuses an unbuilt simulator; fires events due now
    if (recorder) {
        attach(*recorder);
        if (recorder->due(t_)) {
            evaluate();
            check(check_variables());
            recorder->sample(names_, t_);
        }
    }
    hard_end_ = t_end;
    struct ResetHardEnd {
        double& end;
        ~ResetHardEnd() { end = std::numeric_limits<double>::infinity(); }
    } reset_hard_end{hard_end_};
    const double t_start = t_;
    const double chunk = (t_end - t_start) / 200.0;   // adaptive runs without a recorder report progress this often
    const bool adaptive = integrator_->adaptive();
    while (t_ < t_end - time_tolerance(t_end)) {
        double target = t_end;
        if (adaptive && recorder) target = std::min(target, recorder->next_time());
        else if (adaptive) target = std::min(target, t_ + chunk);
        // The books judge one of the solver's internal steps at a time (Simpson's rule over an output interval that
        // spans a ringing contact would be guesswork); the solution is the same, CVODE interpolates. Before its first
        // step (a start, a restart at an event) the first chunk is kept short too.
        if (auditor_.active() && integrator_->interpolates_output()) {
            const double internal = integrator_->internal_step();
            const double cut = internal > 0.0 ? t_ + internal : t_ + 1e-3 * (target - t_);
            if (cut < target - time_tolerance(target)) target = cut;
        }
        check(step_once(target, options_.dt));   // also stops on an interrupt request
        if (recorder && !adaptive) sample_inside_step(*recorder);
        check(fire_due_events());
        check(apply_due_changes());
        if (recorder && recorder->due(t_)) {
            evaluate();
            check(check_variables());
            recorder->sample(names_, t_);
        }
        if (progress) progress(t_, t_end);
    }
    evaluate();
    check(check_variables());
    if (monitor_.active() && !monitor_.conclude() && options_.step_monitor.mode == CheckMode::Error) check(StepStatus::StepTooLarge);
    if (monitor_.exceeded() > 0)
        spdlog::warn("{} step{} of {} too large for this model, the last: {}", monitor_.exceeded(), monitor_.exceeded() == 1 ? "" : "s",
                     integrator_->name(), step_error_text(monitor_.last_confirmed()));
    if (auditor_.violations() > 0) spdlog::warn("{}", balance_text());
    // The final time is always recorded, whether or not it lies on the output grid.
    if (recorder && (recorder->times().empty() || recorder->times().back() < t_ - time_tolerance(t_))) recorder->sample(names_, t_);
}

void Simulator::set_solver(std::string_view name) {
    integrator_ = make_integrator(name);
    options_.solver = std::string(name);
    configure_integrator();
}

SteadyStateResult Simulator::initialize_steady_state(const std::vector<std::string>& states, SteadyStateSettings settings) {
    if (!built_) throw std::logic_error("initialize_steady_state: the simulator has no valid structure (the last rebuild failed)");
    std::vector<int> free;
    if (states.empty()) {
        for (std::size_t i = 0; i < model_.states.size(); ++i) free.push_back(static_cast<int>(i));
    } else {
        std::vector<std::string> names;
        for (auto& st : model_.states) names.push_back(st.path);
        for (auto& name : states) {
            auto it = std::find(names.begin(), names.end(), name);
            if (it == names.end()) throw std::invalid_argument("steady state: '" + name + "' is not a state" + did_you_mean(name, names));
            free.push_back(static_cast<int>(it - names.begin()));
        }
    }
    if (const StepStatus fired = fire_due_events(); fired != StepStatus::Ok) throw SimulationError(describe(fired));
    const SteadyStateResult result = solve_steady_state(evaluator_, jacobian_pattern(), nominals(), t_, x_, free, settings);
    restart_integrator();
    monitor_.forget();
    evaluator_.linear_system().invalidate();
    evaluator_.evaluate(t_, x_.data());
    if (auditor_.active()) auditor_.rebase(t_);   // the states moved to the steady state: not the run's doing
    crossings_.arm();
    if (!result.converged) {
        std::ostringstream s;
        s << "steady-state initialisation did not converge in " << result.iterations << " iterations at t = " << t_ << " s: ";
        if (result.worst >= 0)
            s << "der(" << model_.states[static_cast<std::size_t>(result.worst)].path << ") / nominal = " << result.residual << " 1/s";
        s << " (rule: every chosen derivative reaches |der(x)| / nominal <= " << settings.tolerance
          << " 1/s; check that an equilibrium exists, e.g. no source that keeps filling a tank, or start closer to it)";
        throw SimulationError(s.str());
    }
    if (const StepStatus checked = check_states(); checked != StepStatus::Ok) {
        failed_time_ = t_;
        throw SimulationError("the steady state is not physically valid: " + describe(checked));
    }
    spdlog::debug("steady state after {} iterations ({} evaluations, {} Jacobians), largest der/nominal {:.3g} 1/s",
                  result.iterations, result.evaluations, result.jacobians, result.residual);
    return result;
}

void Simulator::set_parameter(std::string_view name, double value) {
    const std::size_t* index = names_.find_parameter(name);
    if (!index) {
        // A state is not a parameter, but its start value often is: say which.
        for (auto& st : model_.states) {
            if (st.path != name) continue;
            for (auto& p : model_.parameters)
                if (p.value == &st.state->start)
                    throw std::invalid_argument("'" + std::string(name) + "' is a state, not a parameter; its start value is the parameter '" +
                                                p.path + "'");
            throw std::invalid_argument("'" + std::string(name) + "' is a state, not a parameter (its start value is not a parameter)");
        }
        std::vector<std::string> names;
        for (auto& p : model_.parameters) names.push_back(p.path);
        throw std::invalid_argument("unknown parameter '" + std::string(name) + "'" + did_you_mean(name, names));
    }
    const ParameterInfo& p = model_.parameters[*index];
    if (!p.spec.admits(value)) {
        std::ostringstream s;
        s << p.path << " = " << value << ' ' << p.spec.refusal_text(value);
        throw std::invalid_argument(s.str());
    }
    if (p.spec.structural) {
        // Read while the components describe themselves: a rebuild applies it (states carried by name; a start value
        // computed from it takes effect at the next reset(), as every start value does).
        double* target = p.system_default ? p.system_default->storage() : p.value;
        const double old = *target;
        const bool followed = p.system_default && !p.system_default->overridden();
        SystemDefault* system_default = p.system_default;
        if (system_default) *system_default = value;
        else *target = value;
        if (editing_) return;
        struct UserRebuild {
            bool& flag;
            explicit UserRebuild(bool& f) : flag(f) { flag = true; }
            ~UserRebuild() { flag = false; }
        } user_rebuild(user_rebuild_);
        try {
            rebuild();
        } catch (...) {
            if (system_default) {
                *system_default = old;
                if (followed) system_default->follow_default();
            } else {
                *target = old;
            }
            rebuild();
            throw;
        }
        return;
    }
    if (p.system_default) *p.system_default = value;   // set by name: no longer follows the system default
    else *p.value = value;
    model_.apply_system_defaults();                     // a provider's change reaches every follower
    evaluator_.linear_system().invalidate();
    restart_integrator();
    audit_user_change();   // a new area under the same level holds another mass: the user's change
}

namespace {
template <class Choices>
auto* find_choice(Choices& choices, std::string_view name) {
    for (auto& c : choices)
        if (c.path == name) return &c;
    return static_cast<decltype(&choices.front())>(nullptr);
}
}  // namespace

void Simulator::set_choice(std::string_view name, const std::string& value) {
    ChoiceInfo* c = find_choice(model_.choices, name);
    if (!c) {
        std::vector<std::string> names;
        for (auto& ch : model_.choices) names.push_back(ch.path);
        throw std::invalid_argument("unknown choice '" + std::string(name) + "'" + did_you_mean(name, names));
    }
    if (!c->spec->admits(value))
        throw std::invalid_argument(c->path + " = '" + value + "' is not one of its options (" + c->spec->options_text() + ")" +
                                    did_you_mean(value, c->spec->options));
    std::string* target = c->value;
    const std::string old = *target;
    *target = value;
    try {
        rebuild();
    } catch (...) {
        *target = old;
        rebuild();
        throw;
    }
}

const std::string& Simulator::choice(std::string_view name) const {
    const ChoiceInfo* c = find_choice(model_.choices, name);
    if (!c) throw std::invalid_argument("unknown choice '" + std::string(name) + "'");
    return *c->value;
}

double Simulator::parameter(std::string_view name) const {
    const std::size_t* index = names_.find_parameter(name);
    if (!index) throw std::invalid_argument("unknown parameter '" + std::string(name) + "'");
    return *model_.parameters[*index].value;
}

const double* Simulator::find_value(std::string_view name) const { return names_.find_value(name); }

std::string Simulator::unit(std::string_view name) const { return names_.unit(name); }

std::vector<std::string> Simulator::value_names() const { return names_.value_names(); }

double Simulator::value(std::string_view name) const {
    if (const double* v = find_value(name)) return *v;
    throw std::invalid_argument("unknown variable '" + std::string(name) + "'" + did_you_mean(name, value_names()));
}

}  // namespace lied
