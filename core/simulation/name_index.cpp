#include "core/simulation/name_index.h"

#include <algorithm>

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
    values_.reset(1 + m.states.size() + m.variables.size() + m.parameters.size());
    parameters_.reset(m.parameters.size());
    values_.insert("time", time_);
    for (std::size_t i = 0; i < m.states.size(); ++i) values_.insert(m.states[i].path, states_->data() + i);
    for (auto& v : m.variables) values_.insert(v.path, v.value);
    for (std::size_t i = 0; i < m.parameters.size(); ++i) {
        parameters_.insert(m.parameters[i].path, i);
        values_.insert(m.parameters[i].path, m.parameters[i].value);
    }
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

std::string NameIndex::unit(std::string_view name) const {
    if (!model_) return "";
    for (auto& s : model_->states) if (s.path == name) return s.unit;
    for (auto& v : model_->variables) if (v.path == name) return v.unit;
    for (auto& p : model_->parameters) if (p.path == name) return p.spec.unit.str();
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
