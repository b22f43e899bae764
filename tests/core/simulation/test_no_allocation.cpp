// Real-time discipline: after build, evaluation and fixed steps allocate nothing. A counting global
// operator new proves it (this file is its own test binary so the counter does not disturb other tests).
#include "core/simulation/simulator.h"
#include "support/test_components.h"
#include "support/networks.h"
#include "systems/examples/com_vessels.h"
#include "systems/examples/boiling_pipe.h"
#include "systems/examples/cooling_loop.h"
#include "systems/examples/clamp.h"
#include "systems/examples/double_pendulum.h"
#include "systems/examples/landing_gear.h"
#include "systems/examples/slider_crank.h"
#include "systems/examples/drive_train.h"
#include "systems/examples/two_stage_rocket.h"
#include "systems/examples/heated_rod.h"
#include "systems/io/system_file.h"
#include "core/simulation/realtime_swap.h"
#include "systems/examples/simple_stream.h"
#include "components/time_table.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/flow_control/control_valve.h"
#include "thermofluid/boundaries/flow_boundaries.h"
#include "thermofluid/topology/junction_n.h"
#include "thermofluid/boundaries/reservoir.h"
#include "thermofluid/processes/pressure_drop.h"
#include "thermofluid/processes/thermal_convection_pipe.h"
#include "thermofluid/processes/turbo_component.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/thermal/thermal_boundaries.h"
#include "thermofluid/boundaries/volume.h"

#include <SuiteSparse_config.h>

#include "support/event_components.h"
#include "support/heated_chamber.h"
#include "thermofluid/media/media_registry.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include <atomic>
#include <cstdlib>
#include <new>
#include <filesystem>
#include <thread>

namespace {
std::atomic<long> allocations{0};
// Bytes in blocks of 64 KiB and more: glibc hands those out as fresh memory once they pass its mapping threshold,
// and a rebuild of a large system that takes them anew page-faults all of them in again.
constexpr std::size_t kLargeBlock = 64 * 1024;
std::atomic<long> large_bytes{0};
// Per thread: a real-time thread counts its own allocations while a worker thread next to it allocates freely.
thread_local bool counting = false;

void count(std::size_t size) {
    if (!counting) return;
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (size >= kLargeBlock) large_bytes.fetch_add(static_cast<long>(size), std::memory_order_relaxed);
}

void* counted_allocation(std::size_t size) {
    count(size);
    if (void* p = std::malloc(size ? size : 1)) return p;
    throw std::bad_alloc();
}

// Counts the allocations made while `f` runs.
template <class F>
long allocations_during(F&& f) {
    allocations = 0;
    counting = true;
    f();
    counting = false;
    return allocations.load();
}
}  // namespace

