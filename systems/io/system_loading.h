#pragma once
// Resolving a system by name (built in) or by file, and making a simulator of it with settings and parameter
// values given as text: what the `lied` program and the FMU runtime share. Errors in what the user gave are
// UsageErrors, whose messages name the option or the file.
#include "core/simulation/simulator.h"
#include "systems/io/system_registry.h"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace lied::systems {

struct UsageError : std::runtime_error {   // bad input or composition: exit code 2
    using std::runtime_error::runtime_error;
};

// A finite number: inf and nan are never valid settings. Throws UsageError naming the option.
double parse_number(const std::string& option, const std::string& text);

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
// A system given as the text of a system file (YAML or JSON); `source` names it in messages, `directory` resolves
// the paths it names. Throws UsageError.
ResolvedSystem resolve_system_text(const std::string& text, const std::string& source, const std::string& directory);

// The table settings.inputs names drives the system's inputs (read when a simulator is built next); the table becomes one
// of the system's files, which no output overwrites. Throws UsageError for a table that is wrong or names no input.
void drive_inputs_from_table(ResolvedSystem& system, const RunSettings& settings);
// A simulator of the system with the settings: scheduled changes, choices and parameters set (choices first:
// each rebuilds), start values reset, the steady state found if asked. Throws UsageError for bad names or
// values, SimulationError when the steady state is not found.
std::unique_ptr<Simulator> make_simulation(ResolvedSystem& system, const RunSettings& settings,
                                           const std::vector<std::pair<std::string, std::string>>& sets);

}  // namespace lied::systems
