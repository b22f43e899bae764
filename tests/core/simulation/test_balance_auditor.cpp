// The balance auditor against books kept by hand: a tap filling a bucket (mass), a store of energy that events
// change, components that declare nothing, and the user's own changes. The amounts are exact here (a constant
// inflow, which every solver integrates without error), so the books must close to rounding.
#include "core/model/build_error.h"
#include "core/model/component.h"
#include "core/model/meta.h"
#include "core/model/state.h"
#include "core/simulation/simulator.h"
#include "support/test_components.h"
#include "systems/examples/com_vessels.h"
#include "systems/examples/double_pendulum.h"

#include <doctest/doctest.h>

#include <string>

using namespace lied;

namespace {
// Feeds q kg/s from outside the model.
class Tap final : public Component {
public:
    double q = 2.0;
    Out<double> flow;
    void metainfo(Meta& meta) override {
        meta.signal(flow, "flow");
        meta.parameter(q, "q", ParameterSpec::any("kg/s", "inflow"));
        meta.block<&Tap::eval>(this, "eval", {}, {&flow});
        meta.supplies(Quantity::Mass, inflow_, "inflow");
    }
    const char* type_name() const override { return "Tap"; }

private:
    void eval() { flow.value() = inflow_ = q; }
    double inflow_ = 0.0;
};

// Holds M; with factor ≠ 1 its equation creates mass (the bug the books are there to find).
class Bucket final : public Component {
public:
    In<double> inflow;
    State M{10.0};
    double factor = 1.0;
    void metainfo(Meta& meta) override {
        meta.signal(inflow, "inflow");
        meta.state(M, "M", 10.0, "kg");
        meta.parameter(factor, "factor", ParameterSpec::positive("", "what the bucket makes of its inflow"));
        meta.block<&Bucket::eval>(this, "eval", {&inflow}, {&M.der});
        meta.stores(Quantity::Mass, M.value.value(), "mass");
    }
    const char* type_name() const override { return "Bucket"; }

private:
    void eval() { M.der.value() = factor * inflow.value(); }
};

// Holds energy E (constant between events); a time event at t_kick adds `kick` joules to it (negative: takes them).
class Flywheel final : public Component {
public:
    State E{100.0};
    double t_kick = 1.0, kick = 5.0;
    void metainfo(Meta& meta) override {
        meta.state(E, "E", 100.0, "J");
        meta.block<&Flywheel::eval>(this, "eval", {}, {&E.der});
        meta.time_event<&Flywheel::on_kick>(this, t_kick, "kick");
        meta.stores(Quantity::Energy, E.value.value(), "energy");
    }
    const char* type_name() const override { return "Flywheel"; }

private:
    void eval() { E.der.value() = 0.0; }
    void on_kick() {
        if (fired_) E.value.value() += kick;
        fired_ = true;   // the first call initialises at t = 0
    }
    bool fired_ = false;
};

struct Filling final : Component {
    Tap tap;
    Bucket bucket;
    Filling() { bucket.inflow.connect(tap.flow); }
    void metainfo(Meta& meta) override {
        meta.component(tap, "tap");
        meta.component(bucket, "bucket");
    }
    const char* type_name() const override { return "Filling"; }
};

struct FillingWithStranger final : Component {
    Filling filling;
    testing::VariableMassOscillator stranger;   // declares nothing
    void metainfo(Meta& meta) override {
        meta.component(filling, "filling");
        meta.component(stranger, "stranger");
    }
    const char* type_name() const override { return "FillingWithStranger"; }
};

SimulatorOptions options(const char* solver, CheckMode mode = CheckMode::Error) {
    SimulatorOptions o;
    o.solver = solver;
    o.dt = 0.1;
    o.balance.mode = mode;
    return o;
}

std::string failure_of(Simulator& sim, double t_end) {
    try {
        sim.simulate(t_end);
    } catch (const SimulationError& e) {
        return e.what();
    }
    return "";
}
}  // namespace

