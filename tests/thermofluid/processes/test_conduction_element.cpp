// ConductionElement against closed forms: with a steady flow the element's temperature relaxes exponentially,
// τ = M / (ṁ + UA/cp), to T_ss = (ṁ·cp·T_in + UA·T_wall)/(ṁ·cp + UA); in reverse flow it approaches the wall;
// the heat the wall gives equals what the fluid takes. Medium: constant-property water (h = cp·(T − 273.15 K)),
// so the closed forms are exact; RK4 with dt = τ/1000 is accurate to ~1e-12, hence the 1e-9 tolerances.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "components/sources.h"
#include "core/model/build_error.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/conduction_element.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/thermal/thermal_boundaries.h"

#include <doctest/doctest.h>

#include <cmath>
#include <tuple>

using namespace lied;
using namespace lied::thermofluid;

namespace {
constexpr double kCp = 4184.0, kRho = 995.586, kK = 1e6;   // k: Pa/(kg/s) of the linear resistance

struct HeatedPipe : Component {
    Source source;
    FlowResistance resistance;
    ConductionElement element;
    FixedTemperature wall;
    Sink sink;
    HeatedPipe(double p_in, double p_out) {
        for (MediumParameter* m : {&source.medium, &resistance.medium, &element.medium, &sink.medium}) m->name = "ConstantPropertyLiquidWater";
        source.p0_par = p_in;
        source.T0_par = 300;
        source.m_flow.start = (p_in - p_out) / kK;   // the flow is steady from the start
        sink.p0_par = p_out;
        resistance.pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic;
        resistance.k = kK;
        resistance.k2 = 0;
        element.V = 1e-3;
        element.U = 100, element.A = 0.5;   // UA = 50 W/K
        element.init = ConductionElement::Init::T;
        element.T_0 = 320;
        element.p_init = p_out;
        wall.T = 350;
        connect(source.outlet, resistance.inlet);
        connect(resistance.outlet, element.inlet);
        connect(element.outlet, sink.inlet);
        connect(wall.port, element.heatPort);
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(resistance, "resistance");
        meta.component(element, "element");
        meta.component(wall, "wall");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "HeatedPipe"; }
};
}  // namespace

TEST_CASE("conduction element: exponential approach to the steady outlet temperature, heat balance") {
    HeatedPipe pipe(1.5e5, 1e5);
    const double m = 0.05, UA = 50, M = 1e-3 * kRho;
    const double T_ss = (m * kCp * 300 + UA * 350) / (m * kCp + UA);
    const double tau = M / (m + UA / kCp);
    Simulator sim(pipe, {.solver = "rk4", .dt = tau / 1000});
    sim.simulate(tau);
    CHECK(sim.value("element.T") == doctest::Approx(T_ss + (320 - T_ss) * std::exp(-1.0)).epsilon(1e-9));
    sim.simulate(30 * tau);
    CHECK(sim.value("element.T") == doctest::Approx(T_ss).epsilon(1e-10));
    CHECK(sim.value("element.Q_flow") == doctest::Approx(m * kCp * (T_ss - 300)).epsilon(1e-8));
    CHECK(sim.value("wall.Q_flow") == doctest::Approx(sim.value("element.Q_flow")).epsilon(1e-12));
}

TEST_CASE("conduction element with init = inlet (TFS's default): h starts at the inlet's, then the same closed form") {
    // The element starts at the source's 300 K instead of T_0; the exponential approach to T_ss then starts there.
    HeatedPipe pipe(1.5e5, 1e5);
    pipe.element.init = ConductionElement::Init::inlet;   // what a new ConductionElement has
    CHECK(ConductionElement{}.init == ConductionElement::Init::inlet);
    const double m = 0.05, UA = 50, M = 1e-3 * kRho;
    const double T_ss = (m * kCp * 300 + UA * 350) / (m * kCp + UA);
    const double tau = M / (m + UA / kCp);
    Simulator sim(pipe, {.solver = "rk4", .dt = tau / 1000});
    CHECK(sim.value("element.h") == doctest::Approx(sim.value("source.h")).epsilon(1e-15));
    CHECK(sim.value("element.T") == doctest::Approx(300).epsilon(1e-12));
    sim.simulate(tau);
    CHECK(sim.value("element.T") == doctest::Approx(T_ss + (300 - T_ss) * std::exp(-1.0)).epsilon(1e-9));
    // A reset starts it at the inlet again, wherever the run had taken it.
    sim.reset();
    CHECK(sim.value("element.T") == doctest::Approx(300).epsilon(1e-12));
}

