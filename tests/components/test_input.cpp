// System inputs and outputs: an Input set between steps against the closed form of the lag it drives, its range and
// the messages that refuse a set, time tables exact at their rows, zero crossings a set causes, reset, rebuilds, save
// and restore, and outputs that name values (or are refused at build).
#include "components/first_order.h"
#include "components/input.h"
#include "components/input_table.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"

#include <doctest/doctest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

using namespace lied;
using namespace lied::components;

namespace {

// ∫u dt as a state, and a zero crossing where u passes 0.5 upwards (counted by its handler).
class Accumulator final : public Component {
public:
    In<double> u;
    State x{0.0};
    Out<double> above_half;   // u − 0.5
    int crossings = 0;
    void metainfo(Meta& meta) override {
        meta.signal(u, "u");
        meta.state(x, "x", 1.0, "");
        meta.signal(above_half, "above_half");
        meta.block<&Accumulator::derivative>(this, "derivative", {&u}, {&x.der, &above_half});
        meta.zero_crossing<&Accumulator::crossed>(this, above_half, "half", Crossing::Up);
        meta.balance_neutral();
    }
    const char* type_name() const override { return "Accumulator"; }

private:
    void derivative() {
        x.der.value() = u.value();
        above_half.value() = u.value() - 0.5;
    }
    void crossed() { ++crossings; }
};

// An input "u" (unit W, range [−1, 2]) drives a first-order lag (T = 0.2 s) and an accumulator; outputs name the lag.
class Plant final : public Component {
public:
    Input u{0.0, "W", -1.0, 2.0, "heat into the plant"};
    FirstOrder lag{1.0, 0.2};
    Accumulator acc;
    std::string output_target = "lag.y";
    std::string output_name = "response";
    void metainfo(Meta& meta) override {
        meta.component(u, "u");
        meta.component(lag, "lag");
        meta.component(acc, "acc");
        lag.u.connect(u.y);
        acc.u.connect(u.y);
        meta.output(output_name, output_target, "the lag's output");
    }
    const char* type_name() const override { return "Plant"; }
};

struct ScratchFile {
    std::filesystem::path path = std::filesystem::temp_directory_path() / ("lied_input_table_" + std::to_string(::getpid()) + ".csv");
    explicit ScratchFile(const std::string& text) { std::ofstream(path) << text; }
    ~ScratchFile() { std::filesystem::remove(path); }
};

}  // namespace

TEST_CASE("an input set between steps drives the lag as its closed form says, and an output reads the lag") {
    // u = 0 until t = 0.5 s, then 1.5 W: y = 1.5·(1 − e^{−(t − 0.5)/T}). RK4 at 1 ms errs by about (h/T)⁴/120 ≈ 5e-12
    // per unit time; 1e-9 leaves room without hiding a step taken across the jump (that would err by ~1e-3).
    Plant plant;
    SimulatorOptions o;
    o.dt = 1e-3;
    Simulator sim(plant, o);
    REQUIRE(sim.inputs().size() == 1);
    CHECK(sim.inputs()[0].path == "u");
    CHECK(sim.inputs()[0].unit == "W");
    CHECK(sim.inputs()[0].description == "heat into the plant");
    REQUIRE(sim.outputs().size() == 1);
    CHECK(sim.outputs()[0].target == "lag.y");
    InputHandle u = sim.input("u");
    for (int k = 0; k < 500; ++k) REQUIRE(sim.step(1e-3) == StepStatus::Ok);
    CHECK(sim.value("response") == 0.0);
    CHECK(u.set(1.5));
    CHECK(u.value() == 1.5);
    CHECK(sim.value("u") == 1.5);   // an input's own name reads its value
    for (int k = 0; k < 700; ++k) REQUIRE(sim.step(1e-3) == StepStatus::Ok);
    const double exact = 1.5 * (1.0 - std::exp(-(sim.time() - 0.5) / 0.2));
    CHECK(sim.value("response") == doctest::Approx(exact).epsilon(1e-9));
    CHECK(sim.value("lag.y") == sim.value("response"));
    CHECK(sim.unit("response") == sim.unit("lag.y"));
    CHECK(sim.unit("u") == "W");
    CHECK(sim.value("acc.x") == doctest::Approx(1.5 * 0.7).epsilon(1e-12));   // ∫u dt: the jump sits exactly at 0.5 s
}

