// ThermalConvectionPipe against its correlation written out in the test. With constant properties the loop through
// the middle state is linear: Δh = w·hA·(T_w − T_in)/(1 + w·hA/(2c_p)), w = ṁ/(ṁ² + (ṁ_reg/10)²). With a gas whose
// properties vary (DryAirNasa), the block's Δh must satisfy Δh = w·Q(h_in + Δh/2) — checked with the medium here.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/boundaries/flow_boundaries.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/sensors/single_sensors.h"
#include "thermofluid/thermal/thermal_boundaries.h"
#include "thermofluid/processes/thermal_convection_pipe.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string>

using namespace lied;
using namespace lied::thermofluid;

namespace {
// Source (2e5 Pa, T_in) → pipe on a wall at T_w → temperature sensor → Sink_m (ṁ).
struct HeatedPipe : Component {
    Source source;
    ThermalConvectionPipe pipe;
    FixedTemperature wall;
    SingleSensorSelect T_out;
    Sink_m sink;
    HeatedPipe(const char* medium_name, double T_in, double T_w, double m_flow) {
        for (MediumParameter* m : {&source.medium, &pipe.medium, &T_out.medium, &sink.medium}) m->name = medium_name;
        source.p0_par = 2e5, source.T0_par = T_in;
        source.m_flow.start = m_flow;
        sink.m_flow_fixed = m_flow;
        pipe.l = 2.0, pipe.r = 0.01;
        wall.T = T_w;
        connect(source.outlet, pipe.inlet);
        connect(pipe.outlet, T_out.inlet);
        connect(T_out.outlet, sink.inlet);
        connect(wall.port, pipe.heatPort);
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(pipe, "pipe");
        meta.component(wall, "wall");
        meta.component(T_out, "T_out");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "HeatedPipe"; }
};

// The correlation at a state s for a flow ṁ: h_avg·A_cond.
double hA_of(const MediumProperties& s, double m, double r, double l) {
    const double v = m / (s.rho * std::numbers::pi * r * r);
    const double Re = std::max(s.rho * v * 2 * r / s.mu, 1.0), Pr = s.mu * s.cp / s.lambda;
    const double Nu = std::pow(0.0396 * Re, 0.75) * Pr / (1 + std::pow(2.44 * Re, -0.125) * (Pr - 1));
    return Nu * s.lambda / (2 * r) * 2 * std::numbers::pi * r * l;
}
}  // namespace

TEST_CASE("ThermalConvectionPipe with a constant-property liquid: Q and the outlet temperature in closed form") {
    for (double m : {0.05, -0.05}) {   // forward, and reverse (TFS: the signed Reynolds number clips at 1)
        CAPTURE(m);
        HeatedPipe c("ConstantPropertyLiquidWater", 300, 350, m);
        Simulator sim(c);
        const MediumProperties s = medium("ConstantPropertyLiquidWater").at(2e5, 0.0);
        const double hA = hA_of(s, m, 0.01, 2.0), w = m / (m * m + 1e-6);
        const double dh = w * hA * (350 - 300) / (1 + w * hA / (2 * s.cp));
        CHECK(sim.value("pipe.dh") == doctest::Approx(dh).epsilon(1e-10));
        CHECK(sim.value("pipe.Q_flow") == doctest::Approx(hA * (350 - 300 - dh / (2 * s.cp))).epsilon(1e-10));
        CHECK(sim.value("T_out.value") == doctest::Approx(300 + dh / s.cp).epsilon(1e-10));
        // Energy: the stream takes what the wall gives (to the regularisation, 1e-6/ṁ² = 4e-4 relative here).
        CHECK(m * sim.value("pipe.dh") == doctest::Approx(sim.value("pipe.Q_flow") * m * m / (m * m + 1e-6)).epsilon(1e-10));
        if (m > 0) CHECK(sim.value("pipe.Re") > 2300);   // turbulent, where the correlation is meant to hold
        else CHECK(sim.value("pipe.Re") == 1.0);         // reversed: almost no heat, a bounded result
    }
}

