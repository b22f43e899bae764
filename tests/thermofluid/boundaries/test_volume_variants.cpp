// VolumeFlex and VolumeMix: steady states between linear resistances against hand solutions, the elastic walls'
// law, the start state, and mixing of several inlets into several outlets.
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/boundaries/volume_flex.h"
#include "thermofluid/boundaries/volume_mix.h"

#include <doctest/doctest.h>

#include <memory>
#include <vector>

using namespace lied;
using namespace lied::thermofluid;

namespace {
constexpr double kR = 1e6;   // Pa/(kg/s): every resistance is linear, dp = k·ṁ, whatever the density

void make_linear(FlowResistance& r) {
    r.pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic;
    r.k = kR;
    r.k2 = 0;
}

// Source (p_in, T_in) → R → VolumeFlex → R → Sink (p_out), a liquid.
struct FlexChamber : Component {
    Source source;
    FlowResistance in_pipe, out_pipe;
    VolumeFlex volume;
    Sink sink;
    FlexChamber(const char* medium_name, double p_in, double p_out) {
        for (MediumParameter* m : {&source.medium, &in_pipe.medium, &volume.medium, &out_pipe.medium, &sink.medium}) m->name = medium_name;
        source.p0_par = p_in, source.T0_par = 320;
        sink.p0_par = p_out;
        make_linear(in_pipe), make_linear(out_pipe);
        volume.V_ref = 2e-3, volume.p_ref = 1e5, volume.K = 5e6;
        volume.p_start = 1e5, volume.T_start = 300;
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
    }
    const char* type_name() const override { return "FlexChamber"; }
};
}  // namespace

TEST_CASE("VolumeFlex with a liquid: p = (p_in + p_out)/2 and the walls' volume V_ref·(1 + (p − p_ref)/K)") {
    for (const std::string name : {"ConstantPropertyLiquidWater", "Glycol47", "WaterIF97"}) {
        CAPTURE(name);
        FlexChamber c(name.c_str(), 3e5, 1e5);
        Simulator sim(c);
        // The start state is the one asked for.
        CHECK(sim.value("volume.p") == doctest::Approx(1e5).epsilon(1e-10));
        CHECK(sim.value("volume.T") == doctest::Approx(300).epsilon(1e-10));
        sim.initialize_steady_state();
        const double p = 2e5, V = 2e-3 * (1 + (p - 1e5) / 5e6);
        const Medium& m = medium(name);
        // The resistances throttle at constant h: for IF97's real water that warms the liquid by ~0.02 K per bar.
        const MediumProperties s = m.at(p, m.specific_enthalpy(3e5, 320, nullptr));
        CHECK(sim.value("volume.p") == doctest::Approx(p).epsilon(1e-8));
        CHECK(sim.value("volume.V") == doctest::Approx(V).epsilon(1e-8));
        CHECK(sim.value("volume.M") == doctest::Approx(s.rho * V).epsilon(1e-8));
        CHECK(sim.value("volume.T") == doctest::Approx(s.T).epsilon(1e-9));
        CHECK(sim.value("source.m_flow") == doctest::Approx(0.1).epsilon(1e-8));
    }
}

TEST_CASE("VolumeFlex: a start pressure that would give a negative volume is a build error naming it") {
    FlexChamber c("ConstantPropertyLiquidWater", 3e5, 1e5);
    c.volume.K = 1e4;
    c.volume.p_start = 5e4;   // V = V_ref·(1 + (5e4 − 1e5)/1e4) < 0
    CHECK_THROWS_WITH_AS(Simulator{c}, doctest::Contains("volume: p_start = 50000.000000 Pa gives the volume"), BuildError);
}

namespace {
// Two sources into a VolumeMix with two outlets, each to its own sink; all resistances linear (k).
struct Mixer : Component {
    Source hot, cold;
    FlowResistance r_hot, r_cold, r_a, r_b;
    VolumeMix mix{2, 2};
    Sink sink_a, sink_b;
    Mixer() {
        hot.p0_par = 3e5, hot.T0_par = 400;
        cold.p0_par = 2.5e5, cold.T0_par = 300;
        sink_a.p0_par = 1e5, sink_b.p0_par = 1.5e5;
        for (FlowResistance* r : {&r_hot, &r_cold, &r_a, &r_b}) make_linear(*r);
        for (MediumParameter* m : {&hot.medium, &cold.medium, &r_hot.medium, &r_cold.medium, &r_a.medium, &r_b.medium, &sink_a.medium, &sink_b.medium})
            m->name = "SimpleAir";
        mix.V_par = 0.01;
        connect(hot.outlet, r_hot.inlet);
        connect(r_hot.outlet, mix.inlets[1]);
        connect(cold.outlet, r_cold.inlet);
        connect(r_cold.outlet, mix.inlets[2]);
        connect(mix.outlets(1), r_a.inlet);
        connect(r_a.outlet, sink_a.inlet);
        connect(mix.outlets(2), r_b.inlet);
        connect(r_b.outlet, sink_b.inlet);
    }
    void metainfo(Meta& meta) override {
        for (auto [c, n] : std::vector<std::pair<Component*, const char*>>{{&hot, "hot"}, {&cold, "cold"}, {&r_hot, "r_hot"}, {&r_cold, "r_cold"},
                                                                            {&mix, "mix"}, {&r_a, "r_a"}, {&r_b, "r_b"}, {&sink_a, "sink_a"}, {&sink_b, "sink_b"}})
            meta.component(*c, n);
    }
    const char* type_name() const override { return "Mixer"; }
};
}  // namespace

TEST_CASE("VolumeMix: Kirchhoff at the volume, p = Σp_k/4, and the mixed temperature Σṁ·T/Σṁ (constant cp)") {
    Mixer c;
    Simulator sim(c);
    sim.initialize_steady_state();
    const double p = (3e5 + 2.5e5 + 1e5 + 1.5e5) / 4;
    const double m_hot = (3e5 - p) / kR, m_cold = (2.5e5 - p) / kR;
    CHECK(sim.value("mix.p") == doctest::Approx(p).epsilon(1e-8));
    CHECK(sim.value("hot.m_flow") == doctest::Approx(m_hot).epsilon(1e-8));
    CHECK(sim.value("cold.m_flow") == doctest::Approx(m_cold).epsilon(1e-8));
    CHECK(sim.value("mix.m_flow_out[1]") == doctest::Approx((p - 1e5) / kR).epsilon(1e-8));
    CHECK(sim.value("mix.m_flow_out[2]") == doctest::Approx((p - 1.5e5) / kR).epsilon(1e-8));
    CHECK(sim.value("mix.T") == doctest::Approx((m_hot * 400 + m_cold * 300) / (m_hot + m_cold)).epsilon(1e-9));
}

TEST_CASE("VolumeMix: N and M_outlets are checked like every number of plugs") {
    Mixer c;
    c.mix.M_outlets = 0.5;
    CHECK_THROWS_WITH_AS(Simulator{c}, doctest::Contains("mix.M_outlets = 0.5 (rule: a number of plugs is an integer from 1 to 1000)"), BuildError);
}
