#pragma once
// The zero-crossing functions of a built model, seen by the event locator and by CVODE's root finder.
// Each indicator has a side (+1 above, −1 below) that changes only at its events; with a hysteresis h the
// effective function is g + side·h, so an indicator above fires when g < −h and one below when g > +h.
// Also counts events and watches for chattering. Allocation-free after configure().
#include "core/solve/evaluator.h"
#include "core/integrators/integrator.h"
#include "core/model/model.h"

#include <algorithm>
#include <vector>

namespace lied {

class ZeroCrossings final : public RootFunction {
public:
    void configure(const Model& model, Evaluator& evaluator);
    std::size_t count() const override { return indicators_.size(); }
    // Effective functions at (t, x); evaluates the model's derivative path (which computes the indicators).
    bool values(double t, const double* x, double* g) override;
    // Effective functions from the signals as they are now (after an evaluation).
    void read(double* g) const;
    // Sets every side from the current signal values; the sides of `keep` (fired events) stay as they are.
    void arm(const std::vector<char>* keep = nullptr);

    // Whether effective value g of indicator i lies on the other side than the one it had.
    bool crossed(std::size_t i, double g) const { return side_[i] > 0 ? g < 0 : g > 0; }
    // Whether an event's handlers moved indicator i across zero (the signals as they are now): +1 risen, −1 fallen,
    // 0 on its side. A kink has nothing to run and counts as not moved.
    int moved(std::size_t i) const;
    // How many indicators have a handler (not kinks): none, and no event's handlers can fire another.
    std::size_t handled() const { return handled_; }
    // Indicator i crossed: flip its side; true if its direction asks for the handler to run (counted).
    bool flip(std::size_t i);
    // Indicator i crossed rising or falling, as a root finder saw it (which knows better than the side when
    // the indicator sat exactly on zero at the last event): take the side after that crossing.
    bool cross(std::size_t i, bool rising);
    // Records a crossing of indicator i at time t (either direction); true if it fired `limit` times within `interval` seconds
    // (chattering) and declares no hysteresis.
    bool chatters(std::size_t i, double t, int limit, double interval);
    void run_handler(std::size_t i) const { handlers_[i](); }

    const std::vector<long>& counts() const { return counts_; }
    void clear_counts() { std::fill(counts_.begin(), counts_.end(), 0); }
    void set_count(std::size_t i, long count) { counts_[i] = count; }
    double chatter_start(std::size_t i) const { return window_start_[i]; }
    // The total derivative buffer used by values(): ẋ at the last point evaluated.
    const std::vector<double>& derivatives() const { return xdot_; }
    // A saved simulation state (core/support/state_archive.h): each indicator's side, its count and chatter window.
    void archive(StateArchive& a) {
        a.values(side_.data(), side_.size());
        a.values(counts_.data(), counts_.size());
        a.values(window_start_.data(), window_start_.size());
        a.values(window_count_.data(), window_count_.size());
        if (!a.restoring()) return;
        for (int& s : side_) s = s >= 0 ? 1 : -1;   // a side is +1 or −1, and a count within its window, whatever the bytes said
        for (int& c : window_count_) c = std::clamp(c, 0, 1 << 30);
    }

private:
    Evaluator* evaluator_ = nullptr;
    std::vector<const double*> indicators_;
    std::vector<double> hysteresis_;
    std::vector<Crossing> direction_;
    std::vector<Block> handlers_;
    std::size_t handled_ = 0;
    std::vector<int> side_;
    std::vector<long> counts_;
    std::vector<double> window_start_;
    std::vector<int> window_count_;
    std::vector<double> xdot_;
};

}  // namespace lied
