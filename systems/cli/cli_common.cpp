#include "systems/cli/cli_common.h"

#include "core/integrators/integrator.h"
#include "core/support/interrupt.h"
#include "core/integrators/step_error_monitor.h"
#include "systems/io/system_file.h"

#include <CLI/CLI.hpp>

#include <cmath>
#include <csignal>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <filesystem>
#include <sstream>

namespace lied::systems {

// Two paths name the same file (existing or not): the same canonical path, or hard links of one file.
bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec1, ec2;
    const auto ca = std::filesystem::weakly_canonical(a, ec1).lexically_normal(), cb = std::filesystem::weakly_canonical(b, ec2).lexically_normal();
    if (!ec1 && !ec2 && ca == cb) return true;
    std::error_code ec;
    return std::filesystem::exists(a, ec) && std::filesystem::exists(b, ec) && std::filesystem::equivalent(a, b, ec);
}

void create_folder_for(const std::string& path) {
    const auto folder = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!folder.empty()) std::filesystem::create_directories(folder, ec);
    if (ec) throw OutputError("cannot create the folder '" + folder.string() + "' for '" + path + "': " + ec.message());
}

void check_writable(const std::string& path) {
    const bool existed = std::filesystem::exists(path);
    std::ofstream probe(path, std::ios::app);   // append: an existing file stays until it is replaced
    if (!probe) throw OutputError("cannot write '" + path + "': " + std::strerror(errno));
    probe.close();
    if (!existed) std::filesystem::remove(path);
}

std::string name_column(const std::string& name, std::size_t width) {
    return name.size() < width ? name + std::string(width - name.size(), ' ') : name + ' ';
}

void add_run_options(CLI::App& c, RunOptions& o) {
    c.add_option("--t-end", o.t_end, "end time [s]")->type_name("T");
    c.add_option("--dt", o.dt, "step size of fixed-step solvers [s]")->type_name("H");
    c.add_option("--solver", o.solver,
                 "euler | rk4 | dopri5 (explicit), linearly-implicit-euler | ros2 (stiff, fixed step), cvode-bdf (stiff) | "
                 "cvode-adams (non-stiff): adaptive, SUNDIALS CVODE")
        ->type_name("NAME");
    c.add_option("--rtol", o.rtol, "relative tolerance of the adaptive solvers")->type_name("R");
    c.add_option("--atol", o.atol, "absolute tolerance of the adaptive solvers (scaled by each state's nominal value)")->type_name("A");
    c.add_option("--max-step", o.max_step, "largest step of the adaptive solvers [s]")->type_name("H");
    c.add_option("--jacobian-every", o.jacobian_every, "linearly implicit solvers: a new Jacobian every K steps (default 1)")->type_name("K");
    c.add_option("--step-check", o.step_check,
                 "fixed-step solvers: a step whose estimated local error is too large for the model stops the run (error, the "
                 "default), is reported at the end (warn), or is not looked for (off)")
        ->type_name("MODE");
    c.add_option("--balance-check", o.balance_check,
                 "every solver: mass or energy that appears or vanishes beyond 1 % of what was stored and exchanged stops the run "
                 "(error, the default), is reported at the end (warn), or the books are not kept (off)")
        ->type_name("MODE");
    c.add_flag("--steady-state", o.steady_state, "start from a steady state: every derivative zero (pseudo-transient continuation)");
    c.add_option("--steady", o.steady, "... or only the derivative of this state zero, the others held (repeatable)")
        ->type_name("STATE")
        ->allow_extra_args(false);
    c.add_option("--interval", o.interval, "output interval [s], independent of the step size")->type_name("I");
    c.add_option("--set", o.sets, "set a parameter, or a choice by its option (--set p1.medium=WaterIF97) (repeatable)")
        ->type_name("NAME=VALUE")
        ->allow_extra_args(false);
    c.add_option("--inputs", o.inputs,
                 "drive the system's inputs from a CSV table: a header 'time, <input>, ...', then rows (lied info lists the inputs)")
        ->type_name("FILE");
    c.add_option("--input-interpolation", o.input_interpolation, "between the table's rows: linear (default) or hold")->type_name("MODE");
    c.add_option("--record", o.records, "record this variable too (repeatable)")->type_name("NAME")->allow_extra_args(false);
}

std::vector<std::pair<std::string, std::string>> parse_assignments(const std::vector<std::string>& sets) {
    std::vector<std::pair<std::string, std::string>> out;
    for (auto& kv : sets) {
        const auto eq = kv.find('=');
        if (eq == std::string::npos || eq == 0) throw UsageError("--set expects NAME=VALUE, got '" + kv + "'");
        out.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    }
    return out;
}

