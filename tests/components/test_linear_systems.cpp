// StateSpace and TransferFunction against closed forms written out here: the matrix exponential (Eigen's, an
// independent computation) for a state space with inputs, outputs and feedthrough; the LTI example file run with 2,
// 5 and 50 states and grown by its action; step responses of first and second order and of a transfer function with
// feedthrough; and the shapes and coefficients they refuse, each named.
#include "components/linear_systems.h"
#include "components/sources.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <unsupported/Eigen/MatrixFunctions>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>

using namespace lied;
using namespace lied::components;
using lied::systems::LoadedSystem;
using lied::systems::load_system_file;
using lied::systems::parse_system_text;

namespace {

const std::filesystem::path kFiles = std::filesystem::path(LIED_SOURCE_DIR) / "systems" / "examples" / "files";

Eigen::MatrixXd eigen_of(const ArrayParameter& a) {
    Eigen::MatrixXd m(a.rows(), a.cols());
    for (std::size_t i = 0; i < a.rows(); ++i)
        for (std::size_t j = 0; j < a.cols(); ++j) m(i, j) = a(i, j);
    return m;
}

// x(t) = e^(A·t)·x0 + A⁻¹·(e^(A·t) − I)·B·u for a constant u (A invertible).
Eigen::VectorXd closed_form(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B, const Eigen::VectorXd& x0, const Eigen::VectorXd& u, double t) {
    const Eigen::MatrixXd E = (A * t).exp();
    Eigen::VectorXd x = E * x0;
    if (B.cols() > 0) x += A.partialPivLu().solve((E - Eigen::MatrixXd::Identity(A.rows(), A.cols())) * B * u);
    return x;
}

SimulatorOptions rk4(double dt) {
    SimulatorOptions o;
    o.solver = "rk4";
    o.dt = dt;
    return o;
}

// A state space fed by two constants.
class Plant : public Component {
public:
    Constant u1{0.7}, u2{-0.3};
    StateSpace ss;
    Plant() {
        ss.A = ArrayParameter::matrix({{-1.0, 2.0, 0.0}, {-2.0, -1.0, 0.5}, {0.0, 0.3, -0.4}});
        ss.B = ArrayParameter::matrix({{1.0, 0.0}, {0.0, 0.5}, {0.2, 1.0}});
        ss.C = ArrayParameter::matrix({{1.0, 0.0, 1.0}, {0.0, 1.0, 0.0}});
        ss.D = ArrayParameter::matrix({{0.1, 0.0}, {0.0, 0.0}});
        ss.x_start = ArrayParameter::vector({1.0, -1.0, 0.5});
        ss.u[1].connect(u1.y);
        ss.u[2].connect(u2.y);
    }
    void metainfo(Meta& meta) override {
        meta.component(u1, "u1");
        meta.component(u2, "u2");
        meta.component(ss, "ss");
    }
    const char* type_name() const override { return "Plant"; }
};

template <class Block>
class Driven : public Component {
public:
    Constant u{1.0};   // a unit step at t = 0 (the states start at rest)
    Block block;
    Driven() { block.u.connect(u.y); }
    void metainfo(Meta& meta) override {
        meta.component(u, "u");
        meta.component(block, "block");
    }
    const char* type_name() const override { return "Driven"; }
};

}  // namespace

TEST_CASE("a state space follows the matrix exponential, with inputs, outputs and feedthrough") {
    Plant plant;
    Simulator sim(plant, rk4(1e-3));
    CHECK(plant.ss.states() == 3);
    const Eigen::MatrixXd A = eigen_of(plant.ss.A), B = eigen_of(plant.ss.B), C = eigen_of(plant.ss.C), D = eigen_of(plant.ss.D);
    const Eigen::Vector3d x0(1.0, -1.0, 0.5);
    const Eigen::Vector2d u(0.7, -0.3);
    for (double t : {0.5, 1.0, 3.0}) {
        sim.simulate(t);
        const Eigen::VectorXd x = closed_form(A, B, x0, u, t);
        const Eigen::VectorXd y = C * x + D * u;
        // rk4 at 1 ms: a global error of order dt⁴·|A|⁵·t, below 1e-11 here; 1e-9 leaves room and still sees any term.
        for (int i = 0; i < 3; ++i) CHECK(std::abs(sim.value("ss.x[" + std::to_string(i + 1) + "]") - x(i)) < 1e-9);
        CHECK(std::abs(sim.value("ss.y[1]") - y(0)) < 1e-9);
        CHECK(std::abs(sim.value("ss.y[2]") - y(1)) < 1e-9);
    }
}

