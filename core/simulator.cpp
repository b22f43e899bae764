#include "core/simulator.h"

#include "core/build_error.h"
#include "core/closest_name.h"
#include "core/crawler.h"
#include "core/diagnosis.h"
#include "core/recorder.h"
#include "core/stability.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

namespace lied {
namespace {
// Two times closer than this are the same instant (events, step ends, sample times). Relative only: a run
// to t_end = 1e-12 s must still advance.
double time_tolerance(double t) { return 1e-12 * std::abs(t); }
}  // namespace

Simulator::Simulator(Component& root, SimulatorOptions options) : root_(root), options_(std::move(options)) {
    integrator_ = make_integrator(options_.solver);
    build();
    try {
        reset();
    } catch (...) {
        restore_time_inputs(model_);   // the tree goes back to the simulator that had it
        throw;
    }
}

Simulator::~Simulator() {
    if (root_.built_by_ == this) root_.built_by_ = nullptr;
}

void Simulator::build() {
    const auto start = std::chrono::steady_clock::now();
    // Forget everything derived from the old structure first: if this build throws, nothing may point
    // into components that the user has already destroyed.
    built_ = false;
    values_.clear();
    parameters_.clear();
    schedule_ = Schedule{};
    model_ = Model{};
    model_ = crawl(root_, time_);
    try {
        schedule_ = make_schedule(model_);
    } catch (...) {
        restore_time_inputs(model_);
        model_ = Model{};
        throw;
    }
    evaluator_.configure(model_, schedule_, time_, options_.policy, options_.linear_solver);
    const auto n = static_cast<Eigen::Index>(model_.states.size());
    x_.setZero(n);
    for (auto* v : {&x_prev_, &k_prev_, &k_end_, &x_end_}) v->setZero(n);
    state_ranges_.clear();
    variable_ranges_.clear();
    for (std::size_t r = 0; r < model_.ranges.size(); ++r)
        (model_.ranges[r].state >= 0 ? state_ranges_ : variable_ranges_).push_back(static_cast<int>(r));
    event_fired_.assign(model_.time_events.size(), 0);
    integrator_->set_tolerances(options_.tolerances);
    integrator_->resize(model_.states.size(), nominals());
    index_names();
    ++generation_;
    spdlog::debug("built {} components, {} blocks ({} independent, {} dependent), {} states, L {}x{} ({}) in {:.1f} us",
                  model_.components.size(), model_.blocks.size(), schedule_.independent.size(), schedule_.dependent.size(),
                  model_.states.size(), model_.tearing.size(), model_.tearing.size(),
                  to_string(evaluator_.linear_system().policy()),
                  std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
}

std::vector<double> Simulator::nominals() const {
    std::vector<double> n;
    for (auto& s : model_.states) n.push_back(s.nominal);
    return n;
}

void Simulator::index_names() {
    values_.clear();
    parameters_.clear();
    values_.reserve(1 + model_.states.size() + model_.variables.size() + model_.parameters.size());
    parameters_.reserve(model_.parameters.size());
    values_.emplace("time", &t_);
    for (std::size_t i = 0; i < model_.states.size(); ++i) values_.emplace(model_.states[i].path, &x_[static_cast<Eigen::Index>(i)]);
    for (auto& v : model_.variables) values_.emplace(v.path, v.value);
    for (std::size_t i = 0; i < model_.parameters.size(); ++i) {
        parameters_.emplace(model_.parameters[i].path, i);
        values_.emplace(model_.parameters[i].path, model_.parameters[i].value);
    }
}

void Simulator::reset() {
    if (model_.components.empty()) throw std::logic_error("reset: the simulator has no valid structure (the last rebuild failed)");
    built_ = false;
    t_ = 0.0;
    for (std::size_t i = 0; i < model_.states.size(); ++i) x_[static_cast<Eigen::Index>(i)] = model_.states[i].state->start;
    time_.value = t_;
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) {
        model_.time_events[e].handler();   // initializes discrete values for t = 0
        event_fired_[e] = *model_.time_events[e].time <= t_;   // later ones fire at their time, however close
    }
    check_and_start();
}

// The build-time checks at the current point (every value finite, L regular, residuals affine), then a full
// evaluation so that every variable is consistent; only then may the simulator step.
void Simulator::check_and_start() {
    if (auto bad = first_non_finite_value(model_, schedule_, evaluator_, t_, x_.data())) {
        std::ostringstream s;
        s << "at t = " << t_ << " s, " << *bad
          << " (rule: every value is finite at the start; check the parameters and start values of that component)";
        throw BuildError(s.str(), "finite values");
    }
    integrator_->reset();
    evaluator_.prepare(t_, x_.data());
    evaluator_.linear_system().check_regular(model_);
    if (options_.check_linearity) evaluator_.linear_system().check_affine(model_);
    evaluator_.linear_system().invalidate();
    evaluator_.evaluate(t_, x_.data());
    root_.built_by_ = this;
    taken_over_ = false;
    built_ = true;
}

void Simulator::rebuild() {
    // Values by name from the last good structure; kept across failed rebuilds until one succeeds.
    if (built_) {
        carried_states_.clear();
        carried_events_.clear();
        for (std::size_t i = 0; i < model_.states.size(); ++i) carried_states_[model_.states[i].path] = x_[static_cast<Eigen::Index>(i)];
        for (std::size_t e = 0; e < model_.time_events.size(); ++e) carried_events_[model_.time_events[e].path] = event_fired_[e];
    }
    const auto& survivors = carried_states_;
    const auto& fired = carried_events_;

    build();
    built_ = false;   // until the checks at the current point pass
    int kept = 0;
    for (std::size_t i = 0; i < model_.states.size(); ++i) {
        auto it = survivors.find(model_.states[i].path);
        const bool survives = it != survivors.end();
        x_[static_cast<Eigen::Index>(i)] = survives ? it->second : model_.states[i].state->start;
        kept += survives;
    }
    time_.value = t_;
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) {
        model_.time_events[e].handler();
        auto it = fired.find(model_.time_events[e].path);
        event_fired_[e] = it != fired.end() ? it->second : (*model_.time_events[e].time <= t_);
    }
    try {
        check_and_start();
    } catch (...) {
        restore_time_inputs(model_);
        throw;
    }
    spdlog::debug("rebuilt at t = {}: {} of {} states kept their values", t_, kept, model_.states.size());
}

