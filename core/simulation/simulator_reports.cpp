// What the Simulator reports: the checks of states and variables after a step, the text that names what went wrong,
// where and when, with its likely cause, and the run's statistics. Outside the step path (describe() may evaluate the
// model again; statistics() allocates).
#include "core/simulation/simulator.h"

#include "core/diagnostics/diagnosis.h"
#include "core/diagnostics/stability.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace lied {

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
    for (std::size_t e = 0; e < model_.time_events.size(); ++e) r.events.emplace_back(model_.time_events[e].path, clock_.time_counts[e]);
    for (std::size_t e = 0; e < model_.sampled_events.size(); ++e) r.events.emplace_back(model_.sampled_events[e].path, clock_.sample_counts[e]);
    for (std::size_t e = 0; e < model_.zero_crossings.size(); ++e) r.events.emplace_back(model_.zero_crossings[e].path, crossings_.counts()[e]);
    return r;
}

StepAdvice Simulator::step_advice() {
    const auto rk4 = make_integrator("rk4");
    return lied::step_advice(evaluator_, *rk4, t_, x_, nominals());
}

StepStatus Simulator::fail(StepStatus status) {
    failed_time_ = t_;
    x_ = step_.x0;   // t and x stay consistent, at the start of the failed step
    t_ = step_.t0;
    locator_.clear();   // what the failed step located has not happened: a retry must not fire it at its start
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

namespace {
// A value just past a bound prints as the bound with six digits ("372300 outside [-105150, 372300]"): then with as
// many digits as tell them apart.
std::string outside_value_text(double v, const ValidRange& range) {
    std::ostringstream s;
    s << v;
    for (double bound : {range.lower(), range.upper()}) {
        std::ostringstream b;
        b << bound;
        if (b.str() == s.str()) {
            std::ostringstream precise;
            precise << std::setprecision(17) << v;
            return precise.str();
        }
    }
    return s.str();
}
}  // namespace

std::string Simulator::range_violation_text() const {
    const RangeInfo& r = model_.ranges[static_cast<std::size_t>(failed_range_)];
    std::ostringstream s;
    s << r.path << " = " << outside_value_text(failed_value_, r.range) << (r.unit.empty() ? "" : " " + r.unit) << " at t = " << failed_time_
      << " s is outside its valid range " << r.range.text() << " (rule: " << r.range.rule << ")";
    return s.str();
}

// A non-finite value often follows from a state a component declared it cannot handle (reverse flow through a
// machine, a level below its minimum): name the first declared range the last evaluation broke, as the likely cause.
// `x` is the point the variables were last evaluated at.
std::string Simulator::broken_range_note(const double* x) const {
    for (const RangeInfo& r : model_.ranges) {
        const double v = r.state >= 0 ? x[r.state] : *r.value;
        if (std::isfinite(v) && !r.range.admits(v)) {
            std::ostringstream s;
            s << "; at that point " << r.path << " = " << outside_value_text(v, r.range) << (r.unit.empty() ? "" : " " + r.unit) << " is outside its valid range "
              << r.range.text() << " (rule: " << r.range.rule << ")";
            return s.str();
        }
    }
    return "";
}

// "state m.w: local error about 3.2 m/s in the step of 0.01 s from t = 1.5 s (160 times the accepted 0.02 m/s); 10 steps later
// the solution with half the step still differs by 4.1 m/s in m.w; try a step of 0.001 s or less"
std::string Simulator::step_error_text(const StepErrorEstimate& e) const {
    auto unit_of = [&](int i) {
        const std::string& u = model_.states[static_cast<std::size_t>(i)].unit;
        return u.empty() ? std::string() : " " + u;
    };
    std::ostringstream s;
    s << "state " << model_.states[static_cast<std::size_t>(e.state)].path << ": local error about " << e.error << unit_of(e.state)
      << " in the step of " << e.step << " s from t = " << e.time << " s (" << e.ratio << " times the accepted " << e.error / e.ratio
      << unit_of(e.state) << ")";
    if (e.persisting_state >= 0)
        s << "; " << e.followed_steps << " steps later the solution with half the step still differs by " << e.persisting_error
          << unit_of(e.persisting_state) << " in " << model_.states[static_cast<std::size_t>(e.persisting_state)].path;
    if (e.ratio > 1.0 && e.suggested_step > 0) s << "; try a step of " << e.suggested_step << " s or less";
    return s.str();
}

// Which balance broke, when, by how much against what, where most of it came from and the likely cause.
std::string Simulator::balance_text() const {
    const BalanceFinding& f = auditor_.finding();
    const BalanceAccount& a = auditor_.account(f.quantity);
    const char* unit = unit_of(f.quantity);
    auto term_name = [&](int term) {
        if (term < 0 || static_cast<std::size_t>(term) >= model_.balance_terms.size()) return std::string("?");
        const BalanceTermInfo& info = model_.balance_terms[static_cast<std::size_t>(term)];
        const std::string& path = model_.components[static_cast<std::size_t>(info.component)].path;
        return path.empty() ? std::string(info.name) : path + "." + std::string(info.name);
    };
    auto component_of = [&](int term) {
        if (term < 0 || static_cast<std::size_t>(term) >= model_.balance_terms.size()) return std::string("?");
        const std::string& path = model_.components[static_cast<std::size_t>(model_.balance_terms[static_cast<std::size_t>(term)].component)].path;
        return path.empty() ? std::string("the system") : path;
    };
    std::ostringstream s;
    s << "the " << to_string(f.quantity) << " balance broke at t = " << f.time << " s: " << std::abs(f.residual) << ' ' << unit
      << (f.residual > 0 ? " appeared" : " vanished") << " that nothing supplied" << (f.residual > 0 ? "" : " or dissipated") << " (allowed "
      << f.allowance << ' ' << unit << ": " << options_.balance.tolerance << " of what was stored and exchanged; Σ stored went from "
      << a.stored_start << " to " << a.stored << ' ' << unit << ", supplied +" << a.supplied_in << " / −" << a.supplied_out << ' ' << unit;
    if (f.quantity == Quantity::Energy) s << ", dissipated " << a.dissipated << " J";
    if (a.created != 0) s << ", created by formulations " << a.created << ' ' << unit;
    if (a.changes != 0) s << ", brought by changes " << a.changes << ' ' << unit;
    s << "); ";
    switch (f.where) {
        case BalanceFinding::Where::Change:
            s << "at the change at t = " << f.step_time << " s the states of " << component_of(f.term)
              << " were carried over by name, but what it holds jumped (" << term_name(f.term) << " and the other carried components by "
              << f.step_residual << ' ' << unit << "): a replacement that keeps a state by name must hold the same amount, e.g. a "
                 "tank of another area keeping its level does not; give the new component its start values (in a system file the "
                 "start parameters of the replacement, e.g. h0, or the action's initial; in C++ the change's start_fresh(path) "
                 "or start_values_win(parameters), an initializer, or a take-over that keeps the conserved quantity)";
            break;
        case BalanceFinding::Where::Event:
            s << "event handlers at t = " << f.step_time << " s changed it by " << f.step_residual << ' ' << unit
              << ", most in " << term_name(f.term) << " (" << f.term_change << ' ' << unit << "): a re-initialisation may take energy "
              << "(an inelastic impact), never create it, and never move mass";
            break;
        case BalanceFinding::Where::Step: {
            s << "the step of " << f.step << " s from t = " << f.step_time << " s added most (" << f.step_residual << ' ' << unit
              << "), where " << term_name(f.term) << " changed most (" << f.term_change << ' ' << unit << "); likely cause: ";
            const bool step_accurate = monitor_.active() && monitor_.checks() > 0 && monitor_.worst().ratio < 0.1;
            if (integrator_->adaptive() || step_accurate) {
                s << "a component whose equations do not conserve " << to_string(f.quantity) << " (" << component_of(f.term)
                  << " or one it exchanges with; ";
                if (integrator_->adaptive()) s << integrator_->name() << " controls its error";
                else s << "the step error monitor found every step accurate";
                s << "), or a declaration that misses an exchange";
            } else {
                s << "the step: " << integrator_->name() << " with " << options_.dt << " s creates or loses "
                  << to_string(f.quantity) << " here; take a smaller step or an adaptive solver such as cvode-bdf (if the books "
                  << "still break, a component does not conserve it)";
            }
            break;
        }
    }
    s << " (rule: Σ stored − Σ stored at the start = ∫ (Σ supplied − Σ dissipated) dt, for mass and energy; set the balance check to "
         "warn or off to go on regardless)";
    return s.str();
}

std::string Simulator::formulation_energy_note() const {
    if (!auditor_.active() || auditor_.suspended()) return "";
    const BalanceAccount& a = auditor_.account(Quantity::Energy);
    if (!a.audited) return "";
    // What moved since the per-term integrals started (this structure's books): the largest of what entered, left,
    // was dissipated or changed the store (a closed loop heated and cooled moves what passes through its exchangers).
    const BalanceAccount& a0 = auditor_.energy_at_created_start();
    const double moved = std::max({a.supplied_in - a0.supplied_in, a.supplied_out - a0.supplied_out, a.dissipated - a0.dissipated,
                                   std::abs(a.stored - a0.stored)});
    const auto& created = auditor_.created_by_term();
    double by_remedied = 0.0;
    int most = -1;
    for (std::size_t k = 0; k < created.size() && k < model_.balance_terms.size(); ++k) {
        const BalanceTermInfo& term = model_.balance_terms[k];
        if (term.kind != BalanceTermInfo::Kind::Created || term.quantity != Quantity::Energy || term.remedy.empty()) continue;
        by_remedied += created[k];
        if (most < 0 || std::abs(created[k]) > std::abs(created[static_cast<std::size_t>(most)])) most = static_cast<int>(k);
    }
    if (most < 0 || !(moved > 0.0) || !(std::abs(by_remedied) > kFormulationShare * moved)) return "";
    const BalanceTermInfo& term = model_.balance_terms[static_cast<std::size_t>(most)];
    const std::string& path = model_.components[static_cast<std::size_t>(term.component)].path;
    std::ostringstream s;
    s << std::setprecision(3) << "regularisations created " << by_remedied << " J, " << 100.0 * std::abs(by_remedied) / moved
      << " % of the " << moved << " J of energy that moved; most in " << (path.empty() ? "" : path + ".") << term.name << " ("
      << created[static_cast<std::size_t>(most)] << " J): " << term.remedy << " (rule: a formulation's regularisation moves less than "
      << 100.0 * kFormulationShare << " % of the energy balance; the books count it as created, so the balance holds)";
    return s.str();
}

std::vector<std::string> Simulator::balance_lines() const {
    std::vector<std::string> lines;
    if (options_.balance.mode == CheckMode::Off) return {"not kept (the balance check is off)"};
    if (auditor_.suspended()) return {"not kept: an external integrator owns the states (Model Exchange)"};
    if (!auditor_.unaudited().empty()) {
        std::ostringstream s;
        s << "not kept: " << auditor_.unaudited().size() << (auditor_.unaudited().size() == 1 ? " component declares" : " components declare")
          << " nothing about mass and energy:";
        std::size_t shown = 0;
        for (int c : auditor_.unaudited()) {
            if (++shown > 8) {
                s << " …";
                break;
            }
            s << ' ' << model_.components[static_cast<std::size_t>(c)].path;
        }
        return {s.str()};
    }
    for (Quantity q : {Quantity::Mass, Quantity::Energy}) {
        const BalanceAccount& a = auditor_.account(q);
        if (!a.audited) continue;
        const char* unit = unit_of(q);
        std::ostringstream s;
        s << to_string(q) << ": stored " << a.stored_start << " → " << a.stored << ' ' << unit << " (change " << a.stored - a.stored_start
          << "), supplied +" << a.supplied_in << " / −" << a.supplied_out << ' ' << unit;
        if (q == Quantity::Energy) s << ", dissipated " << a.dissipated << " J";
        if (a.created != 0) s << ", created by formulations " << a.created << ' ' << unit;
        if (a.changes != 0) s << ", brought by changes " << a.changes << ' ' << unit;
        s << ", residual " << a.residual() << ' ' << unit << " (allowed " << a.allowance << ", worst " << a.worst_ratio << " of it)";
        lines.push_back(s.str());
    }
    if (lines.empty()) lines.push_back("nothing to keep: no component holds or exchanges mass or energy");
    return lines;
}

// A solver that retried past points where the model could not be evaluated (CVODE shrinks its step until it gives
// up): how many, the last one, what failed there and which declared range it broke — often the real cause.
std::string Simulator::failed_evaluation_note() {
    if (evaluator_.failures() <= failures_before_step_) return "";
    const auto& x = evaluator_.failed_point();
    std::ostringstream s;
    const long failed = evaluator_.failures() - failures_before_step_;
    s << "; " << failed << (failed == 1 ? " point" : " points") << " of that step could not be evaluated, the last at t = "
      << evaluator_.failed_time() << " s: "
      << explain_evaluation_failure(model_, schedule_, evaluator_, evaluator_.failed_time(), x.data()) << broken_range_note(x.data());
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
            if (auto bad = first_non_finite_value(model_, schedule_, evaluator_, t_, x_.data())) s << ": " << *bad << broken_range_note(x_.data());
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
            const std::string range = broken_range_note(x.data());
            s << range;
            if (!range.empty()) unstable_step_possible = false;   // the cause is named: a state left what its component accepts
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
        case StepStatus::SolverFailed:
            unstable_step_possible = false;
            s << "solver " << integrator_->name() << " failed at t = " << failed_time_ << " s: " << integrator_->failure()
              << failed_evaluation_note();
            break;
        case StepStatus::Chattering: {
            unstable_step_possible = false;
            const auto i = static_cast<std::size_t>(chatter_crossing_);
            s << "zero-crossing " << model_.zero_crossings[i].path << " chatters: it crossed " << options_.chatter_events
              << " times within " << (failed_time_ - crossings_.chatter_start(i)) << " s up to t = " << failed_time_
              << " s (rule: a state event fires a bounded number of times in an instant; declare a hysteresis on "
                 "it, or remove the cause, e.g. a contact that comes to rest by ever shorter bounces)";
            break;
        }
        case StepStatus::StructureRefused:
            unstable_step_possible = false;
            s << refused_change_;
            break;
        case StepStatus::StepTooLarge:   // the stability analysis below may say why: a step beyond the stable limit
            s << "the fixed step of " << integrator_->name() << " is too large for this model: " << step_error_text(monitor_.last_confirmed())
              << " (rule: the error of a step, estimated by step doubling, stays below " << monitor_.tolerance()
              << " of nominal + |value| of each state or decays within " << options_.step_monitor.confirm_steps
              << " steps; take a smaller step or an adaptive solver such as cvode-bdf, or set the "
                 "step check to warn or off to go on regardless)";
            break;
        case StepStatus::BalanceBroken:
            unstable_step_possible = false;
            s << balance_text();
            break;
        case StepStatus::StepSizeTooSmall:
            unstable_step_possible = false;
            s << "the step size of " << integrator_->name() << " became too small at t = " << failed_time_
              << " s (the system may be stiff or discontinuous there)" << failed_evaluation_note();
            break;
    }
    if (unstable_step_possible && built_) {
        const std::string note = stability_note(evaluator_, *integrator_, t_, x_, failed_step_, nominals());
        if (!note.empty()) s << "; " << note;
    }
    if (built_ && root_.claimed_by() == this) evaluator_.evaluate(t_, x_.data());   // signals consistent with (t, x) again
    return s.str();
}

}  // namespace lied
