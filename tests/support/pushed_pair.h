#pragma once
// Two free masses for the attach/release and constraint tests: a (2 kg) from s = 0 at 2 m/s pushed by a constant
// 6 N (`push`, from `six`), and b (3 kg) from s = 1 m at −1 m/s.
#include "components/sources.h"
#include "core/model/composite.h"
#include "dialectic_mechanics/one_dimensional/translational.h"

#include <memory>

namespace lied::test {

inline std::unique_ptr<Composite> pushed_pair() {
    auto net = std::make_unique<Composite>("Pair");
    auto& a = static_cast<mechanics::Mass&>(net->add("a", std::make_unique<mechanics::Mass>(2.0, 0.0, 2.0)));
    net->add("b", std::make_unique<mechanics::Mass>(3.0, 1.0, -1.0));
    auto& push = static_cast<mechanics::Force&>(net->add("push", std::make_unique<mechanics::Force>()));
    auto& six = static_cast<components::Constant&>(net->add("six", std::make_unique<components::Constant>(6.0)));
    connect(a.flange, push.flange);
    push.F.connect(six.y);
    return net;
}

inline mechanics::Mass& mass(Composite& net, const char* name) { return static_cast<mechanics::Mass&>(*net.child(name)); }

}  // namespace lied::test
