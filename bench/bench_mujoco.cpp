// Lied's dialectic mechanics side by side with MuJoCo (libmujoco-dev, a peer engine; bench only) on a pendulum at
// large amplitude, the double pendulum and the slider-crank, at the same fixed step: the time per step, how far each
// engine's trajectory is from the classic rigid-body solution written independently (tests/support/ and below:
// Lagrange's equations integrated by RK4 at 10 µs), and the largest step at which each stays within 1e-3 rad over
// 1 s. MuJoCo closes the slider-crank's loop with a soft `connect` equality constraint, Lied with a stiff
// LoopClosure. A contact case (an elastic ball on an undamped contact; in MuJoCo a soft contact given by its
// stiffness, with no damping) reports the restitution.
#include "core/simulation/simulator.h"
#include "support/classic_rk4.h"
#include "support/double_pendulum_ode.h"
#include "support/mechanism_cases.h"
#include "support/slider_crank_reduced.h"
#include "systems/examples/double_pendulum.h"
#include "systems/examples/slider_crank.h"

#include <benchmark/benchmark.h>
#include <mujoco/mujoco.h>

#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <numbers>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// The DoublePendulum: links along their body's x axis, hinges about z, gravity along −y; rods have no inertia
// about their own axis (1e-9 keeps MuJoCo's inertia checks satisfied).
const char* kDoublePendulum = R"(
<mujoco>
  <option timestep="%TIMESTEP%" gravity="0 -9.81 0" integrator="%INTEGRATOR%"/>
  <worldbody>
    <body name="link1">
      <joint name="joint1" type="hinge" axis="0 0 1"/>
      <inertial pos="0.5 0 0" mass="1" diaginertia="1e-9 0.0833333333333333 0.0833333333333333"/>
      <body name="link2" pos="1 0 0">
        <joint name="joint2" type="hinge" axis="0 0 1"/>
        <inertial pos="0.4 0 0" mass="0.5" diaginertia="1e-9 0.0266666666666667 0.0266666666666667"/>
      </body>
    </body>
  </worldbody>
</mujoco>)";

// A uniform rod of 1 m and 1 kg on a hinge at one end (the pendulum of the accuracy tests).
const char* kPendulum = R"(
<mujoco>
  <option timestep="%TIMESTEP%" gravity="0 -9.81 0" integrator="%INTEGRATOR%"/>
  <worldbody>
    <body name="rod">
      <joint name="joint" type="hinge" axis="0 0 1"/>
      <inertial pos="0.5 0 0" mass="1" diaginertia="1e-9 0.0833333333333333 0.0833333333333333"/>
    </body>
  </worldbody>
</mujoco>)";

// The SliderCrank: the piston's body sits at 0.4 m so that the reference configuration (all joints 0, top dead
// centre) is the closed loop MuJoCo's connect constraint is defined in.
const char* kSliderCrank = R"(
<mujoco>
  <option timestep="%TIMESTEP%" gravity="0 -9.81 0" integrator="%INTEGRATOR%"/>
  <worldbody>
    <body name="crank">
      <joint name="crank" type="hinge" axis="0 0 1" damping="0.1"/>
      <inertial pos="0.05 0 0" mass="0.5" diaginertia="1e-9 4.16666666666667e-4 4.16666666666667e-4"/>
      <body name="rod" pos="0.1 0 0">
        <joint name="crankPin" type="hinge" axis="0 0 1"/>
        <inertial pos="0.15 0 0" mass="0.8" diaginertia="1e-9 0.006 0.006"/>
      </body>
    </body>
    <body name="piston" pos="0.4 0 0">
      <joint name="cylinder" type="slide" axis="1 0 0"/>
      <inertial pos="0 0 0" mass="1" diaginertia="1e-3 1e-3 1e-3"/>
    </body>
  </worldbody>
  <equality>
    <connect body1="rod" body2="piston" anchor="0.3 0 0" solref="%SOLREF% 1"/>
  </equality>
  <actuator>
    <motor joint="crank" gear="1"/>
  </actuator>
</mujoco>)";

std::string substitute(std::string text, const std::string& key, const std::string& value) {
    for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size())) text.replace(at, key.size(), value);
    return text;
}

