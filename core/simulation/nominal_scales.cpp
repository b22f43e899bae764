// Nominal values from the system's own scale. A state whose nominal follows a system default (NominalScale) that no
// provider in scope sets takes it from what the system does at its start: the states of each group (the same key and
// provider) settle with every other state held at its start value (for thermofluid: the flows the start's pressures
// drive through the network, volumes and boundaries held), and the largest |value| / factor is the group's scale, at
// most the fallback. The cap is there because holding the storage overestimates where it is small (a small volume
// fills within microseconds, and the flow the start drives into it never happens), and the harm is one-sided: a
// nominal too large loosens the absolute tolerance of the small values, one too small only costs steps near zero.
// It is measured on the simulator's own values and put back: the start itself is not moved.
#include "core/simulation/simulator.h"

#include "core/solve/steady_state.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace lied {

namespace {

// A settled value below this share of the fallback is a system at rest at its start (a flow of rounding noise where
// equal pressures meet): no scale, the fallback holds.
constexpr double kAtRest = 1e-6;
// The measure is a Newton solve on the group's states, a Jacobian (up to one evaluation per state: the flows of a
// network are coupled through its inertial pressures) per iteration. Beyond these sizes it costs more than building
// the system (a splitter tree of 100 valves: 20 ms against a 1 ms build), and such a system keeps the fallback unless
// a provider sets the scale.
constexpr std::size_t kMostMeasuredStates = 50;
constexpr std::size_t kMostMeasuredBlocks = 1000;

const std::string& provider_path(const Model& m, const StateInfo& s) {
    static const std::string none;
    return s.scale_provider < 0 ? none : m.default_providers[static_cast<std::size_t>(s.scale_provider)].path;
}

// The group of a state: its key and its provider's path (nullptr: none yet).
template <class Groups>
auto group_of(Groups& groups, const Model& m, const StateInfo& s) -> decltype(&*groups.begin()) {
    for (auto& e : groups)
        if (e.key == s.scale.key && e.provider == provider_path(m, s)) return &e;
    return nullptr;
}

// The group of a state, made (empty) if it has none yet.
template <class Groups>
auto& group_made_for(Groups& groups, const Model& m, const StateInfo& s, int index) {
    if (auto* group = group_of(groups, m, s)) return *group;
    return groups.emplace_back(typename Groups::value_type{s.scale.key, provider_path(m, s), 0.0, index});
}

}  // namespace

// Every state of a group takes the group's scale. Groups a structure change brought in start without one (their
// states keep the fallback until the next reset). Allocation-free for groups already known.
void Simulator::apply_estimated_scales() {
    for (StateInfo& s : model_.states) {
        s.estimated_scale = 0.0;
        if (s.scale.key.empty()) continue;
        if (const EstimatedScale* group = group_of(estimated_scales_, model_, s)) s.estimated_scale = group->value;
    }
    model_.apply_system_defaults();
}

void Simulator::remember_estimated_scales() {
    for (EstimatedScale& e : estimated_scales_) e.value = 0.0;
    for (std::size_t i = 0; i < model_.states.size(); ++i) {
        const StateInfo& s = model_.states[i];
        if (s.estimated_scale <= 0.0) continue;
        group_made_for(estimated_scales_, model_, s, static_cast<int>(i)).value = s.estimated_scale;
    }
}

