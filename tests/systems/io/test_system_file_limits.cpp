// A system file is untrusted input: only regular files are read, each of bounded size, and all files together
// expand to a bounded number of components. Each limit fails fast with a message that names it.
#include "support/cli_runner.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>

using namespace lied::testing;
using namespace lied::systems;
namespace fs = std::filesystem;

namespace {
std::string load_error(const std::string& path, std::size_t max_components = kMaxExpandedComponents) {
    try {
        load_system_file(path, max_components);
    } catch (const SystemFileError& e) {
        return e.what();
    }
    return "<loaded>";
}
}  // namespace

TEST_CASE("device files and FIFOs are refused without reading them") {
    CHECK(load_error("/dev/zero.yaml") == "/dev/zero.yaml: cannot read '/dev/zero.yaml': No such file or directory");
    TempFolder dir;
    fs::create_symlink("/dev/zero", dir / "zero.yaml");
    CHECK(load_error(dir / "zero.yaml") == dir / "zero.yaml" + ": '" + (dir / "zero.yaml") + "' is not a regular file (rule: a system file is a regular file)");
    REQUIRE(mkfifo((dir / "fifo.yaml").c_str(), 0600) == 0);
    const auto start = std::chrono::steady_clock::now();
    CHECK(load_error(dir / "fifo.yaml") == dir / "fifo.yaml" + ": '" + (dir / "fifo.yaml") + "' is not a regular file (rule: a system file is a regular file)");
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));   // did not block on the FIFO
    // As a subsystem, with the line of the reference.
    write_file(dir / "top.yaml", "components:\n  z: {file: /dev/zero}\n");
    CHECK(load_error(dir / "top.yaml") == dir / "top.yaml" + ":2:13: components.z.file: '/dev/zero' is outside the folder of the top-level system file, " +
                                              fs::canonical(dir.path()).string() +
                                              " (rule: a system file names only files in its own folder tree; lied --allow-folder DIR allows another)");
    allow_folder("/dev");   // allowed, it still is no regular file
    CHECK(load_error(dir / "top.yaml") == dir / "top.yaml" + ":2:13: components.z.file: subsystem file: '/dev/zero' is not a regular file (rule: a system file is a regular file)");
    clear_allowed_folders();
}

TEST_CASE("a file larger than the cap is refused before it is read") {
    TempFolder dir;
    {
        std::ofstream big(dir / "big.yaml");
        big << "components:\n";
        const std::string line = "  # " + std::string(1000, 'x') + "\n";
        for (std::size_t n = 0; n * line.size() <= kMaxSystemFileBytes; ++n) big << line;
    }
    const auto size = fs::file_size(dir / "big.yaml");
    CHECK(load_error(dir / "big.yaml") == dir / "big.yaml" + ": '" + (dir / "big.yaml") + "' has " + std::to_string(size) +
                                                              " bytes (rule: a system file has at most 4194304 bytes)");
}

TEST_CASE("includes that fan out are stopped by the component cap, with a message") {
    // f0 is a closed system of 3 components; each f(k) uses f(k-1) four times: f(k) has 3·4^k components.
    TempFolder dir;
    write_file(dir / "f0.yaml",
               "components:\n  src: {type: OutTank}\n  v: {type: PressureDrop}\n  t: {type: InTank}\n"
               "connections:\n  - [src.outlet, v.inlet]\n  - [v.outlet, t.inlet]\n");
    for (int k = 1; k <= 12; ++k) {
        std::string text = "components:\n";
        for (const char* n : {"a", "b", "c", "d"}) text += std::string("  ") + n + ": {file: f" + std::to_string(k - 1) + ".yaml}\n";
        write_file(dir / ("f" + std::to_string(k) + ".yaml"), text);
    }
    // f3: 192 leaf components and 84 subsystems. The cap counts both.
    CHECK(load_system_file(dir / "f3.yaml", 300).files.size() == 4);
    const std::string refused = load_error(dir / "f4.yaml", 300);
    CHECK(refused.find("the system expands to more than 300 components (rule: at most that many components, subsystem files "
                       "counted each time they are used)") != std::string::npos);
    CHECK(refused.rfind(dir / "f", 0) == 0);   // names the file and line where the cap was reached
}

TEST_CASE("a subsystem file is not offered or run as a system") {
    const fs::path files = fs::path(LIED_SOURCE_DIR) / "systems" / "examples" / "files";
    const auto r = run_lied({"run", (files / "valve_tank.yaml").string()});
    CHECK(r.code == 2);
    CHECK(r.err == "lied: error: " + (files / "valve_tank.yaml").string() +
                       " is a subsystem (it exposes inlet for another file to connect); use it as a component of a system file: "
                       "{file: valve_tank.yaml}\n");
    const auto cwd = fs::current_path();
    fs::current_path(LIED_SOURCE_DIR);
    const auto list = run_lied({"list"});
    fs::current_path(cwd);
    const auto runnable = list.out.substr(0, list.out.find("subsystem files"));
    CHECK(runnable.find("valve_tank.yaml") == std::string::npos);
    CHECK(list.out.find("subsystem files (used as components by other files, not run on their own):\n  systems/examples/files/valve_tank.yaml") !=
          std::string::npos);
    // From any other folder, the files are still listed, by paths that work from there (the installed program finds
    // them under share/lied/systems: tests/CMakeLists.txt checks that on the installed package).
    fs::current_path(fs::temp_directory_path());
    const auto elsewhere = run_lied({"list"});
    fs::current_path(cwd);
    const std::string example = (fs::weakly_canonical(files) / "com_vessels.yaml").string();
    CHECK(elsewhere.out.find("\n  " + example + " ") != std::string::npos);
}
