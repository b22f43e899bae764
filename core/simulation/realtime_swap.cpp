#include "core/simulation/realtime_swap.h"

#include "core/model/build_error.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <thread>
#include <unordered_map>

namespace lied {

namespace {

// Names to indices, for matching the next structure's members with the running one's.
template <class Items>
std::unordered_map<std::string, int> index_by_path(const Items& items) {
    std::unordered_map<std::string, int> index;
    for (std::size_t i = 0; i < items.size(); ++i) index.emplace(items[i].path, static_cast<int>(i));
    return index;
}

int find_index(const std::unordered_map<std::string, int>& index, const std::string& path) {
    auto it = index.find(path);
    return it == index.end() ? -1 : it->second;
}

}  // namespace

RealtimeSwap::RealtimeSwap(const Factory& make_root, SimulatorOptions options) : options_(std::move(options)) {
    active_ = std::make_unique<Structure>();
    active_->root = make_root();
    if (!active_->root) throw std::invalid_argument("RealtimeSwap: the factory made no component");
    active_->sim = std::make_unique<Simulator>(*active_->root, options_);
}

RealtimeSwap::~RealtimeSwap() = default;

// ---------------------------------------------------------------- real-time thread

StepStatus RealtimeSwap::step(double dt) {
    const int phase = phase_.load(std::memory_order_acquire);
    if (phase == kSnapshotRequested) serve_snapshot();
    else if (phase == kReady) swap_in();
    return active_->sim->step(dt);
}

// Copies the running values into the buffers the worker sized; nothing else.
void RealtimeSwap::serve_snapshot() {
    const Simulator& s = *active_->sim;
    snapshot_t_ = s.time();
    std::copy(s.states().data(), s.states().data() + s.states().size(), snapshot_x_.begin());
    std::copy(s.event_clock().fired.begin(), s.event_clock().fired.end(), snapshot_fired_.begin());
    std::copy(s.event_clock().sample_index.begin(), s.event_clock().sample_index.end(), snapshot_samples_.begin());
    for (std::size_t i = 0; i < s.model().parameters.size(); ++i) snapshot_parameters_[i] = *s.model().parameters[i].value;
    for (std::size_t i = 0; i < running_discrete_.size(); ++i) snapshot_discrete_[i] = running_discrete_[i]->value();
    phase_.store(kSnapshotTaken, std::memory_order_release);
}

// The new structure takes over time, states (through the precomputed affine map), events, samplers, discrete
// signals and counts; then one evaluation at the new point. Bounded by the sizes of the two structures.
void RealtimeSwap::swap_in() {
    if (!pending_->sim->continue_from(*active_->sim, carry_)) {   // cannot happen: the map was made for this pair
        retired_ = std::move(pending_);
        phase_.store(kIdle, std::memory_order_release);
        return;
    }
    retired_ = std::move(active_);   // destroyed by the worker (release_retired), not here
    active_ = std::move(pending_);
    swaps_.fetch_add(1, std::memory_order_release);
    phase_.store(kIdle, std::memory_order_release);
}

// ---------------------------------------------------------------- worker thread

void RealtimeSwap::release_retired() {
    if (phase_.load(std::memory_order_acquire) == kIdle) retired_.reset();
}

bool RealtimeSwap::wait_for_swap(std::chrono::milliseconds timeout) {
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (phase_.load(std::memory_order_acquire) == kReady) {
        if (std::chrono::steady_clock::now() > until) return false;
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    release_retired();
    return true;
}

std::unique_ptr<RealtimeSwap::Structure> RealtimeSwap::make_structure(const Factory& make, const std::string& what) const {
    auto s = std::make_unique<Structure>();
    s->root = make();
    if (!s->root) throw StructuralChangeError("'" + what + "' cannot be prepared: the factory made no component");
    try {
        s->sim = std::make_unique<Simulator>(*s->root, active_->sim->options());
    } catch (const std::exception& error) {
        throw StructuralChangeError("'" + what + "' cannot be prepared: " + error.what() + "; the running structure goes on");
    }
    return s;
}

// Asks the real-time thread for the running values at its next step boundary and waits for them.
void RealtimeSwap::take_snapshot(const std::string& description, std::chrono::milliseconds timeout) {
    if (phase_.load(std::memory_order_acquire) != kIdle)
        throw std::logic_error("RealtimeSwap::prepare('" + description + "'): the previous structure is still waiting to be swapped in");
    release_retired();
    const Simulator& running = *active_->sim;
    if (running.has_scheduled_changes())
        throw StructuralChangeError("'" + description + "' cannot be prepared: the running simulator has scheduled structural changes of its "
                                    "own, which would rebuild on the real-time thread; prepare them here instead");
    snapshot_x_.assign(static_cast<std::size_t>(running.states().size()), 0.0);
    snapshot_fired_.assign(running.event_clock().fired.size(), 0);
    snapshot_samples_.assign(running.event_clock().sample_index.size(), 0);
    snapshot_parameters_.assign(running.model().parameters.size(), 0.0);
    running_discrete_.clear();
    for (const OutBase* d : running.model().discrete_signals)
        if (auto* real = dynamic_cast<const Out<double>*>(d)) running_discrete_.push_back(const_cast<Out<double>*>(real));
    snapshot_discrete_.assign(running_discrete_.size(), 0.0);

    phase_.store(kSnapshotRequested, std::memory_order_release);
    const auto until = std::chrono::steady_clock::now() + timeout;
    while (phase_.load(std::memory_order_acquire) != kSnapshotTaken) {
        if (std::chrono::steady_clock::now() > until) {
            int requested = kSnapshotRequested;
            if (phase_.compare_exchange_strong(requested, kIdle, std::memory_order_acq_rel)) {
                std::ostringstream s;
                s << "'" << description << "' cannot be prepared: the real-time thread reached no step boundary within " << timeout.count()
                  << " ms (RealtimeSwap::step is what takes the snapshot)";
                throw StructuralChangeError(s.str());
            }
        }
        std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
    phase_.store(kIdle, std::memory_order_release);   // the worker owns the snapshot now
}

// Discrete real signals of `to` that the running structure has, from the snapshot (by name).
void RealtimeSwap::carry_discrete(Simulator& to, bool now) {
    const Model& running = active_->sim->model();
    std::unordered_map<std::string, int> index;
    for (std::size_t i = 0; i < running_discrete_.size(); ++i) index.emplace(running.signal_name(running_discrete_[i]), static_cast<int>(i));
    carry_.discrete.clear();
    for (const OutBase* d : to.model().discrete_signals) {
        const std::string name = to.model().signal_name(d);
        const int k = find_index(index, name);
        if (k < 0) continue;
        auto* real = const_cast<Out<double>*>(dynamic_cast<const Out<double>*>(d));
        if (!real) continue;   // only real ones were snapshotted; a non-real one keeps its value from the new tree
        if (now) real->value() = snapshot_discrete_[static_cast<std::size_t>(k)];
        carry_.discrete.emplace_back(running_discrete_[static_cast<std::size_t>(k)], real);
    }
    // A delay's history goes on where the same block (by path) keeps one of the same size; copied at the swap itself.
    carry_.memories.clear();
    for (const AfterStepInfo& next : to.model().after_steps)
        for (const AfterStepInfo& from : running.after_steps)
            if (from.path == next.path && from.memory.size() == next.memory.size()) {
                carry_.memories.emplace_back(from.memory, next.memory);
                break;
            }
}

// Moves a freshly built structure to the snapshot: time, the running values by name, discrete signals, then the
// checks at that point. A failure is a StructuralChangeError starting with `refusal`.
void RealtimeSwap::start_at_snapshot(Simulator& sim, const std::vector<StructuralChange::Initializer>& initializers, const std::string& refusal) {
    const Model& running = active_->sim->model();
    Simulator::ValuesByName carried;
    for (std::size_t i = 0; i < running.states.size(); ++i) {
        carried.state_paths.push_back(running.states[i].path);
        carried.state_values.push_back(snapshot_x_[i]);
    }
    for (std::size_t e = 0; e < running.time_events.size(); ++e) carried.events[running.time_events[e].path] = snapshot_fired_[e];
    for (std::size_t e = 0; e < running.sampled_events.size(); ++e) carried.samples[running.sampled_events[e].path] = snapshot_samples_[e];
    carry_discrete(sim, true);
    try {
        sim.start_at(snapshot_t_, carried, initializers);
    } catch (const std::exception& error) {
        throw StructuralChangeError(refusal + error.what() + "; the running structure goes on");
    }
}

void RealtimeSwap::prepare(std::string description, const Factory& make_next, std::vector<StructuralChange::Initializer> initializers,
                           std::chrono::milliseconds timeout) {
    take_snapshot(description, timeout);
    auto next = make_structure(make_next, description);
    start_at_snapshot(*next->sim, initializers, "'" + description + "' cannot be prepared at t = " + std::to_string(snapshot_t_) + " s: ");
    finish_preparation(std::move(next), description, initializers);
}

void RealtimeSwap::prepare(const Factory& make_current, StructuralChange change, std::chrono::milliseconds timeout) {
    const std::string description = change.description();
    take_snapshot(description, timeout);
    auto next = make_structure(make_current, description + " (the running structure, made again)");
    Simulator& sim = *next->sim;
    const Model& running = active_->sim->model();
    // The fresh tree must be the running structure: the same states, then the running parameter values.
    bool same = sim.model().states.size() == running.states.size();
    for (std::size_t i = 0; same && i < running.states.size(); ++i) same = sim.model().states[i].path == running.states[i].path;
    if (!same)
        throw StructuralChangeError("'" + description + "' cannot be prepared: the factory does not make the running structure (its states differ: " +
                                    std::to_string(sim.model().states.size()) + " against " + std::to_string(running.states.size()) + " running)");
    for (std::size_t i = 0; i < running.parameters.size(); ++i) {
        const std::size_t* k = sim.names().find_parameter(running.parameters[i].path);
        if (k && *sim.model().parameters[*k].value != snapshot_parameters_[i]) sim.set_parameter(running.parameters[i].path, snapshot_parameters_[i]);
    }
    start_at_snapshot(sim, {}, "'" + description + "' cannot be prepared: the running structure, made again, does not start at t = " +
                                   std::to_string(snapshot_t_) + " s: ");
    sim.apply(change);   // StructuralChangeError names the edit; nothing of the running structure was touched
    carry_discrete(sim, false);
    finish_preparation(std::move(next), description, change.initializers());
}

void RealtimeSwap::finish_preparation(std::unique_ptr<Structure> next, const std::string& description,
                                      const std::vector<StructuralChange::Initializer>& initializers) {
    Simulator& sim = *next->sim;
    probe_carry_over(sim, initializers, description);
    map_events(sim);
    sim.continue_segments(active_->sim->segments(), {snapshot_t_, description, sim.model().states.size()});
    sim.clear_statistics();
    pending_ = std::move(next);
    spdlog::debug("prepared '{}' for a real-time swap: {} states, {} carry-over entries, {} probed", description, sim.model().states.size(),
                  carry_.entries.size(), probed_);
    phase_.store(kReady, std::memory_order_release);
}

// M and c of x_new = c + M·x_running. Unset states matched by name are copies, unmatched unset ones constants;
// each state read by take_over or an initializer is perturbed once, and one perturbation of all of them checks
// that the map is affine.
void RealtimeSwap::probe_carry_over(Simulator& next, const std::vector<StructuralChange::Initializer>& initializers,
                                    const std::string& description) {
    const Model& running = active_->sim->model();
    std::vector<std::string> paths;   // the running states, in their order (base[k] is the value of paths[k])
    for (auto& st : running.states) paths.push_back(st.path);
    const std::vector<double>& base = snapshot_x_;
    const auto running_index = index_by_path(running.states);
    const std::size_t n = next.model().states.size();
    auto carry = [&](const std::vector<double>& previous, std::vector<std::string>* reads, std::vector<int>* written) {
        return Eigen::VectorXd(next.carry_states_from(PreviousValues(paths, previous.data(), reads), initializers, written));
    };
    std::vector<std::string> reads;
    std::vector<int> written_list;
    const Eigen::VectorXd x0 = carry(base, &reads, &written_list);
    std::sort(reads.begin(), reads.end());
    reads.erase(std::unique(reads.begin(), reads.end()), reads.end());
    std::vector<char> written(n, 0);
    for (int i : written_list) written[static_cast<std::size_t>(i)] = 1;

    carry_.entries.clear();
    carry_.constant.assign(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        if (written[i]) {
            carry_.constant[i] = x0[static_cast<Eigen::Index>(i)];
            continue;
        }
        const int k = find_index(running_index, next.model().states[i].path);
        if (k >= 0) carry_.entries.push_back({static_cast<int>(i), k, 1.0});
        else carry_.constant[i] = x0[static_cast<Eigen::Index>(i)];
    }
    std::vector<double> steps(reads.size());
    std::vector<std::size_t> columns(reads.size());   // where each read state stands among the running ones
    for (std::size_t r = 0; r < reads.size(); ++r) {
        const int column = find_index(running_index, reads[r]);   // found: it was read from them
        columns[r] = static_cast<std::size_t>(column);
        const double h = 0.01 * std::max(1.0, std::abs(base[columns[r]]));
        steps[r] = h;
        auto perturbed = base;
        perturbed[columns[r]] += h;
        const Eigen::VectorXd x = carry(perturbed, nullptr, nullptr);
        for (std::size_t i = 0; i < n; ++i) {
            if (!written[i]) continue;
            const double weight = (x[static_cast<Eigen::Index>(i)] - x0[static_cast<Eigen::Index>(i)]) / h;
            if (weight == 0.0) continue;
            carry_.entries.push_back({static_cast<int>(i), column, weight});
            carry_.constant[i] -= weight * base[columns[r]];
        }
    }
    probed_ = reads.size();
    // The check: every read state moved at once, the other way and by different amounts than the probes; the map
    // must predict the result (a curved map cannot agree on both sides).
    auto moved = base;
    for (std::size_t r = 0; r < reads.size(); ++r) moved[columns[r]] -= steps[r] * (0.5 + 0.5 * static_cast<double>(r + 1) / static_cast<double>(reads.size() + 1));
    const Eigen::VectorXd x = carry(moved, nullptr, nullptr);
    Eigen::VectorXd predicted = Eigen::Map<const Eigen::VectorXd>(carry_.constant.data(), static_cast<Eigen::Index>(n));
    for (const CarryMap::Entry& e : carry_.entries) predicted[e.row] += e.weight * moved[static_cast<std::size_t>(e.column)];
    for (std::size_t i = 0; i < n; ++i) {
        const double got = x[static_cast<Eigen::Index>(i)], want = predicted[static_cast<Eigen::Index>(i)];
        if (std::abs(got - want) <= 1e-9 * (1.0 + std::abs(got))) continue;
        std::ostringstream s;
        s << "'" << description << "' cannot be swapped in real time: the new value of " << next.model().states[i].path
          << " is not an affine function of the running states (predicted " << want << ", got " << got
          << "); a real-time swap carries states through x_new = c + M·x (apply the change with Simulator::apply instead)";
        throw StructuralChangeError(s.str());
    }
    carry(base, nullptr, nullptr);   // the checked point again
}

void RealtimeSwap::map_events(const Simulator& next) {
    const Model& running = active_->sim->model();
    const auto times = index_by_path(running.time_events), samples = index_by_path(running.sampled_events),
               crossings = index_by_path(running.zero_crossings);
    carry_.time_event_from.clear();
    carry_.sample_from.clear();
    carry_.crossing_from.clear();
    for (auto& e : next.model().time_events) carry_.time_event_from.push_back(find_index(times, e.path));
    for (auto& e : next.model().sampled_events) carry_.sample_from.push_back(find_index(samples, e.path));
    for (auto& e : next.model().zero_crossings) carry_.crossing_from.push_back(find_index(crossings, e.path));
}

}  // namespace lied
