#pragma once
#include <filesystem>
// The subcommands that describe without simulating: `lied list`, `lied describe`, `lied check`, `lied info`.
#include <iosfwd>
#include <string>
#include <vector>

namespace lied::systems {

// The built-in systems and the example system files; or every component type; or the fluid media.
int list(bool components, bool media, std::ostream& out);
// The folder of the example system files `lied list` shows: systems/examples/files under the current folder, else
// share/lied/systems of the installation this program belongs to, else the sources it was built from; empty if none.
std::filesystem::path example_files_folder();
// Parameters, choices, plugs, signals and states of one component type: aligned columns, or Markdown tables (the
// generated reference, docs/reference/components.md).
int describe_type(const std::string& name, std::ostream& out, bool markdown = false);
// The dependency check of the named component types (all registered ones when `names` is empty): 0 when every
// block reads and writes only what it declares, 1 when some does not.
int check_types(const std::vector<std::string>& names, std::ostream& out);
// Components, schedule, states, tearing pairs, L, events and parameters of a system; with `segments`, the
// structure after each scheduled change.
int info(const std::string& name, std::ostream& out, bool segments);

}  // namespace lied::systems
