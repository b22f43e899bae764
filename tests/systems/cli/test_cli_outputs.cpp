// Outputs: checked and opened before the run (folders created), never an input or each other, and the
// samples of a failed or interrupted run are written and the user is told where.
#include "support/cli_runner.h"

#include <doctest/doctest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

using namespace lied::testing;
namespace fs = std::filesystem;

namespace {
const fs::path kFiles = fs::path(LIED_SOURCE_DIR) / "systems" / "examples" / "files";

int count_lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }
}  // namespace

TEST_CASE("outputs never overwrite the input file or each other") {
    TempFolder dir;
    const std::string yaml = dir / "self.yaml";
    fs::copy_file(kFiles / "com_vessels.yaml", yaml);
    const std::string original = read_file(yaml);
    auto check = [&](std::vector<std::string> args, const std::string& message) {
        const auto r = run_lied(args);
        CHECK(r.code == 2);
        CHECK(r.err == "lied: error: " + message + "\n");
        CHECK(read_file(yaml) == original);
    };
    check({"run", yaml, "--out", yaml}, "--out '" + yaml + "': results are written as .csv or .mat files");
    check({"run", yaml, "--plot", dir / "a.csv"}, "--plot '" + (dir / "a.csv") + "': a plot is a .png, .svg or .pdf file");
    // A CSV that is the input under another spelling or as a hard link.
    const std::string as_csv = dir / "self.csv";
    fs::create_hard_link(yaml, as_csv);
    check({"run", yaml, "--out", as_csv}, "output '" + as_csv + "' is an input file of this run; choose another name");
    check({"run", yaml, "--out", dir / "sub/../self.csv"}, "output '" + (dir / "sub/../self.csv") + "' is an input file of this run; choose another name");
    // A subsystem file is an input too.
    const std::string sub = dir / "valve_tank.yaml";
    fs::copy_file(kFiles / "valve_tank.yaml", sub);
    fs::copy_file(kFiles / "com_vessels_subsystems.yaml", dir / "with_subsystems.yaml");
    fs::create_hard_link(sub, dir / "valve_tank.csv");
    check({"run", dir / "with_subsystems.yaml", "--out", dir / "valve_tank.csv"},
          "output '" + (dir / "valve_tank.csv") + "' is an input file of this run; choose another name");
}

TEST_CASE("a file a component reads (a time table's CSV) is an input: no output overwrites it") {
    TempFolder dir;
    const std::string csv = dir / "profile.csv";
    std::ofstream(csv) << "0, 1\n10, 11\n";
    std::ofstream(dir / "table.yaml") << "system: UsesTable\ncomponents:\n  profile: {type: TimeTable, parameters: {fileName: profile.csv}}\n"
                                         "run: {t_end: 1, record: [profile.y]}\n";
    const auto r = run_lied({"run", dir / "table.yaml", "--out", csv});
    CHECK(r.code == 2);
    CHECK(r.err == "lied: error: output '" + csv + "' is an input file of this run; choose another name\n");
    CHECK(read_file(csv) == "0, 1\n10, 11\n");
    CHECK(run_lied({"run", dir / "table.yaml", "--out", dir / "out.csv"}).code == 0);   // elsewhere it runs
}

TEST_CASE("output folders are created — an unwritable output is found before the run") {
    TempFolder dir;
    const std::string csv = dir / "results/deeper/v.csv";
    auto r = run_lied({"run", "ComVessels", "--t-end", "1", "--out", csv});
    CHECK(r.code == 0);
    CHECK(fs::exists(csv));
    // A folder where the file should be: exit 3, and quickly (the 1e7-sample run never starts).
    fs::create_directories(dir / "taken.csv");
    const auto start = std::chrono::steady_clock::now();
    r = run_lied({"run", "ComVessels", "--t-end", "1e6", "--interval", "0.1", "--out", dir / "taken.csv"});
    CHECK(r.code == 3);
    CHECK(r.err == "lied: error: cannot write '" + (dir / "taken.csv") + "': Is a directory\n");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    write_file(dir / "file", "");
    r = run_lied({"run", "ComVessels", "--out", dir / "file/v.csv"});
    CHECK(r.code == 3);
    CHECK(r.err.rfind("lied: error: cannot create the folder '" + (dir / "file") + "' for '" + (dir / "file/v.csv") + "': ", 0) == 0);
}

