#pragma once
// The `lied` command line: list, info, run. Separate from main() so tests can drive it.
#include <iosfwd>
#include <string>
#include <vector>

namespace lied::systems {

// Returns the process exit code: 0 on success, 2 for bad usage or input, 1 when a simulation fails.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace lied::systems
