// The heated rod whose discretisation changes while it runs: the stored energy is the same before and after each
// refinement (to rounding), the temperatures converge to the analytic solution of the heat equation as the volumes
// increase, and the file's actions equal the C++ refinements.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "systems/examples/heated_rod.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>

using namespace lied;
using lied::systems::HeatedRod;

namespace {

// Insulated rod of length L at T0, its end x = 0 held at Tw from t = 0, the end x = L insulated:
// T(x, t) = Tw + (T0 − Tw)·Σ_k 4/((2k+1)π)·sin((2k+1)π·x/(2L))·exp(−α·((2k+1)π/(2L))²·t), α = λ/(ρ·c).
double analytic(double x, double t) {
    const double L = 0.2, alpha = 200.0 / (2700.0 * 900.0);
    double sum = 0.0;
    for (int k = 0; k < 2000; ++k) {
        const double q = (2 * k + 1) * std::numbers::pi / (2 * L);
        sum += 4 / ((2 * k + 1) * std::numbers::pi) * std::sin(q * x) * std::exp(-alpha * q * q * t);
    }
    return HeatedRod::T_wall + (HeatedRod::T_start - HeatedRod::T_wall) * sum;
}

// Largest deviation of the volumes' temperatures from the analytic solution at their centres.
double largest_error(const Simulator& sim, int n, double t) {
    double worst = 0.0;
    for (int i = 0; i < n; ++i) {
        const double x = (i + 0.5) * 0.2 / n;
        worst = std::max(worst, std::abs(sim.value("rod.T[" + std::to_string(i + 1) + "]") - analytic(x, t)));
    }
    return worst;
}

SimulatorOptions rk4() {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = 1e-2;
    return o;
}

}  // namespace

TEST_CASE("heated rod: each refinement keeps the stored energy to rounding, and the profile") {
    auto rod = HeatedRod::make(5);
    Simulator sim(*rod, rk4());
    for (auto [at, volumes] : {std::pair{30.0, 8}, std::pair{100.0, 100}, std::pair{150.0, 7}}) {
        sim.simulate(at);
        const double before = sim.value("rod.U");
        const double wall_flow = sim.value("rod.Q_a");
        StructuralChange refine = HeatedRod::refine(volumes);
        sim.apply(refine);
        CAPTURE(volumes);
        CHECK(sim.model().states.size() == static_cast<std::size_t>(volumes));
        // U = ρ·c·A·Σ Δx·T: the new volumes take overlap-weighted averages of the old ones (1e-14 relative is
        // a few units in the last digits of a sum of up to 100 terms).
        CHECK(sim.value("rod.U") == doctest::Approx(before).epsilon(1e-14));
        CHECK(std::isfinite(wall_flow));
    }
    CHECK(sim.segments().size() == 4);
}

TEST_CASE("heated rod: the temperatures converge to the analytic solution as the volumes increase") {
    // Second order in Δx (volumes with their temperature in the middle, a half volume to the held end): the error
    // falls by about 4 per doubling. RK4 at 10 ms adds ~1e-8 K.
    double previous = 0.0;
    for (int n : {5, 10, 20, 40}) {
        auto rod = HeatedRod::make(n);
        Simulator sim(*rod, rk4());
        sim.simulate(200.0);
        const double error = largest_error(sim, n, 200.0);
        CAPTURE(n);
        CAPTURE(error);
        if (previous > 0) CHECK(previous / error > 3.5);
        previous = error;
    }
    CHECK(previous < 0.1);   // K, at 40 volumes
}

TEST_CASE("heated rod: refined while running, it ends as close to the analytic solution as a fine rod from the start") {
    // The coarse start's error decays with the slow modes; after 200 s on 100 volumes what remains is below the
    // 20-volume error of a run that was fine throughout.
    auto rod = HeatedRod::make(5);
    Simulator sim(*rod, rk4());
    HeatedRod::schedule_changes(sim);
    sim.simulate(300.0);
    REQUIRE(sim.model().states.size() == 100);
    auto fine = HeatedRod::make(20);
    Simulator reference(*fine, rk4());
    reference.simulate(300.0);
    CHECK(largest_error(sim, 100, 300.0) < largest_error(reference, 20, 300.0));
}

TEST_CASE("heated rod: the file's actions give the same run as the C++ refinements") {
    auto cpp = HeatedRod::make(5);
    auto file = systems::load_system_file((std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/heated_rod.yaml").string());
    Simulator a(*cpp, rk4()), b(*file.root, rk4());
    HeatedRod::schedule_changes(a);
    for (auto& [at, change] : file.actions) b.schedule(at, std::move(change));
    for (double t : {20.0, 50.0, 150.0}) {
        a.simulate(t);
        b.simulate(t);
        for (const char* name : {"rod.U", "rod.T_b", "rod.Q_a", "rod.T[1]"}) CHECK(a.value(name) == b.value(name));
    }
}

TEST_CASE("heated rod: an unstable step stops the run instead of producing temperatures below absolute zero") {
    // 100 volumes, RK4 at 0.1 s: the fastest mode (≈ −4·α/Δx² = −82 1/s) is far outside RK4's stable region.
    auto rod = HeatedRod::make(100);
    SimulatorOptions o = rk4();
    o.dt = 0.1;
    Simulator sim(*rod, o);
    CHECK_THROWS_WITH_AS(sim.simulate(60.0), doctest::Contains("rod.T["), SimulationError);
}
