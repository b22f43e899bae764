// PhaseSeparator and Receiver: the outlet's enthalpy by the liquid level against TFS's law written out here from the
// medium's saturation, the start states of every init_method, conservation of mass and energy through a run (the
// books and an independent integral of the flows), and the build errors.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/boundaries/phase_separator.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/processes/flow_resistance.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace lied;
using namespace lied::thermofluid;

namespace {

// Source → resistance → separator → resistance → sink, all of one medium; the source at enthalpy h_in.
struct SeparatorLine : Component {
    Source source;
    FlowResistance in_pipe, out_pipe;
    PhaseSeparator separator;
    Sink sink;
    SeparatorLine(const char* medium, double p_in, double h_in, double p_out) {
        for (MediumParameter* m : {&source.medium, &in_pipe.medium, &separator.medium, &out_pipe.medium, &sink.medium}) m->name = medium;
        source.p0_par = p_in;
        source.setEnthalpy = true;
        source.h0_par = h_in;
        sink.p0_par = p_out;
        for (FlowResistance* r : {&in_pipe, &out_pipe}) {
            r->pLoss = FlowResistance::Law::LinearQuadratic;
            r->k = 5e4, r->k2 = 0;
        }
        connect(source.outlet, in_pipe.inlet);
        connect(in_pipe.outlet, separator.inlet);
        connect(separator.outlet, out_pipe.inlet);
        connect(out_pipe.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(in_pipe, "in_pipe");
        meta.component(separator, "separator");
        meta.component(out_pipe, "out_pipe");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "SeparatorLine"; }
};

// TFS's outlet enthalpy, written out from the medium's saturation at p.
double pipe_enthalpy(const Medium& m, double p, double h, double M, double V, double low, double high) {
    SaturationProperties s;
    REQUIRE(m.saturation_at_pressure(p, s));
    const double hb = s.h_liquid - 1, hd = s.h_vapour + 1, x = (h - hb) / (hd - hb);
    if (x < 0 || x > 1) return h;
    const double level = std::clamp(M * (1 - x) / s.rho_liquid / V, 0.0, 1.0);
    const double in_pipe = std::clamp((level - low) / (high - low), 0.0, 1.0);
    return in_pipe * hb + (1 - in_pipe) * hd;
}

}  // namespace

TEST_CASE("a phase separator's outlet takes saturated liquid, vapour or the mix by where the liquid level meets its pipe") {
    const Medium& r134a = medium("R134a");
    SaturationProperties s;
    REQUIRE(r134a.saturation_at_pressure(5e5, s));
    struct Case {
        double low, high, level;
    };
    // Pipe below the level: liquid; above it: vapour; the level inside the pipe's span: the mix.
    for (const Case& c : {Case{0.05, 0.15, 0.5}, Case{0.85, 0.95, 0.5}, Case{0.3, 0.6, 0.4}, Case{0.3, 0.6, 0.3}}) {
        CAPTURE(c.low);
        CAPTURE(c.level);
        SeparatorLine line("R134a", 5e5, 0.5 * (s.h_liquid + s.h_vapour), 5e5);
        line.separator.p_start = 5e5;
        line.separator.pipe_low = c.low, line.separator.pipe_high = c.high;
        line.separator.l_0 = c.level;
        Simulator sim(line);
        const double p = sim.value("separator.p"), h = sim.value("separator.h"), M = sim.value("separator.M");
        CHECK(p == doctest::Approx(5e5).epsilon(1e-9));
        // TFS widens the dome by 1 J/kg, which moves the start's level by about 1e-4 from l_0.
        CHECK(sim.value("separator.liquid_level") == doctest::Approx(c.level).epsilon(3e-4));
        const double expected = pipe_enthalpy(r134a, p, h, M, 0.01, c.low, c.high);
        CHECK(sim.value("separator.h_out") == doctest::Approx(expected).epsilon(1e-12));
    }
}

TEST_CASE("a phase separator starts as its init_method says: liquid level, quality, mass or enthalpy") {
    const Medium& water = medium("WaterIF97");
    SaturationProperties s;
    REQUIRE(water.saturation_at_pressure(1.1e5, s));
    const double V = 0.01, hb = s.h_liquid - 1, hd = s.h_vapour + 1;
    auto start = [&](const char* method, auto set) {
        SeparatorLine line("WaterIF97", 1.2e5, 1.5e6, 1e5);
        line.separator.p_start = 1.1e5;
        line.separator.init_method = method;
        set(line.separator);
        Simulator sim(line);
        // Whatever the method, the mass is what the vessel holds of the start state: V·ρ(p_start, h).
        CHECK(sim.value("separator.M") == doctest::Approx(V * water.at(1.1e5, sim.value("separator.h")).rho).epsilon(1e-9));
        return std::pair{sim.value("separator.M"), sim.value("separator.h")};
    };
    // l: x = ρ″(1 − l)/(ρ′l + ρ″(1 − l)) on the widened dome (TFS's).
    const double x_l = s.rho_vapour * 0.7 / (s.rho_liquid * 0.3 + s.rho_vapour * 0.7);
    CHECK(start("l", [](PhaseSeparator& p) { p.l_0 = 0.3; }).second == doctest::Approx(hb + x_l * (hd - hb)).epsilon(1e-12));
    CHECK(start("x", [](PhaseSeparator& p) { p.x_0 = 0.2; }).second == doctest::Approx(hb + 0.2 * (hd - hb)).epsilon(1e-12));
    // M: the quality that puts M_0 in the vessel on the true dome, on the widened one's enthalpies: M_0 to within what
    // 1 J/kg of enthalpy is at this quality (1.3e-3: 3e-4 of the mass, as in TFS, which warns that it is inaccurate).
    CHECK(start("M", [](PhaseSeparator& p) { p.M_0 = 2.0; }).first == doctest::Approx(2.0).epsilon(3e-4));
    CHECK(start("h", [](PhaseSeparator& p) { p.h_0 = 1e6; }).second == doctest::Approx(1e6).epsilon(1e-12));
}

TEST_CASE("a receiver conserves mass and energy while wet refrigerant fills it and liquid leaves: books and flows") {
    const Medium& r134a = medium("R134a");
    SaturationProperties s;
    REQUIRE(r134a.saturation_at_pressure(8e5, s));
    // Wet R134a (quality 0.3) at 8.5 bar into a receiver at 8 bar, out to 7.5 bar.
    SeparatorLine line("R134a", 8.5e5, s.h_liquid + 0.3 * (s.h_vapour - s.h_liquid), 7.5e5);
    line.separator.p_start = 8e5;
    line.separator.V_par = 0.002;
    line.separator.pipe_low = 0.05, line.separator.pipe_high = 0.15;
    Simulator sim(line, {.solver = "cvode-bdf", .tolerances = {.relative = 1e-8, .absolute = 1e-8}});
    const double M0 = sim.value("separator.M"), U0 = sim.value("separator.U_med");
    // The flows' integrals by the trapezoidal rule over 10 ms samples, against the states' change.
    double mass_in = 0, mass_out = 0, energy_in = 0, energy_out = 0;
    double t = 0, m_in = sim.value("source.m_flow"), m_out = sim.value("separator.m_flow_out");
    double H_in = m_in * sim.value("source.h"), H_out = m_out * sim.value("separator.h_out");
    for (int k = 1; k <= 500; ++k) {
        sim.simulate(k * 1e-2);
        const double mi = sim.value("source.m_flow"), mo = sim.value("separator.m_flow_out");
        const double Hi = mi * sim.value("source.h"), Ho = mo * sim.value("separator.h_out");
        const double dt = sim.time() - t;
        mass_in += 0.5 * (m_in + mi) * dt, mass_out += 0.5 * (m_out + mo) * dt;
        energy_in += 0.5 * (H_in + Hi) * dt, energy_out += 0.5 * (H_out + Ho) * dt;
        t = sim.time(), m_in = mi, m_out = mo, H_in = Hi, H_out = Ho;
    }
    const double M1 = sim.value("separator.M"), U1 = sim.value("separator.U_med");
    CHECK(M1 != doctest::Approx(M0).epsilon(1e-3));   // something happened
    // The trapezoid's error on 10 ms samples of flows that settle within about 0.1 s: 5e-6 of what passed through.
    CHECK(M1 - M0 == doctest::Approx(mass_in - mass_out).epsilon(1e-5).scale(mass_in));
    CHECK(U1 - U0 == doctest::Approx(energy_in - energy_out).epsilon(1e-5).scale(energy_in));
    CHECK(sim.balance().violations() == 0);
    // Settled, what leaves carries what arrives: the level stands in the pipe where the mix of h′ and h″ is the
    // inflow's h, level_pipe = (h″ − h_in)/(h″ − h′).
    SaturationProperties now;
    REQUIRE(r134a.saturation_at_pressure(sim.value("separator.p"), now));
    const double hb = now.h_liquid - 1, hd = now.h_vapour + 1, h_in = sim.value("source.h");
    CHECK(sim.value("separator.h_out") == doctest::Approx(h_in).epsilon(1e-6));   // 1.2e-7 at 5 s, still closing
    CHECK(sim.value("separator.liquid_level") == doctest::Approx(0.05 + 0.1 * (hd - h_in) / (hd - hb)).epsilon(1e-6));
}

TEST_CASE("a phase separator refuses a one-phase medium, a pipe upside down and a start off the dome, naming them") {
    SeparatorLine air("SimpleAir", 1.2e5, 3e5, 1e5);
    CHECK_THROWS_WITH(Simulator{air}, doctest::Contains("separator: medium SimpleAir has one phase: a phase separator needs one that boils"));
    SeparatorLine upside_down("WaterIF97", 1.2e5, 1.5e6, 1e5);
    upside_down.separator.pipe_low = 0.6, upside_down.separator.pipe_high = 0.4;
    CHECK_THROWS_WITH(Simulator{upside_down}, doctest::Contains("pipe_high = 0.400000 is not above pipe_low = 0.600000"));
    SeparatorLine supercritical("R744", 9e6, 4e5, 8.5e6);
    supercritical.separator.p_start = 9e6;
    CHECK_THROWS_WITH(Simulator{supercritical}, doctest::Contains("separator: p_start = 9000000.000000 Pa has no saturation in medium R744"));
}

TEST_CASE("a phase separator above the critical pressure holds one fluid: its pipe takes it, quality 1, no level") {
    // Transcritical CO2 at 9 MPa, fed from 9.5 MPa: no dome, and the run goes on with finite values.
    SeparatorLine line("R744", 9.5e6, 4e5, 8.5e6);
    line.separator.p_start = 9e6;
    line.separator.init_method = "h";
    line.separator.h_0 = 4e5;
    line.separator.V_par = 0.002;
    Simulator sim(line, {.solver = "cvode-bdf"});
    sim.simulate(1.0);
    CHECK(sim.value("separator.p") > medium("R744").at(9e6, 4e5).p * 0.9);
    CHECK(sim.value("separator.x") == 1.0);
    CHECK(sim.value("separator.liquid_level") == 0.0);
    CHECK(sim.value("separator.h_out") == sim.value("separator.h"));
    CHECK(sim.balance().violations() == 0);
}

TEST_CASE("a system file of CO2 with a receiver loads: the default start state is checked only once p_start is set") {
    // CO2's triple point lies above 1 atm, the volumes' default p_start: the medium set first must not stop the load.
    const std::string text = R"(system: CO2Receiver
defaults: {medium: R744}
components:
  source: {type: Source, parameters: {setEnthalpy: "true", h0_par: 250000, p0_par: 3600000}}
  pipe: {type: FlowResistance, parameters: {pLoss: linearQuadratic, k: 50000}}
  receiver: {type: Receiver, parameters: {p_start: 3500000, V_par: 0.002}}
  out: {type: FlowResistance, parameters: {pLoss: linearQuadratic, k: 50000}}
  sink: {type: Sink, parameters: {p0_par: 3400000}}
connections:
  - [source.outlet, pipe.inlet]
  - [pipe.outlet, receiver.inlet]
  - [receiver.outlet, out.inlet]
  - [out.outlet, sink.inlet]
)";
    systems::LoadedSystem loaded = systems::parse_system_text(text, "co2_receiver.yaml", ".");
    Simulator sim(*loaded.root);
    CHECK(sim.value("receiver.p") == doctest::Approx(3.5e6).epsilon(1e-9));
    CHECK(sim.value("receiver.liquid_level") == doctest::Approx(0.5).epsilon(1e-3));
    // And a volume whose start is outside its medium is still refused when built, naming it.
    const std::string solid = std::string(text).replace(text.find("p_start: 3500000"), 16, "p_start: 300000");
    systems::LoadedSystem low = systems::parse_system_text(solid, "co2_receiver.yaml", ".");
    CHECK_THROWS_WITH(Simulator{*low.root}, doctest::Contains("receiver: p_start = 300000.000000 Pa has no saturation in medium R744"));
}
