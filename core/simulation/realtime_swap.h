#pragma once
// Variable structure inside a hard real-time loop. The next structure is built on a component tree of its own by
// a worker thread — made, crawled, ordered, checked, L probed and factored, every buffer sized — while the
// real-time thread goes on stepping the running one. At its next step boundary the real-time thread swaps it in
// with a bounded amount of work that allocates, logs and throws nothing:
//   x_new = c + M · x_running,
// an affine map the worker found by probing how the new structure's states follow from the running ones (states
// matched by name are copied; a component's take_over and a change's initializers are probed through the names
// they read). A carry-over that is not affine (none of the physical ones are: momentum, energy, by-name copies)
// is refused at preparation. Time, event flags, samplers, discrete signals and event counts carry over by name.
//
// Threads: step() and simulator() belong to the real-time thread; prepare(), wait_for_swap() and
// release_retired() to one worker thread. The two meet only through an atomic phase: the worker asks for a
// snapshot of the running values (taken at a step boundary), builds, then offers the structure; the real-time
// thread swaps at its next step and leaves the old structure for the worker to destroy.
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace lied {

class RealtimeSwap {
public:
    using Factory = std::function<std::unique_ptr<Component>()>;
    // Builds the first structure from `make_root` (throws BuildError as a Simulator does).
    explicit RealtimeSwap(const Factory& make_root, SimulatorOptions options = {});
    ~RealtimeSwap();
    RealtimeSwap(const RealtimeSwap&) = delete;
    RealtimeSwap& operator=(const RealtimeSwap&) = delete;

    // --- real-time thread ---
    // The structure stepping now; after a swap another object (fetch it again after each step()).
    Simulator& simulator() { return *active_->sim; }
    const Simulator& simulator() const { return *active_->sim; }
    // At this step boundary: takes a requested snapshot, swaps a prepared structure in; then one step of dt.
    // Allocates, logs and throws nothing.
    StepStatus step(double dt);

    // --- worker thread ---
    // The next structure is the tree `make_next` makes (with its own parameters); the running states carry over
    // by name, then its components' take_over and `initializers` set new states from the running ones. Blocks
    // until the real-time thread has given a snapshot (at most `timeout`), then builds and checks the structure at
    // that snapshot. Throws StructuralChangeError (the running structure is untouched) if it does not build, if
    // the carry-over is not affine, or if no snapshot came.
    void prepare(std::string description, const Factory& make_next, std::vector<StructuralChange::Initializer> initializers = {},
                 std::chrono::milliseconds timeout = std::chrono::seconds(5));
    // The same with a StructuralChange written for Simulator::apply: its edits are made on a fresh tree of the
    // running structure (`make_current` builds it; its parameters are set to the running values first).
    void prepare(const Factory& make_current, StructuralChange change, std::chrono::milliseconds timeout = std::chrono::seconds(5));
    // True from a successful prepare() until the real-time thread has swapped the structure in.
    bool swap_pending() const { return phase_.load(std::memory_order_acquire) == kReady; }
    // Waits for the swap (false on timeout), then destroys the old structure here, off the real-time thread.
    bool wait_for_swap(std::chrono::milliseconds timeout = std::chrono::seconds(5));
    void release_retired();

    // What the last preparation found: entries of M, and the states it had to probe (read by take_over or an
    // initializer). For tests and the bench.
    std::size_t carry_entries() const { return carry_.entries.size(); }
    std::size_t probed_states() const { return probed_; }
    long swaps() const { return swaps_.load(std::memory_order_acquire); }

private:
    struct Structure {
        std::unique_ptr<Component> root;
        std::unique_ptr<Simulator> sim;
    };
    static constexpr int kIdle = 0, kSnapshotRequested = 1, kSnapshotTaken = 2, kReady = 3;

    std::unique_ptr<Structure> make_structure(const Factory& make, const std::string& what) const;
    void take_snapshot(const std::string& description, std::chrono::milliseconds timeout);
    void carry_discrete(Simulator& to, bool now);
    void start_at_snapshot(Simulator& sim, const std::vector<StructuralChange::Initializer>& initializers, const std::string& refusal);
    void finish_preparation(std::unique_ptr<Structure> next, const std::string& description,
                            const std::vector<StructuralChange::Initializer>& initializers);
    void probe_carry_over(Simulator& next, const std::vector<StructuralChange::Initializer>& initializers, const std::string& description);
    void map_events(const Simulator& next);
    void serve_snapshot();
    void swap_in();

    SimulatorOptions options_;
    std::unique_ptr<Structure> active_, pending_, retired_;
    std::atomic<int> phase_{kIdle};
    std::atomic<long> swaps_{0};

    // The snapshot (sized by the worker, filled by the real-time thread).
    double snapshot_t_ = 0.0;
    std::vector<double> snapshot_x_, snapshot_parameters_, snapshot_discrete_;
    std::vector<char> snapshot_fired_;
    std::vector<long> snapshot_samples_;
    std::vector<Out<double>*> running_discrete_;      // the running structure's discrete real signals

    // The swap, precomputed by the worker.
    CarryMap carry_;
    std::size_t probed_ = 0;
};

}  // namespace lied