void* operator new(std::size_t size) { return counted_allocation(size); }
void* operator new[](std::size_t size) { return counted_allocation(size); }
void* operator new(std::size_t size, std::align_val_t) { return counted_allocation(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }

using namespace lied;

TEST_CASE("the counter sees allocations (the test can fail)") {
    CHECK(allocations_during([] { delete new int(3); }) == 1);
}

TEST_CASE("step() allocates nothing: every solver, across the time event, with L factored once") {
    // The linearly implicit ones with a coloured Jacobian and an LU per step, also with J every 4 steps.
    for (const char* solver : {"euler", "rk4", "dopri5", "linearly-implicit-euler", "ros2", "ros2/4"}) {
        systems::ComVessels v;
        SimulatorOptions o;
        o.solver = std::string(solver) == "ros2/4" ? "ros2" : solver;
        o.jacobian_interval = std::string(solver) == "ros2/4" ? 4 : 1;
        Simulator sim(v, o);
        long n = allocations_during([&] {
            for (int k = 0; k < 300; ++k)   // 0 → 3 s: crosses the elevation step at 1 s (event + new factorization)
                if (sim.step(0.01) != StepStatus::Ok) break;
        });
        CHECK_MESSAGE(n == 0, solver);
        CHECK(sim.time() == doctest::Approx(3.0));
        CHECK(sim.value("p1.m_flow") > 1.0);   // the steps did real work
    }
}

TEST_CASE("a 1 kHz loop that sets an input and reads outputs at every step allocates nothing, with every real-time solver") {
    // The closed loop of systems/examples/closed_loop: a PI outside Lied reads the motor's speed and sets the torque
    // (a new value at every tick: the solver restarts, L is probed again and the books rebase at every step).
    for (const char* solver : {"rk4", "dopri5", "ros2", "linearly-implicit-euler", "cvode-bdf"}) {
        systems::DriveTrain drive;
        drive.motorTorque.table.clear();
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 1e-3;
        o.balance.mode = CheckMode::Warn;   // ros2 and Euler lose energy at the backlash's impact: counted, not stopped
        // Euler's first order on the ringing shaft after the backlash closes: its steps counted too large, not stopped
        // (and the warn path allocates nothing either)
        if (std::string(solver) == "linearly-implicit-euler") o.step_monitor.mode = CheckMode::Warn;
        Simulator sim(drive, o);
        InputHandle torque = sim.input("motorTorque");
        const double* w_motor = sim.find_value("w_motor");
        double integral = 0.0;
        StepStatus last = StepStatus::Ok;
        const long n = allocations_during([&] {
            for (int k = 0; k < 1000 && last == StepStatus::Ok; ++k) {
                const double error = 200.0 - *w_motor;
                integral += error * 1e-3;
                torque.set(std::clamp(0.2 * error + 0.4 * integral, -10.0, 10.0));
                last = sim.step(1e-3);
            }
        });
        CHECK_MESSAGE(n == 0, std::string(solver));
        CHECK_MESSAGE(last == StepStatus::Ok, std::string(solver));
        CHECK_MESSAGE(*w_motor > 150.0, std::string(solver));   // the loop did its work
    }
}

TEST_CASE("the step error monitor allocates nothing while it checks, follows and confirms a step too large") {
    // The drive train at 50 ms under rk4: the third step's error is 825 times the tolerance and grows, so the monitor
    // follows it across the torque's time events and confirms it (warn: counted; error: the step that fails).
    for (const CheckMode mode : {CheckMode::Warn, CheckMode::Error}) {
        systems::DriveTrain drive;
        SimulatorOptions o;
        o.step_monitor.mode = mode;
        o.balance.mode = CheckMode::Off;   // the books would stop the step first (test_balance_auditor.cpp has theirs)
        Simulator sim(drive, o);
        StepStatus last = StepStatus::Ok;
        long n = allocations_during([&] {
            for (int k = 0; k < 30 && last == StepStatus::Ok; ++k) last = sim.step(0.05);
        });
        CHECK_MESSAGE(n == 0, to_string(mode));
        CHECK(sim.step_monitor().checks() >= 2);
        if (mode == CheckMode::Warn) {
            CHECK(last == StepStatus::Ok);
            CHECK(sim.step_monitor().exceeded() + (sim.step_monitor().following() ? 1 : 0) >= 1);
        } else {
            CHECK(last == StepStatus::StepTooLarge);
        }
    }
}

TEST_CASE("the mass and energy books allocate nothing while they keep and break: the drive train at too large a step") {
    // rk4 at 50 ms creates energy within a few steps (the monitor off): the books stop the step that does, in
    // error mode, and count on in warn mode, allocation-free either way.
    for (const CheckMode mode : {CheckMode::Warn, CheckMode::Error}) {
        systems::DriveTrain drive;
        SimulatorOptions o;
        o.step_monitor.mode = CheckMode::Off;
        o.balance.mode = mode;
        Simulator sim(drive, o);
        REQUIRE(sim.balance().active());
        StepStatus last = StepStatus::Ok;
        long n = allocations_during([&] {
            for (int k = 0; k < 30 && last == StepStatus::Ok; ++k) last = sim.step(0.05);
        });
        CHECK_MESSAGE(n == 0, to_string(mode));
        CHECK(sim.balance().violations() >= 1);
        CHECK(last == (mode == CheckMode::Warn ? StepStatus::Ok : StepStatus::BalanceBroken));
    }
}

TEST_CASE("thermofluid networks step without allocating: splitter, junction, conduction element, volume, valve") {
    for (const char* solver : {"rk4", "ros2"}) {
        systems::SimpleStream stream;
        stream.T_source.start_time = 0.5;   // the time event inside the counted steps
        SimulatorOptions o;
        o.solver = solver;
        Simulator sim(stream, o);
        long n = allocations_during([&] {
            for (int k = 0; k < 1000; ++k)
                if (sim.step(1e-3) != StepStatus::Ok) break;
        });
        CHECK_MESSAGE(n == 0, solver);
        CHECK(sim.time() == doctest::Approx(1.0));
        CHECK(sim.value("source.T") == 400.0);
    }
    // A heated Volume (Newton on the medium every evaluation) feeding a control valve. Its flows are measured at
    // 0.28 kg/s at the start, and on that scale the step error monitor finds 1 ms too long for the start-up (an error
    // of 3 % of the flow ten steps on); 0.2 ms is what it advises.
    lied::testing::HeatedChamber chamber;
    Simulator sim(chamber, SimulatorOptions{.solver = "ros2", .dt = 2e-4});
    StepStatus status = StepStatus::Ok;
    long n = allocations_during([&] {
        for (int k = 0; k < 2500 && status == StepStatus::Ok; ++k) status = sim.step(2e-4);
    });
    CHECK(n == 0);
    if (status != StepStatus::Ok) FAIL_CHECK(sim.describe(status));
    CHECK(sim.time() == doctest::Approx(0.5));
    CHECK(sim.value("volume.p") > 1e5);
}

TEST_CASE("the cooling loop steps without allocating: pump, VolumeFlex, NTU radiator, PID, ramp and sine events") {
    for (const char* solver : {"rk4", "ros2"}) {
        systems::CoolingLoop loop;
        loop.loadRamp.start_time = 0.2;     // both ramp events and the sine's start inside the counted steps
        loop.loadRamp.duration = 0.3;
        loop.loadRipple.start_time = 0.6;
        SimulatorOptions o;
        o.solver = solver;
        Simulator sim(loop, o);
        long n = allocations_during([&] {
            for (int k = 0; k < 1000; ++k)
                if (sim.step(1e-3) != StepStatus::Ok) break;
        });
        CHECK_MESSAGE(n == 0, solver);
        CHECK(sim.time() == doctest::Approx(1.0));
        CHECK(sim.value("load.Q_flow") > 5000.0);
    }
    // A time table walks its rows while stepping: no allocation either.
    struct Table : Component {
        components::TimeTable table;
        Table() { table.table = {{0.0, 1.0}, {0.3, 2.0}, {0.6, -1.0}, {0.9, 0.0}}; }
        void metainfo(Meta& meta) override { meta.component(table, "table"); }
        const char* type_name() const override { return "Table"; }
    } t;
    SimulatorOptions o;
    o.dt = 1e-3;   // rk4
    Simulator sim(t, o);
    long n = allocations_during([&] {
        for (int k = 0; k < 1000; ++k)
            if (sim.step(1e-3) != StepStatus::Ok) break;
    });
    CHECK(n == 0);
    CHECK(sim.value("table.y") == 0.0);
}

TEST_CASE("dialectic mechanics steps without allocating: stiff gaps, gear and backlash, planar pendulum, slider-crank, landing gear") {
    // Each system runs across its input's time events; ros2 also forms and factors its Jacobian every step.
    for (const char* solver : {"rk4", "ros2"}) {
        CAPTURE(solver);
        SimulatorOptions o;
        o.solver = solver;
        systems::Clamp clamp;
        clamp.pressForce.start_time = 0.01;   // inside the counted 20 ms
        systems::DriveTrain train;
        systems::DoublePendulum pendulum;
        systems::SliderCrank crank;   // a loop closure
        systems::LandingGear gear;    // ground contact with friction spin-up inside the counted steps
        gear.airframeY.q.start = 0.76;
        for (Component* system : {static_cast<Component*>(&clamp), static_cast<Component*>(&train), static_cast<Component*>(&pendulum),
                                  static_cast<Component*>(&crank), static_cast<Component*>(&gear)}) {
            Simulator sim(*system, o);
            // rk4 on the clamp's stiff gaps and the gear's tyre friction needs 10 µs
            const double dt = system == &clamp || system == &gear ? 1e-5 : 1e-4;
            long n = allocations_during([&] {
                for (int k = 0; k < 2000; ++k)
                    if (sim.step(dt) != StepStatus::Ok) break;
            });
            CHECK_MESSAGE(n == 0, system->type_name());
            CHECK(sim.time() == doctest::Approx(2000 * dt));
        }
    }
}

TEST_CASE("the library's later components step without allocating: IF97 boiling, open tank, set flow, turbo machines, moist air") {
    {
        systems::BoilingPipe pipe;
        pipe.heating.table = {{0.0, 0.0}, {0.5, 80e3}};   // boils within the counted steps
        Simulator sim(pipe, SimulatorOptions{.solver = "ros2", .dt = 1e-3});
        long n = allocations_during([&] {
            for (int k = 0; k < 2000; ++k)
                if (sim.step(1e-3) != StepStatus::Ok) break;
        });
        CHECK(n == 0);
        CHECK(sim.time() == doctest::Approx(2.0));
        CHECK(sim.value("x_out.value") > 0.0);   // two-phase states were evaluated
    }
    // Liquid: a closed inlet, an open tank, a heated convection pipe and a set flow. Gas: moist air through a
    // junction, a compressor and a turbine into a set flow.
    struct Later : Component {
        thermofluid::TerminalSource closed;
        thermofluid::Reservoir tank;
        thermofluid::ThermalConvectionPipe pipe;
        thermofluid::FixedTemperature wall;
        thermofluid::Sink_m drain;
        thermofluid::Source dry, humid;
        thermofluid::JunctionN junction{2};
        thermofluid::Compressor compressor;
        thermofluid::Turbine turbine;
        thermofluid::Sink_m exhaust;
        Later() {
            for (auto* m : {&closed.medium, &tank.medium, &pipe.medium, &drain.medium}) m->name = "ConstantPropertyLiquidWater";
            for (auto* m : {&dry.medium, &humid.medium, &junction.medium, &compressor.medium, &turbine.medium, &exhaust.medium}) m->name = "MoistAir";
            tank.height_0 = 1.0;
            wall.T = 350;
            drain.m_flow_fixed = 0.2;
            dry.Xi0_par = 0.002, humid.Xi0_par = 0.012, humid.T0_par = 310;
            compressor.omega_par = 1000, turbine.omega_par = 100;
            exhaust.m_flow_fixed = 0.1;
            thermofluid::connect(closed.outlet, tank.inlet);
            thermofluid::connect(tank.outlet, pipe.inlet);
            thermofluid::connect(pipe.outlet, drain.inlet);
            thermofluid::connect(wall.port, pipe.heatPort);
            thermofluid::connect(dry.outlet, junction.inlets[1]);
            thermofluid::connect(humid.outlet, junction.inlets[2]);
            thermofluid::connect(junction.outlet, compressor.inlet);
            thermofluid::connect(compressor.outlet, turbine.inlet);
            thermofluid::connect(turbine.outlet, exhaust.inlet);
        }
        void metainfo(Meta& meta) override {
            for (auto [c, name] : {std::pair<Component*, const char*>{&closed, "closed"}, {&tank, "tank"}, {&pipe, "pipe"}, {&wall, "wall"},
                                   {&drain, "drain"}, {&dry, "dry"}, {&humid, "humid"}, {&junction, "junction"}, {&compressor, "compressor"},
                                   {&turbine, "turbine"}, {&exhaust, "exhaust"}})
                meta.component(*c, name);
        }
        const char* type_name() const override { return "Later"; }
    } later;
    for (const char* solver : {"rk4", "ros2"}) {
        later.tank.m_flow_out.start = 0.0;
        Simulator sim(later, SimulatorOptions{.solver = solver, .dt = 1e-4});
        long n = allocations_during([&] {
            for (int k = 0; k < 1000; ++k)
                if (sim.step(1e-4) != StepStatus::Ok) break;
        });
        CHECK_MESSAGE(n == 0, solver);
        CHECK(sim.time() == doctest::Approx(0.1));
        CHECK(sim.value("drain.m_flow") > 0.0);
        CHECK(sim.value("pipe.Q_flow") > 0.0);
    }
}

TEST_CASE("state events and sampled events allocate nothing: locating, handlers, re-arming") {
    for (const char* solver : {"rk4", "dopri5", "ros2"}) {
        lied::testing::BouncingBall ball;
        SimulatorOptions o;
        o.solver = solver;
        Simulator sim(ball, o);
        long n = allocations_during([&] {
            for (int k = 0; k < 300; ++k) REQUIRE(sim.step(0.01) == StepStatus::Ok);
        });
        CHECK_MESSAGE(n == 0, solver);
        CHECK(ball.bounces == 6);   // impacts at 0.45, 1.17, 1.75, 2.21, 2.58, 2.88 s
    }
    lied::testing::PlantWithPI loop;
    Simulator sim(loop);
    long n = allocations_during([&] {
        for (int k = 0; k < 300; ++k) REQUIRE(sim.step(0.01) == StepStatus::Ok);
    });
    CHECK(n == 0);
    CHECK(sim.statistics().events.back().second == 31);
}

TEST_CASE("the signal blocks step without allocating: state space, transfer function, tables, relations, sampled blocks, delay, resets, tracking") {
    const std::string file = R"(
components:
  u: {type: Sine, parameters: {amplitude: 1, f: 0.5}}
  plant: {type: StateSpace, parameters: {A: [[0, 1], [-4, -0.4]], B: [[0], [4]], C: [[1, 0]], D: [[0.1]]}}
  lag: {type: TransferFunction, parameters: {b: [1], a: [0.2, 1, 1]}}
  table: {type: CombiTable1Ds, parameters: {table: [[-2, 4, 1], [0, 0, 0], [2, 4, 1]], smoothness: ContinuousDerivative}}
  map: {type: CombiTable2Ds, parameters: {table: [[0, -1, 1], [-2, 1, 2], [2, 3, 4]]}}
  above: {type: GreaterThreshold, parameters: {threshold: 0.3}}
  band: {type: Hysteresis, parameters: {uLow: -0.5, uHigh: 0.5}}
  pick: {type: Switch}
  sign: {type: Sign}
  limited: {type: LimIntegrator, parameters: {outMax: 0.2, outMin: -0.2}}
  hold: {type: ZeroOrderHold, parameters: {samplePeriod: 0.05}}
  delay: {type: UnitDelay, parameters: {samplePeriod: 0.05}}
  transport: {type: FixedDelay, parameters: {delayTime: 0.13, historyPoints: 20}}
  reset_by: {type: GreaterThreshold, parameters: {threshold: 0.8}}
  resettable: {type: Integrator, parameters: {use_reset: true, use_set: true}}
  controller: {type: PID, parameters: {controllerType: PI, withTracking: true}}
connections:
  - [u.y, "plant.u[1]"]
  - [u.y, lag.u]
  - [u.y, table.u]
  - [u.y, map.u1]
  - ["plant.y[1]", map.u2]
  - [u.y, above.u]
  - [u.y, band.u]
  - ["table.y[1]", pick.u1]
  - [band.y, pick.u2]
  - [map.y, pick.u3]
  - [u.y, sign.u]
  - [u.y, limited.u]
  - [lag.y, hold.u]
  - [hold.y, delay.u]
  - [u.y, transport.u]
  - [u.y, reset_by.u]
  - [transport.y, resettable.u]
  - [reset_by.y, resettable.reset]
  - [u.y, resettable.set]
  - [u.y, controller.u_s]
  - [transport.y, controller.u_m]
  - [limited.y, controller.y_track]
)";
    for (const char* solver : {"rk4", "dopri5", "ros2"}) {
        auto loaded = systems::parse_system_text(file, "signals.yaml", ".");
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 0.01;
        Simulator sim(*loaded.root, o);
        long n = allocations_during([&] {
            for (int k = 0; k < 400; ++k) REQUIRE(sim.step(0.01) == StepStatus::Ok);
        });
        CHECK_MESSAGE(n == 0, solver);
        long events = 0;   // the relations, the hysteresis, the sign, the limits and the samples all fired
        for (auto& [name, count] : sim.statistics().events) events += count;
        CHECK(events > 100);
        CHECK(sim.value("resettable.resets") >= 1);   // the reset fired inside the counted steps
        CHECK(sim.value("transport.points") >= 10);   // the delay's history filled and moved on (a 0.13 s window, 20 points)
    }
}

