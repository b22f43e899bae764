#include "core/plug.h"

#include <algorithm>
#include <vector>

namespace lied {

namespace {
// Unbinds every input of `readers` whose source is an output of `writers`.
void unbind(Plug& readers, Plug& writers) {
    std::vector<const OutBase*> outs;
    writers.members([&](SignalBase& s, std::string_view) {
        if (!s.is_in()) outs.push_back(static_cast<const OutBase*>(&s));
    });
    readers.members([&](SignalBase& s, std::string_view) {
        if (!s.is_in()) return;
        auto& in = static_cast<InBase&>(s);
        if (std::find(outs.begin(), outs.end(), in.source()) != outs.end()) in.disconnect();
    });
}
}  // namespace

void Plug::disconnect_from(Plug& other) {
    unbind(*this, other);
    unbind(other, *this);
}

}  // namespace lied
