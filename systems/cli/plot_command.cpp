#include "systems/cli/plot_command.h"

#include "systems/cli/cli_common.h"
#include "systems/results/plot.h"
#include "systems/results/mat_results.h"

#include <filesystem>
#include <ostream>

namespace lied::systems {

int plot_command(const std::string& results, const std::string& image, const std::string& plot_vars, const std::string& title,
                 std::ostream& out) {
    if (!is_plot_file_name(image)) throw UsageError("-o '" + image + "': a plot is a .png, .svg or .pdf file");
    if (same_file(image, results)) throw UsageError("-o '" + image + "' is the results file; choose another name");
    const std::string extension = std::filesystem::path(results).extension().string();
    if (!is_mat_file_name(results) && extension != ".csv")
        throw UsageError("'" + results + "': lied plot reads .csv and .mat results");
    ResultTable table;
    try {
        table = is_mat_file_name(results) ? read_mat_results(results) : read_csv_results(results);
    } catch (const std::runtime_error& e) {
        throw OutputError(e.what());
    }
    const std::vector<PlotColumn> columns = plot_columns(table);
    const PlotPanels panels = plot_vars.empty() ? PlotPanels{} : parse_plot_vars(plot_vars, columns);
    create_folder_for(image);
    try {
        plot_results(table, image, title.empty() ? std::filesystem::path(results).filename().string() : title, panels);
    } catch (const std::runtime_error& e) {
        throw OutputError(e.what());
    }
    std::size_t plotted = table.series.size();
    if (!panels.empty()) {
        plotted = 0;
        for (auto& panel : panels) plotted += panel.size();
    }
    out << "plot: " << image << " (" << plotted << " of " << table.series.size() << " variables, " << table.times.size() << " samples)\n";
    return 0;
}

}  // namespace lied::systems
