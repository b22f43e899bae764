#include "systems/cli/inspect_commands.h"

#include "core/diagnostics/dependency_check.h"
#include "core/diagnostics/stability.h"
#include "core/integrators/integrator.h"

#include "core/model/build_error.h"
#include "core/support/closest_name.h"
#include "core/model/component_registry.h"
#include "core/model/introspection.h"
#include "core/solve/linear_system.h"
#include "core/model/meta.h"
#include "core/simulation/simulator.h"
#include "systems/cli/cli_common.h"
#include "systems/io/system_file.h"
#include "thermofluid/media/media_registry.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <set>
#include <sstream>

namespace lied::systems {
namespace {

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

}  // namespace

std::filesystem::path example_files_folder() {
    namespace fs = std::filesystem;
    std::error_code ec;
    // In the source tree, the short relative paths a user types; else the files installed next to this program
    // (<prefix>/bin/lied and <prefix>/share/lied/systems); else those of the sources it was built from.
    const fs::path here = "systems/examples/files";
    if (fs::is_directory(here, ec)) return here;
    std::vector<fs::path> candidates;
    if (const fs::path self = fs::read_symlink("/proc/self/exe", ec); !ec) candidates.push_back(self.parent_path() / ".." / "share" / "lied" / "systems");
#ifdef LIED_EXAMPLE_FILES
    candidates.emplace_back(LIED_EXAMPLE_FILES);
#endif
    for (const fs::path& c : candidates)
        if (fs::is_directory(c, ec)) return fs::weakly_canonical(c, ec);
    return {};
}

int list(bool components, bool media, std::ostream& out) {
    if (components && media) throw UsageError("list takes --components or --media, not both");
    if (components) {
        for (auto& t : ComponentRegistry::instance().types()) out << name_column(t.name, 26) << t.description << '\n';
        return 0;
    }
    if (media) {
        for (auto& name : thermofluid::medium_names()) {
            const thermofluid::Medium& m = thermofluid::medium(name);
            out << std::left << std::setw(30) << name << m.T_min() << " K to " << m.T_max() << " K";
            if (m.mass_fractions()) out << ", " << m.mass_fractions() << " mass fraction (" << m.mass_fraction_name() << ")";
            out << '\n';
        }
        return 0;
    }
    for (auto& e : SystemRegistry::instance().entries()) out << name_column(e.name, 16) << e.description << '\n';
    const std::filesystem::path files = example_files_folder();
    std::error_code ec;
    if (files.empty()) {
        out << "\n(no example system files found: they are in systems/examples/files of the sources, or share/lied/systems where Lied is installed)\n";
        return 0;
    }
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
        try {   // its header only: listing loads no plugin and reads no other file
            const SystemFileHeader header = read_system_file_header(p.string());
            description = header.description;
            subsystem = header.subsystem;
        } catch (const SystemFileError&) {
            description = "(does not load: lied info " + p.string() + " says why)";
        }
        (subsystem ? subsystems : runnable) << "  " << std::left << std::setw(static_cast<int>(width) + 2) << p.string() << description << '\n';
    }
    out << "\nsystem files (lied run <file>):\n" << runnable.str();
    if (!subsystems.str().empty()) out << "\nsubsystem files (used as components by other files, not run on their own):\n" << subsystems.str();
    return 0;
}

int check_types(const std::vector<std::string>& names, std::ostream& out) {
    const auto& registry = ComponentRegistry::instance();
    std::vector<std::string> chosen = names.empty() ? registry.names() : names;
    for (auto& n : chosen)
        if (!registry.find(n))
            throw UsageError("unknown component type '" + n + "'" + did_you_mean(n, registry.names()) + "; `lied list --components` lists them");
    int broken = 0;
    for (auto& n : chosen) {
        auto component = registry.find(n)->make();
        const DependencyReport report = check_dependencies(*component, n);
        out << name_column(n, 26) << (report.ok() ? "ok" : "BROKEN") << " (" << report.blocks_checked << " blocks, "
            << report.signals_perturbed << " perturbations)\n";
        for (auto& f : report.findings) out << "  " << f.message << '\n';
        for (auto& u : report.unchecked) out << "  " << u << '\n';
        if (!report.ok()) ++broken;
    }
    if (chosen.size() > 1) out << chosen.size() - broken << " of " << chosen.size() << " component types keep their declarations\n";
    return broken ? 1 : 0;
}

