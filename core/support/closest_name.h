#pragma once
// "Did you mean …?" for unknown names: the candidate with the smallest edit distance.
#include <string>
#include <string_view>
#include <vector>

namespace lied {

std::size_t edit_distance(std::string_view a, std::string_view b);
// The closest candidate, or "" if none is reasonably close.
std::string closest_name(std::string_view name, const std::vector<std::string>& candidates);
// " (did you mean 'x'?)" or "".
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

}  // namespace lied
