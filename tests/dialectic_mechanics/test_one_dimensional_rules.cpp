// Conservation and passivity of 1D dialectic systems, and the build-time rules with the component path and the
// rule in the message.
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "dialectic_mechanics/one_dimensional/translational.h"
#include "systems/io/system_file.h"
#include "support/file_error.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

using namespace lied;
using namespace lied::mechanics;


TEST_CASE("two free masses joined by a spring-damper conserve momentum") {
    // No external force: m1·ẇ1 + m2·ẇ2 = f1 + f2 = 0 in the model, and RK4 keeps linear invariants, so the momentum
    // stays at its start value up to rounding (1e-12 of |m·w|).
    struct Pair : Component {
        Mass m1{1.0, 0.0, 2.0}, m2{3.0, 0.5, -1.0};
        SpringDamper link{500.0, 2.0, 0.4};
        Pair() {
            connect(m1.flange, link.flange_a);
            connect(m2.flange, link.flange_b);
        }
        void metainfo(Meta& meta) override {
            meta.component(m1, "m1");
            meta.component(m2, "m2");
            meta.component(link, "link");
        }
        const char* type_name() const override { return "Pair"; }
    } pair;
    Simulator sim(pair);
    const double p0 = 1.0 * 2.0 + 3.0 * -1.0;
    for (double t = 0.1; t <= 2.0; t += 0.1) {
        sim.simulate(t);
        CHECK(1.0 * sim.value("m1.w") + 3.0 * sim.value("m2.w") == doctest::Approx(p0).epsilon(1e-12).scale(6.0));
    }
    // The damper brings them to a common speed: the relative speed (3 m/s at the start) decays as exp(−d·t/(2μ)),
    // μ = 0.75 kg the reduced mass.
    CHECK(std::abs(sim.value("m1.w") - sim.value("m2.w")) < 1.1 * 3.0 * std::exp(-2.0 * 2.0 / (2 * 0.75)));
}

TEST_CASE("a passive system never gains energy: springs, dampers and a stiff gap") {
    // dE/dt = −wᵀ·D·w ≤ 0 (docs/user-guide/dialectic-mechanics.md, "Passivity"), where E = Σ ½·m·w² + the springs'
    // and the gap's elastic energy. Checked sample by sample along a run with bounces; RK4 at 10 µs resolves the
    // gap (ω ≈ 500 rad/s at its deepest), so its own error stays below the 1e-10·E0 the check allows.
    struct Rattle : Component {
        Fixed ground, wall{0.24};
        SpringDamper mount{200.0, 0.5, 0.0};
        Mass m1{1.0, 0.05, 0.0}, m2{0.5, 0.2, 3.0};
        Spring link{300.0, 0.0, 0.15};
        ElastoGap stop;
        Rattle() {
            stop.c = 1e5, stop.d = 0.0, stop.n = 1.5, stop.s_rel0 = 0.0;
            connect(ground.flange, mount.flange_a);
            connect(m1.flange, mount.flange_b);
            connect(m1.flange, link.flange_a);
            connect(m2.flange, link.flange_b);
            connect(m2.flange, stop.flange_a);
            connect(wall.flange, stop.flange_b);
        }
        void metainfo(Meta& meta) override {
            for (auto [c, n] : {std::pair<Component*, const char*>{&ground, "ground"}, {&wall, "wall"}, {&mount, "mount"}, {&m1, "m1"},
                                {&m2, "m2"}, {&link, "link"}, {&stop, "stop"}})
                meta.component(*c, n);
        }
        const char* type_name() const override { return "Rattle"; }
    } rattle;
    SimulatorOptions options;
    options.dt = 1e-5;
    Simulator sim(rattle, options);
    auto energy = [&] {
        return sim.value("m1.E_kin") + sim.value("m2.E_kin") + sim.value("mount.E_pot") + sim.value("link.E_pot") + sim.value("stop.E_pot");
    };
    sim.evaluate();
    const double E0 = energy();
    double E = E0, max_penetration = 0.0;
    int increases = 0;
    for (int k = 1; k <= 2000; ++k) {
        sim.simulate(k * 1e-3);
        const double next = energy();
        if (next > E + 1e-10 * E0) ++increases;
        E = next;
        max_penetration = std::max(max_penetration, sim.value("stop.penetration"));
    }
    MESSAGE("energy " << E0 << " J -> " << E << " J; deepest penetration " << max_penetration << " m");
    CHECK(max_penetration > 1e-3);   // the run does hit the stop
    CHECK(increases == 0);
    CHECK(E < 0.9 * E0);
}

TEST_CASE("build rules of 1D mechanics name the component, the flange and the rule") {
    SUBCASE("two roots in one chain: two masses joined without a compliant element") {
        const std::string e = test::file_error_of(R"(system: TwoRoots
components:
  m1: {type: Mass}
  m2: {type: Mass}
connections:
  - [m1.flange, m2.flange]
)");
        CHECK(e.find("cannot connect m1.flange") != std::string::npos);
        CHECK(e.find("m2.flange") != std::string::npos);
        CHECK(e.find("rule: one root per chain and every kinematic loop contains a compliant element") != std::string::npos);
    }
    SUBCASE("an unconnected flange") {
        const std::string e = test::file_error_of(R"(system: Loose
components:
  ground: {type: Fixed}
  spring: {type: Spring}
connections:
  - [ground.flange, spring.flange_a]
)");
        CHECK(e.find("spring.flange_b is not connected (rule: every plug and input of a component is connected)") != std::string::npos);
        // Composed in C++, the crawler names the first unbound signal of the flange.
        struct Loose : Component {
            Fixed ground;
            Spring spring;
            Loose() { connect(ground.flange, spring.flange_a); }
            void metainfo(Meta& meta) override {
                meta.component(ground, "ground");
                meta.component(spring, "spring");
            }
            const char* type_name() const override { return "Loose"; }
        } loose;
        CHECK_THROWS_WITH_AS(Simulator{loose}, doctest::Contains("spring.flange_b.s: In-signal is not bound"), BuildError);
    }
    SUBCASE("a chain without a mass") {
        CHECK(test::file_error_of(R"(system: Massless
components:
  m: {type: Mass, parameters: {m: 0}}
)").find("components.m.parameters.m: 0 is out of range (0, inf) [kg]") != std::string::npos);
        struct Massless : Component {
            Mass m;
            void metainfo(Meta& meta) override { meta.component(m, "m"); }
            const char* type_name() const override { return "Massless"; }
        } massless;
        massless.m.m = 0.0;
        CHECK_THROWS_WITH_AS(Simulator{massless}, doctest::Contains("m: m = 0"), BuildError);
        CHECK_THROWS_WITH_AS(Simulator{massless}, doctest::Contains("rule: every chain contains at least one mass"), BuildError);
    }
    SUBCASE("a driven flange on a driven flange") {
        const std::string e = test::file_error_of(R"(system: NoPosition
components:
  s1: {type: Spring}
  s2: {type: Spring}
connections:
  - [s1.flange_b, s2.flange_a]
)");
        CHECK(e.find("two driven flanges have no position to share") != std::string::npos);
    }
}
