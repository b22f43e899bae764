#include "core/model/composite.h"

#include "core/model/meta.h"

#include <algorithm>
#include <stdexcept>

namespace lied {

Component& Composite::add(const std::string& name, std::unique_ptr<Component> child, std::string description) {
    if (children_.count(name)) throw std::invalid_argument("a component named '" + name + "' exists already");
    Component& ref = *child;
    ordered_.push_back(&*children_.emplace(name, Child{std::move(child), std::move(description)}).first);
    return ref;
}

Composite::Taken Composite::take(const std::string& name) {
    auto it = children_.find(name);
    if (it == children_.end()) throw std::invalid_argument("no component named '" + name + "'");
    const auto at = std::find(ordered_.begin(), ordered_.end(), &*it);
    Taken taken{std::move(it->second.component), std::move(it->second.description), static_cast<std::size_t>(at - ordered_.begin())};
    ordered_.erase(at);
    children_.erase(it);
    return taken;
}

Component& Composite::insert(const std::string& name, std::unique_ptr<Component> child, std::string description, std::size_t position) {
    Component& ref = add(name, std::move(child), std::move(description));
    const auto entry = ordered_.back();
    ordered_.pop_back();
    ordered_.insert(ordered_.begin() + static_cast<std::ptrdiff_t>(std::min(position, ordered_.size())), entry);
    return ref;
}

std::vector<std::string> Composite::child_names() const {
    std::vector<std::string> names;
    names.reserve(ordered_.size());
    for (const auto* entry : ordered_) names.push_back(entry->first);
    return names;
}

Component* Composite::child(const std::string& name) const {
    auto it = children_.find(name);
    return it == children_.end() ? nullptr : it->second.component.get();
}

void Composite::metainfo(Meta& meta) {
    for (const auto* entry : ordered_) meta.component(*entry->second.component, entry->first, entry->second.description);
    // Exposed parameters are aliases: "branch.dp_ref" and "branch.valve.dp_ref" set the same value.
    for (auto& [name, p] : parameters_) {
        if (p.follower) meta.alias_parameter(*p.follower, name, p.spec);
        else meta.parameter(*p.value, name, p.spec);
    }
    for (auto& [name, a] : arrays_) meta.parameter(*a.value, name, a.spec);
    for (auto& out : outputs_) meta.output(out.name, out.value_path, out.description);
}

}  // namespace lied
