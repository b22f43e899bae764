#pragma once
// Runs the `lied` command line in-process and captures what it prints; a private temporary folder per test.
#include "systems/cli/cli.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace lied::testing {

struct CliResult {
    int code;
    std::string out, err;
};

inline CliResult run_lied(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = systems::run_cli(args, out, err);
    return {code, out.str(), err.str()};
}

// Runs `lied` and checks its exit code and its whole stderr: "lied: error: <message>".
inline void check_refusal(const std::vector<std::string>& args, const std::string& message, int code = 2);

inline std::string read_file(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void write_file(const std::filesystem::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// A fresh folder under the system's temporary directory, removed with the object.
class TempFolder {
public:
    TempFolder() {
        std::random_device rd;
        path_ = std::filesystem::temp_directory_path() / ("lied-test-" + std::to_string(rd()) + std::to_string(rd()));
        std::filesystem::create_directories(path_);
    }
    ~TempFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
    std::string operator/(const std::string& name) const { return (path_ / name).string(); }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

}  // namespace lied::testing

#include <doctest/doctest.h>

inline void lied::testing::check_refusal(const std::vector<std::string>& args, const std::string& message, int code) {
    const CliResult r = run_lied(args);
    INFO(r.err);
    CHECK(r.code == code);
    CHECK(r.err == "lied: error: " + message + "\n");
}
