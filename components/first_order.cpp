#include "components/first_order.h"

#include "core/model/component_registry.h"
#include "core/model/meta.h"

namespace lied::components {

void FirstOrder::metainfo(Meta& meta) {
    meta.balance_neutral();   // a signal: it holds and exchanges no mass or energy
    meta.signal(u, "u");
    meta.state(y, "y", 1.0, "");
    meta.parameter(k, "k", ParameterSpec::any("", "steady-state gain"));
    meta.parameter(T, "T", ParameterSpec::positive("s", "time constant"));
    meta.parameter(y.start, "y_start", ParameterSpec::any("", "initial output"));
    meta.block<&FirstOrder::derivative>(this, "derivative", {&u, &y.value}, {&y.der});
}

LIED_REGISTER_COMPONENT(FirstOrder, "signal block: first-order lag T·dy/dt = k·u − y");

}  // namespace lied::components
