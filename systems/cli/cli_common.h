#pragma once
// What the `lied` subcommands share: their errors (each with its exit code), number parsing with the option's
// name in the message, resolving a system by name or file, and the run options of `run` and `sweep`.
#include "core/simulator.h"
#include "systems/system_registry.h"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace CLI {
class App;
}

namespace lied::systems {

struct UsageError : std::runtime_error {   // bad input or composition: exit code 2
    using std::runtime_error::runtime_error;
};
struct OutputError : std::runtime_error {  // a file that cannot be read or written: exit code 3
    using std::runtime_error::runtime_error;
};
struct Interrupted : std::runtime_error {  // SIGINT/SIGTERM during a run: exit code 130
    using std::runtime_error::runtime_error;
};

// A finite number: inf and nan are never valid settings. Throws UsageError naming the option.
double parse_number(const std::string& option, const std::string& text);

// Two paths name the same file (existing or not): the same canonical path, or hard links of one file.
bool same_file(const std::string& a, const std::string& b);

// Creates the folder an output file goes into; throws OutputError naming the folder and the file.
void create_folder_for(const std::string& path);
// Throws OutputError unless `path` can be written; an existing file stays as it is, a new one is not left behind.
void check_writable(const std::string& path);

// A name padded to a column of `width`, and at least one space after a longer name.
std::string name_column(const std::string& name, std::size_t width = 14);

// A system to run: built in, or loaded from a file.
struct ResolvedSystem {
    std::string name;
    std::string description;
    std::unique_ptr<Component> root;
    RunSettings settings;
    std::vector<std::string> files;              // the input files, which no output may overwrite
    std::function<void(Simulator&)> prepare{};   // scheduled structural changes, if the system has any
};
ResolvedSystem resolve_system(const std::string& argument);   // throws UsageError

// The options of a run as typed (numbers as text, so that their errors name the option).
struct RunOptions {
    std::string t_end, dt, interval, solver, rtol, atol, max_step, jacobian_every;
    bool steady_state = false;
    std::vector<std::string> steady, sets, records;
};
void add_run_options(CLI::App& command, RunOptions& options);

// The system's defaults with the options applied and checked (ranges, step counts, solver kind).
RunSettings run_settings(const RunSettings& defaults, const RunOptions& options);
// "NAME=VALUE" pairs; throws UsageError for a malformed one.
std::vector<std::pair<std::string, std::string>> parse_assignments(const std::vector<std::string>& sets);

// A simulator of the system with the settings: scheduled changes, choices and parameters set (choices first:
// each rebuilds), start values reset, the steady state found if asked. Throws UsageError for bad names or
// values, SimulationError when the steady state is not found.
std::unique_ptr<Simulator> make_simulation(ResolvedSystem& system, const RunSettings& settings,
                                           const std::vector<std::pair<std::string, std::string>>& sets);

}  // namespace lied::systems
