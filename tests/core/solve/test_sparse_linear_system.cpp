// L in the schedule's sparse structure, factored densely or with KLU: both give the same physics; the
// structure and the probe passes follow the network; large singular systems are still named.
#include "support/build_error_of.h"
#include "core/model/build_error.h"
#include "core/solve/klu_factorization.h"
#include "core/simulation/simulator.h"
#include "support/networks.h"
#include "systems/examples/com_vessels.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace lied;
using lied::testing::build_error_of;

namespace {

SimulatorOptions with_solver(LinearSolverKind kind) {
    SimulatorOptions o;
    o.linear_solver = kind;
    return o;
}

// Water in the network [kg]: every tank's level times its area and density. Flows only move it around.
double water_mass(Simulator& sim, Composite& net) {
    double mass = 0;
    for (auto& name : net.child_names()) {
        auto* c = net.child(name);
        if (auto* t = dynamic_cast<thermofluid::InTank*>(c)) mass += sim.value(name + ".level") * t->A * 1000.0;
        if (auto* t = dynamic_cast<thermofluid::OutTank*>(c)) mass += sim.value(name + ".level") * t->A * 1000.0;
    }
    return mass;
}

}  // namespace

TEST_CASE("automatic choice: dense LU for small L, KLU for large") {
    systems::ComVessels v;
    CHECK(Simulator(v).linear_system().solver() == LinearSolverKind::Dense);
    auto tree = testing::make_tree(4 * static_cast<int>(kDenseLimit));
    Simulator sim(*tree);
    CHECK(sim.linear_system().size() == 4 * kDenseLimit);
    CHECK(sim.linear_system().solver() == LinearSolverKind::Sparse);
}

TEST_CASE("dense and sparse LU give the same L and the same trajectory on a tree and a forest") {
    // Both factor the same probed values; only rounding in the elimination differs. 1e-10 relative
    // allows for that over 2000 RK4 steps of a system whose flows are O(1) kg/s.
    for (int shape = 0; shape < 2; ++shape) {
        CAPTURE(shape);
        auto a = shape == 0 ? testing::make_tree(50) : testing::make_forest(3, 20);
        auto b = shape == 0 ? testing::make_tree(50) : testing::make_forest(3, 20);
        Simulator dense(*a, with_solver(LinearSolverKind::Dense));
        Simulator sparse(*b, with_solver(LinearSolverKind::Sparse));
        REQUIRE(dense.linear_system().solver() == LinearSolverKind::Dense);
        REQUIRE(sparse.linear_system().solver() == LinearSolverKind::Sparse);
        CHECK((dense.linear_system().matrix() - sparse.linear_system().matrix()).cwiseAbs().maxCoeff() == 0.0);
        dense.simulate(2.0);
        sparse.simulate(2.0);
        const Eigen::VectorXd& xd = dense.states();
        const Eigen::VectorXd& xs = sparse.states();
        CHECK((xd - xs).cwiseAbs().maxCoeff() <= 1e-10 * (1.0 + xd.cwiseAbs().maxCoeff()));
        CHECK(xd.cwiseAbs().maxCoeff() > 0.1);   // something moved: the source level is 2 m, the leaves lower
    }
}

TEST_CASE("the sparse solve satisfies every residual, and the tree conserves water") {
    auto tree = testing::make_tree(200);
    Simulator sim(*tree, with_solver(LinearSolverKind::Sparse));
    const double mass_start = water_mass(sim, *tree);
    sim.simulate(5.0);
    // After the solve the blocks recompute the residuals from z: they must vanish to the rounding of the
    // pressures they balance (1e5 Pa → 1e-11 relative, times the depth of the tree).
    for (auto& r : sim.model().residuals) CHECK_MESSAGE(std::abs(r.residual->value()) < 1e-6, r.path);
    // Mass moves from the source into the leaves; the total stays (RK4 with linear level equations keeps
    // a linear invariant exactly up to rounding).
    CHECK(water_mass(sim, *tree) == doctest::Approx(mass_start).epsilon(1e-12));
    CHECK(sim.value("source.level") < 2.0 - 1e-3);
}

