#include "core/simulation/zero_crossings.h"

#include <algorithm>

namespace lied {

void ZeroCrossings::configure(const Model& model, Evaluator& evaluator) {
    evaluator_ = &evaluator;
    indicators_.clear();
    hysteresis_.clear();
    direction_.clear();
    handlers_.clear();
    for (auto& z : model.zero_crossings) {
        indicators_.push_back(&z.indicator->value());
        hysteresis_.push_back(z.hysteresis);
        direction_.push_back(z.direction);
        handlers_.push_back(z.handler);
    }
    const std::size_t n = indicators_.size();
    handled_ = static_cast<std::size_t>(std::count_if(handlers_.begin(), handlers_.end(), [](const Block& b) { return b.object != nullptr; }));
    side_.assign(n, 1);
    counts_.assign(n, 0);
    window_start_.assign(n, -1e300);
    window_count_.assign(n, 0);
    xdot_.assign(model.states.size(), 0.0);
}

void ZeroCrossings::read(double* g) const {
    for (std::size_t i = 0; i < indicators_.size(); ++i) g[i] = *indicators_[i] + side_[i] * hysteresis_[i];
}

bool ZeroCrossings::values(double t, const double* x, double* g) {
    if (!evaluator_->derivatives_and_keep(t, x, xdot_.data())) return false;   // a step's end: its next stage starts there
    read(g);
    return true;
}

void ZeroCrossings::arm(const std::vector<char>* keep) {
    for (std::size_t i = 0; i < indicators_.size(); ++i) {
        if (keep && (*keep)[i]) continue;
        const double g = *indicators_[i];
        if (g > hysteresis_[i]) side_[i] = 1;
        else if (g < -hysteresis_[i]) side_[i] = -1;
        // Exactly on zero at the start: on the side it has not crossed to yet, so that leaving zero in its direction
        // fires (Modelica: u > 0 turns true when u rises from 0); either way counts as above.
        else if (hysteresis_[i] == 0.0 && g == 0.0 && !keep) side_[i] = direction_[i] == Crossing::Up ? -1 : 1;
    }
}

int ZeroCrossings::moved(std::size_t i) const {
    if (!handlers_[i].object) return 0;   // a kink (Meta::kink)
    const double g = *indicators_[i] + side_[i] * hysteresis_[i];
    if (side_[i] < 0 && g > 0) return 1;
    if (side_[i] > 0 && g < 0) return -1;
    return 0;
}

bool ZeroCrossings::flip(std::size_t i) { return cross(i, side_[i] < 0); }

bool ZeroCrossings::cross(std::size_t i, bool rising) {
    side_[i] = rising ? 1 : -1;
    const bool runs = direction_[i] == Crossing::Both || (direction_[i] == Crossing::Up) == rising;
    counts_[i] += runs;
    return runs;
}

bool ZeroCrossings::chatters(std::size_t i, double t, int limit, double interval) {
    if (t - window_start_[i] > interval) {
        window_start_[i] = t;
        window_count_[i] = 1;
    } else {
        ++window_count_[i];
    }
    return hysteresis_[i] == 0.0 && window_count_[i] >= limit;
}

}  // namespace lied