void Simulator::evaluate() {
    if (built_ && root_.built_by_ == this) evaluator_.evaluate(t_, x_.data());
}

// Every event due now fires once, and its handler sees the event's own time: a time a rounding step ahead
// (3 × 0.3 < 0.9) moves the simulation to the event instead of firing it early.
void Simulator::fire_due_events() {
    bool any = false;
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) {
        const double te = *model_.time_events[e].time;
        if (event_fired_[e] || te > t_ + time_tolerance(t_)) continue;
        t_ = std::max(t_, te);
        time_.value = t_;
        model_.time_events[e].handler();
        event_fired_[e] = 1;
        any = true;
    }
    if (any) {   // a discontinuity: multistep/FSAL history and a factored L may be stale
        integrator_->reset();
        evaluator_.linear_system().invalidate();
    }
}

double Simulator::next_event_after(double t) const {
    double next = std::numeric_limits<double>::infinity();
    for (std::size_t e = 0; e < model_.time_events.size(); ++e)
        if (!event_fired_[e] && *model_.time_events[e].time > t + time_tolerance(t)) next = std::min(next, *model_.time_events[e].time);
    return next;
}

StepStatus Simulator::fail(StepStatus status) {
    failed_time_ = t_;
    x_ = x_prev_;   // t and x stay consistent, at the start of the failed step
    t_ = t_prev_;
    return status;
}

StepStatus Simulator::check_states() {
    for (Eigen::Index i = 0; i < x_.size(); ++i) {
        if (!std::isfinite(x_[i])) {
            failed_state_ = static_cast<int>(i);
            failed_value_ = x_[i];
            return StepStatus::NonFiniteState;
        }
    }
    for (int r : state_ranges_) {
        const RangeInfo& range = model_.ranges[static_cast<std::size_t>(r)];
        const double v = x_[range.state];
        if (!range.range.admits(v)) {
            failed_range_ = r;
            failed_value_ = v;
            return StepStatus::OutOfRange;
        }
    }
    return StepStatus::Ok;
}

StepStatus Simulator::check_variables() {
    for (std::size_t i = 0; i < model_.variables.size(); ++i) {
        if (!std::isfinite(*model_.variables[i].value)) {
            failed_variable_ = static_cast<int>(i);
            failed_value_ = *model_.variables[i].value;
            failed_time_ = t_;
            return StepStatus::NonFiniteValue;
        }
    }
    for (int r : variable_ranges_) {
        const RangeInfo& range = model_.ranges[static_cast<std::size_t>(r)];
        if (!range.range.admits(*range.value)) {
            failed_range_ = r;
            failed_value_ = *range.value;
            failed_time_ = t_;
            return StepStatus::OutOfRange;
        }
    }
    return StepStatus::Ok;
}

