// A mass (inertia) carried rigidly on a chain, as a load behind a gear: no degree of freedom of its own, and the
// chain moves as one body of mass m_root + m/ratio². Against the classic solutions of the equivalent one-body
// systems, worked out by hand in each test, and against the energy the pair and the spring hold together.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "dialectic_mechanics/one_dimensional/rotational.h"
#include "dialectic_mechanics/one_dimensional/translational.h"
#include "support/file_error.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using namespace lied::mechanics;

namespace {
// Inertia J1 (released at φ0) → IdealGear(ratio) → CarriedInertia J2 → RotationalSpring(c) → RotationalFixed.
// The load turns φ1/ratio and the spring's torque −c·φ1/ratio reaches the motor as −c·φ1/ratio²:
//   (J1 + J2/ratio²)·φ1'' = −c·φ1/ratio²,   so   φ1 = φ0·cos ωt,  ω² = c/(ratio²·J1 + J2).
struct GearedLoad : Component {
    Inertia motor;
    IdealGear gear;
    CarriedInertia load;
    RotationalSpring shaft;
    RotationalFixed housing;
    GearedLoad(double J1, double ratio, double J2, double c, double phi0) {
        motor.m = J1;
        motor.s.start = phi0;
        gear.ratio = ratio;
        load.m = J2;
        shaft.c = c;
        connect(motor.flange, gear.flange_a);
        connect(gear.flange_b, load.flange_a);
        connect(load.flange_b, shaft.flange_a);
        connect(housing.flange, shaft.flange_b);
    }
    void metainfo(Meta& meta) override {
        meta.component(motor, "motor");
        meta.component(gear, "gear");
        meta.component(load, "load");
        meta.component(shaft, "shaft");
        meta.component(housing, "housing");
    }
    const char* type_name() const override { return "GearedLoad"; }
};

// Mass m1 carrying m2, both under gravity, hanging on a spring k from a fixed point, released at s = 0 at rest:
//   (m1 + m2)·s'' = −k·s − (m1 + m2)·g,   so   s = −s_eq·(1 − cos ωt),  s_eq = (m1 + m2)·g/k,  ω² = k/(m1 + m2).
struct CarriedOnSpring : Component {
    Mass carrier;
    CarriedMass payload;
    Spring spring;
    Fixed ceiling;
    CarriedOnSpring(double m1, double m2, double k, double g) {
        carrier.m = m1, carrier.g = g;
        payload.m = m2, payload.g = g;
        spring.c = k;
        connect(carrier.flange, payload.flange_a);
        connect(payload.flange_b, spring.flange_a);
        connect(ceiling.flange, spring.flange_b);
    }
    void metainfo(Meta& meta) override {
        meta.component(carrier, "carrier");
        meta.component(payload, "payload");
        meta.component(spring, "spring");
        meta.component(ceiling, "ceiling");
    }
    const char* type_name() const override { return "CarriedOnSpring"; }
};

SimulatorOptions tight_cvode() {
    SimulatorOptions o;
    o.solver = "cvode-bdf";
    o.tolerances = {1e-11, 1e-12, 0.0};
    return o;
}
}  // namespace

TEST_CASE("Inertia, IdealGear, CarriedInertia: the load's inertia reaches the motor divided by ratio squared") {
    const double J1 = 0.5, ratio = 3.0, J2 = 2.0, c = 50.0, phi0 = 0.3;
    const double omega = std::sqrt(c / (ratio * ratio * J1 + J2));
    GearedLoad system(J1, ratio, J2, c, phi0);
    Simulator sim(system, tight_cvode());
    // One tearing variable, the motor's v, whose entry in L is (J1 + J2/ratio²)/T_D.
    REQUIRE(sim.linear_system().size() == 1);
    sim.evaluate();
    const double T_D = system.motor.T_D.value();
    CHECK(sim.linear_system().matrix()(0, 0) == doctest::Approx((J1 + J2 / (ratio * ratio)) / T_D).epsilon(1e-12));
    auto energy = [&] { return sim.value("motor.E_kin") + sim.value("load.E_kin") + sim.value("shaft.E_pot"); };
    const double E0 = energy();
    CHECK(E0 == doctest::Approx(0.5 * c * (phi0 / ratio) * (phi0 / ratio)).epsilon(1e-12));
    // CVODE at rtol 1e-11 over 1.5 periods: the error is the integrator's, near 1e-9 rad.
    for (const double t : {1.0, 3.4}) {
        sim.simulate(t);
        CAPTURE(t);
        CHECK(std::abs(sim.value("motor.s") - phi0 * std::cos(omega * t)) < 1e-7);
        CHECK(std::abs(sim.value("motor.w") + phi0 * omega * std::sin(omega * t)) < 1e-7);
        CHECK(sim.value("load.a") == doctest::Approx(-omega * omega * phi0 * std::cos(omega * t) / ratio).epsilon(1e-5));
        CHECK(energy() == doctest::Approx(E0).epsilon(1e-8));
    }
}

TEST_CASE("a mass carried on a mass moves as one body of both masses, under gravity too") {
    const double m1 = 1.0, m2 = 3.0, k = 400.0, g = 9.81;
    const double omega = std::sqrt(k / (m1 + m2)), s_eq = (m1 + m2) * g / k;
    CarriedOnSpring system(m1, m2, k, g);
    Simulator sim(system, tight_cvode());
    for (const double t : {0.1, 0.45}) {
        sim.simulate(t);
        CAPTURE(t);
        CHECK(std::abs(sim.value("carrier.s") + s_eq * (1.0 - std::cos(omega * t))) < 1e-8);
        // The spring holds both: its force on the payload's flange_b is what the pair's weight and inertia need.
        CHECK(sim.value("payload.a") == doctest::Approx(-s_eq * omega * omega * std::cos(omega * t)).epsilon(1e-5));
    }
    // The books: kinetic, gravity and spring energy of the pair are kept (the run has its balance check on).
    CHECK(sim.balance().violations() == 0);
}

TEST_CASE("two inertias joined through a gear are refused with the way out named") {
    const std::string e = test::file_error_of(R"(system: TwoInertias
components:
  motor: {type: Inertia}
  gear: {type: IdealGear, parameters: {ratio: 3}}
  load: {type: Inertia}
connections:
  - [motor.flange, gear.flange_a]
  - [gear.flange_b, load.flange]
)");
    CHECK(e.find("cannot connect gear.flange_b") != std::string::npos);
    CHECK(e.find("carry one rigidly on the other (CarriedMass, CarriedInertia)") != std::string::npos);
    CHECK(test::file_error_of(R"(system: GearedLoad
components:
  motor: {type: Inertia, parameters: {s_start: 0.3}}
  gear: {type: IdealGear, parameters: {ratio: 3}}
  load: {type: CarriedInertia, parameters: {m: 2}}
connections:
  - [motor.flange, gear.flange_a]
  - [gear.flange_b, load.flange_a]
)") == "no error");
}
