#include "core/schedule.h"

#include "core/build_error.h"
#include "core/sparsity_pattern.h"

#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/strong_components.hpp>
#include <boost/graph/topological_sort.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <span>
#include <sstream>

namespace lied {
namespace {

struct EdgeSignal {
    int read;   // which of the reader block's reads (an In, or the Out itself): only a cycle's message needs the signal
};
// Built once per structure from the edge list and never changed: Boost's compressed-sparse-row graph holds it in
// a few flat arrays (an adjacency list allocated per vertex and edge, a fifth of a small rebuild).
using Graph = boost::compressed_sparse_row_graph<boost::bidirectionalS, boost::no_property, EdgeSignal>;
using Vertex = Graph::vertex_descriptor;

// One cycle inside a strongly connected component, as a list of edges.
std::vector<Graph::edge_descriptor> find_cycle(const Graph& g, const std::vector<int>& comp, int c, Vertex start) {
    std::map<Vertex, Graph::edge_descriptor> parent_edge;
    std::vector<Vertex> stack{start};
    std::set<Vertex> visited{start};
    while (!stack.empty()) {
        Vertex v = stack.back();
        stack.pop_back();
        for (auto [e, end] = boost::out_edges(v, g); e != end; ++e) {
            Vertex w = boost::target(*e, g);
            if (comp[w] != c) continue;
            if (w == start) {  // closed: walk back through the parents
                std::vector<Graph::edge_descriptor> cycle{*e};
                for (Vertex x = v; x != start; x = boost::source(parent_edge.at(x), g)) cycle.push_back(parent_edge.at(x));
                std::reverse(cycle.begin(), cycle.end());
                return cycle;
            }
            if (visited.insert(w).second) {
                parent_edge[w] = *e;
                stack.push_back(w);
            }
        }
    }
    return {};
}

[[noreturn]] void report_cycles(const Model& m, const Graph& g) {
    std::vector<int> comp(boost::num_vertices(g));
    const int n_comp = boost::strong_components(g, boost::make_iterator_property_map(comp.begin(), boost::get(boost::vertex_index, g)));
    std::vector<int> size(static_cast<std::size_t>(n_comp), 0);
    for (int c : comp) ++size[static_cast<std::size_t>(c)];

    std::ostringstream s;
    std::string first_rule;
    int loops = 0;
    std::set<int> reported;
    for (Vertex v = 0; v < boost::num_vertices(g); ++v) {
        const int c = comp[v];
        bool self_loop = false;
        for (auto [e, end] = boost::out_edges(v, g); e != end; ++e) self_loop |= boost::target(*e, g) == v;
        if ((size[static_cast<std::size_t>(c)] < 2 && !self_loop) || !reported.insert(c).second) continue;
        auto cycle = find_cycle(g, comp, c, v);
        std::string rule = SignalTraits<double>::loop_rule;
        s << (loops ? "\n" : "") << "algebraic loop not broken by a state or tearing variable: ";
        s << m.blocks[boost::source(cycle.front(), g)].path;
        for (auto& e : cycle) {
            const SignalBase* sig = m.blocks[boost::target(e, g)].reads[static_cast<std::size_t>(g[e].read)];
            s << " -[" << m.signal_name(sig) << "]-> " << m.blocks[boost::target(e, g)].path;
            if (std::string(sig->loop_rule()) != SignalTraits<double>::loop_rule) rule = sig->loop_rule();
        }
        s << " (rule: " << rule << ")";
        if (first_rule.empty()) first_rule = rule;
        ++loops;
    }
    throw BuildError(s.str(), first_rule);
}

}  // namespace

Schedule make_schedule(const Model& m) {
    const std::size_t nb = m.blocks.size();
    const std::size_t ns = m.signals.size();
    // Per registered signal: the block that writes it, the tearing variable or residual it is (or -1).
    std::vector<int> writer(ns, -1), tearing_of(ns, -1), residual_of(ns, -1), output_of(ns, -1);
    for (std::size_t b = 0; b < nb; ++b)
        for (int w : m.write_indices(b)) writer[static_cast<std::size_t>(w)] = static_cast<int>(b);
    for (std::size_t j = 0; j < m.tearing.size(); ++j) tearing_of[static_cast<std::size_t>(m.signal_index(m.tearing[j].variable))] = static_cast<int>(j);
    for (std::size_t i = 0; i < m.residuals.size(); ++i) residual_of[static_cast<std::size_t>(m.signal_index(m.residuals[i].residual))] = static_cast<int>(i);
    for (std::size_t k = 0; k < m.states.size(); ++k) output_of[static_cast<std::size_t>(m.signal_index(&m.states[k].state->der))] = static_cast<int>(k);
    for (std::size_t k = 0; k < m.zero_crossings.size(); ++k)
        output_of[static_cast<std::size_t>(m.signal_index(m.zero_crossings[k].indicator))] = static_cast<int>(m.states.size() + k);

    std::vector<std::pair<std::size_t, std::size_t>> edges;   // writer block → reader block
    std::vector<EdgeSignal> edge_signals;
    std::vector<std::vector<int>> direct_readers(m.tearing.size());
    // Blocks that read only tearing variables and what other blocks write (no state, time, parameter-like input).
    std::vector<bool> reads_blocks_or_tearing(nb, true);
    for (std::size_t b = 0; b < nb; ++b) {
        const auto reads = m.read_indices(b);
        for (std::size_t i = 0; i < reads.size(); ++i) {
            if (reads[i] < 0) {   // optional In on its fallback: a member the component may change
                reads_blocks_or_tearing[b] = false;
                continue;
            }
            const auto sig = static_cast<std::size_t>(reads[i]);
            if (writer[sig] < 0 && tearing_of[sig] < 0) reads_blocks_or_tearing[b] = false;
            if (writer[sig] >= 0) {
                edges.emplace_back(static_cast<std::size_t>(writer[sig]), b);
                edge_signals.push_back(EdgeSignal{static_cast<int>(i)});   // not the signal: reading BlockInfo here missed the cache
            }
            if (tearing_of[sig] >= 0) direct_readers[static_cast<std::size_t>(tearing_of[sig])].push_back(static_cast<int>(b));
        }
    }
    const Graph g(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(), edge_signals.begin(), nb);

    std::vector<Vertex> reverse_order;
    try {
        boost::topological_sort(g, std::back_inserter(reverse_order));
    } catch (const boost::not_a_dag&) {
        report_cycles(m, g);
    }

    Schedule s;
    s.order.assign(reverse_order.rbegin(), reverse_order.rend());
    std::vector<int> position(nb);
    for (std::size_t k = 0; k < nb; ++k) position[static_cast<std::size_t>(s.order[k])] = static_cast<int>(k);
    s.by_order.reserve(nb);
    for (int b : s.order) s.by_order.push_back(m.blocks[static_cast<std::size_t>(b)].block);

    // Reach set of each tearing variable: all blocks downstream of its direct readers, as schedule positions
    // in ascending order. `stamp` marks the blocks seen in the current search without clearing a bitmap.
    // The searches find them in any order; one counting sort by position over all of them orders every set
    // (a tree's N·log N entries in small sets: sorting each set took half of this step).
    const std::size_t nt = m.tearing.size();
    std::vector<std::size_t> reach_start{0};
    std::vector<int> reach;   // positions
    std::vector<std::size_t> stamp(nb, 0);
    std::vector<int> stack;
    std::size_t search = 0;
    auto collect_downstream = [&](const std::vector<int>& roots, std::vector<int>& out) {
        ++search;
        stack.assign(roots.begin(), roots.end());
        while (!stack.empty()) {
            const int b = stack.back();
            stack.pop_back();
            if (stamp[static_cast<std::size_t>(b)] == search) continue;
            stamp[static_cast<std::size_t>(b)] = search;
            out.push_back(position[static_cast<std::size_t>(b)]);
            for (auto [e, end] = boost::out_edges(static_cast<Vertex>(b), g); e != end; ++e)
                stack.push_back(static_cast<int>(boost::target(*e, g)));
        }
    };
    for (std::size_t j = 0; j < nt; ++j) {
        collect_downstream(direct_readers[j], reach);
        reach_start.push_back(reach.size());
    }
    {
        // Counting sort: the owners of the entries listed by ascending position, then each position written back
        // into its owner's set in that order.
        std::vector<int> owners_by_position(reach.size());
        std::vector<std::size_t> next(nb + 1, 0);
        for (int p : reach) ++next[static_cast<std::size_t>(p) + 1];
        for (std::size_t p = 0; p < nb; ++p) next[p + 1] += next[p];
        for (std::size_t j = 0; j < nt; ++j)
            for (std::size_t e = reach_start[j]; e < reach_start[j + 1]; ++e) owners_by_position[next[static_cast<std::size_t>(reach[e])]++] = static_cast<int>(j);
        std::vector<std::size_t> fill(reach_start.begin(), reach_start.end() - 1);
        std::size_t e = 0;
        for (std::size_t p = 0; p < nb; ++p)   // next[p] is now the end of position p's entries
            for (; e < next[p]; ++e) reach[fill[static_cast<std::size_t>(owners_by_position[e])]++] = static_cast<int>(p);
    }
    auto reach_of = [&](std::size_t j) {
        return std::span<const int>(reach.data() + reach_start[j], reach_start[j + 1] - reach_start[j]);
    };

    s.is_dependent.assign(nb, false);
    for (int p : reach) s.is_dependent[static_cast<std::size_t>(s.order[static_cast<std::size_t>(p)])] = true;
    for (std::size_t p = 0; p < nb; ++p) (s.is_dependent[static_cast<std::size_t>(s.order[p])] ? s.dependent : s.independent).push_back(s.by_order[p]);

    // Ancestors of the blocks that write state derivatives and zero-crossing indicators (the integrator and
    // the event locator need both), walking back along the graph's edges.
    std::vector<bool> needed(nb, false);
    for (auto& st : m.states) {
        const int w = writer[static_cast<std::size_t>(m.signal_index(&st.state->der))];
        if (w >= 0) stack.push_back(w);
    }
    for (auto& z : m.zero_crossings) {
        const int w = writer[static_cast<std::size_t>(m.signal_index(z.indicator))];
        if (w >= 0) stack.push_back(w);
    }
    while (!stack.empty()) {
        const int b = stack.back();
        stack.pop_back();
        if (needed[static_cast<std::size_t>(b)]) continue;
        needed[static_cast<std::size_t>(b)] = true;
        for (auto [e, end] = boost::in_edges(static_cast<Vertex>(b), g); e != end; ++e) stack.push_back(static_cast<int>(boost::source(*e, g)));
    }
    for (std::size_t p = 0; p < nb; ++p) {
        const auto b = static_cast<std::size_t>(s.order[p]);
        if (s.is_dependent[b] && needed[b]) s.finish.push_back(s.by_order[p]);
    }

    // The structure of L: column j has a nonzero in every residual that a block of its reach set writes; the
    // same for the outputs (state derivatives, indicators) in D. The rows each block writes are looked up once,
    // by schedule position, so that the columns (N·log N reach entries on a tree) read only flat arrays.
    auto rows_by_position = [&](const std::vector<int>& row_of, std::vector<int>& start, std::vector<int>& rows) {
        start.assign(nb + 1, 0);
        for (std::size_t p = 0; p < nb; ++p) {
            for (int w : m.write_indices(static_cast<std::size_t>(s.order[p])))
                if (const int i = row_of[static_cast<std::size_t>(w)]; i >= 0) rows.push_back(i);
            start[p + 1] = static_cast<int>(rows.size());
        }
    };
    std::vector<int> residual_start, residual_rows, output_start, output_rows;
    rows_by_position(residual_of, residual_start, residual_rows);
    rows_by_position(output_of, output_start, output_rows);
    auto add_column = [&](std::size_t j, const std::vector<int>& written_start, const std::vector<int>& written, std::vector<int>& rows,
                          std::vector<int>& start) {
        const std::size_t first = rows.size();
        for (int p : reach_of(j))
            for (int k = written_start[static_cast<std::size_t>(p)]; k < written_start[static_cast<std::size_t>(p) + 1]; ++k)
                rows.push_back(written[static_cast<std::size_t>(k)]);
        std::sort(rows.begin() + static_cast<std::ptrdiff_t>(first), rows.end());
        start.push_back(static_cast<int>(rows.size()));
    };
    // Every residual and output has one writer (checked by the crawl) and a reach set holds each block once, so a
    // column repeats no row and its length is known before it is built.
    auto entries = [&](const std::vector<int>& written_start) {
        std::size_t n = 0;
        for (std::size_t j = 0; j < nt; ++j)
            for (int p : reach_of(j)) n += static_cast<std::size_t>(written_start[static_cast<std::size_t>(p) + 1] - written_start[static_cast<std::size_t>(p)]);
        return n;
    };
    // Dependent blocks fed only by tearing variables (directly or through such blocks) are constant at z = 0. One
    // that writes an output must still run: the evaluator overwrites outputs with their values at the solution.
    std::vector<bool> fed_by_tearing_only(nb, false);
    for (std::size_t p = 0; p < nb; ++p) {
        const auto b = static_cast<std::size_t>(s.order[p]);
        if (!s.is_dependent[b]) continue;
        bool only = reads_blocks_or_tearing[b];
        for (auto [e, end] = boost::in_edges(static_cast<Vertex>(b), g); only && e != end; ++e)
            only = fed_by_tearing_only[boost::source(*e, g)];
        fed_by_tearing_only[b] = only;
        if (!only || output_start[p + 1] > output_start[p]) s.dependent_on_point.push_back(s.by_order[p]);
    }

    // One entry of D costs a multiply-add, a block call several: measured on the vessels (D wins) and a tree
    // (`lied_bench --benchmark_filter=EvaluatePath`: D with N·log N entries loses by 15 %). Decided before D is
    // built: a tree's N·log N entries are then never collected.
    constexpr std::size_t kEntriesPerBlock = 4;
    s.outputs_by_map = nt > 0 && entries(output_start) <= kEntriesPerBlock * s.finish.size();
    s.pattern_start.push_back(0);
    s.output_start.push_back(0);
    for (std::size_t j = 0; j < nt; ++j) {
        add_column(j, residual_start, residual_rows, s.pattern_rows, s.pattern_start);
        if (s.outputs_by_map) add_column(j, output_start, output_rows, s.output_rows, s.output_start);
        else s.output_start.push_back(0);
    }

    if (!s.outputs_by_map) {
        s.probe_groups = colour_columns(static_cast<int>(m.residuals.size()), s.pattern_start, s.pattern_rows);
    } else {   // colour L and D together: residual rows first, then the outputs
        std::vector<int> combined_start{0}, combined_rows;
        const int residual_rows = static_cast<int>(m.residuals.size());
        for (std::size_t j = 0; j < nt; ++j) {
            for (int i : s.column_rows(j)) combined_rows.push_back(i);
            for (int k : s.column_outputs(j)) combined_rows.push_back(residual_rows + k);
            combined_start.push_back(static_cast<int>(combined_rows.size()));
        }
        s.probe_groups = colour_columns(residual_rows + static_cast<int>(m.states.size() + m.zero_crossings.size()), combined_start, combined_rows);
    }

    // Per group: the union of its members' reach sets, in schedule order.
    s.probe_block_start.push_back(0);
    for (auto& members : s.probe_groups) {
        ++search;
        const std::size_t first = s.probe_block_list.size();
        for (int j : members)
            for (int p : reach_of(static_cast<std::size_t>(j)))
                if (stamp[static_cast<std::size_t>(p)] != search) {   // stamp reused, indexed by position here
                    stamp[static_cast<std::size_t>(p)] = search;
                    s.probe_block_list.push_back(p);
                }
        if (members.size() > 1)   // one reach set is ascending already (on a tree, every group is one column)
            std::sort(s.probe_block_list.begin() + static_cast<std::ptrdiff_t>(first), s.probe_block_list.end());
        s.probe_block_start.push_back(s.probe_block_list.size());
    }
    return s;
}

}  // namespace lied
