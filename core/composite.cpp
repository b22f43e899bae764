#include "core/composite.h"

#include "core/meta.h"

#include <stdexcept>

namespace lied {

Component& Composite::add(const std::string& name, std::unique_ptr<Component> child, std::string description) {
    if (children_.count(name)) throw std::invalid_argument("a component named '" + name + "' exists already");
    Component& ref = *child;
    children_.emplace(name, Child{std::move(child), std::move(description)});
    order_.push_back(name);
    return ref;
}

Component* Composite::child(const std::string& name) const {
    auto it = children_.find(name);
    return it == children_.end() ? nullptr : it->second.component.get();
}

void Composite::metainfo(Meta& meta) {
    for (const auto& name : order_) {
        const Child& c = children_.at(name);
        meta.component(*c.component, name, c.description);
    }
    // Exposed parameters are aliases: "branch.dp_ref" and "branch.valve.dp_ref" set the same value.
    for (auto& [name, p] : parameters_) {
        if (p.follower) meta.alias_parameter(*p.follower, name, p.spec);
        else meta.parameter(*p.value, name, p.spec);
    }
}

}  // namespace lied
