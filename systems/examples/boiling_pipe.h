#pragma once
// Water boiling in a heated pipe at fixed pressure, with IAPWS-IF97 water and steam: subcooled water at 150 °C enters
// through a feed valve from 10.5 bar and leaves into a 10 bar sink. The pipe is four cells (ConductionElement), each
// on its own wall (HeatCapacitor) that an electric heater (PrescribedHeatFlow) heats. The heating ramps from 0 to
// 80 kW between 10 s and 70 s and holds: the water reaches saturation (179.9 °C at 10 bar), boils along the pipe and
// leaves as wet steam of quality ≈ 0.7. The sensors show the quality halfway and at the end. The heating is the
// system's input (W per cell), which a time table drives here; outputs: the quality at the outlet and its temperature.
#include "components/input.h"
#include "core/model/component.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/conduction_element.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/sensors/single_sensors.h"
#include "thermofluid/thermal/heat_capacitor.h"
#include "thermofluid/thermal/thermal_boundaries.h"

#include <array>

namespace lied::systems {

class BoilingPipe final : public Component {
public:
    static constexpr int kCells = 4;
    BoilingPipe();

    thermofluid::Source feed;
    thermofluid::FlowResistance feedValve;
    std::array<thermofluid::ConductionElement, kCells> cells;
    std::array<thermofluid::HeatCapacitor, kCells> walls{thermofluid::HeatCapacitor{2}, thermofluid::HeatCapacitor{2},
                                                         thermofluid::HeatCapacitor{2}, thermofluid::HeatCapacitor{2}};
    std::array<thermofluid::PrescribedHeatFlow, kCells> heaters;
    thermofluid::SingleSensorSelect x_middle, x_out, T_out;
    thermofluid::Sink sink;
    components::Input heating{0.0, "W", 0.0, 500e3, "heat flow of each cell's heater"};   // a table: 0 → 20 kW from 10 s to 70 s

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return "BoilingPipe"; }
};

}  // namespace lied::systems
