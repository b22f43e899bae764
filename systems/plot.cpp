#include "systems/plot.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
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

std::string plot_script(const std::vector<PlotColumn>& columns, const std::string& data_path, const std::string& image_path,
                        const std::string& title) {
    const std::string ext = extension_of(image_path);
    // Panels by kind and unit; column numbers are 1-based and time is column 1.
    std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> panels;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const auto dot = columns[i].name.rfind('.');
        const std::string kind = dot == std::string::npos ? columns[i].name : columns[i].name.substr(dot + 1);
        panels[{kind, columns[i].unit}].push_back(i + 2);
    }
    const std::size_t height = 250 + 250 * panels.size();
    std::ostringstream gp;
    if (ext == ".png") gp << "set terminal pngcairo size 1000," << height << " font 'sans,10' noenhanced\n";
    else if (ext == ".svg") gp << "set terminal svg size 1000," << height << " font 'sans,10' noenhanced\n";
    else gp << "set terminal pdfcairo size 10in," << static_cast<double>(height) / 100.0 << "in font 'sans,10' noenhanced\n";
    gp << "set output " << gnuplot_quoted(image_path) << "\n"
       << "set datafile separator ','\n"
       << "set grid\nset key outside right top\n"
       << "set multiplot layout " << panels.size() << ",1 title " << gnuplot_quoted(title) << "\n";
    for (auto& [panel, cols] : panels) {
        const auto& [kind, unit] = panel;
        gp << "set xlabel 'time [s]'\nset ylabel " << gnuplot_quoted(unit.empty() ? kind : kind + " [" + unit + "]") << "\nplot ";
        // Dash patterns differ per curve, so identical curves (t2 and t3 of the vessels) stay visible.
        for (std::size_t k = 0; k < cols.size(); ++k)
            gp << (k ? ", " : "") << gnuplot_quoted(data_path) << " using 1:" << cols[k] << " skip 1 with lines lw 2 dt " << k % 5 + 1
               << " title " << gnuplot_quoted(columns[cols[k] - 2].name);
        gp << "\n";
    }
    gp << "unset multiplot\n";
    return gp.str();
}

void plot_csv(const std::string& csv_path, const std::vector<PlotColumn>& columns, const std::string& image_path,
              const std::string& title) {
    const std::string ext = extension_of(image_path);
    if (!is_plot_file_name(image_path)) throw std::runtime_error("cannot plot to '" + image_path + "': the plot is a .png, .svg or .pdf file");
    TemporaryFolder folder;
    const fs::path data = folder.path() / "data.csv", image = folder.path() / ("plot" + ext), script = folder.path() / "plot.gp",
                   log = folder.path() / "gnuplot.log";
    std::error_code ec;
    fs::create_symlink(fs::absolute(csv_path), data, ec);
    if (ec) throw std::runtime_error("cannot plot '" + csv_path + "': " + ec.message());
    {
        std::ofstream gp(script);
        gp << plot_script(columns, data.string(), image.string(), title);
        if (!gp) throw std::runtime_error("cannot write the plot script in " + folder.path().string());
    }
    const int status = run_gnuplot(script, log);
    std::ifstream log_in(log);
    std::stringstream output;
    output << log_in.rdbuf();
    if (status != 0) throw std::runtime_error("gnuplot failed: " + output.str());
    fs::copy_file(image, image_path, fs::copy_options::overwrite_existing, ec);
    if (ec) throw std::runtime_error("cannot write '" + image_path + "': " + ec.message());
}

}  // namespace lied::systems
