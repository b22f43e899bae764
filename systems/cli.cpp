#include "systems/cli.h"

#include "core/build_error.h"
#include "core/closest_name.h"
#include "core/component_registry.h"
#include "core/introspection.h"
#include "core/meta.h"
#include "core/recorder.h"
#include "core/simulator.h"
#include "systems/plot.h"
#include "systems/results/mat_results.h"
#include "systems/results/result_table.h"
#include "systems/system_file.h"
#include "systems/system_registry.h"
#include "thermofluid/media/media_registry.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fstream>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <unistd.h>

namespace lied::systems {
namespace {
// A name padded to a column of `width`, and at least one space after a longer name, so columns never run together.
std::string name_column(const std::string& name, std::size_t width = 14) {
    return name.size() < width ? name + std::string(width - name.size(), ' ') : name + ' ';
}
}  // namespace

namespace {

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

constexpr const char* kUsage =
    "usage:\n"
    "  lied --version                  the version of Lied\n"
    "  lied list                       the built-in example systems\n"
    "  lied list --components          every component type a system file can use\n"
    "  lied list --media               the fluid media a thermofluid component can use (its 'medium' choice)\n"
    "  lied describe <Type>            parameters, plugs, signals and states of a component type\n"
    "  lied info <system> [--segments] components, schedule, states, tearing pairs, L; with --segments also the\n"
    "                                  structure after each scheduled change\n"
    "  lied run <system> [options]     simulate and write results\n"
    "<system> is a built-in name (lied list) or a system file (.yaml, .yml, .json).\n"
    "run options:\n"
    "  --t-end T          end time [s]\n"
    "  --dt H             step size of fixed-step solvers [s]\n"
    "  --solver NAME      euler | rk4 | dopri5 (explicit), linearly-implicit-euler | ros2 (stiff, fixed step),\n"
    "                     cvode-bdf (stiff) | cvode-adams (non-stiff): adaptive, SUNDIALS CVODE\n"
    "  --rtol R --atol A  tolerances of the adaptive solvers (A is scaled by each state's nominal value)\n"
    "  --max-step H       largest step of the adaptive solvers [s]\n"
    "  --jacobian-every K linearly implicit solvers: a new Jacobian every K steps (default 1)\n"
    "  --steady-state     start from a steady state: every derivative zero (pseudo-transient continuation)\n"
    "  --steady NAME      ... or only the derivative of this state zero, the others held (repeatable)\n"
    "  --interval I       output interval [s], independent of the step size\n"
    "  --set NAME=VALUE   set a parameter, or a choice by its option (--set p1.medium=WaterIF97) (repeatable)\n"
    "  --record NAME      record this variable too (repeatable)\n"
    "  --out FILE         write the recorded variables: .csv, or .mat (MAT v4 in the layout of Dymola and\n"
    "                     OpenModelica, with the parameters and units); folders are created\n"
    "  --plot FILE.png    plot the recorded variables: .png, .svg or .pdf (writes FILE.csv too if --out is not given)\n"
    "  --verbose          log what the engine does and the run's statistics (to stderr)\n"
    "exit codes: 0 done, 1 the simulation failed (results so far are written), 2 bad input or composition,\n"
    "            3 a file could not be read or written, 130 interrupted (results so far are written)\n";

struct OutputError : std::runtime_error {   // a file that cannot be written: exit code 3
    using std::runtime_error::runtime_error;
};

struct Interrupted : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// SIGINT/SIGTERM during a run: the progress callback sees the flag and stops the run cleanly.
volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void on_interrupt(int) { g_interrupted = 1; }

// A finite number: inf and nan are never valid settings.
double parse_number(const std::string& option, const std::string& text) {
    double v = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || ptr != end || text.empty())
        throw UsageError(option + " expects a number, got '" + text + "'");
    if (!std::isfinite(v)) throw UsageError(option + " expects a finite number, got '" + text + "'");
    return v;
}

const SystemEntry& find_system(const std::string& name) {
    const auto& registry = SystemRegistry::instance();
    if (const SystemEntry* e = registry.find(name)) return *e;
    throw UsageError("unknown system '" + name + "'" + did_you_mean(name, registry.names()) + "; `lied list` shows them");
}

// A system to run: built in, or loaded from a file.
struct ResolvedSystem {
    std::string name;
    std::string description;
    std::unique_ptr<Component> root;
    RunSettings settings;
    std::vector<std::string> files;   // the input files, which no output may overwrite
    std::function<void(Simulator&)> prepare{};   // scheduled structural changes, if the system has any
};

ResolvedSystem resolve_system(const std::string& argument) {
    if (is_system_file_name(argument)) {
        try {
            LoadedSystem loaded = load_system_file(argument);
            if (!loaded.exposed.empty()) {
                std::string names;
                for (auto& n : loaded.exposed) names += (names.empty() ? "" : ", ") + n;
                throw UsageError(argument + " is a subsystem (it exposes " + names +
                                 " for another file to connect); use it as a component of a system file: {file: " +
                                 std::filesystem::path(argument).filename().string() + "}");
            }
            // The file's actions are scheduled on the simulator that runs it (once: they own their components).
            auto actions = std::make_shared<std::vector<std::pair<double, StructuralChange>>>(std::move(loaded.actions));
            auto on_event = std::make_shared<std::vector<std::pair<std::string, StructuralChange>>>(std::move(loaded.event_actions));
            auto prepare = [actions, on_event](Simulator& sim) {
                for (auto& [at, change] : *actions) sim.schedule(at, std::move(change));
                for (auto& [event, change] : *on_event) sim.schedule_on_event(event, std::move(change));
                actions->clear();
                on_event->clear();
            };
            return {loaded.name, loaded.description, std::move(loaded.root), loaded.settings, loaded.files, prepare};
        } catch (const SystemFileError& e) {
            throw UsageError(e.what());
        }
    }
    const SystemEntry& e = find_system(argument);
    return {e.name, e.description, e.make(), e.defaults, {}, e.prepare};
}

int list(const std::vector<std::string>& args, std::ostream& out) {
    if (args.size() == 2 && args[1] == "--components") {
        for (auto& t : ComponentRegistry::instance().types()) out << name_column(t.name, 26) << t.description << '\n';
        return 0;
    }
    if (args.size() == 2 && args[1] == "--media") {
        for (auto& name : thermofluid::medium_names()) {
            const thermofluid::Medium& m = thermofluid::medium(name);
            out << std::left << std::setw(30) << name << m.T_min() << " K to " << m.T_max() << " K";
            if (m.mass_fractions()) out << ", " << m.mass_fractions() << " mass fraction (water vapour)";
            out << '\n';
        }
        return 0;
    }
    if (args.size() != 1) throw UsageError("list takes no arguments but --components or --media");
    for (auto& e : SystemRegistry::instance().entries()) out << name_column(e.name, 16) << e.description << '\n';
    // The example system files, when run from the source tree.
    const std::filesystem::path files = "systems/files";
    std::error_code ec;
    if (!std::filesystem::is_directory(files, ec)) return 0;
    std::vector<std::filesystem::path> paths;
    for (auto& entry : std::filesystem::directory_iterator(files, ec))
        if (is_system_file_name(entry.path().string())) paths.push_back(entry.path());
    std::sort(paths.begin(), paths.end());
    std::ostringstream runnable, subsystems;
    std::size_t width = 0;   // the longest path, so that a description never touches its path
    for (auto& p : paths) width = std::max(width, p.string().size());
    for (auto& p : paths) {
        std::string description;
        bool subsystem = false;
        try {
            LoadedSystem loaded = load_system_file(p.string());
            description = loaded.description;
            subsystem = !loaded.exposed.empty();
        } catch (const SystemFileError&) {
            description = "(does not load: lied info " + p.string() + " says why)";
        }
        (subsystem ? subsystems : runnable) << "  " << std::left << std::setw(static_cast<int>(width) + 2) << p.string() << description << '\n';
    }
    out << "\nsystem files (lied run <file>):\n" << runnable.str();
    if (!subsystems.str().empty()) out << "\nsubsystem files (used as components by other files, not run on their own):\n" << subsystems.str();
    return 0;
}

int describe_type(const std::string& name, std::ostream& out) {
    const ComponentType* type = ComponentRegistry::instance().find(name);
    if (!type)
        throw UsageError("unknown component type '" + name + "'" + did_you_mean(name, ComponentRegistry::instance().names()) +
                         "; `lied list --components` lists them");
    auto component = type->make();
    const Model m = describe(*component);
    out << type->name << ": " << type->description << "\n";
    out << "\nparameters (name, default, unit, valid range, meaning):\n";
    for (auto& p : m.parameters)
        out << "  " << std::left << name_column(p.path) << std::setw(10) << *p.value << std::setw(8) << p.spec.unit
            << std::setw(14) << p.spec.range_text() << p.spec.description << '\n';
    if (m.parameters.empty()) out << "  (none)\n";
    if (!m.choices.empty()) {
        out << "\nchoices (name, default, options, meaning):\n";
        for (auto& c : m.choices)
            out << "  " << std::left << name_column(c.path) << ' ' << std::setw(17) << (c.value->empty() ? "(unset)" : *c.value)
                << c.spec.options_text() << "  (" << c.spec.description << ")\n";
    }
    auto direction = [](const SignalBase& s) {
        if (!s.is_in()) return std::string("out");
        return std::string(static_cast<const InBase&>(s).optional() ? "in, optional" : "in");
    };
    out << "\nplugs (connect outlet → inlet):\n";
    for (auto& plug : m.plugs) {
        out << "  " << std::left << name_column(plug.path) << plug.plug->kind() << ":";
        const std::string prefix = plug.path + ".";
        for (auto& s : m.signals)
            if (s.path.rfind(prefix, 0) == 0)
                out << ' ' << s.path.substr(prefix.size()) << " (" << direction(*s.signal) << ", " << s.signal->type_name() << ")";
        out << '\n';
    }
    if (m.plugs.empty()) out << "  (none)\n";
    out << "\nsignals (connect output → input):\n";
    bool any = false;
    for (auto& s : m.signals) {
        if (s.path.find('.') != std::string::npos || s.path.find('(') != std::string::npos) continue;
        any = true;
        const bool time = std::find(m.time_inputs.begin(), m.time_inputs.end(), s.signal) != m.time_inputs.end();
        out << "  " << std::left << name_column(s.path)
            << (time ? std::string("simulation time (bound by the engine)") : direction(*s.signal) + ", " + s.signal->type_name()) << '\n';
    }
    if (!any) out << "  (none)\n";
    out << "\nstates (name, start, unit):\n";
    for (auto& st : m.states) out << "  " << std::left << name_column(st.path) << std::setw(10) << st.state->start << st.unit << '\n';
    if (m.states.empty()) out << "  (none)\n";
    if (!m.tearing.empty()) {
        out << "\ntearing pairs:\n";
        for (std::size_t j = 0; j < m.tearing.size() && j < m.residuals.size(); ++j)
            out << "  " << std::left << name_column(m.tearing[j].path) << "-> " << m.residuals[j].path << '\n';
    }
    out << "\nrecordable variables: the states";
    for (auto& v : m.variables) out << ", " << v.path;
    out << '\n';
    return 0;
}

void print_matrix(std::ostream& out, const Eigen::MatrixXd& m) {
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        out << "    [";
        for (Eigen::Index j = 0; j < m.cols(); ++j) out << std::right << std::setw(12) << m(i, j);
        out << " ]\n";
    }
}