TEST_CASE("saving and restoring a state allocates nothing once the state is sized: the cooling loop, every real-time solver, and a sampled loop") {
    // The first save sizes the state for its structure (allowed to allocate); every later save and restore, and the
    // steps between them, allocate nothing. The cooling loop carries a PID, ramp and sine events and the books.
    // (CVODE is no real-time solver: its steps are not counted here, as in the cases above.)
    // The ramp's two events and the sine's start fall inside the steps, and the run is sent back to before them.
    for (const std::string solver : {"euler", "rk4", "dopri5", "linearly-implicit-euler", "ros2"}) {
        systems::CoolingLoop loop;
        loop.loadRamp.start_time = 0.01;
        loop.loadRamp.duration = 0.01;
        loop.loadRipple.start_time = 0.025;
        SimulatorOptions o;
        o.solver = solver;
        // A 4 kW ramp in 10 ms is too steep for the first-order solvers' books at 1 ms: the books and the step monitor
        // stay on (their records are in every state) but only count.
        o.balance.mode = o.step_monitor.mode = CheckMode::Warn;
        Simulator sim(loop, o);
        SimulationState early, state;
        sim.save_state(early);
        sim.save_state(state);
        double ramp_before_rollback = 0;
        StepStatus status = StepStatus::Ok;
        long n = allocations_during([&] {
            for (int k = 0; k < 60; ++k) {
                if ((status = sim.step(1e-3)) != StepStatus::Ok) break;
                sim.save_state(state);
                if (k % 10 == 9) sim.restore_state(state);
                if (k == 38) ramp_before_rollback = loop.loadRamp.y.value();
                if (k == 39) sim.restore_state(early);   // from t = 0.04 s back to 0, across the events
            }
        });
        CHECK_MESSAGE(n == 0, solver);
        if (status != StepStatus::Ok) FAIL_CHECK(solver << ": " << sim.describe(status));
        CHECK(sim.time() == doctest::Approx(0.02));
        CHECK(ramp_before_rollback == loop.loadRamp.offset + loop.loadRamp.height);   // the ramp had run up before the rollback
    }
    lied::testing::PlantWithPI pi_loop;
    Simulator sim(pi_loop);
    SimulationState state;
    sim.save_state(state);
    long n = allocations_during([&] {
        for (int k = 0; k < 30; ++k) {
            REQUIRE(sim.step(0.01) == StepStatus::Ok);
            sim.save_state(state);
            sim.restore_state(state);
        }
    });
    CHECK(n == 0);
    CHECK(sim.time() == doctest::Approx(0.3));
}

