// The Simulator's inputs and outputs: setting inputs between steps (by name, by index, through a handle), taking a
// set value into the run as a discontinuity, and checking at build that every output names a value.
#include "core/simulation/simulator.h"

#include "core/model/build_error.h"
#include "core/support/closest_name.h"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace lied {

namespace {

std::size_t input_index(const std::vector<InputInfo>& inputs, std::string_view name) {
    for (std::size_t i = 0; i < inputs.size(); ++i)
        if (inputs[i].path == name) return i;
    return std::numeric_limits<std::size_t>::max();
}

}  // namespace

InputHandle Simulator::input(std::string_view name) {
    const std::size_t i = input_index(model_.inputs, name);
    if (i < model_.inputs.size()) return InputHandle(*this, std::string(name), i, generation_);
    std::vector<std::string> names;
    for (auto& in : model_.inputs) names.push_back(in.path);
    throw std::invalid_argument("unknown input '" + std::string(name) + "'" +
                                (names.empty() ? std::string(" (this system has no inputs)") : did_you_mean(name, names)));
}

void Simulator::set_input(std::string_view name, double value) {
    const std::size_t i = input(name).index_;
    if (!set_input(i, value)) throw std::invalid_argument(input_refusal(i, value));
}

bool Simulator::set_input(std::size_t index, double value) noexcept {
    if (!built_ || index >= model_.inputs.size()) return false;   // a failed rebuild leaves a crawl no handle may trust
    const InputInfo& in = model_.inputs[index];
    if (in.driven_by_table || !std::isfinite(value) || value < *in.min || value > *in.max) return false;
    if (in.value->value() == value) return true;   // nothing changes: the solver keeps its history
    in.value->value() = value;
    inputs_changed_ = true;
    evaluator_.linear_system().invalidate();   // the input may reach L's coefficients
    return true;
}

std::string Simulator::input_refusal(std::size_t index, double value) const {
    if (index >= model_.inputs.size()) return "no input number " + std::to_string(index) + " (this structure has " + std::to_string(model_.inputs.size()) + ")";
    const InputInfo& in = model_.inputs[index];
    std::ostringstream s;
    s << "input " << in.path << " = " << value;
    if (!in.unit.empty()) s << ' ' << in.unit;
    if (in.driven_by_table) s << " refused (rule: an input driven by a time table follows the table, it is not set)";
    else if (!std::isfinite(value)) s << " refused (rule: an input is a finite number)";
    else if (value < *in.min || value > *in.max) s << " is outside its range [" << *in.min << ", " << *in.max << "] (rule: an input stays in its declared range)";
    else return "";
    return s.str();
}

// A set input is a discontinuity from outside, taken like an event's: the solver's history and the probed L no longer
// hold, the books rebase their rates, and a zero crossing that the new value put on the other side fires now.
StepStatus Simulator::take_input_changes() {
    inputs_changed_ = false;
    // The solver restarts as after an event, but the step monitor does not check the next step for it: a loop that
    // sets an input at every tick would pay a step-doubling check at every step.
    evaluator_.forget_kept();
    integrator_->reset();
    evaluator_.linear_system().invalidate();
    if (auditor_.active()) {
        evaluator_.evaluate(t_, x_.data());
        if (!auditor_.after_event(t_) && options_.balance.mode == CheckMode::Error) {
            failed_time_ = t_;
            return StepStatus::BalanceBroken;
        }
    }
    if (!model_.zero_crossings.empty() && !locator_.mark_changed_sides(crossings_, t_, x_.data())) return fail(StepStatus::EvaluationFailed);
    return after_accepted_step(StepStatus::Ok);   // a delay holds the input's jump as a jump
}

void Simulator::check_outputs() const {
    for (std::size_t i = 0; i < model_.outputs.size(); ++i) {
        const OutputInfo& out = model_.outputs[i];
        for (std::size_t j = 0; j < i; ++j)
            if (model_.outputs[j].path == out.path)
                throw BuildError("output '" + out.path + "' is declared twice (rule: output names are unique)", "output names");
        const double* target = names_.find_value(out.target);
        if (names_.find_value(out.path) != target)
            throw BuildError("output '" + out.path + "' has the name of a value of the system (rule: an output's name is new)", "output names");
        if (!target) {
            const auto names = names_.value_names();
            throw BuildError("output '" + out.path + "' names '" + out.target + "', which is no value of the system" +
                                 did_you_mean(out.target, names) + " (rule: an output names a state, variable, parameter or input)",
                             "outputs name values");
        }
    }
}

std::size_t InputHandle::index() const noexcept {
    if (generation_ != simulator_->generation()) {
        generation_ = simulator_->generation();
        index_ = input_index(simulator_->inputs(), name_);
    }
    return index_;
}

bool InputHandle::set(double value) noexcept { return simulator_->set_input(index(), value); }

double InputHandle::value() const noexcept {
    const std::size_t i = index();
    return i < simulator_->inputs().size() ? simulator_->input_value(i) : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace lied
