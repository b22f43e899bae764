#pragma once
// Plots recorded CSV columns to a PNG with gnuplot: one panel per kind of variable (the last part of the
// name: all "*.level" together, all "*.m_flow" together).
#include <string>
#include <vector>

namespace lied::systems {

// Throws std::runtime_error if gnuplot is missing or fails.
void plot_csv(const std::string& csv_path, const std::vector<std::string>& columns, const std::string& png_path,
              const std::string& title);

}  // namespace lied::systems
