#pragma once
// The example system files that run on their own (systems/examples/files, without the subsystem valve_tank.yaml),
// in a fixed order: the tests that go through every example use the same list.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace lied::testing {

inline std::vector<std::string> runnable_example_files() {
    std::vector<std::string> files;
    const std::filesystem::path folder = std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files";
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
        const auto extension = entry.path().extension();
        if (extension != ".yaml" && extension != ".json") continue;
        if (entry.path().filename() == "valve_tank.yaml") continue;   // a subsystem, not a system
        files.push_back(entry.path().string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace lied::testing