void Simulator::estimate_nominal_scales() {
    // The solve is scaled by the fallbacks, never by an earlier reset's estimate: a reset gives the same start whatever
    // ran before. What the last reset measured only decides whether the log says it again.
    const std::vector<EstimatedScale> previous = estimated_scales_;
    estimated_scales_.clear();
    std::vector<int> free;
    bool had_scales = false;   // an earlier reset's scales in force: dropping them moves the solver's tolerances
    for (std::size_t i = 0; i < model_.states.size(); ++i) {
        StateInfo& s = model_.states[i];
        if (s.estimated_scale > 0.0 && model_.scale_left_to_system(s)) had_scales = true;
        s.estimated_scale = 0.0;
        if (model_.scale_left_to_system(s)) free.push_back(static_cast<int>(i));
    }
    model_.apply_system_defaults();
    if (free.empty()) return;   // no nominal depends on a measured scale
    const StateInfo& first = model_.states[static_cast<std::size_t>(free.front())];
    if (free.size() > kMostMeasuredStates || model_.blocks.size() > kMostMeasuredBlocks) {
        spdlog::info("no nominal scale from the start: {} states follow {} in {} blocks, more than the measure takes ({} states, {} "
                     "blocks); they keep the fallback {} (a provider of {} can set one)",
                     free.size(), first.scale.key, model_.blocks.size(), kMostMeasuredStates, kMostMeasuredBlocks, first.scale.fallback,
                     first.scale.key);
        if (had_scales) {
            configure_integrator();
            restart_integrator();
        }
        return;
    }
    const auto began = std::chrono::steady_clock::now();

    const Eigen::VectorXd start = x_;
    SteadyStateSettings settings;
    settings.tolerance = 1e-8;   // a scale, not a result: settled to 1e-8 of the fallback per second is plenty
    settings.max_iterations = 50;   // the examples settle within 15
    const SteadyStateResult settled = solve_steady_state(evaluator_, jacobian_pattern(), nominals(), t_, x_, free, settings);
    if (settled.converged)
        for (int i : free) {
            const StateInfo& s = model_.states[static_cast<std::size_t>(i)];
            const double scale = std::min(std::abs(x_[i]) / std::abs(s.scale.factor), s.scale.fallback);
            if (!std::isfinite(scale)) continue;
            EstimatedScale& group = group_made_for(estimated_scales_, model_, s, i);
            if (scale > group.value) {
                group.value = scale;
                group.largest_state = i;
            }
        }
    for (EstimatedScale& e : estimated_scales_)
        if (e.value < kAtRest * model_.states[static_cast<std::size_t>(e.largest_state)].scale.fallback) e.value = 0.0;
    // Back to the start: the states, and every signal evaluated there.
    x_ = start;
    for (std::size_t i = 0; i < model_.states.size(); ++i) model_.states[i].state->value.value() = x_[static_cast<Eigen::Index>(i)];
    evaluator_.evaluate(t_, x_.data());
    apply_estimated_scales();

    spdlog::debug("nominal scales measured in {:.2f} ms: {} states, {} iterations, {} evaluations",
                  std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count(), free.size(),
                  settled.iterations, settled.evaluations);
    if (!settled.converged)
        spdlog::info("no nominal scale from the start: the states that follow {} do not settle with the others held ({} iterations); "
                     "they keep the fallback {} (a provider of {} can set one)",
                     first.scale.key, settled.iterations, first.scale.fallback, first.scale.key);
    for (const EstimatedScale& e : estimated_scales_) {
        const StateInfo& largest = model_.states[static_cast<std::size_t>(e.largest_state)];
        const EstimatedScale* before = group_of(previous, model_, largest);
        if (before && before->value == e.value) continue;   // a reset that measured the same (a loader resets once more)
        if (e.value > 0.0)
            spdlog::info("nominal scale {}{}{} = {:.4g} {} from the start: the largest settled value, {}{}", e.key,
                         e.provider.empty() ? "" : " below ", e.provider, e.value, largest.scale.factor == 1.0 ? largest.unit : "",
                         largest.path,
                         e.value == largest.scale.fallback ? " (capped at the fallback)" : "");
        else
            spdlog::info("no nominal scale {}{}{} from the start: its states settle at rest; they keep the fallback {}", e.key,
                         e.provider.empty() ? "" : " below ", e.provider, largest.scale.fallback);
    }
    configure_integrator();   // the tolerances follow the nominals
    restart_integrator();
}

}  // namespace lied
