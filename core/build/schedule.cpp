#include "core/build/schedule.h"

#include "core/model/build_error.h"
#include "core/build/sparsity_pattern.h"

#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/strong_components.hpp>

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
// The dependency graph as Boost sees it, for the cycle report (strong components): built only when the ordering
// found a cycle. The ordering itself walks the workspace's flat edge arrays, which a rebuild reuses.
using Graph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, EdgeSignal>;
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
            const char* rule_here = m.loop_rule_of(sig);
            if (std::string(rule_here) != SignalTraits<double>::loop_rule) rule = rule_here;
        }
        s << " (rule: " << rule << ")";
        if (first_rule.empty()) first_rule = rule;
        ++loops;
    }
    throw BuildError(s.str(), first_rule);
}

// Depth-first postorder over the blocks, roots by index and each block's out-edges in the order they were listed,
// reversed: the order Boost's topological_sort gives on the same edge list, without the stack and colour map it
// allocates per call (a chain's search is as deep as the chain). False if an edge closes a cycle.
bool topological_order(std::size_t nb, ScheduleWorkspace& w, std::vector<int>& order) {
    enum : char { kUnseen, kOnPath, kDone };
    w.colour.assign(nb, kUnseen);
    order.clear();
    auto& path = w.search_stack;
    path.clear();
    for (std::size_t root = 0; root < nb; ++root) {
        if (w.colour[root] != kUnseen) continue;
        w.colour[root] = kOnPath;
        path.emplace_back(static_cast<int>(root), w.out_start[root]);
        while (!path.empty()) {
            auto& [u, next_edge] = path.back();
            if (next_edge == w.out_start[static_cast<std::size_t>(u) + 1]) {
                w.colour[static_cast<std::size_t>(u)] = kDone;
                order.push_back(u);
                path.pop_back();
                continue;
            }
            const int v = w.out_target[static_cast<std::size_t>(next_edge++)];
            if (w.colour[static_cast<std::size_t>(v)] == kOnPath) return false;
            if (w.colour[static_cast<std::size_t>(v)] == kUnseen) {
                w.colour[static_cast<std::size_t>(v)] = kOnPath;
                path.emplace_back(v, w.out_start[static_cast<std::size_t>(v)]);   // `u` and `next_edge` are not used after this
            }
        }
    }
    std::reverse(order.begin(), order.end());
    return true;
}

// The cycle report needs strongly connected components: Boost's graph, built only on this error path.
[[noreturn]] void report_cycles(const Model& m, const ScheduleWorkspace& w) {
    std::vector<std::pair<std::size_t, std::size_t>> edges;
    std::vector<EdgeSignal> signals;
    for (std::size_t e = 0; e < w.edge_from.size(); ++e) {
        edges.emplace_back(static_cast<std::size_t>(w.edge_from[e]), static_cast<std::size_t>(w.edge_to[e]));
        signals.push_back(EdgeSignal{w.edge_read[e]});
    }
    report_cycles(m, Graph(boost::edges_are_unsorted_multi_pass, edges.begin(), edges.end(), signals.begin(), m.blocks.size()));
}

}  // namespace

void Schedule::clear() {
    for (auto* v : {&order, &pattern_start, &pattern_rows, &output_start, &output_rows, &probe_block_list, &on_point_positions,
                    &finish_positions, &structure})
        v->clear();
    forget_blocks();
    is_dependent.clear();
    probe_groups.clear();
    probe_block_start.clear();
    outputs_by_map = false;
    reused = false;
}

void Schedule::forget_blocks() {
    for (auto* v : {&independent, &dependent, &dependent_on_point, &finish, &by_order, &passed_through, &crawl_order_blocks}) v->clear();
    crawl_order_skipped.clear();
}