TEST_CASE("the books of a tap filling a bucket close, with the amounts computed by hand") {
    for (const char* solver : {"euler", "rk4", "ros2", "dopri5", "cvode-bdf"}) {
        CAPTURE(solver);
        Filling system;
        Simulator sim(system, options(solver));
        sim.simulate(10.0);
        const BalanceAccount& mass = sim.balance().account(Quantity::Mass);
        REQUIRE(mass.audited);
        CHECK_FALSE(sim.balance().account(Quantity::Energy).audited);   // nothing here concerns energy
        // 10 kg at the start, 2 kg/s for 10 s: 30 kg; every solver integrates a constant exactly (to its tolerance).
        CHECK(mass.stored_start == doctest::Approx(10.0).epsilon(1e-12));
        CHECK(mass.stored == doctest::Approx(30.0).epsilon(1e-6));
        CHECK(mass.supplied_in == doctest::Approx(20.0).epsilon(1e-12));
        CHECK(mass.supplied_out == 0.0);
        CHECK(std::abs(mass.residual()) < 1e-6);
        CHECK(sim.balance().violations() == 0);
        const auto lines = sim.statistics().balance_lines;
        REQUIRE(lines.size() == 1);
        CHECK(lines[0].find("mass: stored 10 → 30") == 0);
    }
}

TEST_CASE("a component whose equation creates mass stops the run, named, with the likely cause") {
    for (const char* solver : {"rk4", "cvode-bdf"}) {
        CAPTURE(solver);
        Filling system;
        system.bucket.factor = 1.1;   // 10 % more than flows in
        Simulator sim(system, options(solver));
        const std::string message = failure_of(sim, 10.0);
        INFO(message);
        CHECK(message.find("the mass balance broke at t = ") == 0);
        CHECK(message.find(" kg appeared that nothing supplied (allowed ") != std::string::npos);
        CHECK(message.find("where bucket.mass changed most") != std::string::npos);
        // rk4 integrates a constant exactly, so its step monitor found every step accurate; CVODE controls its error.
        CHECK(message.find("likely cause: a component whose equations do not conserve mass (bucket or one it exchanges with") != std::string::npos);
        CHECK(message.find("(rule: Σ stored − Σ stored at the start = ∫ (Σ supplied − Σ dissipated) dt") != std::string::npos);
        // It stopped as soon as the residual passed its allowance: 1 % of what moved (0.1·q·t against 0.01·2.1·q·t)
        // plus the first step's exchanges, which count as uncertain (0.2 kg at q·dt = 0.2 kg): within 2 s.
        CHECK(sim.time() < 2.0);
    }
}

TEST_CASE("warn keeps the result and counts, off keeps no books") {
    {
        Filling system;
        system.bucket.factor = 1.1;
        Simulator sim(system, options("rk4", CheckMode::Warn));
        sim.simulate(10.0);
        CHECK(sim.time() == doctest::Approx(10.0));
        CHECK(sim.balance().violations() > 0);
        CHECK(sim.statistics().balance_violations == sim.balance().violations());
        CHECK(sim.balance().account(Quantity::Mass).residual() == doctest::Approx(2.0).epsilon(1e-9));   // 0.1 · 2 kg/s · 10 s
    }
    {
        Filling system;
        system.bucket.factor = 1.1;
        Simulator sim(system, options("rk4", CheckMode::Off));
        sim.simulate(10.0);
        CHECK_FALSE(sim.balance().active());
        CHECK(sim.statistics().balance_lines.at(0) == "not kept (the balance check is off)");
    }
}

