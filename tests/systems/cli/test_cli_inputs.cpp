// Inputs on the command line: `lied info` lists a system's inputs and outputs, `lied run --inputs` drives them from a
// table (and the drive train answers as its mechanics says), outputs are recorded by name, and every mistake is a
// clear exit 2.
#include "support/cli_runner.h"

#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

using lied::testing::CliResult;
namespace fs = std::filesystem;

namespace {
CliResult lied_cli(const std::vector<std::string>& args) { return lied::testing::run_lied(args); }
const std::string kDriveTrain = (fs::path(LIED_SOURCE_DIR) / "systems" / "examples" / "files" / "drive_train.yaml").string();

struct Scratch {
    fs::path dir = fs::temp_directory_path() / ("lied_cli_inputs_" + std::to_string(::getpid()));
    Scratch() { fs::create_directories(dir); }
    ~Scratch() { fs::remove_all(dir); }
    std::string file(const std::string& name, const std::string& text = {}) const {
        if (!text.empty()) std::ofstream(dir / name) << text;
        return (dir / name).string();
    }
};

// The last row of a results CSV, by column name.
std::map<std::string, double> last_row(const std::string& csv) {
    std::ifstream f(csv);
    std::string header, line, last;
    std::getline(f, header);
    while (std::getline(f, line)) last = line;
    std::map<std::string, double> row;
    std::istringstream names(header), values(last);
    std::string name, value;
    while (std::getline(names, name, ',') && std::getline(values, value, ',')) row[name] = std::stod(value);
    return row;
}
}  // namespace

TEST_CASE("lied info lists a system's inputs with their ranges and its outputs with what they name") {
    auto r = lied_cli({"info", "CoolingLoop"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("inputs (2; set between steps, or from a table with --inputs):\n") != std::string::npos);
    CHECK(r.out.find("  T_set             start 308.15 K, range [273.15, 373.15]  coolant supply set point (35 °C)\n") != std::string::npos);
    CHECK(r.out.find("  pump_speed        start 300 rad/s, range [0, 600]  pump speed\n") != std::string::npos);
    CHECK(r.out.find("  T_supply          = T_coolant.value [K]  coolant supply temperature\n") != std::string::npos);
    r = lied_cli({"info", kDriveTrain});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("  motorTorque       start 0 N.m, range [-10, 10], driven by a time table") != std::string::npos);
    // A ratio (unit "1") shows its numbers alone.
    r = lied_cli({"info", std::string(LIED_SOURCE_DIR) + "/systems/examples/files/tank_drain.yaml"});
    REQUIRE(r.code == 0);
    CHECK(r.out.find("  valve_opening     start 1, range [0, 1], driven by a time table  drain valve opening") != std::string::npos);
}

TEST_CASE("lied run --inputs drives the drive train: twice the torque, twice the acceleration") {
    // Once the backlash is taken up, motor and load turn together: the load accelerates at
    // ratio·τ/(J_load + ratio²·J_motor) = 10·τ/(1 + 100·0.01) = 5·τ rad/s². The shaft is damped far past critical,
    // so between 0.4 and 0.6 s the average acceleration is that to 1e-3 (the solver's tolerance and the shaft's
    // remaining wind-up).
    Scratch s;
    const std::string table = s.file("torque.csv", "time, motorTorque\n0, 0\n0.1, 4\n");
    for (auto [inputs, torque] : {std::pair{std::string(), 2.0}, std::pair{table, 4.0}}) {
        const std::string early = s.file("early.csv"), late = s.file("late.csv");
        std::vector<std::string> args{"run", kDriveTrain, "--record", "w_load", "--interval", "0.1"};
        if (!inputs.empty()) args.insert(args.end(), {"--inputs", inputs});
        auto to = [&](const std::string& t_end, const std::string& out) {
            auto a = args;
            a.insert(a.end(), {"--t-end", t_end, "--out", out});
            return lied_cli(a);
        };
        const CliResult r1 = to("0.4", early), r2 = to("0.6", late);
        INFO(r1.err, r2.err);
        REQUIRE(r1.code == 0);
        REQUIRE(r2.code == 0);
        const double a = (last_row(late)["w_load"] - last_row(early)["w_load"]) / 0.2;
        CHECK(a == doctest::Approx(5 * torque).epsilon(1e-3));
        CHECK(last_row(late)["w_load"] == last_row(late)["load.w"]);   // the output names the load's speed
    }
}