namespace {

// Everything make_schedule reads from a model except the blocks' functions and objects, as one list of numbers:
// the sizes, the signal indices of the tearing variables, residuals, state derivatives and indicators, and the
// blocks' reads and writes (where each block's part starts, then the flat lists, copied whole). Two models with
// equal lists get equal schedules up to the Block entries.
void structure_of(const Model& m, std::vector<int>& key) {
    key.clear();
    for (std::size_t n : {m.blocks.size(), m.signals.size(), m.tearing.size(), m.residuals.size(), m.states.size(), m.zero_crossings.size()})
        key.push_back(static_cast<int>(n));
    for (std::size_t j = 0; j < m.tearing.size(); ++j) key.push_back(m.tearing_signal(j));
    for (std::size_t i = 0; i < m.residuals.size(); ++i) key.push_back(m.residual_signal(i));
    for (std::size_t k = 0; k < m.states.size(); ++k) key.push_back(m.state_derivative_signal(k));
    for (auto& z : m.zero_crossings) key.push_back(m.signal_index(z.indicator));
    for (auto [starts, lists] : {std::pair{m.read_starts(), m.all_read_indices()}, std::pair{m.write_starts(), m.all_write_indices()}}) {
        for (std::size_t start : starts) key.push_back(static_cast<int>(start));
        key.insert(key.end(), lists.begin(), lists.end());
    }
}

// The Block lists from the schedule's positions and this model's blocks (the objects and functions of a structure
// whose shape is unchanged may be new: a valve replaced by another valve).
void fill_blocks(const Model& m, Schedule& s) {
    s.forget_blocks();
    const std::size_t nb = s.order.size();
    // The Block and the skip flag of every block in crawl order first, in one walk through the model's entries
    // (large, each with its path): gathered in schedule order straight from them, each block cost two cache misses.
    s.crawl_order_blocks.resize(nb);
    s.crawl_order_skipped.resize(nb);
    for (std::size_t b = 0; b < nb; ++b) {
        s.crawl_order_blocks[b] = m.blocks[b].block;
        s.crawl_order_skipped[b] = m.blocks[b].skipped;
    }
    s.by_order.reserve(nb);
    for (int b : s.order) s.by_order.push_back(s.crawl_order_blocks[static_cast<std::size_t>(b)]);
    // Skipped pass-throughs stay in by_order (a probe or a diagnosis that runs them copies what their readers read
    // anyway) and leave the lists an evaluation runs.
    auto skipped = [&](std::size_t p) { return s.crawl_order_skipped[static_cast<std::size_t>(s.order[p])] != 0; };
    for (std::size_t p = 0; p < nb; ++p) {
        if (skipped(p)) s.passed_through.push_back(s.by_order[p]);
        else (s.is_dependent[static_cast<std::size_t>(s.order[p])] ? s.dependent : s.independent).push_back(s.by_order[p]);
    }
    for (int p : s.on_point_positions)
        if (!skipped(static_cast<std::size_t>(p))) s.dependent_on_point.push_back(s.by_order[static_cast<std::size_t>(p)]);
    for (int p : s.finish_positions)
        if (!skipped(static_cast<std::size_t>(p))) s.finish.push_back(s.by_order[static_cast<std::size_t>(p)]);
}

}  // namespace