// `lied info <system> --segments`: the structure after each change scheduled at a time, made one after another
// without running (new states take their start values or what an initializer sets from the previous ones).
void describe_segments(Simulator& sim, std::ostream& out) {
    auto names = [](const Model& m) {
        std::set<std::string> paths;
        for (std::size_t i = 1; i < m.components.size(); ++i) paths.insert(m.components[i].path);
        return paths;
    };
    auto summary = [&](const Model& m) {
        out << "  " << m.components.size() - 1 << " components, " << m.states.size() << " states, " << m.tearing.size() << " tearing variables\n";
        out << "  states:";
        for (auto& st : m.states) out << ' ' << st.path;
        out << '\n';
    };
    out << "\nsegments (the structure after each change; the run decides the values):\nfrom t = 0 s: start\n";
    summary(sim.model());
    for (auto& [t, change] : sim.take_scheduled_changes()) {
        const std::set<std::string> before = names(sim.model());
        sim.apply(change);
        const std::set<std::string> after = names(sim.model());
        out << "from t = " << t << " s: " << change.description() << '\n';
        std::string removed, added;
        for (auto& n : before)
            if (!after.count(n)) removed += " " + n;
        for (auto& n : after)
            if (!before.count(n)) added += " " + n;
        if (!removed.empty()) out << "  removed:" << removed << '\n';
        if (!added.empty()) out << "  added:" << added << '\n';
        summary(sim.model());
    }
    for (auto& [event, what] : sim.event_changes()) out << "when " << event << " fires: " << what << " (its time is the event's: not described)\n";
}

