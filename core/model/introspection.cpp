#include "core/model/introspection.h"

#include "core/model/meta.h"

namespace lied {

Model describe(Component& component, const std::string& path) {
    Model m;
    m.keep_undone_reads = true;
    // Whatever happens, the Ins a simulator pointed past pass-throughs read where they read before. Done before the
    // model is returned (a destructor would run after a move out of it).
    auto redo = [&m] {
        for (auto& [in, at] : m.undone_reads) in->read_at(at);
        m.undone_reads.clear();
    };
    try {
        m.begin_refill();
        m.refill_root(component);
        Meta meta(m, path, 0);
        component.metainfo(meta);
        m.note_shared_properties(0, 0);
        m.end_refill();
        m.index_signals();
    } catch (...) {
        redo();
        throw;
    }
    redo();
    return m;
}

}  // namespace lied