TEST_CASE("a stiff contact at 1 kHz with ros2 allocates nothing: Jacobian, LU and solves every step") {
    lied::testing::StiffContact body;
    SimulatorOptions o;
    o.solver = "ros2";
    Simulator sim(body, o);
    long n = allocations_during([&] {
        for (int k = 0; k < 1000; ++k) REQUIRE(sim.step(1e-3) == StepStatus::Ok);
    });
    CHECK(n == 0);
    CHECK(sim.statistics().factorizations == 1000);
}

TEST_CASE("property calls of every medium allocate nothing (they are on the per-step path)") {
    for (const std::string& name : thermofluid::medium_names()) {
        const thermofluid::Medium& m = thermofluid::medium(name);
        const double X = 0.005, p = 2e5;
        const double h = m.specific_enthalpy(p, 300.0, &X);
        thermofluid::MediumProperties out;
        long n = allocations_during([&] {
            for (int k = 0; k < 100; ++k) m.properties(p, h + k, &X, out);
            m.properties(p, 1e12, &X, out);   // and an invalid state
        });
        CHECK_MESSAGE(n == 0, name);
        CHECK(!out.valid);
    }
}

TEST_CASE("the refrigerants' property calls allocate nothing in any region: liquid, two-phase, vapour, supercritical") {
    struct State {
        const char* medium;
        double p, T;
    };
    for (const State& s : {State{"R134a", 1e6, 280}, State{"R134a", 1e6, 350}, State{"R1234yf", 3e5, 300}, State{"R744", 1e7, 310}}) {
        const thermofluid::Medium& m = thermofluid::medium(s.medium);
        const double h = m.specific_enthalpy(s.p, s.T, nullptr);
        thermofluid::MediumProperties out;
        long n = allocations_during([&] {
            for (int k = 0; k < 50; ++k) m.properties(s.p, h + 1e3 * k, nullptr, out);   // crosses the dome at 1 MPa
            m.properties(s.p, 0.5 * (h + m.specific_enthalpy(s.p, s.T + 30, nullptr)), nullptr, out);
            m.properties(s.p, -1e9, nullptr, out);   // and an invalid state
        });
        CHECK_MESSAGE(n == 0, s.medium);
        CHECK(!out.valid);
    }
}