int info(const std::string& name, std::ostream& out, bool segments = false) {
    ResolvedSystem entry = resolve_system(name);
    Simulator sim(*entry.root);
    if (entry.prepare) entry.prepare(sim);
    const Model& m = sim.model();
    out << "system " << entry.name << ": " << entry.description << "\n\n";
    if (!sim.scheduled_changes().empty() || !sim.event_changes().empty()) {
        out << "structural changes (variable structure; the lists below are the structure at t = 0):\n";
        for (auto& [t, what] : sim.scheduled_changes()) out << "  at t = " << t << " s: " << what << '\n';
        for (auto& [event, what] : sim.event_changes()) out << "  when " << event << " fires: " << what << '\n';
        out << '\n';
    }
    out << "components (" << m.components.size() - 1 << "):\n";
    for (std::size_t i = 1; i < m.components.size(); ++i)
        out << "  " << std::left << name_column(m.components[i].path) << name_column(m.components[i].component->type_name(), 18)
            << m.components[i].description << '\n';
    out << "\nblocks in schedule order (" << m.blocks.size() << "; * = depends on a tearing variable, re-run when probing):\n";
    int k = 0;
    for (int b : sim.schedule().order)
        out << "  " << std::right << std::setw(3) << ++k << ' ' << (sim.schedule().is_dependent[static_cast<std::size_t>(b)] ? '*' : ' ') << ' '
            << m.blocks[static_cast<std::size_t>(b)].path << '\n';
    out << "\nstates (" << m.states.size() << "):\n";
    for (auto& s : m.states) out << "  " << name_column(s.path, 18) << "start " << s.state->start << " " << s.unit << '\n';
    out << "\ntearing pairs (" << m.tearing.size() << "):\n";
    for (std::size_t j = 0; j < m.tearing.size(); ++j)
        out << "  " << std::left << std::setw(20) << m.tearing[j].path << " -> residual " << m.residuals[j].path << '\n';
    const auto& ls = sim.linear_system();
    out << "\nlinear system L·z = g: " << ls.size() << "x" << ls.size() << ", " << ls.nonzeros() << " nonzeros, "
        << to_string(ls.solver()) << ", policy: " << to_string(ls.policy()) << ", probed in "
        << sim.schedule().probe_groups.size() << " pass(es)\n";
    if (ls.size() > kDenseLimit) {
        out << "  (L is not printed beyond " << kDenseLimit << " tearing variables)\n";
    } else if (ls.size()) {
        out << "  L at t = 0 (rows: residuals, columns: tearing variables):\n";
        print_matrix(out, ls.matrix());
    }
    // The structure of ∂ẋ/∂x and what a Jacobian costs the implicit solvers.
    const SparsityPattern& jp = sim.jacobian_pattern();
    out << "\nJacobian ∂ẋ/∂x: " << jp.rows << "x" << jp.columns << ", " << jp.nonzeros() << " structural nonzeros, "
        << colour_columns(jp).size() << " evaluations per Jacobian (coloured finite differences)\n";
    if (!m.zero_crossings.empty() || !m.sampled_events.empty() || !m.time_events.empty()) {
        out << "\nevents:\n";
        for (auto& e : m.time_events) out << "  " << std::left << std::setw(22) << e.path << "time event at t = " << *e.time << " s\n";
        for (auto& e : m.sampled_events)
            out << "  " << std::left << std::setw(22) << e.path << "sampled every " << *e.period << " s from " << *e.offset << " s\n";
        for (auto& z : m.zero_crossings) {
            out << "  " << std::left << std::setw(22) << z.path << "state event when " << m.signal_name(z.indicator) << " crosses 0 "
                << (z.direction == Crossing::Up ? "upwards" : z.direction == Crossing::Down ? "downwards" : "either way");
            if (z.hysteresis > 0) out << " (hysteresis " << z.hysteresis << ")";
            out << '\n';
        }
    }
    out << "\nparameters (" << m.parameters.size() << "):\n";
    for (auto& p : m.parameters)
        out << "  " << std::left << std::setw(22) << p.path << std::setw(10) << *p.value << std::setw(8) << p.spec.unit
            << p.spec.range_text() << "  " << p.spec.description << '\n';
    out << "\nvariables: states above, and";
    for (auto& v : m.variables) out << ' ' << v.path;
    out << '\n';
    if (segments) describe_segments(sim, out);
    return 0;
}

