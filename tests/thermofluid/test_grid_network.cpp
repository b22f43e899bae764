// A grid of volumes (testing::make_grid): a meshed network whose loops close through volumes, fed by one source per
// row. Checked here: the steady state against the linear network solved in this file (Kirchhoff at every node,
// ṁ = Δp/k on every pipe), mass and energy balance of the whole grid at every evaluation of a transient, and L
// staying sparse with a fixed number of probe passes however large the grid.
#include "core/simulation/simulator.h"
#include "support/derivative_of.h"
#include "support/networks.h"

#include <doctest/doctest.h>

#include <Eigen/Dense>

#include <cmath>
#include <string>

using namespace lied;

namespace {

std::string node(int r, int c) { return "n" + std::to_string(r) + "_" + std::to_string(c); }
std::string pipe(const char* kind, int r, int c) { return kind + std::to_string(r) + "_" + std::to_string(c); }

// The steady state of make_grid with linear pipes (k2 = 0), written independently of the components: unknown node
// pressures P, every pipe carries (p_from − p_to)/k, and what enters a node leaves it. A gas volume's outlet sends its
// own pressure and its inlet receives at its own pressure, so the pipes between them see exactly these two.
Eigen::VectorXd grid_pressures_by_hand(int rows, int cols, const testing::GridParameters& g) {
    const int n = rows * cols;
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(n, n);
    Eigen::VectorXd b = Eigen::VectorXd::Zero(n);
    auto id = [&](int r, int c) { return r * cols + c; };
    auto link = [&](int i, int j) {   // a pipe between two nodes
        A(i, i) += 1.0, A(j, j) += 1.0, A(i, j) -= 1.0, A(j, i) -= 1.0;
    };
    for (int r = 0; r < rows; ++r) {
        const double p_source = g.p_source + 2e3 * (r % 3);
        A(id(r, 0), id(r, 0)) += 1.0;   // from the source
        b[id(r, 0)] += p_source;
        A(id(r, cols - 1), id(r, cols - 1)) += 1.0;   // to the sink
        b[id(r, cols - 1)] += g.p_sink;
        for (int c = 0; c < cols; ++c) {
            if (c + 1 < cols) link(id(r, c), id(r, c + 1));
            if (r + 1 < rows) link(id(r, c), id(r + 1, c));
        }
    }
    return A.lu().solve(b);   // the common factor 1/k drops out
}

}  // namespace

TEST_CASE("a grid of volumes reaches the steady state of the linear network solved by hand") {
    const int rows = 3, cols = 4;
    const testing::GridParameters g;
    auto net = testing::make_grid(rows, cols, g);
    Simulator sim(*net);
    sim.initialize_steady_state();
    const Eigen::VectorXd P = grid_pressures_by_hand(rows, cols, g);
    // The hand solution is exact up to the LU's rounding; the steady state is Newton's to its tolerance on the
    // derivatives (ṁ of 1e-2 kg/s against k = 1e6 Pa/(kg/s)): 1e-8 relative on pressures of 1e5 Pa is 1 mPa.
    for (int r = 0; r < rows; ++r) {
        double into_row = 0.0;
        for (int c = 0; c < cols; ++c) {
            CAPTURE(node(r, c));
            CHECK(sim.value(node(r, c) + ".p") == doctest::Approx(P[r * cols + c]).epsilon(1e-8));
            const double p_right = c + 1 < cols ? P[r * cols + c + 1] : g.p_sink;
            CHECK(sim.value(pipe("h", r, c) + ".m_flow") == doctest::Approx((P[r * cols + c] - p_right) / g.k).epsilon(1e-6));
            if (r + 1 < rows)
                CHECK(sim.value(pipe("v", r, c) + ".m_flow") == doctest::Approx((P[r * cols + c] - P[(r + 1) * cols + c]) / g.k).epsilon(1e-6));
        }
        into_row = sim.value("in" + std::to_string(r) + ".m_flow");
        CHECK(into_row == doctest::Approx((g.p_source + 2e3 * (r % 3) - P[r * cols]) / g.k).epsilon(1e-6));
    }
    // The sources differ, so the vertical pipes do carry flow: a grid of equal rows would not test them.
    CHECK(std::abs(sim.value("v0_0.m_flow")) > 1e-4);
}