struct MujocoModel {
    mjModel* model = nullptr;
    mjData* data = nullptr;
    MujocoModel(const char* xml_template, double timestep, const char* integrator) {
        std::string xml = substitute(xml_template, "%TIMESTEP%", std::to_string(timestep));
        xml = substitute(xml, "%INTEGRATOR%", integrator);
        xml = substitute(xml, "%SOLREF%", std::to_string(2 * timestep));   // the stiffest MuJoCo allows: 2 steps
        auto vfs = std::make_unique<mjVFS>();   // 2 MB: not on the stack
        mj_defaultVFS(vfs.get());
        mj_makeEmptyFileVFS(vfs.get(), "model.xml", static_cast<int>(xml.size()));
        std::memcpy(vfs->filedata[mj_findFileVFS(vfs.get(), "model.xml")], xml.data(), xml.size());
        char error[1000] = "";
        model = mj_loadXML("model.xml", vfs.get(), error, sizeof error);
        mj_deleteVFS(vfs.get());
        if (!model) throw std::runtime_error(std::string("MuJoCo: ") + error);
        data = mj_makeData(model);
    }
    ~MujocoModel() {
        mj_deleteData(data);
        mj_deleteModel(model);
    }
    MujocoModel(const MujocoModel&) = delete;
    MujocoModel& operator=(const MujocoModel&) = delete;
};

namespace pendulum = lied::testing::double_pendulum;
namespace crank = lied::testing::slider_crank;
constexpr double kSample = 0.01, kReferenceStep = 1e-5;
constexpr int kSubsteps = 1000;   // kSample / kReferenceStep

// The single pendulum: released at rest 2.5 rad from hanging; q from the +x axis, so q0 = −π/2 + 2.5 and
// q̈ = −m·g·l·cos(q)/I_p with l = 0.5 m, I_p = 1/3 kg·m².
namespace single {
constexpr double q0 = -std::numbers::pi / 2 + 2.5;
using State = std::array<double, 2>;
inline State rhs(const State& y) { return {y[1], -1.0 * 9.81 * 0.5 * std::cos(y[0]) / (1.0 / 3.0)}; }
inline State advance(const State& y, double h, int steps) { return lied::testing::classic_rk4(y, rhs, h, steps); }
}  // namespace single

struct Pendulum : lied::testing::Pendulum {   // released at single::q0
    Pendulum() : lied::testing::Pendulum(single::q0) {}
};

// The classic solution every 10 ms over 1 s (the double pendulum turns chaotic later), from its start.
template <class State, class Advance>
std::vector<State> reference_samples(State start, Advance advance) {
    constexpr double compare_for = 1.0;
    std::vector<State> out{start};
    for (int k = 0; k < static_cast<int>(std::lround(compare_for / kSample)); ++k) out.push_back(advance(out.back(), kReferenceStep, kSubsteps));
    return out;
}
const std::vector<single::State>& single_reference() {
    static const auto samples = reference_samples(single::State{single::q0, 0.0}, single::advance);
    return samples;
}
const std::vector<pendulum::State>& pendulum_reference() {
    static const auto samples = reference_samples(pendulum::State{pendulum::q1_start, pendulum::q2_start, 0.0, 0.0}, pendulum::advance);
    return samples;
}
const std::vector<crank::State>& crank_reference() {
    static const auto samples = reference_samples(crank::State{0.0, 0.0}, crank::advance);
    return samples;
}

// How far a run's angles are from the reference: the largest deviation over the samples, and (slider-crank) the
// largest loop gap. A run that stops or leaves the numbers counts as infinitely far.
struct Deviation {
    double angle = 0.0, gap = 0.0;
};

// Lied: runs `System` at the reference's samples; compare(k, sim) returns the angle deviation at sample k.
template <class System>
Deviation deviation_lied(const char* solver, double dt, std::size_t samples, const std::function<double(std::size_t, const lied::Simulator&)>& compare,
                         const char* gap = nullptr) {
    lied::SimulatorOptions options;
    options.solver = solver;
    options.dt = dt;
    Deviation d;
    try {
        System system;
        lied::Simulator sim(system, options);
        for (std::size_t k = 1; k < samples; ++k) {
            sim.simulate(static_cast<double>(k) * kSample);
            d.angle = std::max(d.angle, compare(k, sim));
            if (gap) d.gap = std::max(d.gap, sim.value(gap));
        }
    } catch (const std::exception&) {
        d.angle = INFINITY;
    }
    if (!std::isfinite(d.angle)) d.angle = INFINITY;
    return d;
}