TEST_CASE("ThermalConvectionPipe with a gas of varying properties: the block solves Δh = w·Q(h_in + Δh/2)") {
    HeatedPipe c("DryAirNasa", 400, 300, 0.02);
    Simulator sim(c);
    const Medium& air = medium("DryAirNasa");
    const double h_in = air.specific_enthalpy(2e5, 400, nullptr), dh = sim.value("pipe.dh");
    const MediumProperties middle = air.at(2e5, h_in + dh / 2);
    const double Q = hA_of(middle, 0.02, 0.01, 2.0) * (300 - middle.T), w = 0.02 / (0.02 * 0.02 + 1e-6);
    CHECK(dh < 0);   // the gas cools
    CHECK(sim.value("pipe.Q_flow") == doctest::Approx(Q).epsilon(1e-9));
    CHECK(dh == doctest::Approx(w * Q).epsilon(1e-9));
    CHECK(sim.value("T_out.value") == doctest::Approx(air.at(2e5, h_in + dh).T).epsilon(1e-12));
}

TEST_CASE("ThermalConvectionPipe at small flows and near the wall's temperature: the solve stays in the medium's range") {
    // Near the regularisation (ṁ ≈ m_flow_reg/10) the weight w is largest: a first step from Δh = 0 lands far beyond
    // the root, outside the liquid's range (403.15 K) when the wall is hot, and with the wall within a tenth of a
    // kelvin of the stream f(Δh) is at rounding long before a relative test of 1e-12 is met. The closed form of the
    // constant-property liquid holds in every case, to rounding.
    struct Case {
        double T_in, T_w, m;
    };
    for (Case k : {Case{293.15, 405.286, 2.46444e-4}, Case{293.15, 400.0, 1e-4}, Case{293.15, 293.2, 1.6e-3}, Case{300.0, 300.05, 1e-4},
                   Case{350.0, 293.15, 1e-4}}) {
        CAPTURE(k.T_in);
        CAPTURE(k.T_w);
        CAPTURE(k.m);
        HeatedPipe c("ConstantPropertyLiquidWater", k.T_in, k.T_w, k.m);
        Simulator sim(c);
        const MediumProperties s = medium("ConstantPropertyLiquidWater").at(2e5, 0.0);
        const double hA = hA_of(s, k.m, 0.01, 2.0), w = k.m / (k.m * k.m + 1e-6);
        const double dh = w * hA * (k.T_w - k.T_in) / (1 + w * hA / (2 * s.cp));
        CHECK(sim.value("pipe.dh") == doctest::Approx(dh).epsilon(1e-9));
        CHECK(sim.value("T_out.value") == doctest::Approx(k.T_in + dh / s.cp).epsilon(1e-12));
    }
}

TEST_CASE("ThermalConvectionPipe with a wall beyond the liquid's range and no root inside it: refused, never the limit's Δh") {
    // Water at 20 °C, 0.01 kg/s, against a wall at 600 K, beyond ConstantPropertyLiquidWater's 403.15 K: there is no
    // bracket (the wall's enthalpy is no state of the medium), so the secant steps back from refused states, and the
    // root's middle state would be 448.9 K: no state of the medium solves Δh = w·Q. The start is refused naming the
    // block; the iterates that pile up at the limit are not taken for a root.
    const MediumProperties s = medium("ConstantPropertyLiquidWater").at(2e5, 0.0);
    const double hA = hA_of(s, 0.01, 0.01, 2.0), w = 0.01 / (0.01 * 0.01 + 1e-6);
    auto rise = [&](double T_w) { return w * hA * (T_w - 293.15) / (1 + w * hA / (2 * s.cp)); };
    HeatedPipe hot("ConstantPropertyLiquidWater", 293.15, 600.0, 0.01);
    REQUIRE(293.15 + rise(600.0) / (2 * s.cp) > 403.15);   // the premise: the root is outside the range
    CHECK_THROWS_WITH([&] { Simulator refused(hot); }(), doctest::Contains("block pipe.evalState computed pipe.outlet.state"));
}
