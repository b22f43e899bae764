#include "core/introspection.h"

#include "core/meta.h"

namespace lied {

Model describe(Component& component, const std::string& path) {
    Model m;
    m.keep_undone_reads = true;
    m.begin_refill();
    m.refill_root(component);
    Meta meta(m, path, 0);
    // Whatever happens, the Ins a simulator pointed past pass-throughs read where they read before.
    struct Redo {
        Model& m;
        ~Redo() {
            for (auto& [in, at] : m.undone_reads) in->read_at(at);
        }
    } redo{m};
    component.metainfo(meta);
    m.note_shared_properties(0, 0);
    m.end_refill();
    m.index_signals();
    return m;
}

}  // namespace lied
