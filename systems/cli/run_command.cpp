#include "systems/cli/run_command.h"
#include "systems/cli/terminal_safe.h"

#include "core/model/build_error.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "systems/cli/cli_common.h"
#include "core/support/interrupt.h"
#include "systems/cli/progress_bar.h"
#include "systems/results/plot.h"
#include "systems/results/mat_results.h"
#include "systems/results/result_table.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace lied::systems {
namespace {

// Outputs go to their own files: never an input file, never each other. Their folders are created and the
// files opened before the simulation, so an unwritable path is found in a second, not after the run.
struct Outputs {
    std::string csv_path, plot_path;
    std::ofstream csv;

    void check_and_open(const std::vector<std::string>& inputs) {
        if (csv_path.size() && std::filesystem::path(csv_path).extension() != ".csv" && !is_mat_file_name(csv_path))
            throw UsageError("--out '" + csv_path + "': results are written as .csv or .mat files");
        if (plot_path.size() && !is_plot_file_name(plot_path))
            throw UsageError("--plot '" + plot_path + "': a plot is a .png, .svg or .pdf file");
        if (plot_path.size() && csv_path.empty()) csv_path = std::filesystem::path(plot_path).replace_extension(".csv").string();
        for (const std::string* o : {&csv_path, &plot_path})
            if (!o->empty()) create_folder_for(*o);
        // After the folders exist, so that "new/../input.csv" resolves to what it will really open.
        for (const std::string* o : {&csv_path, &plot_path}) {
            if (o->empty()) continue;
            for (auto& in : inputs)
                if (same_file(*o, in)) throw UsageError("output '" + *o + "' is an input file of this run; choose another name");
        }
        if (csv_path.size() && plot_path.size() && same_file(csv_path, plot_path))
            throw UsageError("--out and --plot name the same file '" + csv_path + "'");
        if (plot_path.size()) check_writable(plot_path);
        if (csv_path.size() && is_mat_file_name(csv_path)) {   // written at the end: writable now?
            check_writable(csv_path);
        } else if (csv_path.size()) {
            csv.open(csv_path);
            if (!csv) throw OutputError("cannot write '" + csv_path + "': " + std::strerror(errno));
        }
    }
};

}  // namespace

