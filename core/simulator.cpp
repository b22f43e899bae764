#include "core/simulator.h"

#include "core/build_error.h"
#include "core/closest_name.h"
#include "core/crawler.h"
#include "core/recorder.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

namespace lied {
namespace {
double time_tolerance(double t) { return 1e-12 * std::max(1.0, std::abs(t)); }
}  // namespace

Simulator::Simulator(Component& root, SimulatorOptions options) : root_(root), options_(std::move(options)) {
    integrator_ = make_integrator(options_.solver);
    build();
    reset();
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
    schedule_ = make_schedule(model_);
    evaluator_.configure(model_, schedule_, time_, options_.policy);
    x_.setZero(static_cast<Eigen::Index>(model_.states.size()));
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
        event_fired_[e] = *model_.time_events[e].time <= t_ + time_tolerance(t_);
    }
    check_and_start();
}

// The build-time checks at the current point (L regular, residuals affine), then a full evaluation so that
// every variable is consistent; only then may the simulator step.
void Simulator::check_and_start() {
    integrator_->reset();
    evaluator_.prepare(t_, x_.data());
    evaluator_.linear_system().check_regular(model_);
    if (options_.check_linearity) evaluator_.linear_system().check_affine(model_);
    evaluator_.linear_system().invalidate();
    evaluator_.evaluate(t_, x_.data());
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
        event_fired_[e] = it != fired.end() ? it->second : (*model_.time_events[e].time <= t_ + time_tolerance(t_));
    }
    check_and_start();
    spdlog::debug("rebuilt at t = {}: {} of {} states kept their values", t_, kept, model_.states.size());
}

void Simulator::evaluate() {
    if (built_) evaluator_.evaluate(t_, x_.data());
}

void Simulator::fire_due_events() {
    bool any = false;
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) {
        if (event_fired_[e] || *model_.time_events[e].time > t_ + time_tolerance(t_)) continue;
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

StepStatus Simulator::advance_to(double t_target, double h_max) {
    if (!built_) return StepStatus::NotBuilt;
    while (t_ < t_target - time_tolerance(t_target)) {
        fire_due_events();
        const double stop = std::min(t_target, next_event_after(t_));
        double h = integrator_->adaptive() ? stop - t_ : std::min(h_max, stop - t_);
        if (stop - (t_ + h) < 1e-9 * h) h = stop - t_;   // no sliver step from rounding
        const StepStatus status = integrator_->advance(evaluator_, t_, h, x_);
        if (status != StepStatus::Ok) {   // x and t stay at the start of the failed step
            failed_time_ = t_;
            return status;
        }
        t_ = (t_ + h >= stop - time_tolerance(stop)) ? stop : t_ + h;
        for (Eigen::Index i = 0; i < x_.size(); ++i) {
            if (!std::isfinite(x_[i])) {
                failed_state_ = static_cast<int>(i);
                failed_time_ = t_;
                return StepStatus::NonFiniteState;
            }
        }
    }
    fire_due_events();
    return StepStatus::Ok;
}

StepStatus Simulator::step(double dt) { return advance_to(t_ + dt, dt); }

void Simulator::simulate(double t_end, Recorder* recorder, const Progress& progress) {
    if (!(t_end >= t_)) throw std::invalid_argument("t_end must not be before the current time");
    if (!(options_.dt > 0)) throw std::invalid_argument("the step size dt must be > 0");
    if (recorder) {
        recorder->attach(*this);
        if (recorder->due(t_)) recorder->sample(*this);
    }
    const double t_start = t_;
    const double chunk = (t_end - t_start) / 200.0;   // progress granularity without a recorder
    while (t_ < t_end - time_tolerance(t_end)) {
        double target = t_end;
        if (recorder) target = std::min(target, recorder->next_time());
        else if (progress) target = std::min(target, t_ + chunk);
        const StepStatus status = advance_to(target, options_.dt);
        if (status != StepStatus::Ok) throw SimulationError(describe(status));
        if (recorder && recorder->due(t_)) {
            evaluate();
            recorder->sample(*this);
        }
        if (progress) progress(t_, t_end);
    }
    evaluate();
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

std::string Simulator::describe(StepStatus status) const {
    std::ostringstream s;
    switch (status) {
        case StepStatus::Ok: return "ok";
        case StepStatus::NonFiniteState: {
            const double v = x_[failed_state_];
            s << "state " << model_.states[static_cast<std::size_t>(failed_state_)].path << " became "
              << (std::isnan(v) ? "NaN" : "Inf") << " at t = " << failed_time_ << " s";
            break;
        }
        case StepStatus::SingularLinearSystem:
            s << "the linear system L·z = g became singular near t = " << failed_time_
              << " s (a path lost its inertance or mass)";
            break;
        case StepStatus::NotBuilt:
            s << "the simulator has no valid structure: the last rebuild failed; fix the composition and rebuild";
            break;
        case StepStatus::StepSizeTooSmall:
            s << "the step size of " << integrator_->name() << " became too small at t = " << failed_time_
              << " s (the system may be stiff or discontinuous there)";
            break;
    }
    return s.str();
}

}  // namespace lied
