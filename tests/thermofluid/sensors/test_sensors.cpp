// Single sensors: every quantity against the hand value on a steady stream (they sit in series, flow-through).
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/sensors/single_sensors.h"

#include <doctest/doctest.h>

#include <memory>
#include <vector>

using namespace lied;
using namespace lied::thermofluid;

namespace {
struct SensorLine : Component {
    Source source;
    std::vector<std::unique_ptr<SingleSensorSelect>> state_sensors;
    std::vector<std::unique_ptr<SingleFlowSensor>> flow_sensors;
    FlowResistance pipe;
    Sink sink;
    SensorLine() {
        source.p0_par = 2e5, source.T0_par = 350;
        sink.p0_par = 1e5;
        pipe.pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic, pipe.k = 1e6, pipe.k2 = 0;
        FluidOutlet* upstream = &source.outlet;
        for (const char* q : {"T_K", "T_C", "p_Pa", "p_bar", "h_Jpkg", "rho_kgpm3"}) {
            state_sensors.push_back(std::make_unique<SingleSensorSelect>());
            state_sensors.back()->quantity = q;
            connect(*upstream, state_sensors.back()->inlet);
            upstream = &state_sensors.back()->outlet;
        }
        for (const char* q : {"m_flow_kgps", "V_flow_m3ps", "V_flow_lpMin", "H_flow_Jps"}) {
            flow_sensors.push_back(std::make_unique<SingleFlowSensor>());
            flow_sensors.back()->quantity = q;
            connect(*upstream, flow_sensors.back()->inlet);
            upstream = &flow_sensors.back()->outlet;
        }
        connect(*upstream, pipe.inlet);
        connect(pipe.outlet, sink.inlet);
        for (MediumParameter* m : {&source.medium, &pipe.medium, &sink.medium}) m->name = "SimpleAir";
        for (auto& s : state_sensors) s->medium.name = "SimpleAir";
        for (auto& s : flow_sensors) s->medium.name = "SimpleAir";
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        for (auto& s : state_sensors) meta.component(*s, s->quantity);
        for (auto& s : flow_sensors) meta.component(*s, s->quantity);
        meta.component(pipe, "pipe");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "SensorLine"; }
};
}  // namespace

TEST_CASE("SingleSensorSelect and SingleFlowSensor read T, p, h, ρ, ṁ, V̇ and Ḣ of the stream") {
    SensorLine line;
    Simulator sim(line);
    sim.initialize_steady_state();
    const double cp = 1005.45, R = 8.314462618 / 0.0289651159, rho = 2e5 / (R * 350), m = 0.1, h = cp * (350 - 298.15);
    CHECK(sim.value("T_K.value") == doctest::Approx(350).epsilon(1e-12));
    CHECK(sim.value("T_C.value") == doctest::Approx(76.85).epsilon(1e-12));
    CHECK(sim.value("p_Pa.value") == doctest::Approx(2e5).epsilon(1e-12));
    CHECK(sim.value("p_bar.value") == doctest::Approx(2).epsilon(1e-12));
    CHECK(sim.value("h_Jpkg.value") == doctest::Approx(h).epsilon(1e-12));
    CHECK(sim.value("rho_kgpm3.value") == doctest::Approx(rho).epsilon(1e-12));
    CHECK(sim.value("m_flow_kgps.value") == doctest::Approx(m).epsilon(1e-9));
    CHECK(sim.value("V_flow_m3ps.value") == doctest::Approx(m / rho).epsilon(1e-9));
    CHECK(sim.value("V_flow_lpMin.value") == doctest::Approx(m / rho * 60000).epsilon(1e-9));
    CHECK(sim.value("H_flow_Jps.value") == doctest::Approx(m * h).epsilon(1e-9));
}