TEST_CASE("the LTI file runs with 2, 5 and 50 states from the same precompiled block") {
    LoadedSystem loaded = load_system_file((kFiles / "lti.yaml").string());
    Simulator sim(*loaded.root, rk4(1e-3));   // the file's action is not scheduled here
    auto check_against_exponential = [&](const Eigen::VectorXd& x0) {
        const Eigen::MatrixXd A = eigen_of(sim.array_parameter("lti.A"));
        sim.simulate(2.0);
        const Eigen::VectorXd x = closed_form(A, Eigen::MatrixXd(A.rows(), 0), x0, Eigen::VectorXd(0), 2.0);
        double worst = 0.0;
        for (int i = 0; i < x.size(); ++i) worst = std::max(worst, std::abs(sim.value("lti.x[" + std::to_string(i + 1) + "]") - x(i)));
        CHECK(sim.states().size() == static_cast<std::size_t>(x0.size()));
        CHECK(worst < 1e-10);
    };
    check_against_exponential(Eigen::Vector2d(1.0, 0.0));

    for (const int n : {5, 50}) {
        CAPTURE(n);
        // A discretised heat equation (a chain: −2 on the diagonal, 1 beside it) plus a rotation between neighbours.
        std::vector<double> a(static_cast<std::size_t>(n * n), 0.0), start;
        for (int i = 0; i < n; ++i) {
            a[static_cast<std::size_t>(i * n + i)] = -2.0;
            if (i + 1 < n) a[static_cast<std::size_t>(i * n + i + 1)] = 1.5, a[static_cast<std::size_t>((i + 1) * n + i)] = 0.5;
            start.push_back(std::sin(std::numbers::pi * (i + 1) / (n + 1)));
        }
        StructuralChange change(std::to_string(n) + " states");
        change.set_parameter("lti.A", ArrayParameter::matrix(static_cast<std::size_t>(n), static_cast<std::size_t>(n), a))
            .set_parameter("lti.x_start", ArrayParameter::vector(start));
        sim.apply(change);
        sim.reset();
        check_against_exponential(Eigen::Map<Eigen::VectorXd>(start.data(), n));
    }
}

TEST_CASE("the LTI file's action grows the system: the states it had go on, or start afresh if the action says so") {
    for (const bool fresh : {false, true}) {
        CAPTURE(fresh);
        std::ifstream in(kFiles / "lti.yaml");
        std::stringstream text;
        text << in.rdbuf();
        std::string file = text.str();
        if (fresh) {
            const auto at = file.find("    set: {lti.A");
            REQUIRE(at != std::string::npos);
            file.insert(at, "    start_fresh: [lti]\n");
        }
        LoadedSystem loaded = parse_system_text(file, "lti.yaml", kFiles.string());
        Simulator sim(*loaded.root, rk4(1e-3));
        for (auto& [t, change] : loaded.actions) sim.schedule(t, std::move(change));
        sim.simulate(5.0);
        const Eigen::Vector2d before(sim.value("lti.x[1]"), sim.value("lti.x[2]"));
        sim.simulate(10.0);
        REQUIRE(sim.states().size() == 3);
        const Eigen::Vector3d x5 = fresh ? Eigen::Vector3d(1.0, 0.0, 1.0) : Eigen::Vector3d(before(0), before(1), 1.0);
        const Eigen::VectorXd x = closed_form(eigen_of(sim.array_parameter("lti.A")), Eigen::MatrixXd(3, 0), x5, Eigen::VectorXd(0), 5.0);
        for (int i = 0; i < 3; ++i) CHECK(std::abs(sim.value("lti.x[" + std::to_string(i + 1) + "]") - x(i)) < 1e-10);
    }
}

TEST_CASE("a state space refuses shapes that do not agree, naming both") {
    auto refusal = [](auto&& set) {
        Plant plant;
        set(plant.ss);
        try {
            Simulator sim(plant);
        } catch (const BuildError& e) {
            return std::string(e.what());
        }
        return std::string("built");
    };
    CHECK(refusal([](StateSpace& s) { s.A = ArrayParameter::matrix({{1.0, 2.0}}); }).find("ss: A is a 1x2 matrix, expected an n×n matrix") !=
          std::string::npos);
    CHECK(refusal([](StateSpace& s) { s.B = ArrayParameter::matrix({{1.0, 0.0}, {0.0, 1.0}}); })
              .find("ss: B is a 2x2 matrix, expected 3 rows, one per state (A is a 3x3 matrix)") != std::string::npos);
    CHECK(refusal([](StateSpace& s) { s.C = ArrayParameter::matrix({{1.0, 0.0}}); }).find("ss: C is a 1x2 matrix, expected 3 columns") != std::string::npos);
    CHECK(refusal([](StateSpace& s) { s.D = ArrayParameter::matrix({{1.0}}); })
              .find("ss: D is a 1x1 matrix, expected 2x2 (p outputs from C, m inputs from B)") != std::string::npos);
    CHECK(refusal([](StateSpace& s) { s.x_start = ArrayParameter::vector({1.0}); })
              .find("ss: x_start is a vector of 1 number, expected 3 (one per state) or none") != std::string::npos);
    // A new shape through the simulator: refused the same way, and the old one runs on.
    Plant plant;
    Simulator sim(plant, rk4(1e-3));
    CHECK_THROWS_WITH_AS(sim.set_parameter("ss.A", ArrayParameter::matrix({{-1.0, 0.0}, {0.0, -1.0}})), doctest::Contains("ss: B is a 3x2 matrix, expected 2 rows"),
                         BuildError);
    CHECK(sim.states().size() == 3);
    CHECK_THROWS_WITH_AS(sim.set_parameter("ss.A", ArrayParameter::vector({1.0})), doctest::Contains("ss.A expects a matrix"), std::invalid_argument);
}