TEST_CASE("a grid of volumes conserves mass, and energy up to TFS's reverse-flow convention, at every evaluation of a transient") {
    const int rows = 3, cols = 5;
    testing::GridParameters g;
    g.k2 = 5e7;   // nonlinear pipes: the balances must not depend on the loss law
    auto net = testing::make_grid(rows, cols, g);
    Simulator sim(*net);
    const auto h = [&](int r, int c) { return sim.value(node(r, c) + ".h"); };
    int checked = 0;
    double reversed = 0.0;   // the largest energy flow the convention did not conserve, W
    for (int k = 0; k < 400; ++k) {
        sim.step(1e-3);
        if (k % 40 != 0) continue;
        double dM = 0.0, dU = 0.0;
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                dM += test::derivative_of(sim, node(r, c) + ".M", sim.time());
                dU += test::derivative_of(sim, node(r, c) + ".U_med", sim.time());
            }
        double in = 0.0, out = 0.0, H = 0.0, scale = 0.0, H_scale = 0.0;
        auto add = [&](double m_h) { H += m_h, H_scale += std::abs(m_h); };
        for (int r = 0; r < rows; ++r) {
            const double m_in = sim.value("in" + std::to_string(r) + ".m_flow");
            const double m_out = sim.value(pipe("h", r, cols - 1) + ".m_flow");
            in += m_in, out += m_out, scale += std::abs(m_in) + std::abs(m_out);
            add(m_in * (m_in >= 0 ? sim.value("src" + std::to_string(r) + ".h") : h(r, 0)));
            add(-m_out * h(r, cols - 1));
        }
        // Between two volumes a reversed stream leaves the downstream volume B through its inlet with B's h, and
        // enters the upstream volume A through its outlet with A's h (the outlet knows no other: the state travels
        // downstream only, as in ThermofluidStream's directed streams), so the pair's energy changes by ṁ·(h_B − h_A).
        auto internal = [&](const std::string& name, int ra, int ca, int rb, int cb) {
            const double m = sim.value(name + ".m_flow");
            if (m >= 0) return;
            add(m * (h(rb, cb) - h(ra, ca)));
            reversed = std::max(reversed, std::abs(m * (h(rb, cb) - h(ra, ca))));
        };
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                if (c + 1 < cols) internal(pipe("h", r, c), r, c, r, c + 1);
                if (r + 1 < rows) internal(pipe("v", r, c), r, c, r + 1, c);
            }
        // Every pipe hands on what the volume upstream sends: only the sums' rounding remains.
        CHECK(dM == doctest::Approx(in - out).epsilon(1e-12).scale(scale));
        CHECK(dU == doctest::Approx(H).epsilon(1e-12).scale(H_scale));
        ++checked;
    }
    CHECK(checked == 10);
    CHECK(sim.value("in0.m_flow") > 1e-3);   // the transient did start
    // Row 1's source is 2 kPa above row 0's, so the vertical pipes between them run backwards: the term above was
    // exercised, and it is what docs/user-guide/thermofluid.md states for volumes joined by a pipe.
    CHECK(reversed > 0.0);
}

TEST_CASE("a grid of volumes keeps L sparse and the probe passes few, however large") {
    auto small = testing::make_grid(10, 10);
    auto large = testing::make_grid(30, 30);
    Simulator a(*small), b(*large);
    const auto per_tearing = [](const Simulator& s) {
        return static_cast<double>(s.schedule().nonzeros()) / static_cast<double>(s.schedule().pattern_start.size() - 1);
    };
    // One tearing variable per pipe (the dṁ/dt of the volume or source that owns its flow).
    CHECK(b.model().tearing.size() == 30u + 30u * 30u + 29u * 30u);
    // The volumes end every reach. A volume's residuals and inertial pressures are one block each, so a column
    // reaches both residuals of its own volume and those of the volume feeding the next node's other inlet:
    // at most 6 entries, whatever the size (numerically L is diagonal; the pattern is the blocks').
    CHECK(per_tearing(a) < 6.0);
    CHECK(per_tearing(b) < 6.0);
    CHECK(b.schedule().probe_groups.size() == a.schedule().probe_groups.size());
    CHECK(b.schedule().probe_groups.size() <= 6u);
    CHECK(b.schedule().probe_block_list.size() < 12 * a.schedule().probe_block_list.size());   // 9× the components
}
