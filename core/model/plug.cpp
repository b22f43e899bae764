#include "core/model/plug.h"

#include <algorithm>
#include <vector>

namespace lied {

namespace {
std::vector<const OutBase*> outputs_of(Plug& plug) {
    std::vector<const OutBase*> outs;
    plug.members([&](SignalBase& s, std::string_view) {
        if (!s.is_in()) outs.push_back(static_cast<const OutBase*>(&s));
    });
    return outs;
}

// Every input of `readers` whose source is an output of `writers`, to `f`.
template <class F>
void for_each_bound_input(Plug& readers, Plug& writers, F&& f) {
    const std::vector<const OutBase*> outs = outputs_of(writers);
    readers.members([&](SignalBase& s, std::string_view) {
        if (!s.is_in()) return;
        auto& in = static_cast<InBase&>(s);
        if (std::find(outs.begin(), outs.end(), in.source()) != outs.end()) f(in);
    });
}
}  // namespace

bool Plug::reads_from(Plug& readers, Plug& writers) {
    bool found = false;
    for_each_bound_input(readers, writers, [&](InBase&) { found = true; });
    return found;
}

bool Plug::any_input_bound() {
    bool bound = false;
    members([&](SignalBase& s, std::string_view) {
        if (s.is_in() && static_cast<InBase&>(s).source()) bound = true;
    });
    return bound;
}

void Plug::disconnect_from(Plug& other) {
    for_each_bound_input(*this, other, [](InBase& in) { in.disconnect(); });
    for_each_bound_input(other, *this, [](InBase& in) { in.disconnect(); });
}

}  // namespace lied
