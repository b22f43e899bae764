// TimeTable: interpolation, holding the end values, jumps, the rules on the file (named with file and line), and
// a system file that names its CSV relative to itself.
#include "components/time_table.h"
#include "core/model/build_error.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace lied;
using namespace lied::components;
namespace fs = std::filesystem;

namespace {
// A scratch folder per test, removed afterwards.
struct ScratchDir {
    fs::path path = fs::temp_directory_path() / ("lied_time_table_" + std::to_string(::getpid()));
    ScratchDir() { fs::create_directories(path); }
    ~ScratchDir() { fs::remove_all(path); }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(path / name) << text;
        return (path / name).string();
    }
};

class Holder : public Component {
public:
    TimeTable table;
    void metainfo(Meta& meta) override { meta.component(table, "table"); }
    const char* type_name() const override { return "Holder"; }
};

double value_at(Simulator& sim, double t) {
    sim.simulate(t);
    return sim.value("table.y");
}
}  // namespace

TEST_CASE("TimeTable: linear between rows, end values held, a repeated time is a jump, a header is skipped") {
    ScratchDir dir;
    Holder h;
    h.table.fileName = dir.write("load.csv", "time,Q,other\n0, 100, 9\n2, 300, 9\n2, 50, 9\n4, 50, 9\n");
    SimulatorOptions o;
    o.solver = "euler";
    o.dt = 0.25;
    Simulator sim(h, o);
    CHECK(sim.value("table.y") == 100.0);
    CHECK(value_at(sim, 0.5) == doctest::Approx(150.0).epsilon(1e-14));
    CHECK(value_at(sim, 1.75) == doctest::Approx(275.0).epsilon(1e-14));
    CHECK(value_at(sim, 2.5) == 50.0);
    CHECK(value_at(sim, 10.0) == 50.0);
    sim.set_parameter("table.column", 3.0);   // another column: applied at the next build
    sim.rebuild();
    CHECK(sim.value("table.y") == 9.0);
}

TEST_CASE("TimeTable: a table given in C++ instead of a file") {
    Holder h;
    h.table.table = {{0.0, 1.0}, {1.0, 3.0}};
    SimulatorOptions o;
    o.solver = "euler";
    o.dt = 0.25;
    Simulator sim(h, o);
    CHECK(value_at(sim, 0.25) == doctest::Approx(1.5).epsilon(1e-14));
    CHECK(value_at(sim, 3.0) == 3.0);
}

TEST_CASE("TimeTable: broken files are build errors naming the parameter, the file, the line and the rule") {
    ScratchDir dir;
    auto error_for = [&](const std::string& text, int column = 2) {
        Holder h;
        h.table.fileName = dir.write("t.csv", text);
        h.table.column = column;
        try {
            Simulator sim(h);
        } catch (const BuildError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    CHECK(error_for("0,1\n1,x\n").find("table.fileName = '" + (dir.path / "t.csv").string() + "', line 2: 'x' is not a number") != std::string::npos);
    CHECK(error_for("0,1\n2,1\n1,1\n").find("line 3: time 1 s comes after 2.000000 s (rule: a time table has rows of numbers, the first column a non-decreasing time)") != std::string::npos);
    CHECK(error_for("0,1\n1,2\n", 3).find("line 1: has 2 columns, column = 3") != std::string::npos);
    CHECK(error_for("").find("no rows") != std::string::npos);
    CHECK(error_for("0,nan\n").find("'nan' is not a number") != std::string::npos);
    Holder missing;
    missing.table.fileName = (dir.path / "nothing.csv").string();
    CHECK_THROWS_WITH_AS(Simulator{missing}, doctest::Contains("nothing.csv': cannot open the file"), BuildError);
    Holder none;
    CHECK_THROWS_WITH_AS(Simulator{none}, doctest::Contains("table: no table: set fileName (a CSV file) or, in C++, table (rule: a time table has rows)"),
                         BuildError);
}

TEST_CASE("TimeTable: only a regular file of bounded size is read, and a wrong file is never echoed beyond a fragment") {
    // A FIFO blocked for ever, /dev/zero read past 1 GB, and a password file named by mistake appeared whole in the message.
    ScratchDir dir;
    const fs::path fifo = dir.path / "pipe.csv";
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    for (const std::string name : {fifo.string(), std::string("/dev/zero")}) {
        CAPTURE(name);
        Holder h;
        h.table.fileName = name;
        CHECK_THROWS_WITH_AS(Simulator{h}, doctest::Contains("': not a regular file (rule: a time table's file is a regular file)"), BuildError);
    }
    Holder secret;
    secret.table.fileName = dir.write("passwd", "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n");
    try {
        Simulator sim(secret);
        FAIL("a password file was read as a time table");
    } catch (const BuildError& e) {
        const std::string message = e.what();
        // The first line counts as a header; the second is named, cut at 24 characters.
        CHECK(message.find("line 2: 'daemon:x:1:1:daemon:/usr...' is not a time") != std::string::npos);
        CHECK(message.find("nologin") == std::string::npos);
    }
}

TEST_CASE("TimeTable in a system file: the CSV is found next to the file, wherever lied runs") {
    ScratchDir dir;
    dir.write("profile.csv", "0, 1\n10, 11\n");
    const std::string file = dir.write("uses_table.yaml", R"(system: UsesTable
components:
  profile: {type: TimeTable, parameters: {fileName: profile.csv}}
run: {t_end: 5, record: [profile.y]}
)");
    auto loaded = systems::load_system_file(file);
    SimulatorOptions o;
    o.solver = "euler";
    o.dt = 0.5;
    Simulator sim(*loaded.root, o);
    sim.simulate(5.0);
    CHECK(sim.value("profile.y") == doctest::Approx(6.0).epsilon(1e-14));
}