int run(const std::string& system, const RunOptions& run_options, const OutputOptions& output_options, bool quiet, std::ostream& out,
        std::ostream& err) {
    ResolvedSystem entry = resolve_system(system);
    const RunSettings settings = run_settings(entry.settings, run_options);
    const auto sets = parse_assignments(run_options.sets);
    Outputs outputs;
    outputs.csv_path = output_options.out;
    outputs.plot_path = output_options.plot;
    if (!output_options.plot_vars.empty() && output_options.plot.empty())
        throw UsageError("--plot-vars chooses the panels of --plot; give --plot FILE.png too");
    std::unique_ptr<Simulator> sim;
    try {
        sim = make_simulation(entry, settings, sets);
    } catch (const SimulationError& e) {   // no steady state
        err << "lied: simulation failed: " << terminal_safe(e.what()) << '\n';
        return 1;
    }
    Recorder recorder(settings.recorded, settings.interval);
    try {
        sim->attach(recorder);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    // Files the components read (a time table's CSV) are inputs as much as the system files.
    std::vector<std::string> inputs = entry.files;
    for (auto& c : sim->model().choices)
        if (c.spec->file_path && !c.value->empty()) inputs.push_back(*c.value);
    if (!output_options.plot_vars.empty()) {   // names checked now, not after the run
        std::vector<PlotColumn> columns;
        for (auto& n : recorder.names()) columns.push_back({n, ""});
        parse_plot_vars(output_options.plot_vars, columns);
    }
    outputs.check_and_open(inputs);
    if (outputs.csv.is_open()) recorder.stream_to(&outputs.csv);

    // Whatever happens to the run, the samples taken are written and the user is told where they are.
    const std::vector<ParameterSnapshot> parameters = snapshot_parameters(*sim);
    const double t_start = sim->time();
    auto write_results = [&](bool complete) {
        if (outputs.csv.is_open()) {
            recorder.stream_to(nullptr);
            outputs.csv.close();
            if (!outputs.csv) throw OutputError("error while writing '" + outputs.csv_path + "': " + std::strerror(errno));
        }
        const ResultTable table = result_table(recorder, *sim, parameters, t_start);
        if (outputs.csv_path.size() && is_mat_file_name(outputs.csv_path)) {
            try {
                write_mat_results(outputs.csv_path, table);
            } catch (const std::runtime_error& e) {
                throw OutputError(e.what());
            }
        }
        if (outputs.plot_path.size()) {
            try {
                const std::vector<PlotColumn> columns = plot_columns(table);
                plot_results(table, outputs.plot_path, entry.name,
                             output_options.plot_vars.empty() ? PlotPanels{} : parse_plot_vars(output_options.plot_vars, columns));
            } catch (const std::runtime_error& e) {
                if (complete) throw OutputError(e.what());
                err << "lied: the plot of the partial results failed: " << terminal_safe(e.what()) << '\n';
            }
        }
    };
    auto partial_note = [&]() {
        std::ostringstream s;
        if (outputs.csv_path.empty()) s << "no --out was given, so the samples are not saved";
        else s << "the samples up to t = " << (recorder.times().empty() ? 0.0 : recorder.times().back()) << " s are in "
               << outputs.csv_path << (outputs.plot_path.size() ? " and " + outputs.plot_path : std::string());
        return s.str();
    };

    const auto wall_start = std::chrono::steady_clock::now();
    ProgressBar progress(!quiet && isatty(fileno(stderr)), std::cerr);
    int last_percent = -1;
    InterruptGuard interrupt_guard;
    try {
        sim->simulate(settings.t_end, &recorder, [&](double t, double t_end) {
            if (interrupt_requested()) {
                std::ostringstream s;
                s << "interrupted at t = " << t << " s";
                throw Interrupted(s.str());
            }
            progress.update(t, t_end);
            const int percent = static_cast<int>(100.0 * t / t_end);
            if (percent / 10 == last_percent / 10) return;
            last_percent = percent;
            spdlog::info("t = {:.4g} s of {:.4g} s ({}%)", t, t_end, percent);
        });
    } catch (const SimulationInterrupted& e) {   // inside a long solver call
        progress.finish();
        write_results(false);
        err << "lied: " << terminal_safe(e.what()) << "; " << terminal_safe(partial_note()) << '\n';
        return 130;
    } catch (const SimulationError& e) {
        progress.finish();
        write_results(false);
        err << "lied: simulation failed: " << terminal_safe(e.what()) << "\nlied: " << terminal_safe(partial_note()) << '\n';
        return 1;
    } catch (const Interrupted& e) {
        progress.finish();
        write_results(false);
        err << "lied: " << terminal_safe(e.what()) << "; " << terminal_safe(partial_note()) << '\n';
        return 130;
    }
    progress.finish();
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    spdlog::info("{}\n{} probes of L, {:.3f} s wall", sim->statistics().text(), sim->linear_system().probes(), wall);
    write_results(true);
    if (const auto missing = recorder.never_seen(); !missing.empty()) {
        std::string names;
        for (auto& n : missing) names += (names.empty() ? "" : ", ") + n;
        throw UsageError("recorded variable(s) " + names + " existed in no structure of the run (their columns are empty)");
    }

    if (quiet) return 0;
    std::size_t width = 8;
    for (auto& n : recorder.names()) width = std::max(width, n.size() + 2);
    out << entry.name << " at t = " << sim->time() << " s (" << settings.solver << "):\n";
    for (auto& n : recorder.names()) {
        const std::string unit = sim->unit(n);
        out << "  " << std::left << std::setw(static_cast<int>(width)) << n;
        if (const double* v = sim->find_value(n)) out << *v << (unit.empty() ? "" : " " + unit) << '\n';
        else out << "(not in the final structure)\n";
    }
    if (sim->segments().size() > 1) {
        out << "structure segments:\n";
        for (auto& seg : sim->segments())
            out << "  from t = " << seg.start << " s: " << seg.change << " (" << seg.states << " states"
                << (seg.carried.empty() ? "" : "; " + seg.carried) << ")\n";
    }
    if (outputs.csv_path.size()) out << "results: " << outputs.csv_path << '\n';
    if (outputs.plot_path.size()) out << "plot:    " << outputs.plot_path << '\n';
    return 0;
}

}  // namespace lied::systems
