// Lied's dialectic mechanics side by side with MuJoCo (libmujoco-dev, a peer engine; bench only) on the double
// pendulum and the slider-crank, at the same fixed step: the time per step, and how far each engine's trajectory is
// from the classic rigid-body solution written independently (tests/support/: Lagrange's equations integrated
// by RK4 at 10 µs). MuJoCo closes the slider-crank's loop with a soft `connect` equality constraint, Lied with a
// stiff LoopClosure.
#include "core/simulation/simulator.h"
#include "support/double_pendulum_ode.h"
#include "support/slider_crank_reduced.h"
#include "systems/examples/double_pendulum.h"
#include "systems/examples/slider_crank.h"

#include <benchmark/benchmark.h>
#include <mujoco/mujoco.h>

#include <cmath>
#include <cstring>
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

// The classic solution every 10 ms over 1 s (the double pendulum turns chaotic later), from its start.
template <class State, class Advance>
std::vector<State> reference_samples(State start, Advance advance) {
    constexpr double compare_for = 1.0;
    std::vector<State> out{start};
    for (int k = 0; k < static_cast<int>(std::lround(compare_for / kSample)); ++k) out.push_back(advance(out.back(), kReferenceStep, kSubsteps));
    return out;
}

// Runs `System` at the reference's samples, handing each to compare(k, sim), then times one step on a fresh copy.
template <class System, class Compare>
void time_lied(benchmark::State& state, const char* solver, double dt, double T_D, std::size_t samples, Compare compare) {
    lied::SimulatorOptions options;
    options.solver = solver;
    options.dt = dt;
    {
        System system;
        system.defaults.T_D = T_D;
        lied::Simulator sim(system, options);
        for (std::size_t k = 1; k < samples; ++k) {
            sim.simulate(static_cast<double>(k) * kSample);
            compare(k, sim);
        }
    }
    System system;
    system.defaults.T_D = T_D;
    lied::Simulator sim(system, options);
    for (auto _ : state) benchmark::DoNotOptimize(sim.step(dt));
}

// The same for a MuJoCo model: start(m) sets its initial state and inputs.
template <class Start, class Compare>
void time_mujoco(benchmark::State& state, const char* xml, const char* integrator, double dt, std::size_t samples, Start start, Compare compare) {
    {
        MujocoModel m(xml, dt, integrator);
        start(m);
        const int per_sample = static_cast<int>(std::lround(kSample / dt));
        for (std::size_t k = 1; k < samples; ++k) {
            for (int i = 0; i < per_sample; ++i) mj_step(m.model, m.data);
            compare(k, m);
        }
    }
    MujocoModel m(xml, dt, integrator);
    start(m);
    for (auto _ : state) mj_step(m.model, m.data);
}

std::vector<pendulum::State> pendulum_reference() { return reference_samples(pendulum::State{pendulum::q1_start, pendulum::q2_start, 0.0, 0.0}, pendulum::advance); }
std::vector<crank::State> crank_reference() { return reference_samples(crank::State{0.0, 0.0}, crank::advance); }

// The double pendulum: the largest deviation of either joint angle.
void PendulumLied(benchmark::State& state, const char* solver, double dt, double T_D) {
    const auto reference = pendulum_reference();
    double deviation = 0.0;
    time_lied<lied::systems::DoublePendulum>(state, solver, dt, T_D, reference.size(), [&](std::size_t k, const lied::Simulator& sim) {
        deviation = std::max({deviation, std::abs(sim.value("joint1.q") - reference[k][0]), std::abs(sim.value("joint2.q") - reference[k][1])});
    });
    state.counters["max_angle_error_rad"] = deviation;
}

