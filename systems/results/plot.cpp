#include "systems/results/plot.h"

#include "core/support/closest_name.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <map>
#include <sstream>
#include <stdexcept>

extern char** environ;

namespace lied::systems {
namespace fs = std::filesystem;
namespace {

std::string extension_of(const std::string& path) {
    std::string e = fs::path(path).extension().string();
    for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return e;
}

// A private folder for one plot (mkdtemp: unique, mode 0700), removed when done.
class TemporaryFolder {
public:
    TemporaryFolder() {
        std::string pattern = (fs::temp_directory_path() / "lied-plot-XXXXXX").string();
        if (!mkdtemp(pattern.data())) throw std::runtime_error("cannot create a temporary folder for the plot: " + std::string(std::strerror(errno)));
        path_ = pattern;
    }
    ~TemporaryFolder() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;
    const fs::path& path() const { return path_; }

private:
    fs::path path_;
};

// Runs `gnuplot script` directly (no shell), its output into `log`. Returns the exit status.
int run_gnuplot(const fs::path& script, const fs::path& log) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    std::string program = "gnuplot", argument = script.string();
    char* argv[] = {program.data(), argument.data(), nullptr};
    pid_t pid = 0;
    const int spawned = posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) throw std::runtime_error("cannot start gnuplot (" + std::string(std::strerror(spawned)) + "; bash scripts/setup.sh installs it)");
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

bool is_plot_file_name(const std::string& path) {
    const std::string e = extension_of(path);
    return e == ".png" || e == ".svg" || e == ".pdf";
}

std::string gnuplot_quoted(const std::string& text) {
    std::string q = "'";
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '\'') q += "''";
        else if (u < 0x20 || u == 0x7f) q += ' ';
        else q += c;
    }
    return q + "'";
}

namespace {
// The last part of a recorded name: "plate.T" -> "T".
std::string kind_of(const std::string& name) {
    const auto dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
}
}  // namespace

PlotPanels panels_by_unit(const std::vector<PlotColumn>& columns) {
    // Curves that share a unit share an axis, so a plate's and a fluid's temperatures can be compared at a glance;
    // values without a unit (an opening, a count) are kept apart by kind, since their scales have nothing in common.
    std::vector<std::string> keys;
    PlotPanels out;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const std::string key = columns[i].unit.empty() ? "\n" + kind_of(columns[i].name) : columns[i].unit;
        const auto at = std::find(keys.begin(), keys.end(), key);
        if (at == keys.end()) {
            keys.push_back(key);
            out.push_back({i});
        } else {
            out[static_cast<std::size_t>(at - keys.begin())].push_back(i);
        }
    }
    return out;
}

PlotPanels parse_plot_vars(const std::string& spec, const std::vector<PlotColumn>& columns) {
    std::vector<std::string> names;
    for (auto& c : columns) names.push_back(c.name);
    PlotPanels panels(1);
    std::string name;
    auto take = [&]() {
        while (!name.empty() && name.back() == ' ') name.pop_back();
        while (!name.empty() && name.front() == ' ') name.erase(name.begin());
        if (name.empty()) return;
        const auto it = std::find(names.begin(), names.end(), name);
        if (it == names.end()) throw std::invalid_argument("--plot-vars: '" + name + "' is not a recorded variable" + did_you_mean(name, names));
        panels.back().push_back(static_cast<std::size_t>(it - names.begin()));
        name.clear();
    };
    for (char c : spec) {
        if (c == ',') take();
        else if (c == ';') {
            take();
            if (panels.back().empty()) throw std::invalid_argument("--plot-vars '" + spec + "': panel " + std::to_string(panels.size()) + " names no variable");
            panels.emplace_back();
        } else name += c;
    }
    take();
    if (panels.back().empty()) throw std::invalid_argument("--plot-vars '" + spec + "': panel " + std::to_string(panels.size()) + " names no variable");
    return panels;
}

