#include "core/build/jacobian_pattern.h"

#include <algorithm>
#include <numeric>

namespace lied {
namespace {

int find_root(std::vector<int>& parent, int i) {
    while (parent[static_cast<std::size_t>(i)] != i) i = parent[static_cast<std::size_t>(i)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
    return i;
}

// Forward walks over signals and blocks with one shared visit stamp, so each walk costs what it visits.
class SignalGraph {
public:
    explicit SignalGraph(const Model& m) : m_(m), readers_(m.signals.size()), block_stamp_(m.blocks.size(), 0), signal_stamp_(m.signals.size(), 0) {
        for (std::size_t b = 0; b < m.blocks.size(); ++b)
            for (auto* r : m.blocks[b].reads)
                if (const OutBase* o = resolved_out(r)) readers_[static_cast<std::size_t>(m.signal_index(o))].push_back(static_cast<int>(b));
    }
    // Calls visit(signal index) for `from` and every signal downstream of it.
    template <class Visit>
    void walk(int from, Visit&& visit) {
        ++search_;
        stack_.assign(1, from);
        signal_stamp_[static_cast<std::size_t>(from)] = search_;
        while (!stack_.empty()) {
            const int sig = stack_.back();
            stack_.pop_back();
            visit(sig);
            for (int b : readers_[static_cast<std::size_t>(sig)]) {
                if (block_stamp_[static_cast<std::size_t>(b)] == search_) continue;
                block_stamp_[static_cast<std::size_t>(b)] = search_;
                for (auto* w : m_.blocks[static_cast<std::size_t>(b)].writes) {
                    const int ws = m_.signal_index(w);
                    if (signal_stamp_[static_cast<std::size_t>(ws)] == search_) continue;
                    signal_stamp_[static_cast<std::size_t>(ws)] = search_;
                    stack_.push_back(ws);
                }
            }
        }
    }

private:
    const Model& m_;
    std::vector<std::vector<int>> readers_;
    std::vector<std::size_t> block_stamp_, signal_stamp_;
    std::vector<int> stack_;
    std::size_t search_ = 0;
};

}  // namespace

std::vector<std::vector<int>> signal_dependencies(const Model& m, const Schedule& s, std::span<const int> sources, std::span<const int> sinks) {
    const std::size_t nt = m.tearing.size(), nr = m.residuals.size();
    // The sinks at each signal, as linked lists (a signal may be several sinks: two outputs naming one value).
    std::vector<int> first_sink(m.signals.size(), -1), next_sink(sinks.size(), -1), residual_of(m.signals.size(), -1);
    for (std::size_t k = sinks.size(); k-- > 0;) {
        const auto sig = static_cast<std::size_t>(sinks[k]);
        next_sink[k] = first_sink[sig];
        first_sink[sig] = static_cast<int>(k);
    }
    for (std::size_t r = 0; r < nr; ++r) residual_of[static_cast<std::size_t>(m.residual_signal(r))] = static_cast<int>(r);
    auto sinks_at = [&](int sig, std::vector<int>& out) {
        for (int k = first_sink[static_cast<std::size_t>(sig)]; k >= 0; k = next_sink[static_cast<std::size_t>(k)]) out.push_back(k);
    };

    // Connected parts of L: residuals joined through the columns they share.
    std::vector<int> part(nr);
    std::iota(part.begin(), part.end(), 0);
    for (std::size_t j = 0; j < nt; ++j) {
        const auto rows = s.column_rows(j);
        for (std::size_t k = 1; k < rows.size(); ++k) part[static_cast<std::size_t>(find_root(part, rows[k]))] = find_root(part, rows[0]);
    }
    // Per part: the sinks its tearing variables reach.
    SignalGraph graph(m);
    std::vector<std::vector<int>> part_sinks(nr);
    for (std::size_t j = 0; j < nt; ++j) {
        const auto rows = s.column_rows(j);
        if (rows.empty()) continue;   // L is singular then; the build refuses it elsewhere
        auto& out = part_sinks[static_cast<std::size_t>(find_root(part, rows[0]))];
        graph.walk(m.tearing_signal(j), [&](int sig) { sinks_at(sig, out); });
    }
    for (auto& list : part_sinks) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }

    std::vector<std::vector<int>> reached(sources.size());
    std::vector<int> parts_hit;
    for (std::size_t j = 0; j < sources.size(); ++j) {
        auto& out = reached[j];
        parts_hit.clear();
        graph.walk(sources[j], [&](int sig) {
            sinks_at(sig, out);
            if (residual_of[static_cast<std::size_t>(sig)] >= 0) parts_hit.push_back(find_root(part, residual_of[static_cast<std::size_t>(sig)]));
        });
        std::sort(parts_hit.begin(), parts_hit.end());
        parts_hit.erase(std::unique(parts_hit.begin(), parts_hit.end()), parts_hit.end());
        for (int q : parts_hit) out.insert(out.end(), part_sinks[static_cast<std::size_t>(q)].begin(), part_sinks[static_cast<std::size_t>(q)].end());
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }
    return reached;
}

SparsityPattern state_jacobian_pattern(const Model& m, const Schedule& s) {
    const std::size_t n = m.states.size();
    std::vector<int> values(n), derivatives(n);
    for (std::size_t i = 0; i < n; ++i) {
        values[i] = m.state_value_signal(i);
        derivatives[i] = m.state_derivative_signal(i);
    }
    const std::vector<std::vector<int>> reached = signal_dependencies(m, s, values, derivatives);
    SparsityPattern p;
    p.rows = p.columns = static_cast<int>(n);
    for (auto& rows : reached) {
        p.row_index.insert(p.row_index.end(), rows.begin(), rows.end());
        p.start.push_back(static_cast<int>(p.row_index.size()));
    }
    return p;
}

}  // namespace lied