TEST_CASE("step() allocates nothing when L is re-probed at every call") {
    testing::Holder<testing::VariableMassOscillator> h("osc");
    Simulator sim(h);
    REQUIRE(sim.linear_system().policy() == LinearPolicy::ReprobeEveryCall);
    CHECK(allocations_during([&] {
              for (int k = 0; k < 100; ++k) sim.step(0.01);
          }) == 0);
}

TEST_CASE("evaluate() allocates nothing after a parameter change invalidated L") {
    systems::ComVessels v;
    Simulator sim(v);
    sim.set_parameter("p2.L", 20);
    CHECK(allocations_during([&] { sim.evaluate(); }) == 0);
    CHECK(sim.linear_system().matrix()(1, 1) == doctest::Approx(120.0));
}

TEST_CASE("failing steps allocate nothing either: a tank running dry, an unstable step, a singular L, an invalid dt") {
    for (const char* solver : {"euler", "rk4", "dopri5"}) {
        CAPTURE(solver);
        systems::ComVessels v;
        SimulatorOptions o;
        o.solver = solver;
        Simulator sim(v, o);
        for (const char* tank : {"t1.h0", "t2.h0", "t3.h0"}) sim.set_parameter(tank, 0.0);
        sim.reset();
        StepStatus status = StepStatus::Ok;
        CHECK(allocations_during([&] {
                  for (int k = 0; k < 300 && status == StepStatus::Ok; ++k) status = sim.step(0.01);
              }) == 0);
        CHECK(status == StepStatus::OutOfRange);
        CHECK(allocations_during([&] { status = sim.step(std::nan("")); }) == 0);
        CHECK(status == StepStatus::InvalidStep);
    }
    systems::ComVessels v;
    SimulatorOptions o;
    o.solver = "euler";
    o.dt = 5.0;
    Simulator sim(v, o);
    for (const char* p : {"p1.dp_ref", "p2.dp_ref", "p3.dp_ref"}) sim.set_parameter(p, 0.0);
    StepStatus status = StepStatus::Ok;
    CHECK(allocations_during([&] {
              for (int k = 0; k < 1000 && status == StepStatus::Ok; ++k) status = sim.step(5.0);
          }) == 0);
    CHECK(status == StepStatus::OutOfRange);
    sim.reset();
    sim.set_parameter("p2.L", 0);
    sim.set_parameter("p3.L", 0);
    CHECK(allocations_during([&] { status = sim.step(0.01); }) == 0);
    CHECK(status == StepStatus::EvaluationFailed);
}

