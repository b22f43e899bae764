#pragma once
// Every component type by name, so systems can be composed without a compiler (system files, `lied describe`).
// A type registers itself next to its definition with one line:
//     LIED_REGISTER_COMPONENT(PressureDrop, "quadratic pressure drop with inertance");
#include "core/model/component.h"
#include "core/model/named_registry.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace lied {

struct ComponentType {
    std::string name;
    std::string description;
    std::function<std::unique_ptr<Component>()> make;
};

class ComponentRegistry {
public:
    static ComponentRegistry& instance();
    void add(ComponentType type) { types_.add(std::move(type), "component type"); }   // throws for a duplicate
    const ComponentType* find(const std::string& name) const { return types_.find(name); }
    std::vector<std::string> names() const { return types_.names(); }                  // sorted
    const std::vector<ComponentType>& types() const { return types_.entries(); }

private:
    NamedRegistry<ComponentType> types_;
};

struct ComponentRegistration {
    ComponentRegistration(const char* name, const char* description, std::function<std::unique_ptr<Component>()> make) {
        ComponentRegistry::instance().add({name, description, std::move(make)});
    }
};

}  // namespace lied

#define LIED_REGISTER_COMPONENT(Type, description)                                                                 \
    static const ::lied::ComponentRegistration lied_registration_##Type{#Type, description,                     \
                                                                         [] { return std::make_unique<Type>(); }}
