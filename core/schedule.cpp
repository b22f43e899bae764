#include "core/schedule.h"

#include "core/build_error.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <boost/graph/topological_sort.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

namespace lied {
namespace {

struct EdgeSignal {
    const SignalBase* signal;   // the signal the reader reads (an In, or the Out itself)
};
using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, boost::no_property, EdgeSignal>;
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
    const int n_comp = boost::strong_components(g, comp.data());
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
            const SignalBase* sig = g[e].signal;
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
    std::map<const OutBase*, int> writer;
    for (std::size_t b = 0; b < nb; ++b)
        for (auto* w : m.blocks[b].writes) writer[w] = static_cast<int>(b);
    std::map<const OutBase*, int> tearing_index;
    for (std::size_t j = 0; j < m.tearing.size(); ++j) tearing_index[m.tearing[j].variable] = static_cast<int>(j);

    Graph g(nb);
    std::vector<std::vector<int>> direct_readers(m.tearing.size());
    for (std::size_t b = 0; b < nb; ++b) {
        for (auto* r : m.blocks[b].reads) {
            const OutBase* o = resolved_out(r);
            if (!o) continue;  // optional In on its fallback
            if (auto w = writer.find(o); w != writer.end()) boost::add_edge(static_cast<Vertex>(w->second), b, EdgeSignal{r}, g);
            if (auto t = tearing_index.find(o); t != tearing_index.end()) direct_readers[static_cast<std::size_t>(t->second)].push_back(static_cast<int>(b));
        }
    }

    std::vector<Vertex> reverse_order;
    try {
        boost::topological_sort(g, std::back_inserter(reverse_order));
    } catch (const boost::not_a_dag&) {
        report_cycles(m, g);
    }

    Schedule s;
    s.order.assign(reverse_order.rbegin(), reverse_order.rend());

    // Reach set of each tearing variable: all blocks downstream of its direct readers.
    std::vector<std::vector<bool>> reach(m.tearing.size(), std::vector<bool>(nb, false));
    for (std::size_t j = 0; j < m.tearing.size(); ++j) {
        std::vector<int> stack = direct_readers[j];
        while (!stack.empty()) {
            const int b = stack.back();
            stack.pop_back();
            if (reach[j][static_cast<std::size_t>(b)]) continue;
            reach[j][static_cast<std::size_t>(b)] = true;
            for (auto [e, end] = boost::out_edges(static_cast<Vertex>(b), g); e != end; ++e)
                stack.push_back(static_cast<int>(boost::target(*e, g)));
        }
    }

    s.is_dependent.assign(nb, false);
    for (auto& r : reach)
        for (std::size_t b = 0; b < nb; ++b) if (r[b]) s.is_dependent[b] = true;
    for (int b : s.order) (s.is_dependent[static_cast<std::size_t>(b)] ? s.dependent : s.independent).push_back(m.blocks[static_cast<std::size_t>(b)].block);

    // Ancestors of the blocks that write state derivatives, walking back along the graph's edges.
    std::set<const OutBase*> derivative_outs;
    for (auto& st : m.states) derivative_outs.insert(&st.state->der);
    std::vector<bool> needed(nb, false);
    std::vector<int> stack;
    for (std::size_t b = 0; b < nb; ++b)
        for (auto* w : m.blocks[b].writes) if (derivative_outs.count(w)) stack.push_back(static_cast<int>(b));
    while (!stack.empty()) {
        const int b = stack.back();
        stack.pop_back();
        if (needed[static_cast<std::size_t>(b)]) continue;
        needed[static_cast<std::size_t>(b)] = true;
        for (auto [e, end] = boost::in_edges(static_cast<Vertex>(b), g); e != end; ++e) stack.push_back(static_cast<int>(boost::source(*e, g)));
    }
    for (int b : s.order)
        if (s.is_dependent[static_cast<std::size_t>(b)] && needed[static_cast<std::size_t>(b)]) s.finish.push_back(m.blocks[static_cast<std::size_t>(b)].block);

    std::map<const OutBase*, int> residual_index;
    for (std::size_t i = 0; i < m.residuals.size(); ++i) residual_index[m.residuals[i].residual] = static_cast<int>(i);

    // Greedy colouring: tearing variables whose reach sets do not overlap can be probed together.
    std::vector<std::vector<bool>> group_reach;
    for (std::size_t j = 0; j < m.tearing.size(); ++j) {
        std::size_t gidx = 0;
        for (; gidx < s.probe_groups.size(); ++gidx) {
            bool overlap = false;
            for (std::size_t b = 0; b < nb && !overlap; ++b) overlap = group_reach[gidx][b] && reach[j][b];
            if (!overlap) break;
        }
        if (gidx == s.probe_groups.size()) {
            s.probe_groups.emplace_back();
            group_reach.emplace_back(nb, false);
        }
        s.probe_groups[gidx].push_back(static_cast<int>(j));
        for (std::size_t b = 0; b < nb; ++b) if (reach[j][b]) group_reach[gidx][b] = true;
    }

    // Per group: the blocks of the union of reach sets. Per tearing variable: the residuals its reach writes.
    s.probe_blocks.resize(s.probe_groups.size());
    for (std::size_t gidx = 0; gidx < s.probe_groups.size(); ++gidx)
        for (int b : s.order) if (group_reach[gidx][static_cast<std::size_t>(b)]) s.probe_blocks[gidx].push_back(m.blocks[static_cast<std::size_t>(b)].block);
    s.probe_residuals.resize(m.tearing.size());
    for (std::size_t j = 0; j < m.tearing.size(); ++j)
        for (int b : s.order) {
            if (!reach[j][static_cast<std::size_t>(b)]) continue;
            for (auto* w : m.blocks[static_cast<std::size_t>(b)].writes)
                if (auto it = residual_index.find(w); it != residual_index.end()) s.probe_residuals[j].push_back(it->second);
        }
    return s;
}

}  // namespace lied
