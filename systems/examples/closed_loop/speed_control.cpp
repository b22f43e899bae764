// A closed loop outside Lied, as a hardware-in-the-loop rig runs one: every millisecond a speed controller written in
// plain C++ reads the drive train's output w_motor (the motor's speed: measured at the motor, as drives do, so that the
// shaft's backlash stays outside the loop), computes a motor torque and writes it to the input motorTorque; Lied
// advances the plant by one fixed step in between. The loop allocates nothing: the input is
// set through a handle, the output read through its address, both taken once before the loop.
//
//   lied_closed_loop_speed [seconds]        (default 2 s of simulated time)
//
// It prints the speed every 0.1 s and the statistics of the step times (what a real-time budget is held against),
// and exits 1 if the speed does not settle at the set point: the test suite runs it.
#include "core/simulation/simulator.h"
#include "systems/examples/drive_train.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    const double seconds = argc > 1 ? std::atof(argv[1]) : 2.0;
    if (!(seconds > 0.5) || seconds > 3600) {
        std::fprintf(stderr, "usage: lied_closed_loop_speed [seconds, 0.5 to 3600]\n");
        return 2;
    }
    constexpr double dt = 1e-3;           // the loop's period: 1 kHz
    constexpr double w_set = 200.0;       // rad/s of the motor (20 rad/s of the load), from t = 0.1 s
    // N·m per rad/s and per rad: the motor with the load behind the gear (0.01 + 1/10² kg·m²) answers 50 rad/s² per
    // N·m, so the loop crosses over near 10 rad/s, well below the shaft's modes.
    constexpr double kp = 0.2, ki = 0.4;

    lied::systems::DriveTrain drive;
    drive.motorTorque.table.clear();   // the controller sets the torque, not the built-in table
    lied::SimulatorOptions options;
    // RK4 at 1 ms resolves the shaft and the backlash's impact (the step monitor agrees); ros2 and linearly implicit
    // Euler would be stable there too, but lose enough energy at the impact that the books stop the run.
    options.solver = "rk4";
    options.dt = dt;
    lied::Simulator sim(drive, options);

    lied::InputHandle torque = sim.input("motorTorque");
    const double* w_motor = sim.find_value("w_motor");
    const double* w_load = sim.find_value("w_load");
    const double tau_max = *sim.inputs()[0].max;

    const auto steps = static_cast<std::size_t>(std::llround(seconds / dt));
    std::vector<double> step_us(steps);   // sized before the loop: nothing allocates inside it
    double integral = 0.0;
    std::printf("%8s %10s %10s %10s %12s\n", "t [s]", "w_set", "w_motor", "w_load", "torque [N.m]");
    for (std::size_t k = 0; k < steps; ++k) {
        const double t = sim.time();
        const double set = t >= 0.1 ? w_set : 0.0;
        const double error = set - *w_motor;
        double tau = kp * error + ki * integral;
        if (std::abs(tau) < tau_max) integral += error * dt;   // no wind-up while the torque is saturated
        tau = std::clamp(tau, -tau_max, tau_max);
        torque.set(tau);

        const auto start = std::chrono::steady_clock::now();
        const lied::StepStatus status = sim.step(dt);
        step_us[k] = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
        if (status != lied::StepStatus::Ok) {
            std::fprintf(stderr, "step failed: %s\n", sim.describe(status).c_str());
            return 1;
        }
        if ((k + 1) % 100 == 0) std::printf("%8.3f %10.3f %10.4f %10.4f %12.4f\n", sim.time(), set, *w_motor, *w_load, torque.value());
    }

    std::vector<double> sorted = step_us;
    std::sort(sorted.begin(), sorted.end());
    auto quantile = [&](double q) { return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(q * static_cast<double>(sorted.size())))]; };
    const auto over = std::count_if(step_us.begin(), step_us.end(), [&](double us) { return us > dt * 1e6; });
    std::printf("\nstep times over %zu steps of %g ms: min %.1f us, median %.1f us, 99%% %.1f us, 99.9%% %.1f us, max %.1f us; "
                "%ld over the %g ms period\n",
                steps, dt * 1e3, sorted.front(), quantile(0.5), quantile(0.99), quantile(0.999), sorted.back(), static_cast<long>(over), dt * 1e3);

    const double final_error = std::abs(*w_motor - w_set);
    std::printf("final speed %.4f rad/s (set point %.1f rad/s), load %.4f rad/s\n", *w_motor, w_set, *w_load);
    if (final_error > 0.01 * w_set) {
        std::fprintf(stderr, "the speed did not settle within 1 %% of the set point\n");
        return 1;
    }
    return 0;
}
