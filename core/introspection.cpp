#include "core/introspection.h"

#include "core/meta.h"

namespace lied {

Model describe(Component& component, const std::string& path) {
    Model m;
    m.components.push_back({"", &component, ""});
    Meta meta(m, path, 0);
    component.metainfo(meta);
    m.index_signals();
    return m;
}

}  // namespace lied