// One step towards t_target (shortened at the next time event); events due at t must have fired.
StepStatus Simulator::step_once(double t_target, double h_max) {
    const double stop = std::min(t_target, next_event_after(t_));
    double h = integrator_->adaptive() ? stop - t_ : std::min(h_max, stop - t_);
    if (stop - (t_ + h) < 1e-9 * h) h = stop - t_;   // no sliver step from rounding
    failed_step_ = h;
    if (!(t_ + h > t_)) {   // below the resolution of time at t
        failed_time_ = t_;
        return StepStatus::InvalidStep;
    }
    t_prev_ = t_;
    x_prev_ = x_;
    const StepStatus status = integrator_->advance(evaluator_, t_, h, x_);
    t_ = (t_ + h >= stop - time_tolerance(stop)) ? stop : t_ + h;
    if (status != StepStatus::Ok) return fail(status);
    const StepStatus checked = check_states();
    return checked == StepStatus::Ok ? checked : fail(checked);
}

StepStatus Simulator::advance_to(double t_target, double h_max) {
    if (!built_) return StepStatus::NotBuilt;
    if (root_.built_by_ != this) {
        taken_over_ = true;
        return StepStatus::NotBuilt;
    }
    fire_due_events();
    while (t_ < t_target - time_tolerance(t_target)) {
        const StepStatus status = step_once(t_target, h_max);
        if (status != StepStatus::Ok) return status;
        fire_due_events();
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
    const double t0 = t_prev_, t1 = t_, h = t1 - t0;
    if (!(recorder.next_time() < t1 - time_tolerance(t1))) return;
    if (!evaluator_.derivatives(t0, x_prev_.data(), k_prev_.data()) || !evaluator_.derivatives(t1, x_.data(), k_end_.data()))
        throw SimulationError(describe(StepStatus::EvaluationFailed));
    x_end_ = x_;
    while (recorder.next_time() < t1 - time_tolerance(t1)) {
        const double ts = recorder.next_time(), s = (ts - t0) / h, s2 = s * s, s3 = s2 * s;
        x_ = (2 * s3 - 3 * s2 + 1) * x_prev_ + ((s3 - 2 * s2 + s) * h) * k_prev_ + (-2 * s3 + 3 * s2) * x_end_ +
             ((s3 - s2) * h) * k_end_;
        t_ = ts;
        evaluator_.evaluate(t_, x_.data());
        recorder.sample(*this);
    }
    x_ = x_end_;
    t_ = t1;
}

void Simulator::simulate(double t_end, Recorder* recorder, const Progress& progress) {
    if (!std::isfinite(t_end) || !(t_end >= t_)) throw std::invalid_argument("t_end must be finite and not before the current time");
    if (!(options_.dt > 0) || !std::isfinite(options_.dt)) throw std::invalid_argument("the step size dt must be a finite number > 0");
    auto check = [&](StepStatus status) {
        if (status != StepStatus::Ok) throw SimulationError(describe(status));
    };
    check(advance_to(t_, options_.dt));   // refuses an unbuilt simulator; fires events due now
    if (recorder) {
        recorder->attach(*this);
        if (recorder->due(t_)) {
            evaluate();
            check(check_variables());
            recorder->sample(*this);
        }
    }
    const double t_start = t_;
    const double chunk = (t_end - t_start) / 200.0;   // adaptive runs without a recorder report progress this often
    const bool adaptive = integrator_->adaptive();
    while (t_ < t_end - time_tolerance(t_end)) {
        double target = t_end;
        if (adaptive && recorder) target = std::min(target, recorder->next_time());
        else if (adaptive) target = std::min(target, t_ + chunk);
        check(step_once(target, options_.dt));
        if (recorder && !adaptive) sample_inside_step(*recorder);
        fire_due_events();
        if (recorder && recorder->due(t_)) {
            evaluate();
            check(check_variables());
            recorder->sample(*this);
        }
        if (progress) progress(t_, t_end);
    }
    evaluate();
    check(check_variables());
    // The final time is always recorded, whether or not it lies on the output grid.
    if (recorder && (recorder->times().empty() || recorder->times().back() < t_ - time_tolerance(t_))) recorder->sample(*this);
}

void Simulator::set_solver(std::string_view name) {
    integrator_ = make_integrator(name);
    options_.solver = std::string(name);
    integrator_->set_tolerances(options_.tolerances);
    integrator_->resize(model_.states.size(), nominals());
}

void Simulator::set_parameter(std::string_view name, double value) {
    auto it = parameters_.find(std::string(name));
    if (it == parameters_.end()) {
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
    const ParameterInfo& p = model_.parameters[it->second];
    if (!p.spec.admits(value)) {
        std::ostringstream s;
        s << p.path << " = " << value << " is out of range " << p.spec.range_text();
        if (!p.spec.unit.empty()) s << " [" << p.spec.unit << "]";
        if (!p.spec.description.empty()) s << " (" << p.spec.description << ")";
        throw std::invalid_argument(s.str());
    }
    *p.value = value;
    evaluator_.linear_system().invalidate();
    integrator_->reset();
}

double Simulator::parameter(std::string_view name) const {
    auto it = parameters_.find(std::string(name));
    if (it == parameters_.end()) throw std::invalid_argument("unknown parameter '" + std::string(name) + "'");
    return *model_.parameters[it->second].value;
}

const double* Simulator::find_value(std::string_view name) const {
    auto it = values_.find(std::string(name));
    return it == values_.end() ? nullptr : it->second;
}

std::string Simulator::unit(std::string_view name) const {
    for (auto& s : model_.states) if (s.path == name) return s.unit;
    for (auto& v : model_.variables) if (v.path == name) return v.unit;
    for (auto& p : model_.parameters) if (p.path == name) return p.spec.unit;
    return name == "time" ? "s" : "";
}

std::vector<std::string> Simulator::value_names() const {
    std::vector<std::string> names;
    for (auto& [n, _] : values_) names.push_back(n);
    std::sort(names.begin(), names.end());
    return names;
}

double Simulator::value(std::string_view name) const {
    if (const double* v = find_value(name)) return *v;
    throw std::invalid_argument("unknown variable '" + std::string(name) + "'" + did_you_mean(name, value_names()));
}

std::string Simulator::range_violation_text() const {
    const RangeInfo& r = model_.ranges[static_cast<std::size_t>(failed_range_)];
    std::ostringstream s;
    s << r.path << " = " << failed_value_ << (r.unit.empty() ? "" : " " + r.unit) << " at t = " << failed_time_
      << " s is outside its valid range " << r.range.text() << " (rule: " << r.range.rule << ")";
    return s.str();
}

std::string Simulator::describe(StepStatus status) {
    std::ostringstream s;
    bool unstable_step_possible = true;   // add the stability analysis of a fixed step
    switch (status) {
        case StepStatus::Ok: return "ok";
        case StepStatus::NonFiniteState:
            s << "state " << model_.states[static_cast<std::size_t>(failed_state_)].path << " became "
              << (std::isnan(failed_value_) ? "NaN" : "Inf") << " at t = " << failed_time_ << " s";
            break;
        case StepStatus::NonFiniteValue:
            s << "variable " << model_.variables[static_cast<std::size_t>(failed_variable_)].path << " became "
              << (std::isnan(failed_value_) ? "NaN" : "Inf") << " at t = " << failed_time_ << " s";
            if (auto bad = first_non_finite_value(model_, schedule_, evaluator_, t_, x_.data())) s << ": " << *bad;
            unstable_step_possible = false;
            break;
        case StepStatus::OutOfRange:
            s << range_violation_text();
            break;
        case StepStatus::EvaluationFailed: {
            const auto& x = evaluator_.failed_point();
            s << "the model cannot be evaluated at t = " << evaluator_.failed_time() << " s";
            if (evaluator_.failed_time() != t_) s << " (a stage of the step from t = " << t_ << " s)";
            s << ": " << explain_evaluation_failure(model_, schedule_, evaluator_, evaluator_.failed_time(), x.data());
            break;
        }
        case StepStatus::NotBuilt:
            unstable_step_possible = false;
            if (taken_over_)
                s << "another simulator was built on this component tree since; rebuild() this one to take the tree back";
            else
                s << "the simulator has no valid structure: the last rebuild failed; fix the composition and rebuild";
            break;
        case StepStatus::InvalidStep:
            unstable_step_possible = false;
            s << "cannot step by dt = " << failed_step_ << " s at t = " << failed_time_ << " s: ";
            if (!(failed_step_ > 0) || !std::isfinite(failed_step_)) s << "a step is a finite number > 0";
            else s << "the step is below the resolution of time there";
            break;
        case StepStatus::StepSizeTooSmall:
            unstable_step_possible = false;
            s << "the step size of " << integrator_->name() << " became too small at t = " << failed_time_
              << " s (the system may be stiff or discontinuous there)";
            break;
    }
    if (unstable_step_possible && built_) {
        const std::string note = stability_note(evaluator_, *integrator_, t_, x_, failed_step_, nominals());
        if (!note.empty()) s << "; " << note;
    }
    if (built_ && root_.built_by_ == this) evaluator_.evaluate(t_, x_.data());   // signals consistent with (t, x) again
    return s.str();
}

}  // namespace lied
