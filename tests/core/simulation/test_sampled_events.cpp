// Sampled (periodic) events: a discrete PI controller holding a first-order plant, against the sequence
// computed by hand from the exact discretisation of the plant under a held input.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "support/event_components.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using lied::testing::PlantWithPI;

TEST_CASE("a sampled PI controller and a first-order plant follow the hand-computed discrete sequence") {
    // With u held over [kTs, (k+1)Ts), τ·x' = K·u − x has the exact solution
    //   x_{k+1} = a·x_k + K·(1 − a)·u_k,  a = exp(−Ts/τ),
    // and the controller computes e_k = r − x_k, I_k = I_{k−1} + Ts·e_k, u_k = Kp·e_k + Ki·I_k.
    for (std::string solver : {"rk4", "dopri5", "cvode-bdf", "ros2"}) {
        CAPTURE(solver);
        PlantWithPI loop;
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 0.01;
        o.tolerances.relative = o.tolerances.absolute = 1e-10;
        Simulator sim(loop, o);
        const double Ts = loop.pi.Ts, a = std::exp(-Ts / loop.plant.tau), K = loop.plant.K;
        double x = 0, integral = 0, u = 0;
        // rk4 at dt = Ts/10 on a time constant of 0.5 s: local error ~ (dt/τ)^5/120 ≈ 3e-11, so 1e-8 over 30
        // samples; ros2 is second order: (dt/τ)^3/6 per step ≈ 1e-6 after 300 steps.
        const double tolerance = solver == "ros2" ? 2e-4 : 1e-7;
        for (int k = 0; k < 30; ++k) {
            const double e = loop.pi.r - x;
            integral += Ts * e;
            u = loop.pi.Kp * e + loop.pi.Ki * integral;
            // Halfway between samples the output is the one computed at the sample: piecewise constant.
            sim.simulate((k + 0.5) * Ts);
            CHECK(sim.value("pi.u") == doctest::Approx(u).epsilon(tolerance));
            sim.simulate((k + 1) * Ts);
            x = a * x + K * (1 - a) * u;
            CAPTURE(k);
            CHECK(sim.value("plant.x") == doctest::Approx(x).epsilon(tolerance));
        }
        CHECK(sim.statistics().events.back().second == 31);   // samples at 0, 0.1, ..., 3.0 (the last step ends on one)
    }
}

TEST_CASE("samples keep their grid: offset + k·period without drift, also across a rebuild") {
    PlantWithPI loop;
    loop.pi.Ts = 0.3;
    loop.pi.offset = 0.05;
    SimulatorOptions o;
    o.dt = 0.07;   // steps that never land on the grid by themselves
    Simulator sim(loop, o);
    std::vector<double> times;
    sim.on_event([&](Simulator& s, const std::string&) { times.push_back(s.time()); });
    sim.simulate(2.0);
    sim.rebuild();
    sim.simulate(3.0);
    REQUIRE(times.size() == 10);   // 0.05, 0.35, ..., 2.75
    for (std::size_t k = 0; k < times.size(); ++k) CHECK(times[k] == doctest::Approx(0.05 + 0.3 * static_cast<double>(k)).epsilon(1e-14));
}
