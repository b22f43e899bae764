#pragma once
// Every medium by the name a system file (and `lied describe`) uses; one shared, immutable instance each.
#include "thermofluid/media/medium.h"

#include <string>
#include <string_view>
#include <vector>

namespace lied::thermofluid {

// Throws std::invalid_argument naming the known media (with a "did you mean").
const Medium& medium(std::string_view name);
const std::vector<std::string>& medium_names();   // in registry order; built once
// nullptr if there is no medium of that name.
const Medium* find_medium(std::string_view name);

}  // namespace lied::thermofluid
