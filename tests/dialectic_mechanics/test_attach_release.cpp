// Attach as a structural change: two masses become one rigid body; momentum is kept, the energy of their relative
// motion is what a perfectly inelastic joining dissipates, and the force on one of them acts on the assembly.
#include "components/sources.h"
#include "core/composite.h"
#include "core/simulator.h"
#include "dialectic_mechanics/one_dimensional/attach.h"
#include "dialectic_mechanics/one_dimensional/translational.h"

#include <doctest/doctest.h>

#include <memory>

using namespace lied;

TEST_CASE("two masses attached: momentum kept, ½·μ·Δw² dissipated, the force moves to the assembly") {
    // a (2 kg) from s = 0 at 2 m/s pushed by 6 N; b (3 kg) from s = 1 m at −1 m/s, free. Newton (and the dialectic
    // kinetic velocity w, exactly): at 0.5 s w_a = 3.5 m/s, w_b = −1 m/s. Attached: W = (2·3.5 − 3·1)/5 = 0.8 m/s,
    // then W + 6/5·t. RK4 is exact for these polynomials: bounds are rounding.
    auto net = std::make_unique<Composite>("Pair");
    auto& a = static_cast<mechanics::Mass&>(net->add("a", std::make_unique<mechanics::Mass>(2.0, 0.0, 2.0)));
    auto& b = static_cast<mechanics::Mass&>(net->add("b", std::make_unique<mechanics::Mass>(3.0, 1.0, -1.0)));
    auto& push = static_cast<mechanics::Force&>(net->add("push", std::make_unique<mechanics::Force>()));
    auto& six = static_cast<components::Constant&>(net->add("six", std::make_unique<components::Constant>(6.0)));
    connect(a.flange, push.flange);
    push.F.connect(six.y);
    (void)b;
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
