#pragma once
// Vectors and matrices written as YAML, in a system file or after --set: [1, 2] is a vector, [[0, 1], [-1, 0]] a
// matrix given as a list of rows. An empty list [] is empty of whichever rank the parameter has.
#include "core/model/array_parameter.h"

#include <string>

#include <yaml-cpp/yaml.h>

namespace lied::systems {

// Throws std::invalid_argument saying what is wrong: not a list, a ragged row ("row 2 has 3 numbers, row 1 has 2"),
// an element that is no number, a list nested deeper than rows.
ArrayParameter array_from_yaml(const YAML::Node& node);
// The same from text ("[[0, 1], [-1, -0.5]]").
ArrayParameter array_from_text(const std::string& text);
// Whether a --set value is written as a list (starts with '['), rather than a number or an option's name.
bool looks_like_array(const std::string& text);

}  // namespace lied::systems
