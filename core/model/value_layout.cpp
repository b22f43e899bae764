#include "core/model/value_layout.h"

#include <vector>

namespace lied {
namespace {

std::vector<ValueLayout>& layouts() {
    static std::vector<ValueLayout> list{{"real", 1, [](double* v, double u) { *v = 1.0 + u; }}};
    return list;
}

}  // namespace

void register_value_layout(const ValueLayout& layout) {
    if (!find_value_layout(layout.type_name)) layouts().push_back(layout);
}

const ValueLayout* find_value_layout(std::string_view type_name) {
    for (const auto& l : layouts())
        if (l.type_name == type_name) return &l;
    return nullptr;
}

}  // namespace lied
