#pragma once
// A real-time loop for tests: steps a RealtimeSwap on its own thread (about every 50 µs) until it is stopped,
// or until `extra_steps` steps after the swap count reaches `after_swaps`.
#include "core/simulation/realtime_swap.h"

#include <atomic>
#include <chrono>
#include <thread>

namespace lied::test {

class SteppingThread {
public:
    SteppingThread(RealtimeSwap& swap, double dt, long after_swaps, long extra_steps)
        : swap_(swap), dt_(dt), after_swaps_(after_swaps), extra_steps_(extra_steps), thread_([this] { run(); }) {}
    ~SteppingThread() { stop(); }
    SteppingThread(const SteppingThread&) = delete;
    SteppingThread& operator=(const SteppingThread&) = delete;

    long steps() const { return steps_.load(); }
    long failures() const { return failures_.load(); }
    void wait_for_steps(long n) const {
        while (steps_.load() < n && !done_.load()) std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    void join() {
        if (thread_.joinable()) thread_.join();
    }
    void stop() {
        stop_ = true;
        join();
    }

private:
    void run() {
        long after = 0;
        while (!stop_.load()) {
            if (swap_.step(dt_) != StepStatus::Ok) {
                ++failures_;
                break;
            }
            ++steps_;
            if (swap_.swaps() >= after_swaps_ && after++ >= extra_steps_) break;
            std::this_thread::sleep_for(std::chrono::microseconds(50));
        }
        done_ = true;
    }

    RealtimeSwap& swap_;
    double dt_;
    long after_swaps_, extra_steps_;
    std::atomic<long> steps_{0}, failures_{0};
    std::atomic<bool> stop_{false}, done_{false};
    std::thread thread_;
};

}  // namespace lied::test