TEST_CASE("a failed run writes the samples so far, says where, and exits 1") {
    TempFolder dir;
    const std::string csv = dir / "dry.csv", png = dir / "dry.png";
    const auto r = run_lied({"run", "ComVessels", "--set", "t1.h0=0", "--set", "t2.h0=0", "--set", "t3.h0=0", "--out", csv, "--plot", png});
    CHECK(r.code == 1);
    CHECK(r.err == "lied: simulation failed: t1.level = -1.63224e-06 m at t = 1.01 s is outside its valid range [0, inf) (rule: a "
                   "tank holds no less than nothing: it ran dry)\nlied: the samples up to t = 1 s are in " + csv + " and " + png + "\n");
    const std::string text = read_file(csv);
    CHECK(count_lines(text) == 12);   // header and t = 0, 0.1, …, 1.0
    CHECK(fs::file_size(png) > 1000);
}

namespace {
// Starts the lied program with `args` (stderr into `log`), waits until `ready` holds (checked every 100 ms, at most
// 20 s), sends SIGINT and returns the exit status (-1 if it did not exit normally).
int interrupt_when(std::vector<std::string> args, const std::string& log, const std::function<bool()>& ready) {
    args.insert(args.begin(), LIED_PROGRAM);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const bool spawned = posix_spawn(&pid, LIED_PROGRAM, &actions, nullptr, argv.data(), environ) == 0;
    posix_spawn_file_actions_destroy(&actions);
    if (!spawned) return -1;
    for (int k = 0; k < 200 && !ready(); ++k) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
}  // namespace

TEST_CASE("an interrupted run (SIGINT) writes the samples so far and exits 130") {
    TempFolder dir;
    const std::string csv = dir / "long.csv", log = dir / "stderr.txt";
    // Interrupted once the run has started writing.
    const int code = interrupt_when({"run", "ComVessels", "--t-end", "1e6", "--dt", "0.01", "--interval", "1", "--out", csv}, log,
                                    [&] { return fs::exists(csv) && fs::file_size(csv) >= 2000; });
    CHECK(code == 130);
    const std::string err = read_file(log);
    INFO(err);
    CHECK(err.rfind("lied: interrupted at t = ", 0) == 0);
    CHECK(err.find("s are in " + csv) != std::string::npos);
    const std::string text = read_file(csv);
    CHECK(count_lines(text) > 10);
    CHECK(text.back() == '\n');   // whole rows only
}

TEST_CASE("SIGINT stops a long CVODE call at once, not when the call returns") {
    // One output interval of 1e7 s: CVODE's call would take minutes. The request stops it at its next evaluation.
    TempFolder dir;
    const std::string csv = dir / "loop.csv", log = dir / "stderr.txt";
    const auto start = std::chrono::steady_clock::now();
    const int code = interrupt_when({"run", "CoolingLoop", "--t-end", "1e7", "--interval", "1e7", "--out", csv}, log, [&] {
        return std::chrono::steady_clock::now() - start > std::chrono::milliseconds(1500);
    });
    CHECK(code == 130);
    const std::string err = read_file(log);
    INFO(err);
    CHECK(err.rfind("lied: interrupted at t = ", 0) == 0);
    CHECK(read_file(csv).find("time") == 0);   // the samples so far (the start) are written
}

TEST_CASE("an interrupted sweep writes the rows of the cases that finished and exits 130") {
    // Case 1 (t1 1 km below the others) runs a vessel dry within seconds; case 2 (the vessels level) would run 1e5 s.
    TempFolder dir;
    const std::string table = dir / "sweep.csv", log = dir / "stderr.txt";
    const int code = interrupt_when({"--verbose", "sweep", "ComVessels", "--t-end", "1e5", "--vary", "elevation.height=-1000:0:2", "--jobs", "1", "--out", table},
                                    log, [&] { return read_file(log).find("sweep: case 1 of 2 on rank 0 failed") != std::string::npos; });
    CHECK(code == 130);
    const std::string err = read_file(log);
    INFO(err);
    CHECK(err.find("lied: interrupted: 1 of 2 cases finished; their rows are in " + table) != std::string::npos);
    const std::string text = read_file(table);
    CHECK(count_lines(text) == 2);   // the header and case 1
    CHECK(text.find("\n1,failed,-1000,") != std::string::npos);
}