#include "systems/examples/simple_stream.h"

#include "core/model/meta.h"
#include "systems/io/system_registry.h"

namespace lied::systems {

using namespace thermofluid;

SimpleStream::SimpleStream() {
    for (MediumParameter* m : {&source.medium, &pipe_in.medium, &splitter.medium, &pipe_heated.medium, &pipe_plain.medium,
                               &cooler.medium, &junction.medium, &pipe_out.medium, &sensor.medium, &sink.medium})
        m->name = "DryAirNasa";
    dropOfCommons.m_flow_reg = 1e-4;   // the flows are ~0.1 kg/s: keep the junction's mixing regularisation small
    source.p0_par = 1.2e5;
    sink.p0_par = 1.0e5;
    for (FlowResistance* p : {&pipe_in, &pipe_heated, &pipe_plain, &pipe_out}) {
        p->r = 0.02;
        p->l = 2.0;
    }
    pipe_plain.l = 4.0;
    cooler.V = 2e-3;
    cooler.U = 50, cooler.A = 1.0;
    cooler.init = thermofluid::ConductionElement::Init::T, cooler.T_0 = 293.15;
    wall.C = 2000, wall.T.start = 293.15;
    insulation.G = 10;
    ambient.T = 293.15;


    source.T0_var.connect(T_source.y);
    connect(source.outlet, pipe_in.inlet);
    connect(pipe_in.outlet, splitter.inlet);
    connect(splitter.outlets[1], pipe_heated.inlet);
    connect(pipe_heated.outlet, cooler.inlet);
    connect(cooler.outlet, junction.inlets[1]);
    connect(splitter.outlets[2], pipe_plain.inlet);
    connect(pipe_plain.outlet, junction.inlets[2]);
    connect(junction.outlet, pipe_out.inlet);
    connect(pipe_out.outlet, sensor.inlet);
    connect(sensor.outlet, sink.inlet);
    connect(wall.ports[1], cooler.heatPort);
    connect(wall.ports[2], insulation.port_a);
    connect(insulation.port_b, ambient.port);
}

void SimpleStream::metainfo(Meta& meta) {
    meta.component(dropOfCommons, "dropOfCommons");
    meta.component(T_source, "T_source", "source temperature: 350 K, 400 K from t = 30 s");
    meta.component(source, "source");
    meta.component(pipe_in, "pipe_in");
    meta.component(splitter, "splitter");
    meta.component(pipe_heated, "pipe_heated");
    meta.component(cooler, "cooler", "conduction element on the wall");
    meta.component(wall, "wall");
    meta.component(insulation, "insulation");
    meta.component(ambient, "ambient");
    meta.component(pipe_plain, "pipe_plain");
    meta.component(junction, "junction");
    meta.component(pipe_out, "pipe_out");
    meta.component(sensor, "sensor");
    meta.component(sink, "sink");
}

namespace {
const SystemRegistration registration{{
    "SimpleStream",
    "air network: source, pipe, splitter, a branch cooled by a wall, a plain branch, junction, pipe, sink",
    [] { return std::make_unique<SimpleStream>(); },
    RunSettings{60.0, 1e-3, "cvode-bdf", 0.1,
                {"source.m_flow", "pipe_heated.m_flow", "pipe_plain.m_flow", "source.T", "cooler.T", "wall.T", "sensor.T", "sensor.m_flow"}},
}};
}  // namespace

}  // namespace lied::systems
