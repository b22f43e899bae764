#pragma once
// Plots recorded CSV columns with gnuplot: one panel per kind of variable (the last part of the name: all
// "*.level" together) and unit, the unit on each axis, identical curves still distinguishable (dash
// patterns). PNG, SVG or PDF by the extension of the image path.
//
// gnuplot runs without a shell, on a script in a private temporary folder. Untrusted text (the system's name,
// variable names) reaches the script only as single-quoted gnuplot strings, in which gnuplot performs no
// substitution; control characters are replaced. The user's paths never reach the script at all: gnuplot
// reads and writes files in the temporary folder, and the image is copied to its place afterwards.
#include <string>
#include <vector>

namespace lied::systems {

struct PlotColumn {
    std::string name;   // CSV column header
    std::string unit;   // "" if none
};

// True for .png, .svg and .pdf.
bool is_plot_file_name(const std::string& path);
// `text` as a single-quoted gnuplot string: ' doubled, control characters replaced by spaces.
std::string gnuplot_quoted(const std::string& text);

// The gnuplot script that plots `data_path` into `image_path` (both paths of the private folder).
std::string plot_script(const std::vector<PlotColumn>& columns, const std::string& data_path, const std::string& image_path,
                        const std::string& title);

// Throws std::runtime_error naming what failed (gnuplot missing, gnuplot's own message, a file error).
void plot_csv(const std::string& csv_path, const std::vector<PlotColumn>& columns, const std::string& image_path,
              const std::string& title);

}  // namespace lied::systems
