#include "core/introspection.h"

#include "core/meta.h"

namespace lied {

Model describe(Component& component, const std::string& path) {
    Model m;
    m.begin_refill();
    m.refill_root(component);
    Meta meta(m, path, 0);
    component.metainfo(meta);
    m.note_shared_properties(0, 0);
    m.end_refill();
    m.index_signals();
    return m;
}

}  // namespace lied