std::string plot_script(const std::vector<PlotColumn>& columns, const std::string& data_path, const std::string& image_path,
                        const std::string& title, const PlotPanels& given) {
    const std::string ext = extension_of(image_path);
    const PlotPanels panels = given.empty() ? panels_by_unit(columns) : given;
    const std::size_t height = 250 + 250 * panels.size();
    std::ostringstream gp;
    if (ext == ".png") gp << "set terminal pngcairo size 1000," << height << " font 'sans,10' noenhanced\n";
    else if (ext == ".svg") gp << "set terminal svg size 1000," << height << " font 'sans,10' noenhanced\n";
    else gp << "set terminal pdfcairo size 10in," << static_cast<double>(height) / 100.0 << "in font 'sans,10' noenhanced\n";
    gp << "set output " << gnuplot_quoted(image_path) << "\n"
       << "set datafile separator ','\n"
       << "set grid\nset key outside right top\n"
       << "set multiplot layout " << panels.size() << ",1 title " << gnuplot_quoted(title) << "\n";
    for (auto& cols : panels) {
        // The axis says what the curves share: their unit, and the kinds of value drawn (up to three, else "value");
        // a curve whose unit differs from the first one's (panels the user chose) carries its own in the key.
        std::vector<std::string> kinds;
        bool same_unit = true;
        for (std::size_t i : cols) {
            same_unit &= columns[i].unit == columns[cols[0]].unit;
            if (std::find(kinds.begin(), kinds.end(), kind_of(columns[i].name)) == kinds.end()) kinds.push_back(kind_of(columns[i].name));
        }
        std::string kind = kinds.size() > 3 ? "value" : kinds[0];
        for (std::size_t k = 1; k < kinds.size() && kinds.size() <= 3; ++k) kind += ", " + kinds[k];
        const std::string& unit = columns[cols[0]].unit;
        std::string label = same_unit ? (unit.empty() ? kind : kind + " [" + unit + "]") : kind + " [see the key]";
        gp << "set xlabel 'time [s]'\nset ylabel " << gnuplot_quoted(label) << "\nplot ";
        // Dash patterns differ per curve, so identical curves (t2 and t3 of the vessels) stay visible.
        for (std::size_t k = 0; k < cols.size(); ++k) {
            const PlotColumn& c = columns[cols[k]];
            const std::string key = same_unit || c.unit.empty() ? c.name : c.name + " [" + c.unit + "]";
            gp << (k ? ", " : "") << gnuplot_quoted(data_path) << " using 1:" << cols[k] + 2 << " skip 1 with lines lw 2 dt " << k % 5 + 1
               << " title " << gnuplot_quoted(key);
        }
        gp << "\n";
    }
    gp << "unset multiplot\n";
    return gp.str();
}

std::vector<PlotColumn> plot_columns(const ResultTable& table) {
    std::vector<PlotColumn> columns;
    for (auto& s : table.series) columns.push_back({s.name, s.unit});
    return columns;
}

void plot_results(const ResultTable& table, const std::string& image_path, const std::string& title, const PlotPanels& panels) {
    const std::string ext = extension_of(image_path);
    if (!is_plot_file_name(image_path)) throw std::runtime_error("cannot plot to '" + image_path + "': the plot is a .png, .svg or .pdf file");
    if (table.series.empty()) throw std::runtime_error("cannot plot to '" + image_path + "': the results have no variables besides time");
    TemporaryFolder folder;
    const fs::path data = folder.path() / "data.csv", image = folder.path() / ("plot" + ext), script = folder.path() / "plot.gp",
                   log = folder.path() / "gnuplot.log";
    {
        // The data in the private folder: gnuplot never sees a path of the user's. Empty cells (a variable that
        // did not exist) are gaps in the curves.
        std::ofstream out(data);
        out << "time";
        for (std::size_t i = 0; i < table.series.size(); ++i) out << ",c" << i;
        out << '\n' << std::setprecision(12);
        for (std::size_t k = 0; k < table.times.size(); ++k) {
            out << table.times[k];
            for (double v : table.rows[k]) {
                out << ',';
                if (!std::isnan(v)) out << v;
            }
            out << '\n';
        }
        if (!out) throw std::runtime_error("cannot write the plot data in " + folder.path().string());
    }
    {
        std::ofstream gp(script);
        gp << plot_script(plot_columns(table), data.string(), image.string(), title, panels);
        if (!gp) throw std::runtime_error("cannot write the plot script in " + folder.path().string());
    }
    const int status = run_gnuplot(script, log);
    std::ifstream log_in(log);
    std::stringstream output;
    output << log_in.rdbuf();
    if (status != 0) throw std::runtime_error("gnuplot failed: " + output.str());
    std::error_code ec;
    fs::copy_file(image, image_path, fs::copy_options::overwrite_existing, ec);
    if (ec) throw std::runtime_error("cannot write '" + image_path + "': " + ec.message());
}

}  // namespace lied::systems