void PendulumMujoco(benchmark::State& state, const char* integrator, double dt) {
    const auto reference = pendulum_reference();
    double deviation = 0.0;
    auto start = [](MujocoModel& m) {
        m.data->qpos[0] = pendulum::q1_start;
        m.data->qpos[1] = pendulum::q2_start;
        mj_forward(m.model, m.data);
    };
    time_mujoco(state, kDoublePendulum, integrator, dt, reference.size(), start, [&](std::size_t k, const MujocoModel& m) {
        deviation = std::max({deviation, std::abs(m.data->qpos[0] - reference[k][0]), std::abs(m.data->qpos[1] - reference[k][1])});
    });
    state.counters["max_angle_error_rad"] = deviation;
}

// The slider-crank: the crank angle's largest deviation, and the largest gap of the closed loop.
void CrankLied(benchmark::State& state, const char* solver, double dt, double T_D) {
    const auto reference = crank_reference();
    double deviation = 0.0, gap = 0.0;
    time_lied<lied::systems::SliderCrank>(state, solver, dt, T_D, reference.size(), [&](std::size_t k, const lied::Simulator& sim) {
        deviation = std::max(deviation, std::abs(sim.value("crank.q") - reference[k][0]));
        gap = std::max(gap, sim.value("wristPin.error"));
    });
    state.counters["max_angle_error_rad"] = deviation;
    state.counters["max_loop_gap_m"] = gap;
}

void CrankMujoco(benchmark::State& state, const char* integrator, double dt) {
    const auto reference = crank_reference();
    double deviation = 0.0, gap = 0.0;
    auto start = [](MujocoModel& m) {
        m.data->ctrl[0] = crank::torque;
        mj_forward(m.model, m.data);
    };
    time_mujoco(state, kSliderCrank, integrator, dt, reference.size(), start, [&](std::size_t k, const MujocoModel& m) {
        // The wrist pin on the rod (0.3 m along it) against the piston's origin, in the world.
        const int rod = mj_name2id(m.model, mjOBJ_BODY, "rod"), piston = mj_name2id(m.model, mjOBJ_BODY, "piston");
        const double *R = m.data->xmat + 9 * rod, *p = m.data->xpos + 3 * rod, *q = m.data->xpos + 3 * piston;
        deviation = std::max(deviation, std::abs(m.data->qpos[0] - reference[k][0]));
        gap = std::max(gap, std::hypot(p[0] + R[0] * 0.3 - q[0], p[1] + R[3] * 0.3 - q[1]));
    });
    state.counters["max_angle_error_rad"] = deviation;
    state.counters["max_loop_gap_m"] = gap;
}

}  // namespace

BENCHMARK_CAPTURE(PendulumLied, rk4_1ms_TD_1ms, "rk4", 1e-3, 1e-3);
BENCHMARK_CAPTURE(PendulumLied, ros2_1ms_TD_0_1ms, "ros2", 1e-3, 1e-4);
BENCHMARK_CAPTURE(PendulumMujoco, rk4_1ms, "RK4", 1e-3);
BENCHMARK_CAPTURE(PendulumMujoco, semi_implicit_euler_1ms, "Euler", 1e-3);
BENCHMARK_CAPTURE(CrankLied, ros2_0_2ms_TD_1ms, "ros2", 2e-4, 1e-3);
BENCHMARK_CAPTURE(CrankLied, ros2_0_2ms_TD_0_1ms, "ros2", 2e-4, 1e-4);
BENCHMARK_CAPTURE(CrankLied, linearly_implicit_euler_0_2ms_TD_1ms, "linearly-implicit-euler", 2e-4, 1e-3);
BENCHMARK_CAPTURE(CrankMujoco, rk4_0_2ms, "RK4", 2e-4);
BENCHMARK_CAPTURE(CrankMujoco, semi_implicit_euler_0_2ms, "Euler", 2e-4);
BENCHMARK_CAPTURE(CrankLied, ros2_1ms_TD_1ms, "ros2", 1e-3, 1e-3);
BENCHMARK_CAPTURE(CrankMujoco, rk4_1ms, "RK4", 1e-3);
