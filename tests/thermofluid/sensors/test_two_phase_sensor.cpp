// TwoPhaseSensorSelect: every quantity against the medium's own saturation, on superheated R134a vapour, subcooled
// R134a liquid and wet steam; and the refusal of a one-phase medium.
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/sensors/two_phase_sensor.h"

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

using namespace lied;
using namespace lied::thermofluid;

namespace {
const char* const kQuantities[] = {"x_kgpkg", "p_sat_Pa", "p_sat_bar", "T_sat_K", "T_sat_C", "p_oversat_Pa", "p_oversat_bar", "T_oversat_K"};

struct SensorLine : Component {
    Source source;
    std::vector<std::unique_ptr<TwoPhaseSensorSelect>> sensors;
    FlowResistance pipe;
    Sink sink;
    SensorLine(const char* medium, double p, double T) {
        source.p0_par = p, source.T0_par = T;
        sink.p0_par = 0.95 * p;
        pipe.pLoss = FlowResistance::Law::LinearQuadratic, pipe.k = 1e6, pipe.k2 = 0;
        FluidOutlet* upstream = &source.outlet;
        for (const char* q : kQuantities) {
            sensors.push_back(std::make_unique<TwoPhaseSensorSelect>());
            sensors.back()->quantity = q;
            sensors.back()->medium.name = medium;
            connect(*upstream, sensors.back()->inlet);
            upstream = &sensors.back()->outlet;
        }
        connect(*upstream, pipe.inlet);
        connect(pipe.outlet, sink.inlet);
        for (MediumParameter* m : {&source.medium, &pipe.medium, &sink.medium}) m->name = medium;
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        for (auto& s : sensors) meta.component(*s, s->quantity);
        meta.component(pipe, "pipe");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "SensorLine"; }
};

void check_line(const char* medium_name, double p, double T, double x) {
    CAPTURE(medium_name);
    CAPTURE(T);
    SensorLine line(medium_name, p, T);
    Simulator sim(line);
    const Medium& m = medium(medium_name);
    SaturationProperties at_p, at_T;
    REQUIRE(m.saturation_at_pressure(p, at_p));
    REQUIRE(m.saturation_at_temperature(T, at_T));
    CHECK(sim.value("x_kgpkg.value") == x);
    CHECK(sim.value("T_sat_K.value") == doctest::Approx(at_p.T).epsilon(1e-12));
    CHECK(sim.value("T_sat_C.value") == doctest::Approx(at_p.T - 273.15).epsilon(1e-12));
    CHECK(sim.value("p_sat_Pa.value") == doctest::Approx(at_T.p).epsilon(1e-10));
    CHECK(sim.value("p_sat_bar.value") == doctest::Approx(at_T.p / 1e5).epsilon(1e-10));
    CHECK(sim.value("T_oversat_K.value") == doctest::Approx(T - at_p.T).epsilon(1e-9));
    CHECK(sim.value("p_oversat_Pa.value") == doctest::Approx(p - at_T.p).epsilon(1e-9));
    CHECK(sim.value("p_oversat_bar.value") == doctest::Approx((p - at_T.p) / 1e5).epsilon(1e-9));
}
}  // namespace

TEST_CASE("TwoPhaseSensorSelect: superheat, subcooling, saturation temperature and pressure, quality") {
    check_line("R134a", 3e5, 280.0, 1.0);    // vapour superheated by about 6.4 K
    check_line("R134a", 10e5, 300.0, 0.0);   // liquid subcooled by about 12.5 K: T_oversat negative
    check_line("WaterIF97", 1e5, 400.0, 1.0);
}

TEST_CASE("TwoPhaseSensorSelect on wet steam: the quality, and the saturation temperature the state is at") {
    SensorLine line("WaterIF97", 2e5, 300.0);
    line.source.setEnthalpy = true;
    SaturationProperties s;
    REQUIRE(medium("WaterIF97").saturation_at_pressure(2e5, s));
    line.source.h0_par = s.h_liquid + 0.25 * (s.h_vapour - s.h_liquid);
    Simulator sim(line);
    CHECK(sim.value("x_kgpkg.value") == doctest::Approx(0.25).epsilon(1e-9));
    CHECK(sim.value("T_oversat_K.value") == doctest::Approx(0).scale(1).epsilon(1e-9));
}

TEST_CASE("TwoPhaseSensorSelect refuses a medium with one phase, naming the sensor") {
    SensorLine line("SimpleAir", 2e5, 300.0);
    CHECK_THROWS_WITH(Simulator{line}, doctest::Contains("x_kgpkg: medium SimpleAir has one phase: a two-phase sensor needs one that boils"));
}
