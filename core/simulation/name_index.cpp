#include "core/simulation/name_index.h"

#include "core/support/closest_name.h"

#include <algorithm>
#include <stdexcept>

namespace lied {

void NameIndex::reset(const Model& model, const double* time, const Eigen::VectorXd* states) {
    model_ = &model;
    time_ = time;
    states_ = states;
    values_.reset(0);
    parameters_.reset(0);
    indexed_ = false;
    ++generation_;
}

void NameIndex::index() const {
    if (indexed_ || !model_) return;
    indexed_ = true;
    const Model& m = *model_;
    values_.reset(1 + m.states.size() + m.variables.size() + m.parameters.size() + m.inputs.size() + m.outputs.size());
    parameters_.reset(m.parameters.size());
    values_.insert("time", time_);
    for (std::size_t i = 0; i < m.states.size(); ++i) values_.insert(m.states[i].path, states_->data() + i);
    for (auto& v : m.variables) values_.insert(v.path, v.value);
    for (std::size_t i = 0; i < m.parameters.size(); ++i) {
        parameters_.insert(m.parameters[i].path, i);
        values_.insert(m.parameters[i].path, m.parameters[i].value);
    }
    // Inputs by their own names, outputs by theirs (a name already taken keeps its value: the build refuses it).
    for (auto& in : m.inputs) values_.insert(in.path, in.current());
    for (auto& out : m.outputs)
        if (const double* const* target = values_.find(out.target)) values_.insert(out.path, *target);
}

const double* NameIndex::find_value(std::string_view name) const {
    index();
    const double* const* value = values_.find(name);
    return value ? *value : nullptr;
}

const std::size_t* NameIndex::find_parameter(std::string_view name) const {
    index();
    return parameters_.find(name);
}

std::size_t NameIndex::parameter_index(std::string_view name) const {
    if (const std::size_t* index = find_parameter(name)) return *index;
    // A state is not a parameter, but its start value often is: say which.
    for (auto& st : model_->states) {
        if (st.path != name) continue;
        for (auto& p : model_->parameters)
            if (p.value == &st.state->start)
                throw std::invalid_argument("'" + std::string(name) + "' is a state, not a parameter; its start value is the parameter '" +
                                            p.path + "'");
        throw std::invalid_argument("'" + std::string(name) + "' is a state, not a parameter (its start value is not a parameter)");
    }
    std::vector<std::string> names;
    for (auto& p : model_->parameters) names.push_back(p.path);
    throw std::invalid_argument("unknown parameter '" + std::string(name) + "'" + did_you_mean(name, names));
}

std::size_t NameIndex::state_index(std::string_view name) const {
    const double* at = find_value(name);
    const double* first = states_->data();
    if (at && at >= first && at < first + states_->size()) return static_cast<std::size_t>(at - first);
    std::vector<std::string> states;
    for (auto& st : model_->states) states.push_back(st.path);
    throw std::invalid_argument("'" + std::string(name) + "' is not a state" + did_you_mean(name, states));
}

const ChoiceInfo& NameIndex::choice(std::string_view name) const {
    for (auto& c : model_->choices)
        if (c.path == name) return c;
    std::vector<std::string> names;
    for (auto& c : model_->choices) names.push_back(c.path);
    throw std::invalid_argument("unknown choice '" + std::string(name) + "'" + did_you_mean(name, names));
}

double NameIndex::value(std::string_view name) const {
    if (const double* v = find_value(name)) return *v;
    throw std::invalid_argument("unknown variable '" + std::string(name) + "'" + did_you_mean(name, value_names()));
}

std::string NameIndex::unit(std::string_view name) const {
    if (!model_) return "";
    for (auto& s : model_->states) if (s.path == name) return s.unit;
    for (auto& v : model_->variables) if (v.path == name) return v.unit;
    for (auto& p : model_->parameters) if (p.path == name) return p.spec.unit.str();
    for (auto& in : model_->inputs) if (in.path == name) return in.unit;
    for (auto& out : model_->outputs) if (out.path == name) return out.target == name ? "" : unit(out.target);
    return name == "time" ? "s" : "";
}

std::vector<std::string> NameIndex::value_names() const {
    std::vector<std::string> names;
    index();
    values_.for_each([&](std::string_view n, const double*) { names.emplace_back(n); });
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace lied
