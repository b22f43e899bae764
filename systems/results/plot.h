#pragma once
// Plots results with gnuplot: by default one panel per unit (values without one: per kind, the last part of the
// name), or the panels the user lists ("t1.level,t2.level;p1.m_flow"); the unit on each
// axis, identical curves still distinguishable (dash patterns), gaps where a variable did not exist. PNG, SVG
// or PDF by the extension of the image path.
//
// gnuplot runs without a shell, on a script in a private temporary folder. Untrusted text (the system's name,
// variable names) reaches the script only as single-quoted gnuplot strings, in which gnuplot performs no
// substitution; control characters are replaced. The user's paths never reach the script at all: gnuplot
// reads and writes files in the temporary folder, and the image is copied to its place afterwards.
#include "systems/results/result_table.h"

#include <string>
#include <vector>

namespace lied::systems {

struct PlotColumn {
    std::string name;   // CSV column header
    std::string unit;   // "" if none
};

// Each panel lists indices into the columns.
using PlotPanels = std::vector<std::vector<std::size_t>>;

// One panel per unit (values without a unit: one per kind, the last part of the name), in the order of first
// appearance.
PlotPanels panels_by_unit(const std::vector<PlotColumn>& columns);
// "a,b;c": panels separated by ';', names by ','. Throws std::invalid_argument naming an unknown name (with
// a suggestion) or an empty panel.
PlotPanels parse_plot_vars(const std::string& spec, const std::vector<PlotColumn>& columns);

// True for .png, .svg and .pdf.
bool is_plot_file_name(const std::string& path);
// `text` as a single-quoted gnuplot string: ' doubled, control characters replaced by spaces.
std::string gnuplot_quoted(const std::string& text);

// The gnuplot script that plots `data_path` (CSV: time, then the columns) into `image_path` (both paths of the
// private folder). No panels: panels_by_unit.
std::string plot_script(const std::vector<PlotColumn>& columns, const std::string& data_path, const std::string& image_path,
                        const std::string& title, const PlotPanels& panels = {});

// Plots the table's series. Throws std::runtime_error naming what failed (gnuplot missing, gnuplot's own
// message, a file error).
void plot_results(const ResultTable& table, const std::string& image_path, const std::string& title, const PlotPanels& panels = {});
// The table's series as plot columns (name and unit).
std::vector<PlotColumn> plot_columns(const ResultTable& table);

}  // namespace lied::systems
