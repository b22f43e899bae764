// GroundContact against hand calculations: a disc's static penetration under its weight, a sliding disc that
// spins up and ends rolling at the speed angular momentum about the ground predicts, and a box on a slope that
// slides with g·(sin α − μ·cos α) or, below the friction angle, creeps at the regularised law's speed.
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "dialectic_mechanics/planar/body.h"
#include "dialectic_mechanics/planar/ground_contact.h"
#include "dialectic_mechanics/planar/prismatic.h"
#include "dialectic_mechanics/planar/revolute.h"
#include "dialectic_mechanics/planar/world.h"
#include "support/free_planar_body.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <utility>

using namespace lied;
using namespace lied::mechanics;

namespace {
constexpr double g = 9.81;

// A free planar body (tests/support/free_planar_body.h) with ground contacts. Its parameters are set on the members
// after construction (components do not copy).
struct FreeBody : Component, lied::testing::FreePlanarBody {
    World world;
    GroundContact contact_a, contact_b;
    bool two_contacts;
    FreeBody(double x, double y, double phi, bool second_contact = false) : two_contacts(second_contact) {
        attach(world, x, y, phi);
        connect(turn.frame_b, contact_a.frame_a);
        if (two_contacts) connect(turn.frame_b, contact_b.frame_a);
    }
    static void set_contact(GroundContact& contact, double radius, double c, double mu) {
        contact.radius = radius;
        contact.c = c;
        contact.mu = mu;
    }
    void metainfo(Meta& meta) override {
        meta.component(world, "world");
        declare(meta, "", "body");
        meta.component(contact_a, "contact_a");
        if (two_contacts) meta.component(contact_b, "contact_b");
    }
    const char* type_name() const override { return "FreeBody"; }
};
}  // namespace

TEST_CASE("ground contact: a resting disc sinks in by (m·g/c)^(1/n) and the ground carries its weight") {
    // Hertz exponent 1.5, dropped from touching. The contact's damping settles it: at the rest penetration
    // δ0 = 1.6e-4 m the contact's stiffness is n·c·δ0^(n−1) = 1.9e5 N/m (306 rad/s with the 2 kg), critically
    // damped by 2·√(k·m)/δ0ⁿ = 6.3e8 N·s/m^2.5; d = 3e8 is half that. cvode-bdf to 1e-10: the check is the static
    // balance itself.
    const double m = 2.0, R = 0.2, c = 1e7, n = 1.5;
    FreeBody disc(0.0, R, 0.0);
    disc.set_body(m, 0.5 * m * R * R);
    FreeBody::set_contact(disc.contact_a, R, c, 0.5);
    disc.contact_a.n = n;
    disc.contact_a.d = 3e8;
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-10, 1e-12, 0.0};
    Simulator sim(disc, options);
    sim.simulate(2.0);
    CHECK(sim.value("contact_a.penetration") == doctest::Approx(std::pow(m * g / c, 1.0 / n)).epsilon(1e-6));
    CHECK(sim.value("contact_a.N") == doctest::Approx(m * g).epsilon(1e-8));
    CHECK(std::abs(sim.value("contact_a.F_t")) < 1e-9);
    CHECK(std::abs(sim.value("x.q")) < 1e-9);   // a vertical load on a circle makes no torque: no drift
}

TEST_CASE("ground contact: a disc thrown sliding spins up and rolls at v0·m·R'/(m·R' + I/R), R' = R − δ") {
    // Friction is the only horizontal force and it acts on the ground line, the normal force on the vertical through
    // the centre: angular momentum about a ground point, −m·v·R' + I·ω, is kept. Rolling (ω = −v/R) then gives
    // v = v0·m·R'/(m·R' + I/R) = 2/3·v0 for a solid disc up to δ/R (here 1e-5). Tolerance 1e-3: the regularised
    // friction (v_reg = 1 cm/s).
    const double m = 2.0, R = 0.2, I = 0.5 * m * R * R, v0 = 3.0, mu = 0.3, c = 1e7;
    const double delta = m * g / c;
    FreeBody disc(0.0, R - delta, 0.0);
    disc.set_body(m, I);
    FreeBody::set_contact(disc.contact_a, R, c, mu);
    disc.slide_x.w.start = v0;
    SimulatorOptions options;
    options.solver = "ros2";
    options.dt = 1e-4;
    Simulator sim(disc, options);
    sim.simulate(0.1);
    // While it slides, friction is μ·N and the disc decelerates at μ·g.
    CHECK(sim.value("contact_a.F_t") == doctest::Approx(-mu * m * g).epsilon(1e-3));
    CHECK(sim.value("x.w") == doctest::Approx(v0 - mu * g * 0.1).epsilon(1e-3));
    sim.simulate(1.0);   // spin-up ends at v0/(3·μ·g) = 0.34 s
    const double Rp = R - delta, expected = v0 * m * Rp / (m * Rp + I / R);
    CHECK(sim.value("x.w") == doctest::Approx(expected).epsilon(1e-3));
    CHECK(sim.value("turn.w") * R == doctest::Approx(-expected).epsilon(1e-3));
    CHECK(std::abs(sim.value("contact_a.slip")) < 1e-3);
}