namespace {
// KLU allocates through SuiteSparse's own hooks, not operator new: count those as well.
void* counted_c_malloc(std::size_t size) {
    count(size);
    return std::malloc(size);
}
void* counted_c_calloc(std::size_t n, std::size_t size) {
    count(n * size);
    return std::calloc(n, size);
}
void* counted_c_realloc(void* p, std::size_t size) {
    count(size);
    return std::realloc(p, size);
}

// While it lives, KLU allocates through the counting hooks.
struct KluAllocationsCounted {
    KluAllocationsCounted() {
        SuiteSparse_config.malloc_func = counted_c_malloc;
        SuiteSparse_config.calloc_func = counted_c_calloc;
        SuiteSparse_config.realloc_func = counted_c_realloc;
    }
    ~KluAllocationsCounted() {
        SuiteSparse_config.malloc_func = std::malloc;
        SuiteSparse_config.calloc_func = std::calloc;
        SuiteSparse_config.realloc_func = std::realloc;
    }
    KluAllocationsCounted(const KluAllocationsCounted&) = delete;
    KluAllocationsCounted& operator=(const KluAllocationsCounted&) = delete;
};

// The large bytes taken while `f` runs, KLU's included.
template <class F>
long large_bytes_during(F&& f) {
    const KluAllocationsCounted klu;
    large_bytes = 0;
    counting = true;
    f();
    counting = false;
    return large_bytes.load();
}
}  // namespace

