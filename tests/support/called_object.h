#pragma once
// What a schedule or model Block entry calls, comparable across two models of one tree: its object, or for a
// pass-through (whose object is the entry its own model keeps, see Meta::pass_through) the Out it writes.
#include "core/model/model.h"

namespace lied::testing {

inline const void* called_object(const Model& m, const Block& b) {
    for (auto& p : m.pass_throughs)
        if (&p == b.object) return p.out;
    return b.object;
}

}  // namespace lied::testing
