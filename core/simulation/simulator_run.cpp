// The Simulator's offline path: simulate() to an end time, recording samples (between fixed steps from the step's
// interpolant, so the step does not depend on the output interval) and reporting progress; and the steady state a
// run may start from. Stepping and events themselves are in simulator.cpp.
#include "core/simulation/simulator.h"

#include "core/model/build_error.h"
#include "core/simulation/recorder.h"
#include "core/simulation/time_tolerance.h"
#include "core/support/interrupt.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include <cmath>
#include <limits>
#include <sstream>

namespace lied {

// Samples that fall strictly inside the last fixed step: cubic Hermite interpolation between its ends
// (third order, from the states and derivatives at both ends), then the model evaluated there.
void Simulator::sample_inside_step(Recorder& recorder) {
    const double t1 = t_;
    if (!(recorder.next_time() < t1 - time_tolerance(t1))) return;
    if (!interpolate_last_step()) throw SimulationError(describe(StepStatus::EvaluationFailed));
    while (recorder.next_time() < t1 - time_tolerance(t1)) {
        const double ts = recorder.next_time();
        step_.at(ts, x_);
        t_ = ts;
        evaluator_.evaluate(t_, x_.data());
        recorder.sample(names_, t_);
    }
    x_ = step_.x1;
    t_ = t1;
}

void Simulator::attach(Recorder& recorder) const {
    recorder.attach(names_, t_, [this] { return scheduled_value_names(); }, scheduled_changes_set_parameters());
}

void Simulator::simulate(double t_end, Recorder* recorder, const Progress& progress) {
    if (!std::isfinite(t_end) || !(t_end >= t_)) throw std::invalid_argument("t_end must be finite and not before the current time");
    if (!(options_.dt > 0) || !std::isfinite(options_.dt)) throw std::invalid_argument("the step size dt must be a finite number > 0");
    // The advice that holds when a run starts (after the sets that may answer it), each piece once per simulator.
    for (const UnmetRequirement& a : model_.advice)
        if (std::find(advised_.begin(), advised_.end(), a.message) == advised_.end()) {
            spdlog::warn("{} ({})", a.message, a.rule);
            advised_.push_back(a.message);
        }
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
        // step (a start, a restart at an event) the first chunk is kept short too. A block that remembers the past
        // (Meta::after_step) is shown each internal step the same way.
        if ((auditor_.active() || !model_.after_steps.empty()) && integrator_->interpolates_output()) {
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
    // Within rounding of t_end, as the loop ends: the run is at t_end itself (a caller's next run starts there).
    t_ = t_end;
    time_.value() = t_end;
    evaluate();
    check(check_variables());
    if (monitor_.active() && !monitor_.conclude() && options_.step_monitor.mode == CheckMode::Error) check(StepStatus::StepTooLarge);
    if (monitor_.exceeded() > 0)
        spdlog::warn("{} step{} of {} too large for this model, the last: {}", monitor_.exceeded(), monitor_.exceeded() == 1 ? "" : "s",
                     integrator_->name(), step_error_text(monitor_.last_confirmed()));
    if (auditor_.violations() > 0) spdlog::warn("{}", balance_text());
    if (!formulation_noted_)
        if (const std::string note = formulation_energy_note(); !note.empty()) {
            spdlog::warn("{}", note);
            formulation_noted_ = true;
        }
    // The final time is always recorded, whether or not it lies on the output grid.
    if (recorder && (recorder->times().empty() || recorder->times().back() < t_ - time_tolerance(t_))) recorder->sample(names_, t_);
}

SteadyStateResult Simulator::initialize_steady_state(const std::vector<std::string>& states, SteadyStateSettings settings) {
    if (!built_) throw std::logic_error("initialize_steady_state: the simulator has no valid structure (the last rebuild failed)");
    std::vector<int> free;
    for (std::size_t i = 0; states.empty() && i < model_.states.size(); ++i) free.push_back(static_cast<int>(i));
    for (auto& name : states) {
        try {
            free.push_back(static_cast<int>(names_.state_index(name)));
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string("steady state: ") + e.what());
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
}  // namespace lied
