// The Clamp example (paper: Introducing Dialectic Mechanics, Fig. 10): the file gives the class's trajectory; at
// rest each claw is penetrated by F/c; two dialectic time constants agree on the time-averaged penetration while
// the claws settle, although the smaller one lets the object ring and the larger one does not.
#include "core/simulation/simulator.h"
#include "systems/examples/clamp.h"
#include "support/classic_clamp.h"
#include "support/file_twin.h"

#include <doctest/doctest.h>


using namespace lied;
using namespace lied::systems;

namespace {
SimulatorOptions bdf() {
    SimulatorOptions options;
    options.solver = "cvode-bdf";
    options.tolerances = {1e-9, 1e-12, 1e-5};   // rtol, atol, largest step
    return options;
}
}  // namespace

TEST_CASE("Clamp: the system file reproduces the C++ class") {
    Clamp cpp;
    SimulatorOptions options;
    options.solver = "ros2";
    options.dt = 1e-4;
    // The file against the class: the books are not the subject here (they find ros2's first contact steps at this
    // step off by nanojoules, half of what moved then; the Clamp's own cvode-bdf run keeps them).
    options.balance.mode = CheckMode::Warn;
    testing::check_file_twin(cpp, "clamp.yaml", options, {0.05, 0.1},
                             {{"gapLeft.penetration"}, {"gapRight.penetration"}, {"object.s"}, {"rightClaw.w"}, {"leftClaw.reaction"}});
}

TEST_CASE("Clamp: steady penetration F/c per claw, and two values of T_D agree on the time-averaged penetration") {
    const double F = 50.0, c = 1e6;
    auto mean_penetration = [&](double T_D, double from, double to) {
        Clamp clamp;
        clamp.defaults.T_D = T_D;
        Simulator sim(clamp, bdf());
        sim.simulate(from);
        double sum = 0.0;
        int n = 0;
        for (double t = from + 1e-5; t <= to + 1e-12; t += 1e-5, ++n) {
            sim.simulate(t);
            sum += sim.value("gapLeft.penetration");
        }
        return sum / n;
    };
    // At rest (the press force held for 0.2 s): F/c on both claws and the fixed claw takes F (1e-9: solver tolerance).
    Clamp clamp;
    Simulator sim(clamp, bdf());
    sim.simulate(0.3);
    CHECK(sim.value("gapLeft.penetration") == doctest::Approx(F / c).epsilon(1e-6));
    CHECK(sim.value("gapRight.penetration") == doctest::Approx(F / c).epsilon(1e-6));
    CHECK(sim.value("leftClaw.reaction") == doctest::Approx(-F).epsilon(1e-6));

    // While the force rises and the claws settle (0.02 s to 0.12 s): T_D = 1 ms and 0.1 ms give the same mean
    // penetration. The replacement dynamics lag the classic ones by about T_D, which shifts the mean over this
    // 0.1 s window by at most T_D/0.1 s = 1% of its value.
    const double slow = mean_penetration(1e-3, 0.02, 0.12), fast = mean_penetration(1e-4, 0.02, 0.12);
    MESSAGE("mean penetration 0.02-0.12 s: T_D = 1 ms " << slow << " m, T_D = 0.1 ms " << fast << " m");
    CHECK(slow == doctest::Approx(fast).epsilon(0.01));
}

TEST_CASE("the classic clamp of the stability bench (T_D = 0) rings about the same mean penetration F/c") {
    // tests/support/classic_clamp.h, the bench's classic twin: undamped, it rings at √(c/m) scales; its time average
    // over the last 0.1 s is F/c per claw (2 %: the ringing left over from the ramp averages out to that).
    testing::ClassicClamp clamp;
    SimulatorOptions options;
    options.solver = "dopri5";
    options.tolerances = {1e-9, 1e-12, 0.0};
    Simulator sim(clamp, options);
    sim.simulate(0.2);
    double left = 0.0, right = 0.0, peak = 0.0;
    const int n = 10000;
    for (int k = 1; k <= n; ++k) {
        sim.simulate(0.2 + k * 1e-5);
        left += sim.value("gapLeft.penetration") / n;
        right += sim.value("gapRight.penetration") / n;
        peak = std::max(peak, sim.value("gapRight.penetration"));
    }
    CHECK(left == doctest::Approx(50.0 / 1e6).epsilon(0.02));
    CHECK(right == doctest::Approx(50.0 / 1e6).epsilon(0.02));
    CHECK(peak > 50.0 / 1e6);   // it does ring (the dialectic model does not)
}