TEST_CASE("lied run --inputs: a column that is no input, a bad table or mode, an output over the table are exit 2") {
    Scratch s;
    const std::string bad_column = s.file("c.csv", "time, motorTorq\n0, 1\n");
    auto r = lied_cli({"run", kDriveTrain, "--inputs", bad_column});
    CHECK(r.code == 2);
    CHECK(r.err.find("--inputs: " + bad_column + ": column 'motorTorq' names no input of the system (did you mean 'motorTorque'?)") != std::string::npos);
    const std::string out_of_range = s.file("r.csv", "time, motorTorque\n0, 1\n1, 20\n");
    r = lied_cli({"run", kDriveTrain, "--inputs", out_of_range});
    CHECK(r.code == 2);
    CHECK(r.err.find("lied: build error: " + out_of_range + ", line 3: motorTorque = 20 N.m at t = 1 s is outside its range [-10, 10] N.m (rule: "
                     "an input stays in its declared range)") != std::string::npos);
    const std::string unordered = s.file("u.csv", "time, motorTorque\n1, 1\n0, 2\n");
    r = lied_cli({"run", kDriveTrain, "--inputs", unordered});
    CHECK(r.code == 2);
    CHECK(r.err.find("line 3: time 0 s is before the previous row's 1 s") != std::string::npos);
    r = lied_cli({"run", kDriveTrain, "--inputs", s.file("missing.csv")});
    CHECK(r.code == 2);
    CHECK(r.err.find("cannot open the file") != std::string::npos);
    r = lied_cli({"run", kDriveTrain, "--input-interpolation", "cubic"});
    CHECK(r.code == 2);
    CHECK(r.err.find("--input-interpolation expects linear or hold, got 'cubic'") != std::string::npos);
    const std::string table = s.file("t.csv", "time, motorTorque\n0, 1\n");
    r = lied_cli({"run", kDriveTrain, "--inputs", table, "--out", table});
    CHECK(r.code == 2);
    std::ifstream still(table);
    std::string header;
    std::getline(still, header);
    CHECK(header == "time, motorTorque");   // not overwritten
    r = lied_cli({"run", "ComVessels", "--inputs", table});
    CHECK(r.code == 2);
    CHECK(r.err.find("column 'motorTorque' names no input of the system (it has none)") != std::string::npos);
}

TEST_CASE("lied sweep --vary-inputs runs every case with each table, named in its row, and checks the tables first") {
    // The drive train with 2 and 4 N·m from 0.1 s, each at two shaft dampings: four rows, the tables the outer
    // dimension. A row equals a single run with that table (the sweep runs the same code on its own tree).
    Scratch s;
    const std::string two = s.file("two.csv", "time, motorTorque\n0, 0\n0.1, 2\n"), four = s.file("four.csv", "time, motorTorque\n0, 0\n0.1, 4\n");
    const std::string summary = s.file("summary.csv");
    auto r = lied_cli({"sweep", kDriveTrain, "--t-end", "0.3", "--vary", "shaft.d=2e5:3e5:2", "--vary-inputs", two, "--vary-inputs", four,
                       "--input-interpolation", "hold", "--output", "w_load", "--out", summary, "--jobs", "2"});
    INFO(r.err);
    REQUIRE(r.code == 0);
    std::ifstream f(summary);
    std::string header;
    std::getline(f, header);
    CHECK(header == "case,status,shaft.d,inputs,w_load,message");
    std::vector<std::string> rows;
    for (std::string line; std::getline(f, line);) rows.push_back(line);
    REQUIRE(rows.size() == 4);
    CHECK(rows[0].find("1,ok,200000," + two + ",") == 0);
    CHECK(rows[3].find("4,ok,300000," + four + ",") == 0);
    const std::string single = s.file("single.csv");
    r = lied_cli({"run", kDriveTrain, "--t-end", "0.3", "--set", "shaft.d=3e5", "--inputs", four, "--input-interpolation", "hold", "--record", "w_load",
                  "--out", single});
    REQUIRE(r.code == 0);
    std::istringstream fields(rows[3]);
    std::string field;
    for (int i = 0; i < 5; ++i) std::getline(fields, field, ',');   // case, status, shaft.d, inputs, w_load
    CHECK(std::stod(field) == doctest::Approx(last_row(single)["w_load"]).epsilon(1e-11));   // the CSV keeps 12 digits

    const std::string wrong = s.file("wrong.csv", "time, motorTorque\n0, 0\n0.1, 40\n");
    r = lied_cli({"sweep", kDriveTrain, "--vary", "shaft.d=2e5:3e5:2", "--vary-inputs", two, "--vary-inputs", wrong});
    CHECK(r.code == 2);
    CHECK(r.err.find("--vary-inputs " + wrong + ": " + wrong + ", line 3: motorTorque = 40 N.m at t = 0.1 s is outside its range [-10, 10] N.m") !=
          std::string::npos);
}