// Two paths name the same file (existing or not): the same canonical path, or hard links of one file.
bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec1, ec2;
    const auto ca = std::filesystem::weakly_canonical(a, ec1).lexically_normal(), cb = std::filesystem::weakly_canonical(b, ec2).lexically_normal();
    if (!ec1 && !ec2 && ca == cb) return true;
    std::error_code ec;
    return std::filesystem::exists(a, ec) && std::filesystem::exists(b, ec) && std::filesystem::equivalent(a, b, ec);
}

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
        for (const std::string* o : {&csv_path, &plot_path}) {
            if (o->empty()) continue;
            const auto folder = std::filesystem::path(*o).parent_path();
            std::error_code ec;
            if (!folder.empty()) std::filesystem::create_directories(folder, ec);
            if (ec) throw OutputError("cannot create the folder '" + folder.string() + "' for '" + *o + "': " + ec.message());
        }
        // After the folders exist, so that "new/../input.csv" resolves to what it will really open.
        for (const std::string* o : {&csv_path, &plot_path}) {
            if (o->empty()) continue;
            for (auto& in : inputs)
                if (same_file(*o, in)) throw UsageError("output '" + *o + "' is an input file of this run; choose another name");
        }
        if (csv_path.size() && plot_path.size() && same_file(csv_path, plot_path))
            throw UsageError("--out and --plot name the same file '" + csv_path + "'");
        if (plot_path.size()) {   // writable? (append: an existing plot stays until the new one replaces it)
            const bool existed = std::filesystem::exists(plot_path);
            std::ofstream probe(plot_path, std::ios::app);
            if (!probe) throw OutputError("cannot write '" + plot_path + "': " + std::strerror(errno));
            probe.close();
            if (!existed) std::filesystem::remove(plot_path);
        }
        if (csv_path.size() && is_mat_file_name(csv_path)) {   // written at the end; writable now?
            const bool existed = std::filesystem::exists(csv_path);
            std::ofstream probe(csv_path, std::ios::app);
            if (!probe) throw OutputError("cannot write '" + csv_path + "': " + std::strerror(errno));
            probe.close();
            if (!existed) std::filesystem::remove(csv_path);
        } else if (csv_path.size()) {
            csv.open(csv_path);
            if (!csv) throw OutputError("cannot write '" + csv_path + "': " + std::strerror(errno));
        }
    }
};