TEST_CASE("L's structure and probe passes follow the network") {
    // A tree: every column reaches the root's residual, so no two columns share a pass; n passes, each
    // over its own reach set only. A forest of independent trees: columns of different trees share no
    // residual and are probed together, so the passes are those of one tree.
    auto forest = testing::make_forest(4, 8);
    Simulator sim(*forest);
    const auto& s = sim.schedule();
    CHECK(sim.linear_system().size() == 4 * 8);
    CHECK(s.probe_groups.size() == 8);
    for (auto& group : s.probe_groups) CHECK(group.size() == 4);
    // The pattern holds every coefficient: L probed independently, column by column over all blocks
    // (no pattern, no colouring, a full pass per column), equals the engine's L. The engine's passes move
    // from one group's probe to the next by re-running the blocks either reaches; an error there leaves a
    // block at the previous probe and shows here. Coefficients are differences of pressures near 1e5 Pa, so
    // they agree to about 1e-10 of that.
    auto independent_columns_agree = [](Simulator& sim) {
        const Eigen::MatrixXd L = sim.linear_system().matrix();
        auto residuals = [&] {
            for (const Block& b : sim.schedule().by_order) b();
            Eigen::VectorXd r(static_cast<Eigen::Index>(sim.model().residuals.size()));
            for (std::size_t i = 0; i < sim.model().residuals.size(); ++i) r[static_cast<Eigen::Index>(i)] = sim.model().residuals[i].residual->value();
            return r;
        };
        for (auto& t : sim.model().tearing) t.variable->value() = 0.0;
        const Eigen::VectorXd r0 = residuals();
        for (std::size_t j = 0; j < sim.model().tearing.size(); ++j) {
            sim.model().tearing[j].variable->value() = 1.0;
            const Eigen::VectorXd column = residuals() - r0;
            sim.model().tearing[j].variable->value() = 0.0;
            CHECK((column - L.col(static_cast<Eigen::Index>(j))).cwiseAbs().maxCoeff() < 1e-5);
        }
        return L;
    };
    const Eigen::MatrixXd L = independent_columns_agree(sim);
    CHECK(L.cwiseAbs().minCoeff() == 0.0);   // the forest's L is sparse, and the check compared real zeros
    CHECK(sim.linear_system().nonzeros() < 32 * 32 / 3);
    // Block structure: a column never touches another tree's rows.
    for (std::size_t j = 0; j < sim.model().tearing.size(); ++j)
        for (int i : s.column_rows(j))
            CHECK(sim.model().tearing[j].path.substr(0, 3) == sim.model().residuals[static_cast<std::size_t>(i)].path.substr(0, 3));

    // A tree: one column per pass, and neighbouring passes share the path to the root.
    auto tree = testing::make_tree(16);
    Simulator on_tree(*tree);
    CHECK(on_tree.schedule().probe_groups.size() == on_tree.linear_system().size());
    independent_columns_agree(on_tree);
}

TEST_CASE("a singular L on the sparse path names the tearing variable, small or large") {
    SUBCASE("small enough for a dense diagnosis: rank and kernel") {
        auto tree = testing::make_tree(64);   // leaves 0 and 1 hang on splitter s32
        for (const char* p : {"s32", "l0", "l1"}) {
            if (auto* s = dynamic_cast<thermofluid::Splitter*>(tree->child(p))) s->L = 0.0;
            if (auto* v = dynamic_cast<thermofluid::PressureDrop*>(tree->child(p))) v->L = 0.0;
        }
        const std::string msg = build_error_of(*tree, with_solver(LinearSolverKind::Sparse));
        CHECK(msg.find("L is singular at the initial point (rank 63 of 64); the tearing variable(s) s32.der_m_flow_1 ") == 0);
        CHECK(msg.find("(rule: every tearing variable acts on its residual through an inertance or mass") != std::string::npos);
    }
    SUBCASE("too large for a dense diagnosis: the empty column and row are named") {
        auto tree = testing::make_tree(2048);   // leaves 0 and 1 hang on splitter s1024
        for (const char* p : {"s1024", "l0", "l1"}) {
            if (auto* s = dynamic_cast<thermofluid::Splitter*>(tree->child(p))) s->L = 0.0;
            if (auto* v = dynamic_cast<thermofluid::PressureDrop*>(tree->child(p))) v->L = 0.0;
        }
        const std::string msg = build_error_of(*tree, {});
        CHECK(msg == "L is singular at the initial point (size 2048, smallest pivot 0 times the largest); tearing variable "
                     "s1024.der_m_flow_1 acts on no residual; residual s1024.residual does not depend on any tearing variable (rule: every tearing variable acts on its residual through an inertance or mass (no inertance/mass on this path))");
    }
}

