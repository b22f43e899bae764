#include "systems/io/system_registry.h"

namespace lied::systems {

SystemRegistry& SystemRegistry::instance() {
    static SystemRegistry registry;
    return registry;
}

}  // namespace lied::systems