bool is_choice(const Model& m, const std::string& name) {
    for (auto& c : m.choices)
        if (c.path == name) return true;
    return false;
}

// Restores the default disposition of SIGINT and SIGTERM when the run ends.
struct InterruptGuard {
    InterruptGuard() {
        g_interrupted = 0;
        previous_int_ = std::signal(SIGINT, on_interrupt);
        previous_term_ = std::signal(SIGTERM, on_interrupt);
    }
    ~InterruptGuard() {
        std::signal(SIGINT, previous_int_);
        std::signal(SIGTERM, previous_term_);
    }
    void (*previous_int_)(int);
    void (*previous_term_)(int);
};

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.size() < 2) throw UsageError("run needs a system name (lied run --help)");
    if (args[1] == "--help" || args[1] == "-h") {
        out << kUsage;
        return 0;
    }
    ResolvedSystem entry = resolve_system(args[1]);
    RunSettings settings = entry.settings;
    std::vector<std::pair<std::string, std::string>> sets;
    Outputs outputs;
    bool tolerances_given = false;
    for (std::size_t i = 2; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto next = [&]() -> const std::string& {
            if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
            return args[++i];
        };
        if (a == "--t-end") settings.t_end = parse_number(a, next());
        else if (a == "--dt") settings.dt = parse_number(a, next());
        else if (a == "--interval") settings.interval = parse_number(a, next());
        else if (a == "--solver") settings.solver = next();
        else if (a == "--rtol") settings.rtol = parse_number(a, next()), tolerances_given = true;
        else if (a == "--atol") settings.atol = parse_number(a, next()), tolerances_given = true;
        else if (a == "--max-step") settings.max_step = parse_number(a, next()), tolerances_given = true;
        else if (a == "--jacobian-every") {
            const double k = parse_number(a, next());
            if (!(k >= 1) || k != std::floor(k) || k > 1e6) throw UsageError("--jacobian-every expects a whole number of steps from 1 to 1000000");
            settings.jacobian_interval = static_cast<int>(k);
        } else if (a == "--steady-state") settings.steady_state = true, settings.steady_states.clear();
        else if (a == "--steady") settings.steady_state = true, settings.steady_states.push_back(next());
        else if (a == "--out") outputs.csv_path = next();
        else if (a == "--plot") outputs.plot_path = next();
        else if (a == "--record") settings.recorded.push_back(next());
        else if (a == "--verbose") spdlog::set_level(spdlog::level::debug);
        else if (a == "--set") {
            const std::string& kv = next();
            const auto eq = kv.find('=');
            if (eq == std::string::npos || eq == 0) throw UsageError("--set expects NAME=VALUE, got '" + kv + "'");
            sets.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
        } else if (a == "--help" || a == "-h") {
            out << kUsage;
            return 0;
        } else
            throw UsageError("unknown option '" + a + "' (lied run --help lists the options)");
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

    SimulatorOptions options;
    options.solver = settings.solver;
    options.dt = settings.dt;
    options.tolerances = {settings.rtol, settings.atol, settings.max_step};
    options.jacobian_interval = settings.jacobian_interval;
    auto sim = std::make_unique<Simulator>(*entry.root, options);
    if (entry.prepare) entry.prepare(*sim);
    // Choices (a medium, a loss law) first: each rebuilds, and the numbers then go to the final structure.
    for (auto& [name, value] : sets) {
        if (!is_choice(sim->model(), name)) continue;
        try {
            sim->set_choice(name, value);
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    }
    for (auto& [name, text] : sets) {
        if (is_choice(sim->model(), name)) continue;
        const double value = parse_number("--set " + name, text);
        try {
            sim->set_parameter(name, value);
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    }
    sim->reset();   // start values may depend on the parameters just set
    if (settings.steady_state) {
        try {
            sim->initialize_steady_state(settings.steady_states);
        } catch (const std::invalid_argument& e) {   // a name that is not a state
            throw UsageError(e.what());
        } catch (const SimulationError& e) {
            err << "lied: simulation failed: " << e.what() << '\n';
            return 1;
        }
    }
    Recorder recorder(settings.recorded, settings.interval);
    try {
        recorder.attach(*sim);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    // Files the components read (a time table's CSV) are inputs as much as the system files.
    std::vector<std::string> inputs = entry.files;
    for (auto& c : sim->model().choices)
        if (c.spec.file_path && !c.value->empty()) inputs.push_back(*c.value);
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
                plot_results(table, outputs.plot_path, entry.name);
            } catch (const std::runtime_error& e) {
                if (complete) throw OutputError(e.what());
                err << "lied: the plot of the partial results failed: " << e.what() << '\n';
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

    const bool tty = isatty(fileno(stderr));
    const auto wall_start = std::chrono::steady_clock::now();
    int last_percent = -1;
    InterruptGuard interrupt_guard;
    try {
        sim->simulate(settings.t_end, &recorder, [&](double t, double t_end) {
            if (g_interrupted) {
                std::ostringstream s;
                s << "interrupted at t = " << t << " s";
                throw Interrupted(s.str());
            }
            const int percent = static_cast<int>(100.0 * t / t_end);
            if (percent / 10 == last_percent / 10) return;
            last_percent = percent;
            spdlog::info("t = {:.4g} s of {:.4g} s ({}%)", t, t_end, percent);
            if (tty && std::chrono::steady_clock::now() - wall_start > std::chrono::seconds(1))
                std::cerr << "\r  " << percent << "%  t = " << t << " s" << std::flush;
        });
    } catch (const SimulationError& e) {
        write_results(false);
        err << "lied: simulation failed: " << e.what() << "\nlied: " << partial_note() << '\n';
        return 1;
    } catch (const Interrupted& e) {
        write_results(false);
        err << "lied: " << e.what() << "; " << partial_note() << '\n';
        return 130;
    }
    if (tty && std::chrono::steady_clock::now() - wall_start > std::chrono::seconds(1)) std::cerr << "\n";
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    spdlog::info("{}\n{} probes of L, {:.3f} s wall", sim->statistics().text(), sim->linear_system().probes(), wall);
    write_results(true);
    if (const auto missing = recorder.never_seen(); !missing.empty()) {
        std::string names;
        for (auto& n : missing) names += (names.empty() ? "" : ", ") + n;
        throw UsageError("recorded variable(s) " + names + " existed in no structure of the run (their columns are empty)");
    }

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
        for (auto& seg : sim->segments()) out << "  from t = " << seg.start << " s: " << seg.change << " (" << seg.states << " states)\n";
    }
    if (outputs.csv_path.size()) out << "results: " << outputs.csv_path << '\n';
    if (outputs.plot_path.size()) out << "plot:    " << outputs.plot_path << '\n';
    return 0;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    // Logs go to stderr, never mixed with results on stdout; quiet by default, --verbose for more.
    static const auto logger = [] {
        auto l = spdlog::stderr_color_mt("lied");
        spdlog::set_default_logger(l);
        return l;
    }();
    (void)logger;
    spdlog::set_level(spdlog::level::warn);
    try {
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            (args.empty() ? err : out) << kUsage;
            return args.empty() ? 2 : 0;
        }
        if (args[0] == "--version") {
            out << "lied " << LIED_VERSION << '\n';
            return 0;
        }
        const bool help = args.size() == 2 && (args[1] == "--help" || args[1] == "-h");
        if (help && args[0] != "run") {
            out << kUsage;
            return 0;
        }
        if (args[0] == "list") return list(args, out);
        if (args[0] == "describe") {
            if (args.size() != 2) throw UsageError("describe needs exactly one component type (lied list --components)");
            return describe_type(args[1], out);
        }
        if (args[0] == "info") {
            const bool segments = args.size() == 3 && args[2] == "--segments";
            if (args.size() != 2 && !segments) throw UsageError("info needs exactly one system name (and optionally --segments)");
            return info(args[1], out, segments);
        }
        if (args[0] == "run") return run(args, out, err);
        throw UsageError("unknown command '" + args[0] + "'" + did_you_mean(args[0], {"list", "describe", "info", "run"}));
    } catch (const UsageError& e) {
        err << "lied: error: " << e.what() << '\n';
        return 2;
    } catch (const BuildError& e) {
        err << "lied: build error: " << e.what() << '\n';
        return 2;
    } catch (const SimulationError& e) {
        err << "lied: simulation failed: " << e.what() << '\n';
        return 1;
    } catch (const OutputError& e) {
        err << "lied: error: " << e.what() << '\n';
        return 3;
    } catch (const std::invalid_argument& e) {   // a setting the engine refuses (unknown solver, bad step)
        err << "lied: error: " << e.what() << '\n';
        return 2;
    } catch (const std::exception& e) {
        err << "lied: error: " << e.what() << '\n';
        return 1;
    }
}

}  // namespace lied::systems