TEST_CASE("KLU keeps its analysis for a pattern it has analyzed last, and analyzes a new one") {
    // Two 3×3 patterns in compressed columns, each filled with values and solved against a dense solve.
    auto solve = [](KluFactorization& klu, const std::vector<int>& start, const std::vector<int>& rows, const std::vector<double>& values) {
        klu.analyze(3, start.data(), rows.data());
        REQUIRE(klu.factor(values.data()));
        Eigen::Matrix3d dense = Eigen::Matrix3d::Zero();
        for (int j = 0; j < 3; ++j)
            for (int k = start[static_cast<std::size_t>(j)]; k < start[static_cast<std::size_t>(j) + 1]; ++k)
                dense(rows[static_cast<std::size_t>(k)], j) = values[static_cast<std::size_t>(k)];
        const Eigen::Vector3d b(1.0, -2.0, 0.5);
        Eigen::Vector3d x = b;
        klu.solve(x.data());
        CHECK((dense * x - b).cwiseAbs().maxCoeff() < 1e-12);
    };
    KluFactorization klu;
    const std::vector<int> tridiagonal_start{0, 2, 5, 7}, tridiagonal_rows{0, 1, 0, 1, 2, 1, 2};
    solve(klu, tridiagonal_start, tridiagonal_rows, {4, 1, 1, 5, 2, 1, 6});
    CHECK(klu.analyses() == 1);
    // The same pattern in other arrays (a rebuild refills the schedule), other values: kept, refactored.
    const std::vector<int> same_start = tridiagonal_start, same_rows = tridiagonal_rows;
    solve(klu, same_start, same_rows, {-3, 2, 1, 7, 1, 4, 9});
    CHECK(klu.analyses() == 1);
    // Another pattern (one entry more): analyzed anew.
    const std::vector<int> fuller_start{0, 3, 6, 8}, fuller_rows{0, 1, 2, 0, 1, 2, 1, 2};
    solve(klu, fuller_start, fuller_rows, {4, 1, 1, 1, 5, 2, 1, 6});
    CHECK(klu.analyses() == 2);
    // And back: the kept analysis is of the last pattern only.
    solve(klu, tridiagonal_start, tridiagonal_rows, {4, 1, 1, 5, 2, 1, 6});
    CHECK(klu.analyses() == 3);
}

TEST_CASE("a rebuild that keeps L's pattern keeps KLU's analysis and steps as a fresh build does") {
    auto rebuilt_tree = testing::make_tree(32), fresh_tree = testing::make_tree(32);
    Simulator rebuilt(*rebuilt_tree, with_solver(LinearSolverKind::Sparse)), fresh(*fresh_tree, with_solver(LinearSolverKind::Sparse));
    CHECK(rebuilt.linear_system().sparse_analyses() == 1);
    for (int k = 0; k < 50; ++k) rebuilt.step(0.01), fresh.step(0.01);
    rebuilt.rebuild();
    CHECK(rebuilt.linear_system().sparse_analyses() == 1);
    for (int k = 0; k < 50; ++k) rebuilt.step(0.01), fresh.step(0.01);
    // The same arithmetic either way: the refactorization reuses the pivot order of the same pattern.
    CHECK((rebuilt.states() - fresh.states()).cwiseAbs().maxCoeff() <= 1e-12 * fresh.states().cwiseAbs().maxCoeff());
}
