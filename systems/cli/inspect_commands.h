#pragma once
// The subcommands that describe without simulating: `lied list`, `lied describe`, `lied check`, `lied info`.
#include <iosfwd>
#include <string>
#include <vector>

namespace lied::systems {

// The built-in systems and the example system files; or every component type; or the fluid media.
int list(bool components, bool media, std::ostream& out);
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
