#include "core/model/component_registry.h"

namespace lied {

ComponentRegistry& ComponentRegistry::instance() {
    static ComponentRegistry registry;
    return registry;
}

}  // namespace lied
