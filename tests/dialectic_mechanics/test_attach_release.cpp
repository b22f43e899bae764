// Attach as a structural change: two masses become one rigid body; momentum is kept, the energy of their relative
// motion is what a perfectly inelastic joining dissipates, and the force on one of them acts on the assembly.
#include "components/sources.h"
#include "core/model/composite.h"
#include "core/simulation/simulator.h"
#include "dialectic_mechanics/one_dimensional/attach.h"
#include "dialectic_mechanics/one_dimensional/translational.h"
#include "support/pushed_pair.h"

#include <doctest/doctest.h>

#include <memory>

using namespace lied;

TEST_CASE("two masses attached: momentum kept, ½·μ·Δw² dissipated, the force moves to the assembly") {
    // a (2 kg) from s = 0 at 2 m/s pushed by 6 N; b (3 kg) from s = 1 m at −1 m/s, free. Newton (and the dialectic
    // kinetic velocity w, exactly): at 0.5 s w_a = 3.5 m/s, w_b = −1 m/s. Attached: W = (2·3.5 − 3·1)/5 = 0.8 m/s,
    // then W + 6/5·t. RK4 is exact for these polynomials: bounds are rounding.
    auto net = test::pushed_pair();
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 1e-3;
    Simulator sim(*net, o);
    sim.simulate(0.5);
    const double wa = sim.value("a.w"), wb = sim.value("b.w"), sa = sim.value("a.s"), sb = sim.value("b.s");
    CHECK(wa == doctest::Approx(3.5).epsilon(1e-12));
    const double momentum = 2 * wa + 3 * wb, kinetic = sim.value("a.E_kin") + sim.value("b.E_kin");

    StructuralChange attach = mechanics::attach_masses(sim, "a", "b", "ab");
    sim.apply(attach);
    REQUIRE(sim.find_value("a.w") == nullptr);
    CHECK(5 * sim.value("ab.w") == doctest::Approx(momentum).epsilon(1e-14));
    CHECK(sim.value("ab.s") == doctest::Approx((2 * sa + 3 * sb) / 5).epsilon(1e-14));
    const double mu = 2.0 * 3.0 / 5.0;
    CHECK(kinetic - sim.value("ab.E_kin") == doctest::Approx(0.5 * mu * (wa - wb) * (wa - wb)).epsilon(1e-12));

    sim.simulate(1.0);   // the 6 N push now accelerates all 5 kg
    CHECK(sim.value("ab.w") == doctest::Approx(0.8 + 6.0 / 5.0 * 0.5).epsilon(1e-12));
    CHECK(sim.segments().size() == 2);
}

TEST_CASE("attached, then released: momentum and centre of mass kept, each part free, the push going where it is sent") {
    // As above until 1 s (attached at 0.5 s), then released into a (2 kg) and b (3 kg) 1.2 m apart. Released with
    // the push on a (the default) a accelerates at 6/2 m/s² and b coasts; with the push sent to b, b at 6/3.
    for (bool push_to_b : {false, true}) {
        auto net = test::pushed_pair();
        SimulatorOptions o;
        o.solver = "rk4";
        o.dt = 1e-3;
        Simulator sim(*net, o);
        sim.simulate(0.5);
        StructuralChange attach = mechanics::attach_masses(sim, "a", "b", "ab");
        sim.apply(attach);
        sim.simulate(1.0);
        const double s = sim.value("ab.s"), w = sim.value("ab.w");

        std::vector<std::string> to_b;
        if (push_to_b) to_b.push_back("push.flange");
        StructuralChange release = mechanics::release_mass(sim, "ab", "a", 2.0, "b", 1.2, to_b);
        sim.apply(release);
        CHECK(sim.find_value("ab.w") == nullptr);
        CHECK(2 * sim.value("a.w") + 3 * sim.value("b.w") == doctest::Approx(5 * w).epsilon(1e-14));    // momentum
        CHECK(2 * sim.value("a.s") + 3 * sim.value("b.s") == doctest::Approx(5 * s).epsilon(1e-14));    // centre of mass
        CHECK(sim.value("b.s") - sim.value("a.s") == doctest::Approx(1.2).epsilon(1e-14));
        CHECK(sim.value("a.w") == w);
        CHECK(sim.value("b.w") == w);
        sim.simulate(1.5);   // RK4 is exact for constant accelerations: bounds are rounding
        CHECK(sim.value("a.w") == doctest::Approx(w + (push_to_b ? 0.0 : 3.0) * 0.5).epsilon(1e-12));
        CHECK(sim.value("b.w") == doctest::Approx(w + (push_to_b ? 2.0 : 0.0) * 0.5).epsilon(1e-12));
        CHECK(sim.segments().size() == 3);
    }
}

TEST_CASE("release_mass refuses a part without a positive share of the mass, naming both and the rule") {
    auto net = std::make_unique<Composite>("One");
    net->add("ab", std::make_unique<mechanics::Mass>(5.0, 0.0));
    Simulator sim(*net);
    CHECK_THROWS_WITH_AS(mechanics::release_mass(sim, "ab", "a", 5.0, "b", 1.0),
                         doctest::Contains("a would have 5 kg of ab's 5 kg (rule: each part of a released assembly has a positive share"),
                         std::invalid_argument);
}
