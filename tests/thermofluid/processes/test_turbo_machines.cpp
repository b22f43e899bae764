// Compressor, Fan and Turbine (TFS dp_tau_const_isentrop) against the characteristic written out in the test: a set
// mass flow (Sink_m, started on it so it holds exactly) through the machine, the pressure ratio, the outlet
// pressure and temperature of an ideal gas with constant c_p, the power balance W_t = ṁ·Δh + Q_t, and reverse flow.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/boundaries/flow_boundaries.h"
#include "thermofluid/media/media_registry.h"
#include "thermofluid/sensors/single_sensors.h"
#include "thermofluid/processes/turbo_component.h"

#include <doctest/doctest.h>

#include <cmath>
#include <memory>

using namespace lied;
using namespace lied::thermofluid;

namespace {
// Source (p_in, T_in) → machine → temperature sensor → Sink_m (ṁ).
template <class Machine>
struct Bench : Component {
    Source source;
    Machine machine;
    SingleSensorSelect T_out;
    Sink_m sink;
    Bench(double p_in, double T_in, double m_flow) {
        for (MediumParameter* m : {&source.medium, &machine.medium, &T_out.medium, &sink.medium}) m->name = "SimpleAir";
        source.p0_par = p_in, source.T0_par = T_in;
        source.m_flow.start = m_flow;   // on the set flow from the start: Sink_m then holds it exactly
        sink.m_flow_fixed = m_flow;
        T_out.quantity = "T_K";
        connect(source.outlet, machine.inlet);
        connect(machine.outlet, T_out.inlet);
        connect(T_out.outlet, sink.inlet);
    }
    void metainfo(Meta& meta) override {
        meta.component(source, "source");
        meta.component(machine, "machine");
        meta.component(T_out, "T_out");
        meta.component(sink, "sink");
    }
    const char* type_name() const override { return "Bench"; }
};

struct Expected {
    double pr, w_t, W_t, dh;
};
// The characteristic as TFS states it, for ṁ, ω and the gas at the inlet.
Expected characteristic(double m, double w, double p_in, double T_in, double eta, double omega_ref, double m_ref, double skew) {
    const Medium& air = medium("SimpleAir");
    const MediumProperties s = air.at(p_in, air.specific_enthalpy(p_in, T_in, nullptr));
    const double R = p_in / (s.rho * s.T), kappa = s.cp / (s.cp - R);
    double pr = std::abs(w) * w / (omega_ref * omega_ref) - skew * w * m / (omega_ref * m_ref) - std::abs(m) * m / (m_ref * m_ref) + 1;
    if (pr < 1) pr = std::pow(2.0, pr - 1);
    const double w_is = kappa / (kappa - 1) * R * T_in * (std::pow(pr, (kappa - 1) / kappa) - 1);
    const double w_t = w_is * m >= 0 ? w_is / eta : eta * w_is;
    const double dp = p_in * (pr - 1), reg = 1.0, m_reg = 0.01;
    double tau = m > 0 && w > 0 ? w_t * m * w / (w * w + reg * reg) : 1e-3 * dp * w * w / (w * w + reg * reg) * m * m / (m * m + m_reg * m_reg);
    tau += 1e-3 * dp * reg * reg / (w * w + reg * reg);
    const double W_t = tau * w;
    return {pr, w_t, W_t, m * W_t / (m * m + m_reg * m_reg)};
}

template <class Machine>
void check_machine(double p_in, double T_in, double m, double w, double eta, double skew) {
    Bench<Machine> b(p_in, T_in, m);
    b.machine.omega_par = w, b.machine.eta = eta, b.machine.skew = skew;
    SimulatorOptions options;
    options.solver = "rk4";
    options.dt = 1e-4;
    Simulator sim(b, options);
    sim.simulate(0.01);
    const Expected e = characteristic(m, w, p_in, T_in, eta, b.machine.omega_ref, b.machine.m_flow_ref, skew);
    const double cp = medium("SimpleAir").at(p_in, 0.0).cp;
    CHECK(sim.value("sink.m_flow") == doctest::Approx(m).epsilon(1e-12));
    CHECK(sim.value("machine.pr") == doctest::Approx(e.pr).epsilon(1e-12));
    CHECK(sim.value("machine.w_t") == doctest::Approx(e.w_t).epsilon(1e-10));
    CHECK(sim.value("machine.W_t") == doctest::Approx(e.W_t).epsilon(1e-10));
    CHECK(sim.value("machine.dh") == doctest::Approx(e.dh).epsilon(1e-10));
    // The gas leaves at p_in·pr (no flow change: the inertial pressure is zero) and at T_in + Δh/c_p (constant c_p).
    CHECK(sim.value("sink.p") == doctest::Approx(p_in * e.pr).epsilon(1e-10));
    CHECK(sim.value("T_out.value") == doctest::Approx(T_in + e.dh / cp).epsilon(1e-10));
    // Power balance: what the shaft gives is what the fluid takes, plus the regularisation's excess as heat
    // (a turbine's shaft gets what the fluid gives: Q_t = 0).
    CHECK(sim.value("machine.P_shaft") == doctest::Approx(m * sim.value("machine.dh") + sim.value("machine.Q_t")).epsilon(1e-10));
    if (e.W_t < 0) CHECK(sim.value("machine.Q_t") == 0.0);
}
}  // namespace

TEST_CASE("Compressor: pressure ratio, outlet pressure and temperature from the characteristic (η = 0.8)") {
    check_machine<Compressor>(1e5, 300, 0.125, 1000, 0.8, 0.0);   // pr = 1 + 1 − 0.25 = 1.75
    check_machine<Compressor>(1e5, 300, 0.2, 800, 0.7, 0.3);       // with skew
}

TEST_CASE("Fan: the same law, a small pressure rise at low speed") { check_machine<Fan>(1e5, 290, 0.05, 300, 0.6, 0.0); }

TEST_CASE("Turbine: expansion set by the flow (ω_ref = 1e6), the fluid gives work (W_t < 0, η·w_t,is)") {
    check_machine<Turbine>(3e5, 500, 0.2, 100, 0.9, 0.0);
    Bench<Turbine> b(3e5, 500, 0.2);
    b.machine.omega_par = 100;
    Simulator sim(b);
    sim.simulate(0.01);
    CHECK(sim.value("machine.pr") < 1);
    CHECK(sim.value("machine.W_t") < 0);
    CHECK(sim.value("T_out.value") < 500);
}

TEST_CASE("Compressor with reverse flow: TFS's four-quadrant law — pr rises with −|ṁ|ṁ and the shaft still works the fluid") {
    // Fluid pushed backwards through a slowly running compressor (the sink sends 0.05 kg/s upstream): the fluid that
    // leaves through the inlet has gained P_shaft/|ṁ| (up to the regularisation), so h_out = h_in + Δh with Δh < 0.
    check_machine<Compressor>(1e5, 300, -0.05, 100, 0.8, 0.0);
    Bench<Compressor> b(1e5, 300, -0.05);
    b.machine.omega_par = 100;
    Simulator sim(b);
    CHECK(sim.value("machine.pr") > 1);
    CHECK(sim.value("machine.P_shaft") > 0);
    CHECK(sim.value("machine.dh") < 0);
}