TEST_CASE("a component that declares nothing is listed, and the books are not kept: it is not trusted") {
    FillingWithStranger system;
    system.filling.bucket.factor = 1.1;   // would break the books, if they were kept
    Simulator sim(system, options("rk4"));
    CHECK_FALSE(sim.balance().active());
    REQUIRE(sim.balance().unaudited().size() == 1);
    CHECK(sim.model().components[static_cast<std::size_t>(sim.balance().unaudited()[0])].path == "stranger");
    sim.simulate(1.0);
    CHECK(sim.statistics().balance_lines.at(0) == "not kept: 1 component declares nothing about mass and energy: stranger");
}

TEST_CASE("an event may take energy (booked as dissipated) but never create it") {
    {
        Flywheel wheel;
        wheel.kick = -5.0;
        Simulator sim(wheel, options("rk4"));
        sim.simulate(2.0);
        const BalanceAccount& energy = sim.balance().account(Quantity::Energy);
        CHECK(energy.stored == doctest::Approx(95.0));
        CHECK(energy.dissipated == doctest::Approx(5.0));
        CHECK(std::abs(energy.residual()) < 1e-12);
    }
    {
        Flywheel wheel;
        Simulator sim(wheel, options("rk4"));
        const std::string message = failure_of(sim, 2.0);
        INFO(message);
        CHECK(message.find("the energy balance broke at t = 1 s: 5 J appeared that nothing supplied") == 0);
        CHECK(message.find("event handlers at t = 1 s changed it by 5 J, most in energy (5 J): a re-initialisation may take "
                           "energy (an inelastic impact), never create it") != std::string::npos);
    }
}

TEST_CASE("what the user changes by hand is booked as a change, not as a broken balance") {
    Filling system;
    Simulator sim(system, options("rk4"));
    sim.simulate(1.0);
    sim.set_state("bucket.M", 50.0);   // 12 → 50 kg
    sim.set_parameter("tap.q", 4.0);
    sim.simulate(2.0);
    const BalanceAccount& mass = sim.balance().account(Quantity::Mass);
    CHECK(mass.changes == doctest::Approx(38.0));
    CHECK(mass.stored == doctest::Approx(54.0));
    CHECK(mass.supplied_in == doctest::Approx(6.0));
    CHECK(std::abs(mass.residual()) < 1e-9);
    CHECK(sim.balance().violations() == 0);
}

TEST_CASE("the books change nothing in the solution and cost no model evaluation of their own per fixed step") {
    // The books evaluate the model at each step's end; that point is where the next step's first stage starts, so
    // the evaluator keeps those derivatives and the stage takes them instead of evaluating again. The solution must
    // be the same bit for bit as without the books (a stale kept value would show), with the same count of model
    // evaluations per step up to the handful of the start and the events.
    auto run = [](Component& root, const char* solver, double dt, double t_end, CheckMode books) {
        SimulatorOptions o;
        o.solver = solver;
        o.dt = dt;
        o.balance.mode = books;
        o.step_monitor.mode = CheckMode::Off;
        auto sim = std::make_unique<Simulator>(root, o);
        sim->simulate(t_end);
        return sim;
    };
    for (const char* solver : {"rk4", "euler", "ros2"}) {
        CAPTURE(solver);
        systems::ComVessels a, b;   // its valve step at t = 1 s is a time event: handlers change the model at (t, x)
        auto off = run(a, solver, 1e-3, 3.0, CheckMode::Off);
        auto on = run(b, solver, 1e-3, 3.0, CheckMode::Error);
        CHECK(on->balance().active());
        CHECK(on->states() == off->states());   // bit for bit
        const long steps = off->statistics().steps;
        CHECK(on->statistics().model_evaluations - off->statistics().model_evaluations <= 10);
        CHECK(steps == 3000);
    }
    systems::DoublePendulum c, d;
    auto off = run(c, "rk4", 1e-3, 1.0, CheckMode::Off);
    auto on = run(d, "rk4", 1e-3, 1.0, CheckMode::Error);
    CHECK(on->states() == off->states());
    CHECK(on->statistics().model_evaluations - off->statistics().model_evaluations <= 10);
}