// MuJoCo: the same for a model; start(m) sets its initial state and inputs, compare(k, m) returns the deviation,
// gap(m) the loop gap (or 0).
struct MujocoCase {
    const char* xml;
    std::function<void(MujocoModel&)> start;
    std::function<double(std::size_t, const MujocoModel&)> compare;
    std::function<double(const MujocoModel&)> gap;
};
Deviation deviation_mujoco(const MujocoCase& c, const char* integrator, double dt, std::size_t samples) {
    MujocoModel m(c.xml, dt, integrator);
    c.start(m);
    const int per_sample = static_cast<int>(std::lround(kSample / dt));
    Deviation d;
    for (std::size_t k = 1; k < samples; ++k) {
        for (int i = 0; i < per_sample; ++i) mj_step(m.model, m.data);
        d.angle = std::max(d.angle, c.compare(k, m));
        if (c.gap) d.gap = std::max(d.gap, c.gap(m));
    }
    if (!std::isfinite(d.angle)) d.angle = INFINITY;
    return d;
}

// The largest of the steps 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05 ms whose run stays within 1e-3 rad (0: none).
double largest_step(const std::function<double(double)>& deviation_at) {
    for (double dt : {1e-2, 5e-3, 2e-3, 1e-3, 5e-4, 2e-4, 1e-4, 5e-5})
        if (deviation_at(dt) <= 1e-3) return dt;
    return 0.0;
}

void report(benchmark::State& state, const Deviation& d, double largest) {
    state.counters["max_angle_error_rad"] = d.angle;
    if (d.gap > 0) state.counters["max_loop_gap_m"] = d.gap;
    state.counters["largest_step_1e-3rad_ms"] = largest * 1e3;
}

// Times one step of Lied's `System` / of a MuJoCo model (on fresh copies). Lied's step monitor and mass and energy
// books are off for the timing, as MuJoCo has neither (bench_trust_checks.cpp measures what they add); the accuracy
// runs above keep them on.
template <class System>
void time_lied(benchmark::State& state, const char* solver, double dt) {
    lied::SimulatorOptions options;
    options.solver = solver;
    options.dt = dt;
    options.step_monitor.mode = lied::CheckMode::Off;
    options.balance.mode = lied::CheckMode::Off;
    System system;
    lied::Simulator sim(system, options);
    for (auto _ : state) benchmark::DoNotOptimize(sim.step(dt));
}
void time_mujoco(benchmark::State& state, const MujocoCase& c, const char* integrator, double dt) {
    MujocoModel m(c.xml, dt, integrator);
    c.start(m);
    for (auto _ : state) mj_step(m.model, m.data);
}

double single_lied(std::size_t k, const lied::Simulator& sim) { return std::abs(sim.value("joint.q") - single_reference()[k][0]); }
double pendulum_lied(std::size_t k, const lied::Simulator& sim) {
    const auto& r = pendulum_reference()[k];
    return std::max(std::abs(sim.value("joint1.q") - r[0]), std::abs(sim.value("joint2.q") - r[1]));
}
double crank_lied(std::size_t k, const lied::Simulator& sim) { return std::abs(sim.value("crank.q") - crank_reference()[k][0]); }

const MujocoCase kSingleCase{kPendulum,
                             [](MujocoModel& m) {
                                 m.data->qpos[0] = single::q0;
                                 mj_forward(m.model, m.data);
                             },
                             [](std::size_t k, const MujocoModel& m) { return std::abs(m.data->qpos[0] - single_reference()[k][0]); },
                             nullptr};
const MujocoCase kPendulumCase{kDoublePendulum,
                               [](MujocoModel& m) {
                                   m.data->qpos[0] = pendulum::q1_start;
                                   m.data->qpos[1] = pendulum::q2_start;
                                   mj_forward(m.model, m.data);
                               },
                               [](std::size_t k, const MujocoModel& m) {
                                   const auto& r = pendulum_reference()[k];
                                   return std::max(std::abs(m.data->qpos[0] - r[0]), std::abs(m.data->qpos[1] - r[1]));
                               },
                               nullptr};