TEST_CASE("a transfer function's step responses: first order, second order, and with feedthrough") {
    SUBCASE("1/(τs + 1): 1 − e^(−t/τ)") {
        Driven<TransferFunction> d;
        d.block.a = ArrayParameter::vector({0.5, 1.0});
        Simulator sim(d, rk4(1e-3));
        for (double t : {0.25, 1.0, 3.0}) {
            sim.simulate(t);
            CHECK(std::abs(sim.value("block.y") - (1.0 - std::exp(-t / 0.5))) < 1e-11);
        }
    }
    SUBCASE("ω²/(s² + 2ζωs + ω²), underdamped") {
        const double w = 3.0, z = 0.2, wd = w * std::sqrt(1 - z * z);
        Driven<TransferFunction> d;
        d.block.b = ArrayParameter::vector({w * w});
        d.block.a = ArrayParameter::vector({1.0, 2 * z * w, w * w});
        Simulator sim(d, rk4(1e-3));
        CHECK(sim.states().size() == 2);
        for (double t : {0.3, 1.1, 4.0}) {
            sim.simulate(t);
            const double y = 1.0 - std::exp(-z * w * t) * (std::cos(wd * t) + z / std::sqrt(1 - z * z) * std::sin(wd * t));
            CHECK(std::abs(sim.value("block.y") - y) < 1e-10);
        }
    }
    SUBCASE("(2s + 1)/(s + 1): feedthrough 2 at the step, then 1 + e^(−t)") {
        Driven<TransferFunction> d;
        d.block.b = ArrayParameter::vector({2.0, 1.0});
        d.block.a = ArrayParameter::vector({1.0, 1.0});
        Simulator sim(d, rk4(1e-3));
        sim.simulate(1e-3);
        CHECK(std::abs(sim.value("block.y") - (1.0 + std::exp(-1e-3))) < 1e-12);
        sim.simulate(2.0);
        CHECK(std::abs(sim.value("block.y") - (1.0 + std::exp(-2.0))) < 1e-11);
    }
}

TEST_CASE("a transfer function refuses an improper ratio and a zero leading coefficient") {
    Driven<TransferFunction> improper;
    improper.block.b = ArrayParameter::vector({1.0, 0.0, 0.0});
    improper.block.a = ArrayParameter::vector({1.0, 1.0});
    CHECK_THROWS_WITH_AS(Simulator{improper}, doctest::Contains("block: b has 3 coefficients, a has 2 (rule: the transfer function is proper"), BuildError);
    Driven<TransferFunction> leading;
    leading.block.a = ArrayParameter::vector({0.0, 1.0});
    CHECK_THROWS_WITH_AS(Simulator{leading}, doctest::Contains("block: a[1] = 0 (rule: the denominator's leading coefficient a[1] is not zero"), BuildError);
}

TEST_CASE("a steady start (initType SteadyState): der(x) = 0 with the inputs at the start, x = −A⁻¹·B·u, and no start where A is singular") {
    SUBCASE("a state space with two inputs: x(0) = −A⁻¹·B·u, and it stays there") {
        Plant p;
        p.ss.initType = StateSpace::Init::SteadyState;
        Simulator sim(p, rk4(1e-3));
        const Eigen::Vector3d x = -eigen_of(p.ss.A).partialPivLu().solve(eigen_of(p.ss.B) * Eigen::Vector2d(0.7, -0.3));
        for (double t : {0.0, 2.0}) {
            sim.simulate(t);
            for (int k = 0; k < 3; ++k) CHECK(std::abs(sim.value("ss.x[" + std::to_string(k + 1) + "]") - x[k]) < 1e-9);
        }
    }
    SUBCASE("a transfer function: y starts and stays at its DC gain b(0)/a(0)·u") {
        Driven<TransferFunction> d;   // (s + 3)/(s² + 3s + 2): DC gain 3/2
        d.block.b = ArrayParameter::vector({1.0, 3.0});
        d.block.a = ArrayParameter::vector({1.0, 3.0, 2.0});
        d.block.initType = TransferFunction::Init::SteadyState;
        Simulator sim(d, rk4(1e-3));
        CHECK(std::abs(sim.value("block.y") - 1.5) < 1e-9);
        sim.simulate(3.0);
        CHECK(std::abs(sim.value("block.y") - 1.5) < 1e-9);
    }
    SUBCASE("integrators (A = 0) fed constants have no steady start: refused, naming a state") {
        Plant p;
        p.ss.A = ArrayParameter::matrix(3, 3, std::vector<double>(9, 0.0));
        p.ss.initType = StateSpace::Init::SteadyState;
        CHECK_THROWS_WITH(Simulator(p, rk4(1e-3)), doctest::Contains("no start found where der(ss.x["));
    }
}
