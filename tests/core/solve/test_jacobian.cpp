// The Jacobian ∂ẋ/∂x from the block graph: its structure, and the coloured finite differences against a
// plain dense finite-difference Jacobian written in the test.
#include "core/solve/coloured_jacobian.h"
#include "core/build/jacobian_pattern.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "support/networks.h"
#include "systems/examples/com_vessels.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;

namespace {

// One column per state, δ = 1e-7·max(|x|, 1): the textbook way, without any structure.
Eigen::MatrixXd dense_jacobian(Simulator& sim) {
    const auto n = sim.states().size();
    Eigen::VectorXd x = sim.states(), f0(n), f1(n);
    Eigen::MatrixXd J(n, n);
    REQUIRE(sim.derivatives(sim.time(), x.data(), f0.data()));
    for (Eigen::Index j = 0; j < n; ++j) {
        Eigen::VectorXd xp = x;
        const double d = 1e-7 * std::max(std::abs(x[j]), 1.0);
        xp[j] += d;
        REQUIRE(sim.derivatives(sim.time(), xp.data(), f1.data()));
        J.col(j) = (f1 - f0) / d;
    }
    return J;
}

Eigen::MatrixXd coloured_jacobian(Simulator& sim, std::size_t* colours) {
    const auto n = sim.states().size();
    ColouredJacobian cj;
    std::vector<double> nominal;
    for (auto& s : sim.model().states) nominal.push_back(s.nominal);
    cj.configure(sim.jacobian_pattern(), nominal);
    Eigen::VectorXd x = sim.states(), f0(n);
    REQUIRE(sim.derivatives(sim.time(), x.data(), f0.data()));
    struct Adapter final : OdeFunction {
        Simulator& s;
        explicit Adapter(Simulator& sim) : s(sim) {}
        std::size_t size() const override { return static_cast<std::size_t>(s.states().size()); }
        bool derivatives(double t, const double* x, double* xdot) override { return s.derivatives(t, x, xdot); }
    } f(sim);
    std::vector<double> values(cj.pattern().nonzeros());
    REQUIRE(cj.compute(f, sim.time(), x.data(), f0.data(), values.data()));
    Eigen::MatrixXd J = Eigen::MatrixXd::Zero(n, n);
    for (Eigen::Index j = 0; j < n; ++j)
        for (int p = cj.pattern().start[static_cast<std::size_t>(j)]; p < cj.pattern().start[static_cast<std::size_t>(j) + 1]; ++p)
            J(cj.pattern().row_index[static_cast<std::size_t>(p)], j) = values[static_cast<std::size_t>(p)];
    *colours = cj.colours();
    return J;
}

// a' = b, b' = −1: a reaches no derivative.
struct Free : Component {
    State a{1.0}, b{2.0};
    void metainfo(Meta& meta) override {
        meta.state(a, "a", 1, "");
        meta.state(b, "b", 1, "");
        meta.block<&Free::eval>(this, "eval", {&b.value}, {&a.der, &b.der});
    }
    const char* type_name() const override { return "Free"; }
    void eval() {
        a.der.value() = b();
        b.der.value() = -1;
    }
};

}  // namespace

TEST_CASE("the coloured Jacobian of the vessels equals a dense finite-difference Jacobian") {
    systems::ComVessels vessels;
    Simulator sim(vessels);
    sim.simulate(1.5);   // flows under way after the step at 1 s: every entry is exercised
    const Eigen::MatrixXd dense = dense_jacobian(sim);
    std::size_t colours = 0;
    const Eigen::MatrixXd coloured = coloured_jacobian(sim, &colours);
    // Both are forward differences with steps of about 1e-7 relative: they agree to the truncation error of
    // either, about 1e-6 of the largest entry.
    CHECK((coloured - dense).cwiseAbs().maxCoeff() <= 1e-6 * dense.cwiseAbs().maxCoeff());
    // Every nonzero of the dense one lies in the structural pattern (the pattern misses nothing).
    const SparsityPattern& p = sim.jacobian_pattern();
    for (Eigen::Index j = 0; j < dense.cols(); ++j)
        for (Eigen::Index i = 0; i < dense.rows(); ++i) {
            if (dense(i, j) == 0.0) continue;
            const auto column = p.column(static_cast<std::size_t>(j));
            CAPTURE(sim.model().states[static_cast<std::size_t>(i)].path);
            CAPTURE(sim.model().states[static_cast<std::size_t>(j)].path);
            CHECK(std::find(column.begin(), column.end(), static_cast<int>(i)) != column.end());
        }
    CHECK(colours <= static_cast<std::size_t>(dense.cols()));
}

TEST_CASE("on a larger network the coloured Jacobian needs far fewer evaluations than states") {
    // 8 independent trees of 4 leaves: 8 blocks of 9 states each (the source's level and flow, 4 tank levels,
    // and the flows of the inertances in the tree), so J is block diagonal.
    auto net = testing::make_forest(8, 4);
    Simulator sim(*net);
    sim.simulate(0.5);
    const auto n = static_cast<std::size_t>(sim.states().size());
    REQUIRE(n == 72);
    std::size_t colours = 0;
    const Eigen::MatrixXd coloured = coloured_jacobian(sim, &colours);
    const Eigen::MatrixXd dense = dense_jacobian(sim);
    CHECK((coloured - dense).cwiseAbs().maxCoeff() <= 1e-6 * dense.cwiseAbs().maxCoeff());
    MESSAGE("forest of 8 trees: ", n, " states, ", colours, " evaluations per Jacobian, ", sim.jacobian_pattern().nonzeros(), " structural nonzeros");
    CHECK(colours == 9);
}

TEST_CASE("the structure follows the blocks: a state no block reads has an empty column") {
    Free free;
    Simulator sim(free);
    const SparsityPattern& p = sim.jacobian_pattern();
    CHECK(p.column(0).empty());
    CHECK(std::vector<int>(p.column(1).begin(), p.column(1).end()) == std::vector<int>{0, 1});
}

TEST_CASE("implicit solvers on a network of 36 states: KLU and dense LU of the iteration matrix agree") {
    // Above 12 states the iteration matrix I − γhJ is factored by KLU; forcing dense LU must give the same run.
    for (const char* solver : {"ros2", "linearly-implicit-euler", "cvode-bdf"}) {
        CAPTURE(solver);
        Eigen::VectorXd result[2];
        for (int k = 0; k < 2; ++k) {
            auto net = testing::make_forest(4, 4);
            SimulatorOptions o;
            o.solver = solver;
            o.dt = 1e-3;
            o.tolerances.relative = o.tolerances.absolute = 1e-9;
            o.linear_solver = k == 0 ? LinearSolverKind::Sparse : LinearSolverKind::Dense;
            Simulator sim(*net, o);
            sim.simulate(2.0);
            result[k] = sim.states();
            CHECK(sim.statistics().factorizations > 0);
        }
        // Same arithmetic up to the order of pivoting: 1e-9 relative for the fixed-step methods; CVODE's step
        // control may branch on rounding, so its runs agree to its tolerance.
        const double tolerance = std::string(solver) == "cvode-bdf" ? 1e-6 : 1e-9;
        CHECK((result[0] - result[1]).cwiseAbs().maxCoeff() <= tolerance * result[1].cwiseAbs().maxCoeff());
    }
}