namespace {

using Row = std::vector<std::string>;

// A table with a header: aligned columns (two spaces apart) for the terminal, or a Markdown table.
void print_table(std::ostream& out, const Row& header, const std::vector<Row>& rows, bool markdown) {
    if (rows.empty()) {
        out << (markdown ? "(none)\n" : "  (none)\n");
        return;
    }
    if (markdown) {
        auto cell = [](const std::string& text) {
            std::string c;
            for (char ch : text) c += ch == '|' ? std::string("\\|") : std::string(1, ch);
            return c;
        };
        auto line = [&](const Row& r) {
            out << '|';
            for (auto& c : r) out << ' ' << cell(c) << " |";
            out << '\n';
        };
        line(header);
        out << '|';
        for (std::size_t k = 0; k < header.size(); ++k) out << "---|";
        out << '\n';
        for (auto& r : rows) line(r);
        return;
    }
    std::vector<std::size_t> width(header.size(), 0);
    for (auto& r : rows)
        for (std::size_t k = 0; k + 1 < r.size(); ++k) width[k] = std::max(width[k], r[k].size());
    for (auto& r : rows) {
        out << "  ";
        for (std::size_t k = 0; k < r.size(); ++k) {
            out << r[k];
            if (k + 1 < r.size()) out << std::string(width[k] - r[k].size() + 2, ' ');
        }
        out << '\n';
    }
}

std::string number_text(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

}  // namespace

int describe_type(const std::string& name, std::ostream& out, bool markdown) {
    const ComponentType* type = ComponentRegistry::instance().find(name);
    if (!type)
        throw UsageError("unknown component type '" + name + "'" + did_you_mean(name, ComponentRegistry::instance().names()) +
                         "; `lied list --components` lists them");
    auto component = type->make();
    const Model m = describe(*component);
    // In Markdown each part is a paragraph with its table; in text, a heading line with the columns' names.
    auto heading = [&](const std::string& title, const std::string& columns) {
        if (markdown) out << "\n" << title << ":\n\n";
        else out << "\n" << title << " (" << columns << "):\n";
    };
    if (markdown) out << type->description << "\n";
    else out << type->name << ": " << type->description << "\n";

    std::vector<Row> rows;
    for (auto& p : m.parameters)
        if (p.array < 0)
            rows.push_back({p.path, number_text(*p.value), std::string(p.spec.unit.view()), p.spec.range_text(),
                            std::string(p.spec.description.view()) + (p.spec.structural ? " (read at build: a new value rebuilds)" : "")});
    // A vector or matrix: its value as a file writes it, each element's range; a new shape always rebuilds.
    for (auto& a : m.arrays)
        rows.push_back({a.path, a.value->empty() ? (a.spec.rank == ArrayParameter::Rank::Matrix ? "[] (a matrix)" : "[] (a vector)") : a.value->text(),
                        std::string(a.spec.element.unit.view()), a.spec.element.range_text() + " each",
                        std::string(a.spec.element.description.view()) +
                            (a.spec.element.structural ? " (read at build: a new value rebuilds)" : " (a new shape rebuilds)")});
    heading("parameters", "name, default, unit, valid range, meaning");
    print_table(out, {"parameter", "default", "unit", "valid range", "meaning"}, rows, markdown);
    if (!m.choices.empty()) {
        rows.clear();
        for (auto& c : m.choices)
            rows.push_back({c.path, c.value->empty() ? "(unset)" : *c.value, c.spec->options_text(), std::string(c.spec->description.view())});
        heading("choices", "name, default, options, meaning");
        print_table(out, {"choice", "default", "options", "meaning"}, rows, markdown);
    }
    auto direction = [](const SignalBase& s) {
        if (!s.is_in()) return std::string("out");
        return std::string(static_cast<const InBase&>(s).optional() ? "in, optional" : "in");
    };
    rows.clear();
    for (auto& plug : m.plugs) {
        std::string members;
        const std::string prefix = plug.path + ".";
        for (auto& s : m.signals)
            if (s.path.rfind(prefix, 0) == 0)
                members += (members.empty() ? "" : ", ") + s.path.substr(prefix.size()) + " (" + direction(*s.signal) + ", " + s.signal->type_name() + ")";
        rows.push_back({plug.path, plug.plug->kind(), members});
    }
    for (auto& offer : m.plug_offers)
        for (auto& plug : m.plugs)
            if (plug.plug == offer.plug) rows.push_back({offer.path, plug.plug->kind(), "the plug " + plug.path});
    heading("plugs", "name, kind, signals; connect outlet → inlet");
    print_table(out, {"plug", "kind", "signals"}, rows, markdown);
    rows.clear();
    for (auto& s : m.signals) {
        if (s.path.find('.') != std::string::npos || s.path.find('(') != std::string::npos) continue;
        const bool time = std::find(m.time_inputs.begin(), m.time_inputs.end(), s.signal) != m.time_inputs.end();
        rows.push_back({s.path, time ? std::string("simulation time (bound by the engine)") : direction(*s.signal) + ", " + s.signal->type_name()});
    }
    heading("signals", "name, direction and type; connect output → input");
    print_table(out, {"signal", "direction, type"}, rows, markdown);
    rows.clear();
    for (auto& st : m.states) rows.push_back({st.path, number_text(st.state->start), st.unit});
    heading("states", "name, start, unit");
    print_table(out, {"state", "start", "unit"}, rows, markdown);
    if (!m.tearing.empty()) {
        rows.clear();
        for (std::size_t j = 0; j < m.tearing.size() && j < m.residuals.size(); ++j) rows.push_back({m.tearing[j].path, m.residuals[j].path});
        heading("tearing pairs", "tearing variable, residual");
        print_table(out, {"tearing variable", "residual"}, rows, markdown);
    }
    rows.clear();
    for (auto& term : m.balance_terms) {
        if (term.component != 0) continue;   // the type's own terms (a part's are in its own description)
        using Kind = BalanceTermInfo::Kind;
        const char* what = term.kind == Kind::Stored       ? "holds"
                           : term.kind == Kind::StoredRate ? "holds (by rate)"
                           : term.kind == Kind::Supplied   ? "supplies from outside"
                           : term.kind == Kind::Dissipated ? "dissipates"
                           : term.kind == Kind::Created    ? "creates (its formulation)"
                                                           : "holds and exchanges nothing";
        rows.push_back({term.kind == Kind::Neutral ? std::string("-") : std::string(term.name), what,
                        term.kind == Kind::Neutral ? std::string("-") : std::string(to_string(term.quantity))});
    }
    heading("mass and energy", "what the balance books read: term, role, quantity");
    print_table(out, {"term", "role", "quantity"}, rows, markdown);
    out << (markdown ? "\nRecordable variables: the states" : "\nrecordable variables: the states");
    for (auto& v : m.variables) out << ", " << v.path;
    out << '\n';
    return 0;
}

namespace {
// Which fixed step the system wants, from the fastest mode of ∂ẋ/∂x at the start (docs/user-guide/solvers-and-events.md).
void print_step_advice(Simulator& sim, std::ostream& out) {
    const StepAdvice advice = sim.step_advice();
    out << "\nstep advice (from the fastest mode of ∂ẋ/∂x at the start; it may change as the system moves):\n";
    if (!advice.analysed) {
        out << "  not analysed: " << advice.why_not << '\n';
        return;
    }
    const std::complex<double> l = advice.fastest;
    out << std::setprecision(3) << "  fastest mode: eigenvalue " << l.real();
    if (std::abs(l.imag()) > 1e-9 * std::abs(l)) out << " ± " << std::abs(l.imag()) << "i 1/s (period " << 2 * M_PI / std::abs(l.imag()) << " s)\n";
    else out << " 1/s (time constant " << 1.0 / std::abs(l.real()) << " s)\n";
    out << "  rk4: accurate with steps up to about " << advice.accurate << " s (ten per period or time constant), stable up to " << advice.stable << " s\n"
        << "  longer fixed steps (a real-time loop): linearly-implicit-euler damps what it does not resolve (first order: the\n"
        << "  energy books judge its transients); offline: cvode-bdf\n"
        << std::setprecision(6);
}
}  // namespace

int info(const std::string& name, std::ostream& out, bool segments) {
    ResolvedSystem entry = resolve_system(name);
    drive_inputs_from_table(entry, entry.settings);
    Simulator sim(*entry.root);
    if (entry.prepare) entry.prepare(sim);
    const Model& m = sim.model();
    out << "system " << entry.name << ": " << entry.description << "\n\n";
    if (!sim.advice().empty()) {   // what builds but most likely is not meant
        out << "advice (" << sim.advice().size() << "):\n";
        for (auto& a : sim.advice()) out << "  " << a.message << " (" << a.rule << ")\n";
        out << '\n';
    }
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
    if (!sim.inputs().empty() || !sim.outputs().empty()) {
        out << "\ninputs (" << sim.inputs().size() << "; set between steps, or from a table with --inputs):\n";
        for (auto& in : sim.inputs()) {
            const bool has_unit = !in.unit.empty() && in.unit != "1";   // a ratio (a valve's opening) shows its number alone
            out << "  " << std::left << name_column(in.path, 18) << "start " << *in.start << (has_unit ? " " + in.unit : "") << ", range [" << *in.min
                << ", " << *in.max << "]" << (in.driven_by_table ? ", driven by a time table" : "");
            if (!in.description.empty()) out << "  " << in.description;
            out << '\n';
        }
        out << "outputs (" << sim.outputs().size() << "):\n";
        for (auto& o : sim.outputs()) {
            out << "  " << std::left << name_column(o.path, 18) << "= " << o.target;
            if (const std::string unit = sim.unit(o.path); !unit.empty()) out << " [" << unit << "]";
            if (!o.description.empty()) out << "  " << o.description;
            out << '\n';
        }
    }
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
        for (auto& e : m.time_events) out << "  " << std::left << name_column(e.path, 22) << "time event at t = " << *e.time << " s\n";
        for (auto& e : m.sampled_events)
            out << "  " << std::left << name_column(e.path, 22) << "sampled every " << *e.period << " s from " << *e.offset << " s\n";
        for (auto& z : m.zero_crossings) {
            out << "  " << std::left << name_column(z.path, 22) << "state event when " << m.signal_name(z.indicator) << " crosses 0 "
                << (z.direction == Crossing::Up ? "upwards" : z.direction == Crossing::Down ? "downwards" : "either way");
            if (z.hysteresis > 0) out << " (hysteresis " << z.hysteresis << ")";
            out << '\n';
        }
    }
    print_step_advice(sim, out);
    out << "\nparameters (" << m.parameters.size() - static_cast<std::size_t>(std::count_if(m.parameters.begin(), m.parameters.end(), [](auto& p) { return p.array >= 0; }))
        << (m.arrays.empty() ? "" : ", and " + std::to_string(m.arrays.size()) + " vectors or matrices") << "):\n";
    for (auto& p : m.parameters)
        if (p.array < 0)
            out << "  " << std::left << name_column(p.path, 22) << std::setw(10) << *p.value << std::setw(8) << p.spec.unit
                << p.spec.range_text() << "  " << p.spec.description << '\n';
    for (auto& a : m.arrays)   // its elements are parameters too ("lti.A[2,1]"): by name, not listed one by one
        out << "  " << std::left << name_column(a.path, 22) << a.value->text() << "  " << a.value->shape_text() << ", " << a.spec.element.description
            << '\n';
    out << "\nvariables: states above, and";
    for (auto& v : m.variables) out << ' ' << v.path;
    out << '\n';
    if (segments) describe_segments(sim, out);
    return 0;
}

}  // namespace lied::systems
