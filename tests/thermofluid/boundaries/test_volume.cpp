// Volume: the state from (M, U_med) against the medium, the steady pressure and temperature between two linear
// resistances against the hand solution, the heat port's steady balance, reverse flow, the mass balance during a
// transient, and the build-time refusal of an incompressible medium.
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/media/state_from_density.h"
#include "thermofluid/thermal/thermal_boundaries.h"
#include "thermofluid/boundaries/volume.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using namespace lied::thermofluid;

TEST_CASE("state_from_density inverts ρ(p, h) and u = h − p/ρ for a gas, steam and compressed water") {
    struct Case {
        const char* medium;
        double p, T;
    };
    for (const Case c : {Case{"SimpleAir", 2e5, 350}, Case{"DryAirNasa", 5e5, 800}, Case{"WaterIF97", 1e6, 500},
                         Case{"WaterIF97", 1e5, 400}, Case{"WaterIF97", 5e6, 300}}) {
        CAPTURE(c.medium);
        CAPTURE(c.p);
        const Medium& m = medium(c.medium);
        const double h = m.specific_enthalpy(c.p, c.T, nullptr);
        const MediumProperties s = m.at(c.p, h);
        MediumProperties out;
        REQUIRE(state_from_density(m, s.rho, h - c.p / s.rho, nullptr, 0.7 * c.p, out));
        // ρ is matched to 1e-13 relative; for compressed water that fixes p only to ~1e-13/(κ·p) ≈ 1e-5 relative
        CHECK(out.p == doctest::Approx(c.p).epsilon(c.T < 400 ? 1e-4 : 1e-9));
        CHECK(out.T == doctest::Approx(c.T).epsilon(1e-7));
    }
    MediumProperties out;
    CHECK_FALSE(state_from_density(medium("ConstantPropertyLiquidWater"), 990.0, 8e4, nullptr, 1e5, out));
    CHECK(std::string(out.invalid_reason).find("incompressible") != std::string::npos);
    CHECK_FALSE(state_from_density(medium("SimpleAir"), -1.0, 2e5, nullptr, 1e5, out));
}

namespace {
// Source (p_in, 300 K) → linear resistance k → Volume → linear resistance k → Sink (p_out), SimpleAir.
struct Chamber : Component {
    Source source;
    FlowResistance in_pipe, out_pipe;
    Volume volume;
    Sink sink;
    FixedTemperature wall;
    explicit Chamber(double p_in, double p_out, bool heated = false) {
        for (MediumParameter* m : {&source.medium, &in_pipe.medium, &volume.medium, &out_pipe.medium, &sink.medium}) m->name = "SimpleAir";
        source.p0_par = p_in;
        source.T0_par = 300;
        sink.p0_par = p_out;
        for (FlowResistance* r : {&in_pipe, &out_pipe}) {
            r->pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic;
            r->k = 1e6;   // Pa/(kg/s): dp = k·ṁ, independent of the density
            r->k2 = 0;
        }
        volume.V_par = 0.01;
        volume.p_start = 1e5;
        volume.T_start = 300;
        if (heated) {
            volume.useHeatport = true;
            volume.U = 25, volume.A = 2;   // UA = 50 W/K
            wall.T = 400;
            connect(wall.port, volume.heatPort);
        }
        connect(source.outlet, in_pipe.inlet);
        connect(in_pipe.outlet, volume.inlet);
        connect(volume.outlet, out_pipe.inlet);
        connect(out_pipe.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(in_pipe, "in_pipe");
        meta.component(volume, "volume");
        meta.component(out_pipe, "out_pipe");
        meta.component(sink, "sink");
        if (volume.useHeatport) meta.component(wall, "wall");
    }
    const char* type_name() const override { return "Chamber"; }
};
constexpr double kCp = 1005.45;
}  // namespace

TEST_CASE("adiabatic volume between equal resistances: p = (p_in + p_out)/2, ṁ = Δp/(2k), T = T_in") {
    Chamber c(2e5, 1e5);
    Simulator sim(c);
    sim.initialize_steady_state();
    CHECK(sim.value("volume.p") == doctest::Approx(1.5e5).epsilon(1e-8));
    CHECK(sim.value("source.m_flow") == doctest::Approx(0.05).epsilon(1e-8));
    CHECK(sim.value("volume.m_flow_out") == doctest::Approx(0.05).epsilon(1e-8));
    CHECK(sim.value("volume.T") == doctest::Approx(300.0).epsilon(1e-10));
    CHECK(sim.value("volume.M") == doctest::Approx(1.5e5 * 0.01 / (8.314462618 / 0.0289651159 * 300)).epsilon(1e-8));
}

TEST_CASE("heated volume: ṁ·cp·(T − T_in) = UA·(T_wall − T) at steady state") {
    Chamber c(2e5, 1e5, /*heated=*/true);
    Simulator sim(c);
    sim.initialize_steady_state();
    const double m = 0.05, UA = 50;
    const double T = (m * kCp * 300 + UA * 400) / (m * kCp + UA);
    CHECK(sim.value("volume.T") == doctest::Approx(T).epsilon(1e-8));
    CHECK(sim.value("volume.Q_flow") == doctest::Approx(UA * (400 - T)).epsilon(1e-8));
    CHECK(sim.value("wall.Q_flow") == doctest::Approx(UA * (400 - T)).epsilon(1e-8));
}

TEST_CASE("reverse flow: the volume fills from its outlet, mass is conserved and the guard keeps T at the wall's") {
    Chamber c(1e5, 2e5, /*heated=*/true);
    Simulator sim(c);
    sim.initialize_steady_state();
    CHECK(sim.value("source.m_flow") == doctest::Approx(-0.05).epsilon(1e-8));
    CHECK(sim.value("volume.p") == doctest::Approx(1.5e5).epsilon(1e-8));
    CHECK(sim.value("volume.T") == doctest::Approx(400.0).epsilon(1e-8));
}

TEST_CASE("during a transient dM/dt = ṁ_in − ṁ_out and dU/dt = h_in·ṁ_in − h·ṁ_out, read back from the run") {
    Chamber c(3e5, 1e5);
    Simulator sim(c, {.solver = "rk4", .dt = 1e-3});
    // Sum the flows with the trapezoidal rule at the step ends: M(t) − M(0) equals it to the quadrature error.
    double M0 = sim.value("volume.M"), integral = 0, last = sim.value("source.m_flow") - sim.value("volume.m_flow_out");
    for (int k = 0; k < 2000; ++k) {
        sim.step(1e-3);
        const double now = sim.value("source.m_flow") - sim.value("volume.m_flow_out");
        integral += 0.5e-3 * (last + now);
        last = now;
    }
    CHECK(sim.value("volume.M") - M0 == doctest::Approx(integral).epsilon(1e-4));   // trapezoid vs RK4 on a smooth flow
    CHECK(sim.value("volume.p") > 1.9e5);
}

TEST_CASE("a rigid Volume with an incompressible medium is a build error naming it") {
    Chamber c(2e5, 1e5);
    for (MediumParameter* m : {&c.source.medium, &c.in_pipe.medium, &c.volume.medium, &c.out_pipe.medium, &c.sink.medium})
        m->name = "ConstantPropertyLiquidWater";
    CHECK_THROWS_WITH_AS(Simulator{c}, doctest::Contains("volume: medium ConstantPropertyLiquidWater is incompressible"), BuildError);
}