TEST_CASE("a set outside the range, not finite, or of an unknown input is refused with the rule, and changes nothing") {
    Plant plant;
    Simulator sim(plant);
    InputHandle u = sim.input("u");
    CHECK(u.set(0.25));
    CHECK_FALSE(u.set(2.5));
    CHECK_FALSE(u.set(std::nan("")));
    CHECK_FALSE(u.set(-INFINITY));
    CHECK(u.value() == 0.25);
    CHECK_THROWS_WITH_AS(sim.set_input("u", 3.0), "input u = 3 W is outside its range [-1, 2] (rule: an input stays in its declared range)",
                         std::invalid_argument);
    CHECK_THROWS_WITH_AS(sim.set_input("u", std::nan("")), "input u = nan W refused (rule: an input is a finite number)", std::invalid_argument);
    CHECK_THROWS_WITH_AS(sim.input("uu"), "unknown input 'uu' (did you mean 'u'?)", std::invalid_argument);
    CHECK(sim.input_value(0) == 0.25);
}

TEST_CASE("reset puts the start value back, a rebuild keeps the set value and the handle finds its input again") {
    Plant plant;
    Simulator sim(plant);
    InputHandle u = sim.input("u");
    CHECK(u.set(1.0));
    REQUIRE(sim.step(0.1) == StepStatus::Ok);
    const long generation = sim.generation();
    sim.rebuild();
    CHECK(sim.generation() > generation);
    CHECK(u.value() == 1.0);
    CHECK(u.set(-0.5));
    CHECK(sim.value("u.y") == 1.0);   // y follows at the next evaluation
    REQUIRE(sim.step(0.1) == StepStatus::Ok);
    CHECK(sim.value("u.y") == -0.5);
    sim.reset();
    CHECK(u.value() == 0.0);
    sim.set_parameter("u.start", 0.75);   // read at build: a rebuild, then the next reset starts there
    sim.reset();
    CHECK(u.value() == 0.75);
    CHECK_THROWS_AS(sim.set_parameter("u.start", 5.0), BuildError);   // outside [min, max]: the old value stays
    CHECK(sim.parameter("u.start") == 0.75);
}

TEST_CASE("a zero crossing that a set causes fires at the set's time") {
    Plant plant;
    SimulatorOptions o;
    o.dt = 0.01;
    Simulator sim(plant, o);
    double fired_at = -1;
    sim.on_event([&](Simulator& s, const std::string& name) {
        if (name == "acc.half") fired_at = s.time();
    });
    for (int k = 0; k < 13; ++k) REQUIRE(sim.step(0.01) == StepStatus::Ok);
    sim.set_input("u", 1.0);   // u − 0.5 jumps from −0.5 to +0.5 between steps
    REQUIRE(sim.step(0.01) == StepStatus::Ok);
    CHECK(plant.acc.crossings == 1);
    CHECK(fired_at == doctest::Approx(0.13).epsilon(1e-12));
    sim.set_input("u", 0.9);   // stays above: nothing fires
    REQUIRE(sim.step(0.01) == StepStatus::Ok);
    CHECK(plant.acc.crossings == 1);
}

TEST_CASE("a time table drives an input exactly at its rows: hold jumps and linear kinks, whatever the steps") {
    // ∫y dt over [0, 1] s with rows (0, 0), (0.3, 1), (0.7, 2): hold gives 0.3·0 + 0.4·1 + 0.3·2 = 1.0, linear
    // 0.15 + 0.6 + 0.6 = 1.35. RK4 integrates a piecewise-linear integrand exactly between events, so with steps of
    // 0.045 s (no row on a step boundary) only rounding separates the result from the sum: 1e-13.
    ScratchFile csv("time, u\n0, 0\n0.3, 1\n0.7, 2\n");
    const InputTable table = read_input_table(csv.path.string());
    CHECK(table.names == std::vector<std::string>{"u"});
    for (auto [interpolation, expected] : {std::pair{Input::Interpolation::Hold, 1.0}, std::pair{Input::Interpolation::Linear, 1.35}}) {
        Plant plant;
        drive_inputs(plant, table, interpolation);
        SimulatorOptions o;
        o.dt = 0.045;
        Simulator sim(plant, o);
        CHECK(sim.inputs()[0].driven_by_table);
        CHECK_FALSE(sim.input("u").set(1.0));   // a table-driven input is not set
        CHECK_THROWS_WITH(sim.set_input("u", 1.0), doctest::Contains("driven by a time table"));
        sim.simulate(0.3);
        CHECK(sim.value("u.y") == 1.0);   // the row at 0.3 s, hold or linear
        CHECK(sim.value("u") == 1.0);     // the input by its name: the table's value, not the start a set would change
        sim.simulate(1.0);
        CHECK(sim.value("acc.x") == doctest::Approx(expected).epsilon(1e-13));
        CHECK(sim.value("u.y") == 2.0);
        long rows = -1;
        for (auto& [name, count] : sim.statistics().events)
            if (name == "u.row") rows = count;
        CHECK(rows == 2);   // the rows at 0.3 and 0.7 s (the one at 0 is the start)
    }
}