TEST_CASE("a rebuild of an unchanged structure takes no new large blocks: model, schedule, checks and KLU reuse theirs") {
    for (bool tree : {false, true}) {
        CAPTURE(tree);
        auto net = tree ? testing::make_tree(512) : testing::make_chain(2000);
        SimulatorOptions o;
        o.linear_solver = LinearSolverKind::Sparse;   // the tree's 512 tearing variables go to KLU
        std::unique_ptr<Simulator> sim;
        // The first build takes them (so this counter can fail); the first rebuild may still grow a list.
        CHECK(large_bytes_during([&] { sim = std::make_unique<Simulator>(*net, o); }) > 0);
        sim->step(0.01);
        sim->rebuild();
        CHECK(large_bytes_during([&] { sim->rebuild(); }) == 0);
        CHECK(sim->step(0.01) == StepStatus::Ok);
    }
}

TEST_CASE("a same-shape rebuild allocates a few blocks in all, not some per component: tree, comb, ladder, grid of volumes") {
    // Every component's metainfo runs again at a rebuild. Texts given as literals are kept by address, choice specs
    // are static, lists and names are refilled in place, messages are composed only for a broken rule: what is left
    // (the carried values' tables, the solver's reset) does not grow with the system. Before, the grid of 10⁴
    // components took 490 000 allocations per rebuild, the tree 33 000.
    struct Case {
        const char* name;
        std::unique_ptr<Composite> net;
    };
    Case cases[] = {{"tree", testing::make_tree(1000)}, {"comb", testing::make_comb(1000)}, {"ladder", testing::make_ladder(400)},
                    {"grid", testing::make_grid(30, 30)}};
    for (auto& c : cases) {
        CAPTURE(c.name);
        Simulator sim(*c.net);
        sim.step(1e-3);
        sim.rebuild();   // the first rebuild may still grow a list
        const long during = allocations_during([&] { sim.rebuild(); });
        CHECK(during <= 40);   // 27 to 33 before the mass and energy books, which add three
        CHECK(sim.model().components.size() > 2000u);   // so a per-component cost would show a hundredfold
        CHECK(sim.step(1e-3) == StepStatus::Ok);
    }
}

