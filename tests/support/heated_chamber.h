#pragma once
// A heated air volume between a source and a control valve: its pressure comes from a Newton iteration on the
// medium at every evaluation, started where the last one ended (a warm start the saved state must hold).
#include "core/model/component.h"
#include "core/model/meta.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/boundaries/volume.h"
#include "thermofluid/flow_control/control_valve.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/thermal/thermal_boundaries.h"

#include <utility>

namespace lied::testing {

struct HeatedChamber : Component {
    thermofluid::Source source;
    thermofluid::FlowResistance pipe;
    thermofluid::Volume volume;
    thermofluid::BasicControlValve valve;
    thermofluid::Sink sink;
    thermofluid::FixedTemperature wall;
    HeatedChamber() {
        for (auto* m : {&source.medium, &pipe.medium, &volume.medium, &valve.medium, &sink.medium}) m->name = "DryAirNasa";
        source.p0_par = 2e5;
        volume.useHeatport = true;
        valve.flowCoefficient = thermofluid::BasicControlValve::FlowCoefficient::m_flow_set;
        valve.m_flow_ref_set = 0.05, valve.rho_ref = 1.2;
        valve.u_par = 0.5;
        wall.T = 400;
        thermofluid::connect(source.outlet, pipe.inlet);
        thermofluid::connect(pipe.outlet, volume.inlet);
        thermofluid::connect(volume.outlet, valve.inlet);
        thermofluid::connect(valve.outlet, sink.inlet);
        thermofluid::connect(wall.port, volume.heatPort);
    }
    void metainfo(Meta& meta) override {
        for (auto [c, name] : {std::pair<Component*, const char*>{&source, "source"}, {&pipe, "pipe"}, {&volume, "volume"}, {&valve, "valve"},
                               {&sink, "sink"}, {&wall, "wall"}})
            meta.component(*c, name);
    }
    const char* type_name() const override { return "HeatedChamber"; }
};

}  // namespace lied::testing
