#pragma once
// What every two-stream heat exchanger has: side A (inletA → outletA, mediumA) and side B (inletB → outletB,
// mediumB), each a StreamSide with the inertance L (a system default). The exchanger adds its heat transfer.
#include "core/model/component.h"
#include "core/model/system_default.h"
#include "thermofluid/drop_of_commons.h"
#include "thermofluid/heat_exchangers/stream_side.h"

namespace lied::thermofluid {

class TwoStreamExchanger : public Component {
public:
    StreamSide A_side, B_side;
    FluidInlet& inletA = A_side.inlet;
    FluidOutlet& outletA = A_side.outlet;
    FluidInlet& inletB = B_side.inlet;
    FluidOutlet& outletB = B_side.outlet;
    SystemDefault L{defaults::L};

protected:
    void declare_sides(Meta& meta) {
        A_side.L = B_side.L = L.storage();
        A_side.declare(meta, "A");
        B_side.declare(meta, "B");
        meta.parameter(L, "L", defaults::kL, ParameterSpec::non_negative("1/m", "inertance of each side"));
    }
};

}  // namespace lied::thermofluid