TEST_CASE("the sparse path (KLU) allocates nothing after build: factored once, or re-factored at every call") {
    const KluAllocationsCounted klu;
    counting = true;   // the hooks see KLU's allocations: the counter must see one when a structure is analyzed
    allocations = 0;
    {
        auto probe = testing::make_tree(40);
        SimulatorOptions o;
        o.linear_solver = LinearSolverKind::Sparse;
        Simulator build_only(*probe, o);
    }
    counting = false;
    CHECK(allocations.load() > 0);

    for (LinearPolicy policy : {LinearPolicy::FactorOnChange, LinearPolicy::ReprobeEveryCall}) {
        CAPTURE(to_string(policy));
        auto tree = testing::make_tree(64);
        SimulatorOptions o;
        o.linear_solver = LinearSolverKind::Sparse;
        o.policy = policy;
        Simulator sim(*tree, o);
        REQUIRE(sim.linear_system().solver() == LinearSolverKind::Sparse);
        const long probes_before = sim.linear_system().probes();
        CHECK(allocations_during([&] {
                  for (int k = 0; k < 100; ++k) REQUIRE(sim.step(0.01) == StepStatus::Ok);
              }) == 0);
        if (policy == LinearPolicy::ReprobeEveryCall) CHECK(sim.linear_system().probes() - probes_before >= 400);
        sim.set_parameter("s1.L", 2.0);   // invalidates L: the next evaluation probes and re-factors
        CHECK(allocations_during([&] { sim.evaluate(); }) == 0);
    }
}

TEST_CASE("networks cut at their splits and junctions step without allocating (cut = auto asked for the cuts)") {
    for (int shape = 0; shape < 3; ++shape) {
        CAPTURE(shape);
        auto net = shape == 0 ? testing::make_comb(120, thermofluid::Cut::automatic) : shape == 1 ? testing::make_ladder(80, thermofluid::Cut::automatic) : testing::make_collector(100, thermofluid::Cut::automatic);
        Simulator sim(*net);
        REQUIRE(sim.linear_system().solver() == LinearSolverKind::Sparse);
        REQUIRE(sim.schedule().probe_groups.size() <= 6u);   // cut: a sparse L, a few probe passes
        CHECK(allocations_during([&] {
                  for (int k = 0; k < 100; ++k) REQUIRE(sim.step(1e-3) == StepStatus::Ok);
                  sim.evaluate();
              }) == 0);
    }
}

TEST_CASE("between structural changes the steps allocate nothing: the rocket after its release and after the removal") {
    // Applying a change rebuilds (and allocates); the steps of every segment after it do not.
    auto rocket = systems::TwoStageRocket::make();
    SimulatorOptions o;
    o.solver = "rk4";
    Simulator sim(*rocket, o);
    systems::TwoStageRocket::schedule_changes(sim);
    for (double start : {5.0, 10.0}) {
        sim.simulate(start);   // the change has happened at `start`
        long n = allocations_during([&] {
            for (int k = 0; k < 1000; ++k)
                if (sim.step(1e-3) != StepStatus::Ok) break;
        });
        CHECK(n == 0);
        CHECK(sim.time() == doctest::Approx(start + 1.0));
    }
    CHECK(sim.segments().size() == 3);
}

TEST_CASE("a real-time swap allocates nothing on the stepping thread: valve replaced, rocket released, rod refined") {
    const auto file = std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files/com_vessels.yaml";
    auto vessels = [&] { return std::unique_ptr<Component>(std::move(systems::load_system_file(file.string()).root)); };
    auto rocket = [] { return std::unique_ptr<Component>(systems::TwoStageRocket::make()); };
    auto rod = [] { return std::unique_ptr<Component>(systems::HeatedRod::make(5)); };
    struct Case {
        RealtimeSwap::Factory make;
        std::function<StructuralChange()> change;
    };
    const Case cases[] = {
        {vessels, [] {
             StructuralChange c("p2 tighter");
             c.replace("p2", std::make_unique<thermofluid::PressureDrop>(0.01, 4000.0, 100.0));
             return c;
         }},
        {rocket, [] { return systems::TwoStageRocket::release(); }},
        {rod, [] { return systems::HeatedRod::refine(100); }},
    };
    for (const Case& c : cases) {
        SimulatorOptions o;
        o.solver = "rk4";
        RealtimeSwap swap(c.make, o);
        REQUIRE(swap.step(1e-3) == StepStatus::Ok);   // the first step may size what it needs
        long on_stepping_thread = -1, failures = 0, canary = -1;
        std::thread loop([&] {
            canary = allocations_during([] { delete new int(1); });   // the counter works on this thread
            allocations = 0;
            counting = true;   // this thread only
            long after = 0;
            while (after < 50) {
                failures += swap.step(1e-3) != StepStatus::Ok;
                if (swap.swaps() > 0) ++after;
                std::this_thread::sleep_for(std::chrono::microseconds(20));   // a sleep that allocates nothing
            }
            counting = false;
            on_stepping_thread = allocations.load();
        });
        swap.prepare(c.make, c.change());   // allocates freely on this thread
        CHECK(swap.wait_for_swap());
        loop.join();
        CHECK(failures == 0);
        CHECK(swap.swaps() == 1);
        CHECK(canary == 1);
        CHECK(on_stepping_thread == 0);
    }
}
