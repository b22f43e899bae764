#include "systems/examples/boiling_pipe.h"

#include "core/model/meta.h"
#include "systems/io/system_registry.h"

#include <string>

namespace lied::systems {

using namespace thermofluid;

BoilingPipe::BoilingPipe() {
    for (MediumParameter* m : {&feed.medium, &feedValve.medium, &x_middle.medium, &x_out.medium, &T_out.medium, &sink.medium}) m->name = "WaterIF97";
    feed.p0_par = 10.5e5, feed.T0_par = 423.15;
    feed.m_flow.start = 0.05;   // the flow the valve passes at 0.5 bar: no start-up transient
    feedValve.pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic, feedValve.k = 1e6, feedValve.k2 = 0;   // 0.5 bar at 0.05 kg/s
    sink.p0_par = 10e5;
    x_middle.quantity = x_out.quantity = "x_kgpkg";
    T_out.quantity = "T_C";
    connect(feed.outlet, feedValve.inlet);
    connect(feedValve.outlet, cells[0].inlet);
    for (int i = 0; i < kCells; ++i) {
        ConductionElement& c = cells[static_cast<std::size_t>(i)];
        c.medium.name = "WaterIF97";
        c.V = 2e-4, c.A = 0.05, c.U = 5000, c.init = ConductionElement::Init::T, c.T_0 = 423.15, c.p_init = 10e5;
        walls[static_cast<std::size_t>(i)].C = 500, walls[static_cast<std::size_t>(i)].T.start = 423.15;
        connect(walls[static_cast<std::size_t>(i)].ports[1], c.heatPort);
        connect(walls[static_cast<std::size_t>(i)].ports[2], heaters[static_cast<std::size_t>(i)].port);
        heaters[static_cast<std::size_t>(i)].Q_flow_in.connect(heating.y);
    }
    connect(cells[0].outlet, cells[1].inlet);
    connect(cells[1].outlet, x_middle.inlet);
    connect(x_middle.outlet, cells[2].inlet);
    connect(cells[2].outlet, cells[3].inlet);
    connect(cells[3].outlet, x_out.inlet);
    connect(x_out.outlet, T_out.inlet);
    connect(T_out.outlet, sink.inlet);
    heating.table = {{0.0, 0.0}, {10.0, 0.0}, {70.0, 20e3}};   // per cell: a ramp from 0 to 20 kW between 10 s and 70 s
}

void BoilingPipe::metainfo(Meta& meta) {
    meta.component(feed, "feed", "subcooled water, 10.5 bar, 150 °C");
    meta.component(feedValve, "feedValve", "0.5 bar at 0.05 kg/s");
    for (int i = 0; i < kCells; ++i) {
        const std::string n = std::to_string(i + 1);
        meta.component(cells[static_cast<std::size_t>(i)], "cell" + n);
        meta.component(walls[static_cast<std::size_t>(i)], "wall" + n);
        meta.component(heaters[static_cast<std::size_t>(i)], "heater" + n);
    }
    meta.component(x_middle, "x_middle", "vapour quality after cell 2");
    meta.component(x_out, "x_out", "vapour quality at the outlet");
    meta.component(T_out, "T_out", "outlet temperature");
    meta.component(sink, "sink", "10 bar");
    meta.component(heating, "heating", "input: per cell, a table ramps it from 0 to 20 kW between 10 s and 70 s");
    meta.output("x_out_quality", "x_out.value", "vapour quality at the outlet");
    meta.output("T_outlet", "T_out.value", "outlet temperature");
}

namespace {
const SystemRegistration registration{{
    "BoilingPipe",
    "water boiling in a heated pipe at 10 bar (IAPWS-IF97): four heated cells, subcooled inlet, wet steam out",
    [] { return std::make_unique<BoilingPipe>(); },
    RunSettings{150.0, 1e-3, "cvode-bdf", 0.5,
                {"heater1.Q_flow", "cell1.T", "cell2.T", "cell3.T", "cell4.T", "wall1.T", "wall4.T", "x_middle.value", "x_out.value",
                 "T_out.value"}},
}};
}  // namespace

}  // namespace lied::systems
