#include "core/component_registry.h"

#include <algorithm>
#include <stdexcept>

namespace lied {

ComponentRegistry& ComponentRegistry::instance() {
    static ComponentRegistry registry;
    return registry;
}

void ComponentRegistry::add(ComponentType type) {
    if (find(type.name)) throw std::logic_error("component type '" + type.name + "' is registered twice");
    types_.push_back(std::move(type));
    std::sort(types_.begin(), types_.end(), [](auto& a, auto& b) { return a.name < b.name; });
}

const ComponentType* ComponentRegistry::find(const std::string& name) const {
    for (auto& t : types_)
        if (t.name == name) return &t;
    return nullptr;
}

std::vector<std::string> ComponentRegistry::names() const {
    std::vector<std::string> n;
    for (auto& t : types_) n.push_back(t.name);
    return n;
}

}  // namespace lied