const MujocoCase kCrankCase{kSliderCrank,
                            [](MujocoModel& m) {
                                m.data->ctrl[0] = crank::torque;
                                mj_forward(m.model, m.data);
                            },
                            [](std::size_t k, const MujocoModel& m) { return std::abs(m.data->qpos[0] - crank_reference()[k][0]); },
                            [](const MujocoModel& m) {
                                // The wrist pin on the rod (0.3 m along it) against the piston's origin, in the world.
                                const int rod = mj_name2id(m.model, mjOBJ_BODY, "rod"), piston = mj_name2id(m.model, mjOBJ_BODY, "piston");
                                const double *R = m.data->xmat + 9 * rod, *p = m.data->xpos + 3 * rod, *q = m.data->xpos + 3 * piston;
                                return std::hypot(p[0] + R[0] * 0.3 - q[0], p[1] + R[3] * 0.3 - q[1]);
                            }};

template <class System>
void MechanismLied(benchmark::State& state, const char* solver, double dt, double (*compare)(std::size_t, const lied::Simulator&), const char* gap,
                   std::size_t samples) {
    const Deviation d = deviation_lied<System>(solver, dt, samples, compare, gap);
    const double largest = largest_step([&](double h) { return deviation_lied<System>(solver, h, samples, compare, gap).angle; });
    time_lied<System>(state, solver, dt);
    report(state, d, largest);
}
void MechanismMujoco(benchmark::State& state, const MujocoCase* c, const char* integrator, double dt, std::size_t samples) {
    const Deviation d = deviation_mujoco(*c, integrator, dt, samples);
    const double largest = largest_step([&](double h) { return deviation_mujoco(*c, integrator, h, samples).angle; });
    time_mujoco(state, *c, integrator, dt);
    report(state, d, largest);
}

void SingleLied(benchmark::State& state, const char* solver, double dt) {
    MechanismLied<Pendulum>(state, solver, dt, single_lied, nullptr, single_reference().size());
}
void SingleMujoco(benchmark::State& state, const char* integrator, double dt) { MechanismMujoco(state, &kSingleCase, integrator, dt, single_reference().size()); }
void PendulumLied(benchmark::State& state, const char* solver, double dt) {
    MechanismLied<lied::systems::DoublePendulum>(state, solver, dt, pendulum_lied, nullptr, pendulum_reference().size());
}
void PendulumMujoco(benchmark::State& state, const char* integrator, double dt) {
    MechanismMujoco(state, &kPendulumCase, integrator, dt, pendulum_reference().size());
}
void CrankLied(benchmark::State& state, const char* solver, double dt) {
    MechanismLied<lied::systems::SliderCrank>(state, solver, dt, crank_lied, "wristPin.error", crank_reference().size());
}
void CrankMujoco(benchmark::State& state, const char* integrator, double dt) { MechanismMujoco(state, &kCrankCase, integrator, dt, crank_reference().size()); }

// The contact case: a 0.1 kg ball dropped from 0.1 m on an undamped 10⁴ N/m contact (it lasts 9.9 ms); restitution
// 1 exactly. Reports the restitution of the first bounce from the apex of the flight after it, s + w²/(2g).
struct Ball : lied::testing::Ball {   // on an undamped 10⁴ N/m contact
    Ball() : lied::testing::Ball(1e4, 0.0) {}
};
// The same ball in MuJoCo: a frictionless sphere (radius 1 cm) sliding along z onto a plane, its contact given by
// stiffness directly (solref = (−k, −b) with k = c/m = 10⁵ 1/s², b = 0) and an impedance of 0.9999, so that MuJoCo's
// soft constraint is the undamped spring c·δ up to 10⁻⁴ (MuJoCo's contacts have no other way to be elastic).
const char* kBall = R"(
<mujoco>
  <option timestep="%TIMESTEP%" gravity="0 0 -9.81" integrator="%INTEGRATOR%"/>
  <default><geom condim="1" solref="-100000 0" solimp="0.9999 0.9999 0.001"/></default>
  <worldbody>
    <geom name="ground" type="plane" size="1 1 0.1"/>
    <body name="ball">
      <joint name="drop" type="slide" axis="0 0 1"/>
      <geom type="sphere" size="0.01" mass="0.1"/>
    </body>
  </worldbody>