namespace {
// A 1 kg box, 0.4 m × 0.2 m, on its two lower corners on a line through the origin rising at alpha, started at the
// depth where the corners carry its weight's normal part (δ = m·g·cos α/(2c), 4 µm): no drop, so nothing rings. Each
// corner's contact (10⁶ N/m, half the box: 1.4·10³ rad/s) is damped by d·δ ≈ 10³ N·s/m there (d = 2·10⁸ N·s/m²:
// 0.7 of critical).
inline double rest_depth(double alpha) { return 1.0 * g * std::cos(alpha) / 2.0 / 1e6; }
struct BoxOnSlope : FreeBody {
    BoxOnSlope(double alpha, double mu)
        : FreeBody(-(0.1 - rest_depth(alpha)) * std::sin(alpha), (0.1 - rest_depth(alpha)) * std::cos(alpha), alpha, true) {
        set_body(1.0, 1.0 * (0.16 + 0.04) / 12.0);
        for (auto [corner, r_x] : {std::pair<GroundContact*, double>{&contact_a, -0.2}, {&contact_b, 0.2}}) {
            set_contact(*corner, 0.0, 1e6, mu);
            corner->d = 2e8;
            corner->ground_angle = alpha;
            corner->r_x = r_x;
            corner->r_y = -0.1;
        }
    }
};
double speed_down_slope(Simulator& sim, double alpha) { return -(sim.value("x.w") * std::cos(alpha) + sim.value("y.w") * std::sin(alpha)); }
}  // namespace

TEST_CASE("ground contact: a box on a slope steeper than the friction angle slides with g·(sin α − μ·cos α)") {
    const double alpha = M_PI / 6, mu = 0.3;
    BoxOnSlope box(alpha, mu);
    SimulatorOptions options;
    options.solver = "ros2";
    options.dt = 1e-4;
    Simulator sim(box, options);
    sim.simulate(0.5);
    const double v1 = speed_down_slope(sim, alpha);
    sim.simulate(1.0);
    const double v2 = speed_down_slope(sim, alpha);
    // Beyond v_reg the law is Coulomb's (tanh = 1 to 1e-40): the acceleration is exact up to ros2's error.
    CHECK((v2 - v1) / 0.5 == doctest::Approx(g * (std::sin(alpha) - mu * std::cos(alpha))).epsilon(1e-4));
    CHECK(sim.value("turn.q") == doctest::Approx(alpha).epsilon(1e-3));   // it slides flat, does not tip
    CHECK(sim.value("contact_a.N") + sim.value("contact_b.N") == doctest::Approx(g * std::cos(alpha)).epsilon(1e-4));
}

TEST_CASE("ground contact: below the friction angle the box creeps at the regularised law's v_reg·atanh(tan α/μ)") {
    // Regularised friction has no sticking: the box finds the slip speed at which μ·N·tanh(s/v_reg) = m·g·sin α.
    const double alpha = 20.0 * M_PI / 180.0, mu = 0.8, v_reg = 1e-2;
    BoxOnSlope box(alpha, mu);
    SimulatorOptions options;
    options.solver = "ros2";
    options.dt = 1e-4;
    Simulator sim(box, options);
    sim.simulate(1.0);
    CHECK(speed_down_slope(sim, alpha) == doctest::Approx(v_reg * std::atanh(std::tan(alpha) / mu)).epsilon(1e-3));
}

TEST_CASE("ground contact: a circle pressed through the ground is refused, naming the component and the rule") {
    // 100 kg on a 1e3 N/m tyre of 5 cm radius: the centre ends below the ground line.
    FreeBody disc(0.0, 0.05, 0.0);
    disc.set_body(100.0, 0.1);
    FreeBody::set_contact(disc.contact_a, 0.05, 1e3, 0.5);
    SimulatorOptions options;
    options.solver = "ros2";
    options.dt = 1e-3;
    Simulator sim(disc, options);
    std::string message;
    try {
        sim.simulate(1.0);
    } catch (const std::exception& e) {
        message = e.what();
    }
    CAPTURE(message);
    CHECK(message.find("contact_a") != std::string::npos);
    CHECK(message.find("centre_height") != std::string::npos);
    CHECK(message.find("stays above the ground line") != std::string::npos);
    CHECK(message.find("numerical instability") == std::string::npos);   // the physics broke, not the solver
}
