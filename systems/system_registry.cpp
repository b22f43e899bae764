#include "systems/system_registry.h"

#include <algorithm>
#include <stdexcept>

namespace lied::systems {

SystemRegistry& SystemRegistry::instance() {
    static SystemRegistry registry;
    return registry;
}

void SystemRegistry::add(SystemEntry entry) {
    if (find(entry.name)) throw std::logic_error("system '" + entry.name + "' is registered twice");
    entries_.push_back(std::move(entry));
    std::sort(entries_.begin(), entries_.end(), [](auto& a, auto& b) { return a.name < b.name; });
}

const SystemEntry* SystemRegistry::find(const std::string& name) const {
    for (auto& e : entries_)
        if (e.name == name) return &e;
    return nullptr;
}

}  // namespace lied::systems