</mujoco>)";
void BallMujoco(benchmark::State& state, const char* integrator, double dt) {
    MujocoModel m(kBall, dt, integrator);
    m.data->qpos[0] = 0.11;   // the sphere's lowest point 0.1 m above the plane
    mj_forward(m.model, m.data);
    for (long k = 0, steps = std::lround(0.25 / dt); k < steps; ++k) mj_step(m.model, m.data);
    const double height = m.data->qpos[0] - 0.01, w = m.data->qvel[0];
    const double e = std::sqrt((height + w * w / (2 * 9.81)) / 0.1);
    for (auto _ : state) mj_step(m.model, m.data);
    state.counters["restitution"] = std::isfinite(e) ? e : INFINITY;
}
void BallLied(benchmark::State& state, const char* solver, double dt) {
    lied::SimulatorOptions options;
    options.solver = solver;
    options.dt = dt;
    double e = INFINITY;
    try {
        Ball ball;
        lied::Simulator sim(ball, options);
        sim.simulate(0.25);
        e = lied::testing::restitution_from_flight(sim);
    } catch (const std::exception&) {
    }
    time_lied<Ball>(state, solver, dt);
    state.counters["restitution"] = e;
}

}  // namespace

BENCHMARK_CAPTURE(SingleLied, rk4_1ms, "rk4", 1e-3);
BENCHMARK_CAPTURE(SingleLied, ros2_1ms, "ros2", 1e-3);
BENCHMARK_CAPTURE(SingleLied, linearly_implicit_euler_1ms, "linearly-implicit-euler", 1e-3);
BENCHMARK_CAPTURE(SingleMujoco, rk4_1ms, "RK4", 1e-3);
BENCHMARK_CAPTURE(SingleMujoco, semi_implicit_euler_1ms, "Euler", 1e-3);
BENCHMARK_CAPTURE(PendulumLied, rk4_1ms, "rk4", 1e-3);
BENCHMARK_CAPTURE(PendulumLied, ros2_1ms, "ros2", 1e-3);
BENCHMARK_CAPTURE(PendulumLied, linearly_implicit_euler_1ms, "linearly-implicit-euler", 1e-3);
BENCHMARK_CAPTURE(PendulumMujoco, rk4_1ms, "RK4", 1e-3);
BENCHMARK_CAPTURE(PendulumMujoco, semi_implicit_euler_1ms, "Euler", 1e-3);
BENCHMARK_CAPTURE(CrankLied, rk4_0_2ms, "rk4", 2e-4);
BENCHMARK_CAPTURE(CrankLied, ros2_0_2ms, "ros2", 2e-4);
BENCHMARK_CAPTURE(CrankLied, linearly_implicit_euler_0_2ms, "linearly-implicit-euler", 2e-4);
BENCHMARK_CAPTURE(CrankMujoco, rk4_0_2ms, "RK4", 2e-4);
BENCHMARK_CAPTURE(CrankMujoco, semi_implicit_euler_0_2ms, "Euler", 2e-4);
BENCHMARK_CAPTURE(CrankLied, ros2_1ms, "ros2", 1e-3);
BENCHMARK_CAPTURE(CrankLied, linearly_implicit_euler_1ms, "linearly-implicit-euler", 1e-3);
BENCHMARK_CAPTURE(CrankMujoco, rk4_1ms, "RK4", 1e-3);
BENCHMARK_CAPTURE(BallLied, rk4_1ms, "rk4", 1e-3);
BENCHMARK_CAPTURE(BallLied, rk4_0_5ms, "rk4", 5e-4);
BENCHMARK_CAPTURE(BallLied, ros2_1ms, "ros2", 1e-3);
BENCHMARK_CAPTURE(BallLied, linearly_implicit_euler_1ms, "linearly-implicit-euler", 1e-3);
BENCHMARK_CAPTURE(BallMujoco, rk4_1ms, "RK4", 1e-3);
BENCHMARK_CAPTURE(BallMujoco, rk4_0_5ms, "RK4", 5e-4);
BENCHMARK_CAPTURE(BallMujoco, semi_implicit_euler_1ms, "Euler", 1e-3);
