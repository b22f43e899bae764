#pragma once
// Scalable thermofluid networks for scale tests and benchmarks, built at runtime like a system file would:
//  - chain: OutTank → N pressure drops → InTank (one tearing variable however long the chain);
//  - tree:  OutTank → valve → binary tree of Splitters → N leaves, each a valve into an InTank
//           (3N+1 components, N tearing variables);
//  - forest: `sources` OutTanks, each feeding such a tree, so that one system holds several sources and
//           independent blocks of L (a meshed network needs a junction; the thermofluid library brings it).
//  - comb, ladder, collector: manifolds and meshed networks of splitters and junctions (cut or not);
//  - grid: volumes joined by pipes, loops closed through volumes, a source per row.
#include "core/model/composite.h"
#include "thermofluid/boundaries/boundaries.h"
#include "thermofluid/processes/flow_resistance.h"
#include "thermofluid/boundaries/in_tank.h"
#include "thermofluid/topology/junction_n.h"
#include "thermofluid/boundaries/out_tank.h"
#include "thermofluid/processes/pressure_drop.h"
#include "thermofluid/topology/splitter.h"
#include "thermofluid/boundaries/volume_mix.h"

#include <memory>
#include <string>
#include <vector>

namespace lied::testing {

inline std::unique_ptr<Composite> make_chain(int n, double source_level = 2.0) {
    using namespace thermofluid;
    auto net = std::make_unique<Composite>("Chain");
    auto& source = static_cast<OutTank&>(net->add("source", std::make_unique<OutTank>()));
    source.level.start = source_level;
    FluidOutlet* upstream = &source.outlet;
    for (int i = 0; i < n; ++i) {
        // Unequal drops and inertances: a chain of equal elements would hide an indexing error.
        auto& v = static_cast<PressureDrop&>(net->add("v" + std::to_string(i),
                                                      std::make_unique<PressureDrop>(0.01, 1000.0 / n * (1 + i % 3), 100.0 / n * (1 + i % 5))));
        connect(*upstream, v.inlet);
        upstream = &v.outlet;
    }
    auto& sink = static_cast<InTank&>(net->add("sink", std::make_unique<InTank>()));
    connect(*upstream, sink.inlet);
    return net;
}

namespace detail {
// Adds the tree below `upstream` to `net`, naming everything with `prefix`. Heap numbering: splitter k has
// children 2k and 2k+1; node m ≥ leaves is leaf m − leaves.
inline void add_tree(Composite& net, thermofluid::FluidOutlet& upstream, int leaves, const std::string& prefix) {
    using namespace thermofluid;
    auto& root_valve = static_cast<PressureDrop&>(net.add(prefix + "v", std::make_unique<PressureDrop>(0.01, 100.0, 10.0)));
    connect(upstream, root_valve.inlet);
    auto attach = [&](auto&& self, int node, FluidOutlet& from) -> void {
        if (node >= leaves || leaves == 1) {
            const int leaf = leaves == 1 ? 0 : node - leaves;
            auto& v = static_cast<PressureDrop&>(net.add(prefix + "l" + std::to_string(leaf),
                                                         std::make_unique<PressureDrop>(0.01, 500.0 * (1 + leaf % 3), 50.0 * (1 + leaf % 4))));
            auto& t = static_cast<InTank&>(net.add(prefix + "t" + std::to_string(leaf), std::make_unique<InTank>()));
            t.level.start = 0.5 + 0.1 * (leaf % 5);
            connect(from, v.inlet);
            connect(v.outlet, t.inlet);
            return;
        }
        auto& s = static_cast<Splitter&>(net.add(prefix + "s" + std::to_string(node), std::make_unique<Splitter>()));
        s.L = 1.0;
        connect(from, s.inlet);
        self(self, 2 * node, s.outlet1);
        self(self, 2 * node + 1, s.outlet2);
    };
    attach(attach, 1, root_valve.outlet);
}
}  // namespace detail

inline std::unique_ptr<Composite> make_tree(int leaves) {
    auto net = std::make_unique<Composite>("Tree");
    auto& source = static_cast<thermofluid::OutTank&>(net->add("source", std::make_unique<thermofluid::OutTank>()));
    source.level.start = 2.0;
    detail::add_tree(*net, source.outlet, leaves, "");
    return net;
}

inline std::unique_ptr<Composite> make_forest(int sources, int leaves_per_source) {
    auto net = std::make_unique<Composite>("Forest");
    for (int k = 0; k < sources; ++k) {
        const std::string prefix = "n" + std::to_string(k) + "_";
        auto& source = static_cast<thermofluid::OutTank&>(net->add(prefix + "source", std::make_unique<thermofluid::OutTank>()));
        source.level.start = 1.5 + 0.25 * (k % 4);
        source.A = 0.5 + 0.1 * k;
        detail::add_tree(*net, source.outlet, leaves_per_source, prefix);
    }
    return net;
}

// A comb: a main line from a Source with N branches, each split off by a Splitter and ending in a Sink; the main
// line ends in a Sink too (N + 1 sinks, 3N + 3 components, N + 1 tearing variables). Manifolds, district lines.
// `cut` for every splitter (Splitter::cut): "true" tears its inlet, 3N + 1 tearing variables and a sparse L.
inline std::unique_ptr<Composite> make_comb(int branches, thermofluid::Cut cut = thermofluid::Cut::on) {
    using namespace thermofluid;
    auto net = std::make_unique<Composite>("Comb");
    auto& source = static_cast<Source&>(net->add("source", std::make_unique<Source>()));
    source.p0_par = 2e5;
    FluidOutlet* upstream = &source.outlet;
    auto sink = [&](const std::string& name, FluidOutlet& from) {
        auto& s = static_cast<Sink&>(net->add(name, std::make_unique<Sink>()));
        s.p0_par = 1e5;
        connect(from, s.inlet);
    };
    for (int i = 0; i < branches; ++i) {
        const std::string k = std::to_string(i);
        auto& m = static_cast<PressureDrop&>(net->add("m" + k, std::make_unique<PressureDrop>(0.01, 100.0 * (1 + i % 3), 10.0)));
        auto& s = static_cast<Splitter&>(net->add("s" + k, std::make_unique<Splitter>()));
        s.L = 1.0;
        s.cut = cut;
        auto& b = static_cast<PressureDrop&>(net->add("b" + k, std::make_unique<PressureDrop>(0.01, 5000.0 * (1 + i % 4), 50.0)));
        connect(*upstream, m.inlet);
        connect(m.outlet, s.inlet);
        connect(s.outlet1, b.inlet);
        sink("t" + k, b.outlet);
        upstream = &s.outlet2;
    }
    auto& end = static_cast<PressureDrop&>(net->add("end", std::make_unique<PressureDrop>(0.01, 5000.0, 50.0)));
    connect(*upstream, end.inlet);
    sink("sink", end.outlet);
    return net;
}

// A meshed network: two Sources, each through a pressure drop into a junction, then N rungs in series — each a
// Splitter into two parallel pressure drops that a JunctionN joins again, then a pressure drop — into one Sink
// (5N + 5 components, N + 2 tearing variables; every rung closes a loop of the flow graph). `cut` for the splitters
// and the rungs' junctions: "true" tears their inlets and outlets (5N + 2 tearing variables, a sparse L).
inline std::unique_ptr<Composite> make_ladder(int rungs, thermofluid::Cut cut = thermofluid::Cut::on) {
    using namespace thermofluid;
    auto net = std::make_unique<Composite>("Ladder");
    auto& join = static_cast<JunctionN&>(net->add("join", std::make_unique<JunctionN>(2)));
    for (int k = 1; k <= 2; ++k) {
        auto& source = static_cast<Source&>(net->add("source" + std::to_string(k), std::make_unique<Source>()));
        source.p0_par = k == 1 ? 2.0e5 : 1.9e5;
        auto& d = static_cast<PressureDrop&>(net->add("d" + std::to_string(k), std::make_unique<PressureDrop>(0.01, 1000.0 * k, 10.0)));
        connect(source.outlet, d.inlet);
        connect(d.outlet, join.inlets[k]);
    }
    FluidOutlet* upstream = &join.outlet;
    for (int i = 0; i < rungs; ++i) {
        const std::string k = std::to_string(i);
        auto& s = static_cast<Splitter&>(net->add("s" + k, std::make_unique<Splitter>()));
        s.L = 1.0;
        s.cut = cut;
        auto& a = static_cast<PressureDrop&>(net->add("a" + k, std::make_unique<PressureDrop>(0.01, 200.0 * (1 + i % 3), 20.0)));
        auto& b = static_cast<PressureDrop&>(net->add("b" + k, std::make_unique<PressureDrop>(0.01, 300.0 * (1 + i % 2), 30.0)));
        auto& j = static_cast<JunctionN&>(net->add("j" + k, std::make_unique<JunctionN>(2)));
        j.cut = cut;
        auto& c = static_cast<PressureDrop&>(net->add("c" + k, std::make_unique<PressureDrop>(0.01, 100.0, 10.0)));
        connect(*upstream, s.inlet);
        connect(s.outlet1, a.inlet);
        connect(s.outlet2, b.inlet);
        connect(a.outlet, j.inlets[1]);
        connect(b.outlet, j.inlets[2]);
        connect(j.outlet, c.inlet);
        upstream = &c.outlet;
    }
    auto& sink = static_cast<Sink&>(net->add("sink", std::make_unique<Sink>()));
    sink.p0_par = 1e5;
    connect(*upstream, sink.inlet);
    return net;
}

// Many sources joining one line: N Sources, each through a pressure drop into a JunctionN(2) on the line, which
// runs through a pressure drop to the next junction and ends in a Sink (4N + 2 components, N + 1 sources). Uncut,
// every source's column reaches every source's residual; `cut` for the junctions decides (JunctionN::cut).
inline std::unique_ptr<Composite> make_collector(int sources, thermofluid::Cut cut = thermofluid::Cut::on) {
    using namespace thermofluid;
    auto net = std::make_unique<Composite>("Collector");
    auto& first = static_cast<Source&>(net->add("source", std::make_unique<Source>()));
    first.p0_par = 2e5;
    FluidOutlet* line = &first.outlet;
    for (int i = 0; i < sources; ++i) {
        const std::string k = std::to_string(i);
        auto& feed = static_cast<Source&>(net->add("feed" + k, std::make_unique<Source>()));
        feed.p0_par = 1.8e5 + 1e3 * (i % 7);
        auto& d = static_cast<PressureDrop&>(net->add("d" + k, std::make_unique<PressureDrop>(0.01, 2000.0 * (1 + i % 3), 20.0)));
        auto& j = static_cast<JunctionN&>(net->add("j" + k, std::make_unique<JunctionN>(2)));
        j.cut = cut;
        auto& m = static_cast<PressureDrop&>(net->add("m" + k, std::make_unique<PressureDrop>(0.01, 50.0, 5.0)));
        connect(feed.outlet, d.inlet);
        connect(*line, j.inlets[1]);
        connect(d.outlet, j.inlets[2]);
        connect(j.outlet, m.inlet);
        line = &m.outlet;
    }
    auto& sink = static_cast<Sink&>(net->add("sink", std::make_unique<Sink>()));
    sink.p0_par = 1e5;
    connect(*line, sink.inlet);
    return net;
}

// A grid of volumes (a district or cabin network whose loops close through volumes, fed from several sources):
// `rows` × `cols` VolumeMix nodes n<r>_<c>, each joined to its right neighbour by a pipe h<r>_<c> and to the one
// below by a pipe v<r>_<c>. Row r is fed from the left by Source src<r> through pipe in<r> and drained at the right
// through h<r>_<cols−1> into Sink snk<r>. Every pipe is a FlowResistance with the loss dp = k·ṁ + k2·ṁ·|ṁ|; all in
// SimpleAir. 3·rows·cols + 2·rows components (fewer vertical pipes in the last row), one tearing variable per pipe.
struct GridParameters {
    double k = 1e6;         // Pa/(kg/s)
    double k2 = 0.0;        // Pa/(kg/s)²
    double V = 0.01;        // m³ per node
    double p_source = 1.2e5, p_sink = 1e5;   // Pa; source r adds 2 kPa · (r mod 3)
};
inline std::unique_ptr<Composite> make_grid(int rows, int cols, const GridParameters& g = {}) {
    using namespace thermofluid;
    auto net = std::make_unique<Composite>("Grid");
    auto name = [](const char* kind, int r, int c) { return kind + std::to_string(r) + "_" + std::to_string(c); };
    auto pipe = [&](const std::string& n) -> FlowResistance& {
        auto& p = static_cast<FlowResistance&>(net->add(n, std::make_unique<FlowResistance>()));
        p.medium.name = "SimpleAir";
        p.pLoss = lied::thermofluid::FlowResistance::Law::LinearQuadratic;
        p.k = g.k;
        p.k2 = g.k2;
        return p;
    };
    std::vector<VolumeMix*> node(static_cast<std::size_t>(rows * cols));
    auto at = [&](int r, int c) -> VolumeMix& { return *node[static_cast<std::size_t>(r * cols + c)]; };
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            auto& v = static_cast<VolumeMix&>(net->add(name("n", r, c), std::make_unique<VolumeMix>(r > 0 ? 2 : 1, r + 1 < rows ? 2 : 1)));
            v.V_par = g.V;
            v.p_start = g.p_sink;
            node[static_cast<std::size_t>(r * cols + c)] = &v;
        }
    for (int r = 0; r < rows; ++r) {
        auto& source = static_cast<Source&>(net->add("src" + std::to_string(r), std::make_unique<Source>()));
        source.medium.name = "SimpleAir";
        source.p0_par = g.p_source + 2e3 * (r % 3);
        source.T0_par = 300.0 + 10.0 * (r % 4);
        auto& feed = pipe("in" + std::to_string(r));
        connect(source.outlet, feed.inlet);
        connect(feed.outlet, at(r, 0).inlets[1]);
        for (int c = 0; c < cols; ++c) {
            auto& right = pipe(name("h", r, c));
            connect(at(r, c).outlets(1), right.inlet);
            if (c + 1 < cols) {
                connect(right.outlet, at(r, c + 1).inlets[1]);
            } else {
                auto& sink = static_cast<Sink&>(net->add("snk" + std::to_string(r), std::make_unique<Sink>()));
                sink.medium.name = "SimpleAir";
                sink.p0_par = g.p_sink;
                connect(right.outlet, sink.inlet);
            }
            if (r + 1 < rows) {
                auto& down = pipe(name("v", r, c));
                connect(at(r, c).outlets(2), down.inlet);
                connect(down.outlet, at(r + 1, c).inlets[2]);
            }
        }
    }
    return net;
}

}  // namespace lied::testing
