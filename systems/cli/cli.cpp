#include "systems/cli/cli.h"
#include "systems/cli/terminal_safe.h"

#include "core/model/build_error.h"
#include "core/support/closest_name.h"
#include "core/plugins/plugin_loader.h"
#include "core/simulation/simulator.h"
#include "systems/cli/cli_common.h"
#include "systems/cli/escaping_log_sink.h"
#include "systems/cli/export_fmu_command.h"
#include "systems/cli/inspect_commands.h"
#include "systems/cli/plot_command.h"
#include "systems/cli/run_command.h"
#include "systems/cli/sweep_command.h"
#include "systems/io/system_file.h"

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <ostream>
#include <sstream>

namespace lied::systems {
namespace {

constexpr const char* kExitCodes =
    "exit codes: 0 done, 1 the simulation failed (results so far are written), 2 bad input or composition (also a\n"
    "            system file or input table that cannot be read), 3 an output could not be written or a results file\n"
    "            read (lied plot), 130 interrupted (results so far are written)\n"
    "<system> is a built-in name (lied list) or a system file (.yaml, .yml, .json).";

// CLI11's messages, said the way the rest of lied says them (the option's name first, what to do next).
std::string explain(const CLI::ParseError& e, const CLI::App* command) {
    const std::string name = command && command->get_parent() ? command->get_name() : "lied";
    const std::string what = e.what();
    if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
        // "The following argument was not expected: --frobnicate"
        std::string extra = what.substr(what.rfind(": ") == std::string::npos ? 0 : what.rfind(": ") + 2);
        if (!extra.empty() && extra.front() == '-')
            return "unknown option '" + extra + "' (lied " + name + " --help lists the options)";
        return "unexpected argument '" + extra + "' (lied " + name + " --help)";
    }
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&e)) {
        // "--dt: 1 required TEXT missing"
        const auto colon = what.find(':');
        if (colon != std::string::npos && what.find("missing") != std::string::npos) return what.substr(0, colon) + " needs a value";
    }
    if (dynamic_cast<const CLI::RequiredError*>(&e)) {
        if (what.find("system") != std::string::npos) return name + " needs a system name (lied " + name + " --help)";
        if (what.find("results") != std::string::npos) return name + " needs a results file (.csv or .mat)";
        if (what.find("type") != std::string::npos) return name + " needs exactly one component type (lied list --components)";
    }
    return what + " (lied " + name + " --help)";
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& terminal_out, std::ostream& err) {
    // Everything on stdout passes escaped (names and descriptions come from files); messages on stderr are escaped
    // where they are printed, since the progress bar's own control sequences go there too.
    TerminalSafeStream out(terminal_out);
    // Logs go to stderr, never mixed with results on stdout; quiet by default, --verbose for more. Their text is
    // escaped on the way (names and descriptions come from files).
    static const auto logger = [] {
        auto sink = std::make_shared<EscapingLogSink>(std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
        auto l = std::make_shared<spdlog::logger>("lied", std::move(sink));
        spdlog::register_logger(l);
        spdlog::set_default_logger(l);
        return l;
    }();
    (void)logger;
    spdlog::set_level(spdlog::level::warn);

    CLI::App app{"Lied: simulate physical systems composed at run time from precompiled components.", "lied"};
    app.footer(kExitCodes);
    app.require_subcommand(0, 1);
    app.fallthrough();   // global options (--verbose, --plugin) may follow the subcommand
    bool version = false, verbose = false, quiet = false;
    std::vector<std::string> plugins;
    app.add_flag("--version", version, "the version of Lied");
    app.add_flag("--verbose", verbose, "log what the engine does and the run's statistics (to stderr)");
    app.add_flag("--quiet", quiet, "print nothing but errors: no progress bar, no final values");
    app.add_option("--plugin", plugins, "load component types from a plugin library first (repeatable)")
        ->type_name("LIB.so")
        ->allow_extra_args(false);
    std::vector<std::string> allowed_folders;
    app.add_option("--allow-folder", allowed_folders,
                   "let system files name files in this folder too, besides the top-level file's own folder tree (repeatable)")
        ->type_name("DIR")
        ->allow_extra_args(false);

    bool components = false, media = false;
    CLI::App* list_cmd = app.add_subcommand("list", "the built-in systems and example files; or every component type; or the media");
    list_cmd->add_flag("--components", components, "every component type a system file can use");
    list_cmd->add_flag("--media", media, "the fluid media a thermofluid component can use (its 'medium' choice)");

    std::string type;
    CLI::App* describe_cmd = app.add_subcommand("describe", "parameters, plugs, signals and states of a component type");
    describe_cmd->add_option("type", type, "a component type (lied list --components)")->required();
    bool markdown = false;
    describe_cmd->add_flag("--markdown", markdown, "Markdown tables (what docs/reference/components.md is generated from)");

    std::vector<std::string> checked_types;
    CLI::App* check_cmd = app.add_subcommand("check", "check that component types read and write only the signals their blocks declare");
    check_cmd->add_option("types", checked_types, "component types (default: every registered one, plugins' too)");
    check_cmd->footer("exit codes: 0 every type keeps its declarations, 1 some block reads or writes what it does not declare\n"
                      "            (each finding is printed), 2 an unknown type");

    std::string system;
    bool segments = false;
    CLI::App* info_cmd = app.add_subcommand("info", "components, schedule, states, tearing pairs, L, events, parameters");
    info_cmd->add_option("system", system, "a built-in name or a system file")->required();
    info_cmd->add_flag("--segments", segments, "also the structure after each scheduled change");

    RunOptions run_options;
    OutputOptions outputs;
    CLI::App* run_cmd = app.add_subcommand("run", "simulate and write results");
    run_cmd->footer(kExitCodes);
    run_cmd->add_option("system", system, "a built-in name or a system file")->required();
    add_run_options(*run_cmd, run_options);
    run_cmd->add_option("--out", outputs.out,
                        "write the recorded variables: .csv, or .mat (MAT v4 in the layout of Dymola and OpenModelica, with the "
                        "parameters and units); folders are created")
        ->type_name("FILE");
    run_cmd->add_option("--plot", outputs.plot, "plot the recorded variables: .png, .svg or .pdf (writes FILE.csv too if --out is not given)")
        ->type_name("FILE");
    run_cmd->add_option("--plot-vars", outputs.plot_vars, "the plot's panels: names separated by ',', panels by ';' (\"t1.level,t2.level;p1.m_flow\")")
        ->type_name("LIST");

    std::string results, image, title;
    CLI::App* plot_cmd = app.add_subcommand("plot", "plot results written before (.csv by lied, .mat by lied or a Modelica tool)");
    plot_cmd->add_option("results", results, "a .csv or .mat results file")->required();
    plot_cmd->add_option("-o,--output", image, "the plot: .png, .svg or .pdf (default: the results' name with .png)")->type_name("FILE");
    plot_cmd->add_option("--plot-vars", outputs.plot_vars, "the panels: names separated by ',', panels by ';'")->type_name("LIST");
    plot_cmd->add_option("--title", title, "the plot's title (default: the file's name)");

    SweepOptions sweep;
    CLI::App* sweep_cmd = app.add_subcommand("sweep", "run a system for many parameter values: a grid or Monte Carlo samples, on all cores (and with MPI)");
    sweep_cmd->footer(kExitCodes);
    sweep_cmd->add_option("system", system, "a built-in name or a system file")->required();
    add_run_options(*sweep_cmd, run_options);
    add_sweep_options(*sweep_cmd, sweep);

    ExportOptions export_options;
    CLI::App* export_cmd = app.add_subcommand("export-fmu", "an FMI 2.0 or 3.0 FMU (Model Exchange and Co-Simulation) of a system, for other tools");
    export_cmd->add_option("system", system, "a built-in name or a system file")->required();
    export_cmd->add_option("-o,--output-file", export_options.out, "the FMU to write (.fmu)")->type_name("FILE.fmu")->required();
    add_run_options(*export_cmd, run_options);
    export_cmd->add_option("--fmi-version", export_options.fmi_version, "2 (default) or 3")->type_name("V");
    export_cmd->add_option("--output", export_options.outputs, "a variable the FMU exposes as an output (repeatable; default: the recorded ones)")
        ->type_name("NAME")
        ->allow_extra_args(false);

    const std::vector<std::string> commands = {"list", "describe", "check", "info", "run", "plot", "sweep", "export-fmu"};
    try {
        // A mistyped command is named as such, with a suggestion (CLI11 would call it an unexpected argument).
        if (!args.empty() && args[0].rfind("-", 0) != 0 && std::find(commands.begin(), commands.end(), args[0]) == commands.end() &&
            args[0] != "help")
            throw UsageError("unknown command '" + args[0] + "'" + did_you_mean(args[0], commands));
        if (args.empty()) {
            err << app.help();
            return 2;
        }
        if (args.size() == 1 && args[0] == "help") {
            out << app.help();
            return 0;
        }
        std::vector<std::string> reversed(args.rbegin(), args.rend());   // CLI11 takes the arguments last first
        try {
            app.parse(reversed);
        } catch (const CLI::CallForHelp&) {
            const CLI::App* shown = &app;
            for (CLI::App* c : app.get_subcommands()) shown = c;
            std::string help = shown->help();
            // CLI11 names a subcommand alone in its usage line; the user types `lied <subcommand>`.
            if (shown != &app && help.find("Usage: " + shown->get_name()) != std::string::npos)
                help.replace(help.find("Usage: ") + 7, 0, "lied ");
            out << help;
            return 0;
        } catch (const CLI::ParseError& e) {
            const CLI::App* failing = &app;
            for (CLI::App* c : app.get_subcommands()) failing = c;
            throw UsageError(explain(e, failing));
        }
        if (version) {
            out << "lied " << LIED_VERSION << '\n';
            return 0;
        }
        if (verbose && quiet) throw UsageError("--verbose and --quiet contradict each other");
        if (verbose) spdlog::set_level(spdlog::level::debug);
        if (quiet) spdlog::set_level(spdlog::level::err);
        clear_allowed_folders();   // per command: run_cli may run several times in one process
        for (auto& folder : allowed_folders) allow_folder(folder);
        for (auto& p : plugins) {
            try {
                const LoadedPlugin& loaded = load_plugin(p);
                spdlog::info("plugin {}: {} component type(s)", p, loaded.types.size());
            } catch (const PluginError& e) {
                throw UsageError(e.what());
            }
        }
        if (list_cmd->parsed()) return list(components, media, out);
        if (describe_cmd->parsed()) return describe_type(type, out, markdown);
        if (check_cmd->parsed()) return check_types(checked_types, out);
        if (info_cmd->parsed()) return info(system, out, segments);
        if (run_cmd->parsed()) return run(system, run_options, outputs, quiet, out, err);
        if (plot_cmd->parsed()) {
            if (image.empty()) image = std::filesystem::path(results).replace_extension(".png").string();
            return plot_command(results, image, outputs.plot_vars, title, out);
        }
        if (sweep_cmd->parsed()) return sweep_command(system, run_options, sweep, quiet, out, err);
        if (export_cmd->parsed()) return export_fmu_command(system, run_options, export_options, out);
        if (!plugins.empty()) return 0;   // only loading was asked: it worked
        err << app.help();
        return 2;
    } catch (const UsageError& e) {
        err << "lied: error: " << terminal_safe(e.what()) << '\n';
        return 2;
    } catch (const BuildError& e) {
        err << "lied: build error: " << terminal_safe(e.what()) << '\n';
        return 2;
    } catch (const SimulationError& e) {
        err << "lied: simulation failed: " << terminal_safe(e.what()) << '\n';
        return 1;
    } catch (const OutputError& e) {
        err << "lied: error: " << terminal_safe(e.what()) << '\n';
        return 3;
    } catch (const std::invalid_argument& e) {   // a setting the engine refuses (unknown solver, bad step)
        err << "lied: error: " << terminal_safe(e.what()) << '\n';
        return 2;
    } catch (const std::exception& e) {
        err << "lied: error: " << terminal_safe(e.what()) << '\n';
        return 1;
    }
}

}  // namespace lied::systems