bool make_schedule(const Model& m, Schedule& s, ScheduleWorkspace& w, std::size_t reach_budget) {
    structure_of(m, w.structure);
    if (!s.structure.empty() && w.structure == s.structure) {   // the same shape as the last structure
        fill_blocks(m, s);
        s.reused = true;
        return true;
    }
    s.clear();
    const std::size_t nb = m.blocks.size();
    const std::size_t ns = m.signals.size();
    // Per registered signal: the tearing variable, residual or output it is (or -1); its writer the crawl found.
    const std::vector<int>& writer = m.signal_writer;
    for (auto* v : {&w.tearing_of, &w.residual_of, &w.output_of}) v->assign(ns, -1);
    for (std::size_t j = 0; j < m.tearing.size(); ++j) w.tearing_of[static_cast<std::size_t>(m.tearing_signal(j))] = static_cast<int>(j);
    for (std::size_t i = 0; i < m.residuals.size(); ++i) w.residual_of[static_cast<std::size_t>(m.residual_signal(i))] = static_cast<int>(i);
    for (std::size_t k = 0; k < m.states.size(); ++k) w.output_of[static_cast<std::size_t>(m.state_derivative_signal(k))] = static_cast<int>(k);
    for (std::size_t k = 0; k < m.zero_crossings.size(); ++k)
        w.output_of[static_cast<std::size_t>(m.signal_index(m.zero_crossings[k].indicator))] = static_cast<int>(m.states.size() + k);

    // Edges writer block → reader block, listed by reader (so in_start indexes them by target as they come).
    for (auto* v : {&w.edge_from, &w.edge_to, &w.edge_read, &w.in_start}) v->clear();
    w.direct_readers.resize(m.tearing.size());
    for (auto& readers : w.direct_readers) readers.clear();
    // Blocks that read only tearing variables and what other blocks write (no state, time, parameter-like input).
    w.reads_blocks_or_tearing.assign(nb, 1);
    for (std::size_t b = 0; b < nb; ++b) {
        w.in_start.push_back(static_cast<int>(w.edge_from.size()));
        const auto reads = m.read_indices(b);
        for (std::size_t i = 0; i < reads.size(); ++i) {
            if (reads[i] < 0) {   // optional In on its fallback: a member the component may change
                w.reads_blocks_or_tearing[b] = 0;
                continue;
            }
            const auto sig = static_cast<std::size_t>(reads[i]);
            if (writer[sig] < 0 && w.tearing_of[sig] < 0) w.reads_blocks_or_tearing[b] = 0;
            if (writer[sig] >= 0) {
                w.edge_from.push_back(writer[sig]);
                w.edge_to.push_back(static_cast<int>(b));
                w.edge_read.push_back(static_cast<int>(i));   // not the signal: reading BlockInfo here missed the cache
            }
            if (w.tearing_of[sig] >= 0) w.direct_readers[static_cast<std::size_t>(w.tearing_of[sig])].push_back(static_cast<int>(b));
        }
    }
    w.in_start.push_back(static_cast<int>(w.edge_from.size()));
    // The same edges by source, each block's in the order listed (a stable counting sort).
    w.out_start.assign(nb + 1, 0);
    for (int from : w.edge_from) ++w.out_start[static_cast<std::size_t>(from) + 1];
    for (std::size_t b = 0; b < nb; ++b) w.out_start[b + 1] += w.out_start[b];
    w.fill.assign(w.out_start.begin(), w.out_start.end() - 1);
    w.out_target.resize(w.edge_from.size());
    for (std::size_t e = 0; e < w.edge_from.size(); ++e) w.out_target[w.fill[static_cast<std::size_t>(w.edge_from[e])]++] = w.edge_to[e];
    auto out_edges = [&](int b) {
        return std::span<const int>(w.out_target.data() + w.out_start[static_cast<std::size_t>(b)],
                                    static_cast<std::size_t>(w.out_start[static_cast<std::size_t>(b) + 1] - w.out_start[static_cast<std::size_t>(b)]));
    };
    auto in_edges = [&](std::size_t b) {   // the writers of what b reads
        return std::span<const int>(w.edge_from.data() + w.in_start[b], static_cast<std::size_t>(w.in_start[b + 1] - w.in_start[b]));
    };

    if (!topological_order(nb, w, s.order)) report_cycles(m, w);
    std::vector<int>& position = w.position;
    position.resize(nb);
    for (std::size_t k = 0; k < nb; ++k) position[static_cast<std::size_t>(s.order[k])] = static_cast<int>(k);

    // Reach set of each tearing variable: all blocks downstream of its direct readers, as schedule positions
    // in ascending order. `stamp` marks the blocks seen in the current search without clearing a bitmap.
    // The searches find them in any order; one counting sort by position over all of them orders every set
    // (a tree's N·log N entries in small sets: sorting each set took half of this step).
    const std::size_t nt = m.tearing.size();
    std::vector<std::size_t>& reach_start = w.reach_start;
    std::vector<int>& reach = w.reach;   // positions
    std::vector<std::size_t>& stamp = w.stamp;
    std::vector<int>& stack = w.stack;
    reach_start.assign(1, 0);
    reach.clear();
    stamp.assign(nb, 0);
    stack.clear();
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
            for (int reader : out_edges(b)) stack.push_back(reader);
        }
    };
    for (std::size_t j = 0; j < nt; ++j) {
        collect_downstream(w.direct_readers[j], reach);
        reach_start.push_back(reach.size());
        if (reach_budget > 0 && reach.size() > reach_budget) {   // before the N² entries are made, sorted and probed
            s.clear();
            return false;
        }
    }
    {
        // Counting sort: the owners of the entries listed by ascending position, then each position written back
        // into its owner's set in that order.
        std::vector<int>& owners_by_position = w.owners_by_position;
        std::vector<std::size_t>& next = w.next;
        owners_by_position.resize(reach.size());
        next.assign(nb + 1, 0);
        for (int p : reach) ++next[static_cast<std::size_t>(p) + 1];
        for (std::size_t p = 0; p < nb; ++p) next[p + 1] += next[p];
        for (std::size_t j = 0; j < nt; ++j)
            for (std::size_t e = reach_start[j]; e < reach_start[j + 1]; ++e) owners_by_position[next[static_cast<std::size_t>(reach[e])]++] = static_cast<int>(j);
        w.fill.assign(reach_start.begin(), reach_start.end() - 1);
        std::size_t e = 0;
        for (std::size_t p = 0; p < nb; ++p)   // next[p] is now the end of position p's entries
            for (; e < next[p]; ++e) reach[w.fill[static_cast<std::size_t>(owners_by_position[e])]++] = static_cast<int>(p);
    }
    auto reach_of = [&](std::size_t j) {
        return std::span<const int>(reach.data() + reach_start[j], reach_start[j + 1] - reach_start[j]);
    };

    s.is_dependent.assign(nb, false);
    for (int p : reach) s.is_dependent[static_cast<std::size_t>(s.order[static_cast<std::size_t>(p)])] = true;

    // Ancestors of the blocks that write state derivatives and zero-crossing indicators (the integrator and
    // the event locator need both), walking back along the graph's edges.
    std::vector<char>& needed = w.needed;
    needed.assign(nb, 0);
    for (std::size_t k = 0; k < m.states.size(); ++k) {
        const int wr = writer[static_cast<std::size_t>(m.state_derivative_signal(k))];
        if (wr >= 0) stack.push_back(wr);
    }
    for (auto& z : m.zero_crossings) {
        const int wr = writer[static_cast<std::size_t>(m.signal_index(z.indicator))];
        if (wr >= 0) stack.push_back(wr);
    }
    while (!stack.empty()) {
        const auto b = static_cast<std::size_t>(stack.back());
        stack.pop_back();
        if (needed[b]) continue;
        needed[b] = 1;
        for (int source : in_edges(b)) stack.push_back(source);
    }
    for (std::size_t p = 0; p < nb; ++p) {
        const auto b = static_cast<std::size_t>(s.order[p]);
        if (s.is_dependent[b] && needed[b]) s.finish_positions.push_back(static_cast<int>(p));
    }

    // The structure of L: column j has a nonzero in every residual that a block of its reach set writes; the
    // same for the outputs (state derivatives, indicators) in D. The rows each block writes are looked up once,
    // by schedule position, so that the columns (N·log N reach entries on a tree) read only flat arrays.
    auto rows_by_position = [&](const std::vector<int>& row_of, std::vector<int>& start, std::vector<int>& rows) {
        start.assign(nb + 1, 0);
        rows.clear();
        for (std::size_t p = 0; p < nb; ++p) {
            for (int wr : m.write_indices(static_cast<std::size_t>(s.order[p])))
                if (const int i = row_of[static_cast<std::size_t>(wr)]; i >= 0) rows.push_back(i);
            start[p + 1] = static_cast<int>(rows.size());
        }
    };
    rows_by_position(w.residual_of, w.residual_start, w.residual_rows);
    rows_by_position(w.output_of, w.output_start, w.output_rows);
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
    std::vector<char>& fed_by_tearing_only = w.fed_by_tearing_only;
    fed_by_tearing_only.assign(nb, 0);
    for (std::size_t p = 0; p < nb; ++p) {
        const auto b = static_cast<std::size_t>(s.order[p]);
        if (!s.is_dependent[b]) continue;
        bool only = w.reads_blocks_or_tearing[b] != 0;
        for (int source : in_edges(b)) {
            if (!only) break;
            only = fed_by_tearing_only[static_cast<std::size_t>(source)] != 0;
        }
        fed_by_tearing_only[b] = only;
        if (!only || w.output_start[p + 1] > w.output_start[p]) s.on_point_positions.push_back(static_cast<int>(p));
    }

    // One entry of D costs a multiply-add, a block call several: measured on the vessels (D wins) and a tree
    // (`lied_bench --benchmark_filter=EvaluatePath`: D with N·log N entries loses by 15 %). Decided before D is
    // built: a tree's N·log N entries are then never collected.
    constexpr std::size_t kEntriesPerBlock = 4;
    s.outputs_by_map = nt > 0 && entries(w.output_start) <= kEntriesPerBlock * s.finish_positions.size();
    s.pattern_start.push_back(0);
    s.output_start.push_back(0);
    for (std::size_t j = 0; j < nt; ++j) {
        add_column(j, w.residual_start, w.residual_rows, s.pattern_rows, s.pattern_start);
        if (s.outputs_by_map) add_column(j, w.output_start, w.output_rows, s.output_rows, s.output_start);
        else s.output_start.push_back(0);
    }

    if (!s.outputs_by_map) {
        s.probe_groups = colour_columns(static_cast<int>(m.residuals.size()), s.pattern_start, s.pattern_rows);
    } else {   // colour L and D together: residual rows first, then the outputs
        w.combined_start.assign(1, 0);
        w.combined_rows.clear();
        const int residual_rows = static_cast<int>(m.residuals.size());
        for (std::size_t j = 0; j < nt; ++j) {
            for (int i : s.column_rows(j)) w.combined_rows.push_back(i);
            for (int k : s.column_outputs(j)) w.combined_rows.push_back(residual_rows + k);
            w.combined_start.push_back(static_cast<int>(w.combined_rows.size()));
        }
        s.probe_groups = colour_columns(residual_rows + static_cast<int>(m.states.size() + m.zero_crossings.size()), w.combined_start, w.combined_rows);
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
    fill_blocks(m, s);
    s.structure.swap(w.structure);
    return true;
}

}  // namespace lied
