#pragma once
// The subcommands that describe without simulating: `lied list`, `lied describe`, `lied info`.
#include <iosfwd>
#include <string>

namespace lied::systems {

// The built-in systems and the example system files; or every component type; or the fluid media.
int list(bool components, bool media, std::ostream& out);
// Parameters, choices, plugs, signals and states of one component type.
int describe_type(const std::string& name, std::ostream& out);
// Components, schedule, states, tearing pairs, L, events and parameters of a system; with `segments`, the
// structure after each scheduled change.
int info(const std::string& name, std::ostream& out, bool segments);

}  // namespace lied::systems