TEST_CASE("an input table names its file, line and rule when it is wrong, and a column must name an input") {
    CHECK_THROWS_WITH(read_input_table("/nonexistent/inputs.csv"), doctest::Contains("cannot open the file"));
    {
        ScratchFile csv("t, u\n0, 1\n");
        CHECK_THROWS_WITH(read_input_table(csv.path.string()), doctest::Contains("line 1: the header is 't, u'"));
    }
    {
        ScratchFile csv("time, u\n0, 1\n1, x\n");
        CHECK_THROWS_WITH(read_input_table(csv.path.string()), doctest::Contains("line 3: 'x' for u is not a finite number"));
    }
    {
        ScratchFile csv("time, u\n1, 1\n0, 2\n");
        CHECK_THROWS_WITH(read_input_table(csv.path.string()), doctest::Contains("line 3: time 0 s is before the previous row's 1 s"));
    }
    {
        ScratchFile csv("time, uu\n0, 1\n");
        Plant plant;
        CHECK_THROWS_WITH(drive_inputs(plant, read_input_table(csv.path.string()), Input::Interpolation::Linear),
                          doctest::Contains("column 'uu' names no input of the system (did you mean 'u'?)"));
    }
    {
        ScratchFile csv("time, u, uu\n0, 1, 2\n");   // the known column is not taken either: a table that does not fit changes nothing
        Plant plant;
        CHECK_THROWS(drive_inputs(plant, read_input_table(csv.path.string()), Input::Interpolation::Linear));
        CHECK(plant.u.table.empty());
    }
    {
        ScratchFile csv("time, u\n0, 1\n1, 5\n");   // 5 W is outside [−1, 2]: named by the file's line, the table not taken
        Plant plant;
        CHECK_THROWS_WITH_AS(drive_inputs(plant, read_input_table(csv.path.string()), Input::Interpolation::Linear),
                             (csv.path.string() + ", line 3: u = 5 W at t = 1 s is outside its range [-1, 2] W (rule: an input stays in its declared range)")
                                 .c_str(),
                             BuildError);
        CHECK(plant.u.table.empty());
        plant.u.table = {{0.0, 1.0}, {1.0, 5.0}};   // the same rows set in C++: the Input refuses them at build
        CHECK_THROWS_WITH_AS(Simulator{plant}, doctest::Contains("u: the table's value 5 W at t = 1 s is outside its range [-1, 2] W (rule: an input stays"),
                             BuildError);
    }
}

TEST_CASE("an output that names no value, or takes a value's name, is refused at build") {
    Plant plant;
    plant.output_target = "lag.yy";
    CHECK_THROWS_WITH_AS(Simulator{plant}, doctest::Contains("output 'response' names 'lag.yy', which is no value of the system (did you mean 'lag.y'?)"),
                         BuildError);
    Plant taken;
    taken.output_name = "acc.x";   // a state's name
    CHECK_THROWS_WITH_AS(Simulator{taken}, "output 'acc.x' has the name of a value of the system (rule: an output's name is new)", BuildError);
}

TEST_CASE("a set saved before its step is taken after a restore: the crossing it causes fires then too") {
    Plant plant;
    SimulatorOptions o;
    o.dt = 0.01;
    Simulator sim(plant, o);
    for (int k = 0; k < 10; ++k) REQUIRE(sim.step(0.01) == StepStatus::Ok);
    sim.set_input("u", 1.0);   // u − 0.5 jumps across zero: the crossing fires at the next step's start
    SimulationState saved;
    sim.save_state(saved);
    REQUIRE(sim.step(0.01) == StepStatus::Ok);
    CHECK(plant.acc.crossings == 1);
    const double x = sim.value("acc.x");
    sim.restore_state(saved);
    REQUIRE(sim.step(0.01) == StepStatus::Ok);
    CHECK(plant.acc.crossings == 2);
    CHECK(sim.value("acc.x") == x);
}

TEST_CASE("a saved state holds the inputs: restored, the run goes on as it went on from the save") {
    for (const char* solver : {"rk4", "dopri5", "cvode-bdf"}) {
        Plant plant;
        SimulatorOptions o;
        o.solver = solver;
        o.dt = 1e-3;
        Simulator sim(plant, o);
        sim.set_input("u", 1.0);
        for (int k = 0; k < 100; ++k) REQUIRE(sim.step(1e-3) == StepStatus::Ok);
        sim.set_input("u", 0.5);   // set, then saved before the next step
        SimulationState saved;
        sim.save_state(saved);
        auto run_on = [&] {
            for (int k = 0; k < 100; ++k) {
                if (k == 50) sim.set_input("u", -0.25);
                REQUIRE(sim.step(1e-3) == StepStatus::Ok);
            }
            return std::pair{sim.value("lag.y"), sim.value("acc.x")};
        };
        const auto first = run_on();
        sim.set_input("u", 2.0);
        sim.restore_state(saved);
        CHECK(sim.input("u").value() == 0.5);
        const auto second = run_on();
        CHECK_MESSAGE(first == second, solver);
    }
}