RunSettings run_settings(const RunSettings& defaults, const RunOptions& o) {
    RunSettings settings = defaults;
    if (!o.t_end.empty()) settings.t_end = parse_number("--t-end", o.t_end);
    if (!o.dt.empty()) settings.dt = parse_number("--dt", o.dt);
    if (!o.interval.empty()) settings.interval = parse_number("--interval", o.interval);
    if (!o.solver.empty()) settings.solver = o.solver;
    if (!o.rtol.empty()) settings.rtol = parse_number("--rtol", o.rtol);
    if (!o.atol.empty()) settings.atol = parse_number("--atol", o.atol);
    if (!o.max_step.empty()) settings.max_step = parse_number("--max-step", o.max_step);
    const bool tolerances_given = !o.rtol.empty() || !o.atol.empty() || !o.max_step.empty();
    if (!o.jacobian_every.empty()) {
        const double k = parse_number("--jacobian-every", o.jacobian_every);
        if (!(k >= 1) || k != std::floor(k) || k > 1e6) throw UsageError("--jacobian-every expects a whole number of steps from 1 to 1000000");
        settings.jacobian_interval = static_cast<int>(k);
    }
    if (!o.step_check.empty()) {
        try {
            settings.step_check = check_mode_from_string(o.step_check);
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--step-check: ") + e.what());
        }
    }
    if (!o.balance_check.empty()) {
        try {
            settings.balance_check = check_mode_from_string(o.balance_check);
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--balance-check: ") + e.what());
        }
    }
    if (o.steady_state) settings.steady_state = true, settings.steady_states.clear();
    else if (!o.steady.empty()) settings.steady_state = true, settings.steady_states = o.steady;
    settings.recorded.insert(settings.recorded.end(), o.records.begin(), o.records.end());
    if (!o.inputs.empty()) settings.inputs = o.inputs;
    if (!o.input_interpolation.empty()) {
        if (o.input_interpolation != "linear" && o.input_interpolation != "hold")
            throw UsageError("--input-interpolation expects linear or hold, got '" + o.input_interpolation + "'");
        settings.input_interpolation = o.input_interpolation;
    }
    if (!(settings.t_end > 0)) throw UsageError("--t-end must be > 0");
    if (!(settings.dt > 0)) throw UsageError("--dt must be > 0");
    if (!(settings.interval > 0)) throw UsageError("--interval must be > 0");
    if (!(settings.rtol > 0) || !(settings.atol > 0)) throw UsageError("--rtol and --atol must be > 0");
    if (!(settings.max_step >= 0)) throw UsageError("--max-step must be > 0");
    const bool adaptive = make_integrator(settings.solver)->adaptive();   // throws for an unknown solver
    if (tolerances_given && !adaptive)
        throw UsageError("--rtol, --atol and --max-step set the error control of the adaptive solvers; " + settings.solver +
                         " is a fixed-step solver whose accuracy is set by --dt");
    // Guard against runs that would look like a hang or fill the memory with samples.
    constexpr double kMaxSteps = 1e9, kMaxSamples = 1e7;
    if (!adaptive && settings.t_end / settings.dt > kMaxSteps) {
        std::ostringstream s;
        s << "--t-end " << settings.t_end << " with --dt " << settings.dt << " takes " << settings.t_end / settings.dt
          << " steps (at most 1e9); raise --dt or use an adaptive solver (dopri5, cvode-bdf)";
        throw UsageError(s.str());
    }
    if (settings.t_end / settings.interval > kMaxSamples) {
        std::ostringstream s;
        s << "--t-end " << settings.t_end << " with --interval " << settings.interval << " records "
          << settings.t_end / settings.interval << " samples (at most 1e7); raise --interval";
        throw UsageError(s.str());
    }
    return settings;
}

namespace {
extern "C" void request_interrupt_on_signal(int) { request_interrupt(); }
}  // namespace

InterruptGuard::InterruptGuard() {
    clear_interrupt();
    previous_int_ = std::signal(SIGINT, request_interrupt_on_signal);
    previous_term_ = std::signal(SIGTERM, request_interrupt_on_signal);
}

InterruptGuard::~InterruptGuard() {
    std::signal(SIGINT, previous_int_);
    std::signal(SIGTERM, previous_term_);
}

}  // namespace lied::systems
