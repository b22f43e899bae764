// Kinks (Meta::kink): a fixed step that crosses a point where the law changes slope is redone up to it, so that no
// step integrates across it. The model: a particle meeting a one-sided spring, x' = v, v' = −k·max(x, 0), whose
// closed form owes nothing to Lied: it enters at x = 0 with speed v0, leaves after half a period π/√k with −v0, and
// then flies back at −v0.
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/state.h"
#include "core/simulation/simulator.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string>

using namespace lied;

namespace {

class HalfSpring : public Component {
public:
    explicit HalfSpring(bool marked) : marked_(marked) {}
    State x{-0.1003}, v{1.0};   // the touch at 0.1003 s: inside a step of either size
    double k = 1e4;
    void metainfo(Meta& meta) override {
        meta.state(x, "x", 1.0, "m");
        meta.state(v, "v", 1.0, "m/s");
        meta.signal(position_, "position");
        meta.block<&HalfSpring::eval>(this, "eval", {&x.value, &v.value}, {&x.der, &v.der, &position_});
        if (marked_) meta.kink(position_, "touch");
    }
    const char* type_name() const override { return "HalfSpring"; }

private:
    void eval() {
        position_.value() = x();
        x.der.value() = v();
        v.der.value() = -k * std::max(x(), 0.0);
    }
    bool marked_;
    Out<double> position_;
};

// The largest error in x and v against the closed form, sampled every millisecond up to 0.25 s.
double error_against_closed_form(bool marked, const char* solver, double dt) {
    HalfSpring particle(marked);
    SimulatorOptions options;
    options.solver = solver;
    options.dt = dt;
    options.balance.mode = CheckMode::Off;   // the particle declares no books
    Simulator sim(particle, options);
    const double enter = 0.1003, leave = enter + std::numbers::pi / std::sqrt(particle.k), omega = std::sqrt(particle.k);
    double worst = 0.0;
    for (int i = 1; i <= 250; ++i) {
        const double t = i * 1e-3;
        sim.simulate(t);
        const double x = t < enter ? t - enter : t < leave ? std::sin(omega * (t - enter)) / omega : -(t - leave);
        const double v = t < enter ? 1.0 : t < leave ? std::cos(omega * (t - enter)) : -1.0;
        worst = std::max({worst, std::abs(sim.value("x") - x) * omega, std::abs(sim.value("v") - v)});
    }
    if (marked) CHECK(sim.statistics().events.at(0).second == 2);   // in and out, both located
    return worst;
}

}  // namespace

TEST_CASE("a fixed step ends at a kink: the one-sided spring is integrated to the method's own order") {
    // ω = 100 rad/s: at 1 ms steps (ωh = 0.1) rk4's own error, the phase it gains over the half swing, is a few 1e-6 of
    // the speed. Across the kink a step is only first order in where the kink falls: unmarked, the error is tens to
    // hundreds of times larger (2e-4 to 1e-3, by where the kink falls in its step). The touch (at 0.1003 s) and the release fall inside steps, at other places for the
    // uneven step.
    for (const double dt : {1e-3, 7.3e-4}) {
        CAPTURE(dt);
        const double marked = error_against_closed_form(true, "rk4", dt), unmarked = error_against_closed_form(false, "rk4", dt);
        MESSAGE("rk4 at " << dt << " s: " << marked << " with the kink marked, " << unmarked << " without");
        CHECK(marked < 1e-5);
        CHECK(unmarked > 20 * marked);
    }
}

TEST_CASE("a kink runs no handler and counts as an event of its component") {
    HalfSpring particle(true);
    SimulatorOptions options;
    options.dt = 1e-3;
    options.balance.mode = CheckMode::Off;
    Simulator sim(particle, options);
    sim.simulate(0.25);
    const RunStatistics st = sim.statistics();
    REQUIRE(st.events.size() == 1);
    CHECK(st.events[0].first == "touch");
    CHECK(st.events[0].second == 2);   // in and out
}