TEST_CASE("a chain of conduction elements with init = inlet settles from the first to the last") {
    // Three elements in a row after a source at 350 K: each starts at its inlet's enthalpy, which is the one before
    // it, so all start at the source's (one evaluation pass per link).
    struct Chain : Component {
        Source source;
        ConductionElement e1, e2, e3;
        FixedTemperature w1, w2, w3;
        Sink sink;
        Chain() {
            source.T0_par = 350, source.p0_par = 1.2e5;
            sink.p0_par = 1e5;
            for (ConductionElement* e : {&e1, &e2, &e3}) e->T_0 = 290;   // only the guess the start settles from
            connect(source.outlet, e1.inlet);
            connect(e1.outlet, e2.inlet);
            connect(e2.outlet, e3.inlet);
            connect(e3.outlet, sink.inlet);
            connect(w1.port, e1.heatPort);
            connect(w2.port, e2.heatPort);
            connect(w3.port, e3.heatPort);
        }
        void metainfo(Meta& meta) override {
            meta.component(source, "source");
            meta.component(e3, "e3");   // declared out of flow order: the settling does not depend on it
            meta.component(e2, "e2");
            meta.component(e1, "e1");
            meta.component(sink, "sink");
            meta.component(w1, "w1");
            meta.component(w2, "w2");
            meta.component(w3, "w3");
        }
        const char* type_name() const override { return "Chain"; }
    } chain;
    Simulator sim(chain);
    for (const char* e : {"e1.T", "e2.T", "e3.T"}) CHECK(sim.value(e) == doctest::Approx(350).epsilon(1e-12));
}

TEST_CASE("conduction element with enforce_global_energy_conservation: the energy that crossed its border fed back over T_e") {
    // TFS's equations with x = h − h_ss (constant cp and density: T linear in h, M constant, the flow steady):
    //   M·dx/dt = −g·x + ΔE/T_e,   dΔE/dt = −g·x,   g = ṁ + UA/cp,
    // a linear system with real eigenvalues λ₁,₂ (T_e = 100 s, TFS's default). From the steady state with ΔE set to
    // 1000 J (x = 0, so dΔE/dt = 0): ΔE(t) = 1000·(λ₂·e^{λ₁t} − λ₁·e^{λ₂t})/(λ₂ − λ₁).
    HeatedPipe pipe(1.5e5, 1e5);
    pipe.element.enforce_global_energy_conservation = true;
    SimulatorOptions o;
    o.solver = "cvode-bdf";
    o.tolerances = {1e-11, 1e-11};
    Simulator sim(pipe, o);
    sim.simulate(4000.0);   // settled: ΔE and x decay with the slower eigenvalue, 1/λ₁ about 80 s
    CHECK(std::abs(sim.value("element.deltaE_system")) < 1e-6);
    const double m = 0.05, UA = 50, M = 1e-3 * kRho, T_e = 100.0, g = m + UA / kCp;
    const double b = g / M, c = g / (M * T_e), root = std::sqrt(b * b - 4 * c);
    const double l1 = (-b + root) / 2, l2 = (-b - root) / 2;
    sim.set_state("element.deltaE_system", 1000.0);
    const double start = sim.time();
    for (double t : {10.0, 50.0, 200.0}) {
        sim.simulate(start + t);
        CAPTURE(t);
        CHECK(sim.value("element.deltaE_system") == doctest::Approx(1000.0 * (l2 * std::exp(l1 * t) - l1 * std::exp(l2 * t)) / (l2 - l1)).epsilon(1e-6));
    }
    // The feedback ΔE/T_e is what the books see created; they close.
    CHECK(sim.balance().violations() == 0);
    // Off (the default), the element has no ΔE state.
    HeatedPipe plain(1.5e5, 1e5);
    Simulator off(plain, o);
    for (auto& s : off.model().states) CHECK(s.path != "element.deltaE_system");
}

