#include "systems/plot.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>

namespace lied::systems {

void plot_csv(const std::string& csv_path, const std::vector<std::string>& columns, const std::string& png_path,
              const std::string& title) {
    std::map<std::string, std::vector<std::size_t>> panels;   // kind -> column numbers (1-based, time is 1)
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const auto dot = columns[i].rfind('.');
        panels[dot == std::string::npos ? columns[i] : columns[i].substr(dot + 1)].push_back(i + 2);
    }
    const std::string script_path = png_path + ".gp";
    {
        std::ofstream gp(script_path);
        gp << "set terminal pngcairo size 1000," << 250 + 250 * panels.size() << " font 'sans,10' noenhanced\n"
           << "set output '" << png_path << "'\n"
           << "set datafile separator ','\n"
           << "set grid\nset key outside right top\n"
           << "set multiplot layout " << panels.size() << ",1 title '" << title << "'\n";
        for (auto& [kind, cols] : panels) {
            gp << "set xlabel 'time [s]'\nset ylabel '" << kind << "'\nplot ";
            for (std::size_t k = 0; k < cols.size(); ++k)
                gp << (k ? ", " : "") << "'" << csv_path << "' using 1:" << cols[k] << " skip 1 with lines lw 2 title '"
                   << columns[cols[k] - 2] << "'";
            gp << "\n";
        }
        gp << "unset multiplot\n";
    }
    const std::string command = "gnuplot '" + script_path + "' 2>&1";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot start gnuplot (install it: bash scripts/setup.sh)");
    std::string output;
    char buffer[256];
    while (fgets(buffer, sizeof buffer, pipe)) output += buffer;
    const int status = pclose(pipe);
    std::filesystem::remove(script_path);
    if (status != 0)
        throw std::runtime_error("gnuplot failed" + (output.empty() ? std::string(" (is it installed? bash scripts/setup.sh)") : ": " + output));
}

}  // namespace lied::systems