TEST_CASE("conduction element in reverse flow: the fluid in it only exchanges heat with the port") {
    HeatedPipe pipe(1e5, 1.5e5);
    const double UA = 50, M = 1e-3 * kRho, tau = M * kCp / UA;
    Simulator sim(pipe, {.solver = "rk4", .dt = tau / 1000});
    sim.simulate(tau);
    CHECK(sim.value("source.m_flow") == doctest::Approx(-0.05).epsilon(1e-9));
    CHECK(sim.value("element.T") == doctest::Approx(350 + (320 - 350) * std::exp(-1.0)).epsilon(1e-9));
}

TEST_CASE("conduction element's conductance: U·A, k_par, or an input U_var or k_var (TFS's useHeatTransferPropertyInput)") {
    // The steady outlet temperature with k = 80 W/K, given three ways: k_par, k_var = 80 W/K, U_var = 160 W/(m²·K) on
    // A = 0.5 m². Each ends at (ṁ·cp·T_in + k·T_wall)/(ṁ·cp + k); k_par = 50 W/K gives exactly the U·A = 50 W/K run.
    struct Conductance : HeatedPipe {
        components::Constant given{0.0};
        Conductance(bool from_AU, bool input, double value) : HeatedPipe(1.5e5, 1e5) {
            element.resistanceFromAU = from_AU;
            given.k = value;
            if (input) connect(given.y, from_AU ? element.U_var : element.k_var);
            else element.k_par = value;
        }
        void metainfo(Meta& meta) override {
            HeatedPipe::metainfo(meta);
            meta.component(given, "given");
        }
    };
    const double m = 0.05, M = 1e-3 * kRho, k = 80;
    const double T_ss = (m * kCp * 300 + k * 350) / (m * kCp + k), tau = M / (m + k / kCp);
    for (auto [from_AU, input, value] : {std::tuple{false, false, 80.0}, std::tuple{false, true, 80.0}, std::tuple{true, true, 160.0}}) {
        CAPTURE(from_AU);
        CAPTURE(input);
        Conductance pipe(from_AU, input, value);
        Simulator sim(pipe, {.solver = "rk4", .dt = tau / 1000});
        sim.simulate(30 * tau);
        CHECK(sim.value("element.k") == doctest::Approx(k).epsilon(1e-15));
        CHECK(sim.value("element.T") == doctest::Approx(T_ss).epsilon(1e-10));
    }
    Conductance by_k(false, false, 50.0);
    HeatedPipe by_UA(1.5e5, 1e5);
    Simulator a(by_k, {.solver = "rk4", .dt = 1e-3}), b(by_UA, {.solver = "rk4", .dt = 1e-3});
    a.simulate(2.0);
    b.simulate(2.0);
    CHECK(a.value("element.T") == b.value("element.T"));
    // The input that does not fit the choice is refused; a negative conductance stops the run naming it.
    Conductance mismatched(true, false, 80.0);
    connect(mismatched.given.y, mismatched.element.k_var);
    CHECK_THROWS_WITH_AS(Simulator{mismatched}, doctest::Contains("element: k_var connected (rule: k_var gives k, which acts with resistanceFromAU = false)"),
                         BuildError);
    Conductance negative(false, true, -5.0);
    Simulator sim(negative, {.solver = "rk4", .dt = 1e-3});
    CHECK_THROWS_WITH_AS(sim.simulate(1.0), doctest::Contains("element.k"), SimulationError);
}
