// The Python module `lied` (pybind11): load a built-in system, a system file or the text of one, set parameters
// and choices, step or run it, read the results as numpy arrays with names and units, make structural changes,
// save and restore its state, run sweeps on threads (without the GIL), and read result files. Errors are Python
// exceptions with the engine's messages: lied.BuildError, lied.SimulationError, lied.UsageError,
// lied.StructuralChangeError (all lied.Error); names that do not exist raise KeyError, bad values ValueError.
#include "core/model/build_error.h"
#include "core/model/component_registry.h"
#include "core/model/introspection.h"
#include "core/simulation/recorder.h"
#include "core/simulation/simulator.h"
#include "core/simulation/structural_change.h"
#include "core/support/closest_name.h"
#include "core/support/interrupt.h"
#include "components/input_table.h"
#include "systems/io/system_loading.h"
#include "systems/io/system_registry.h"
#include "systems/results/mat_results.h"
#include "systems/results/result_table.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace py = pybind11;
using namespace lied;
using namespace lied::systems;

namespace {

// Names that are not there: a KeyError carrying the engine's message (with its suggestion).
struct NameError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// Calls `f`; the engine's std::invalid_argument for a name it does not know becomes a NameError (a KeyError).
template <class F>
auto by_name(F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const std::invalid_argument& e) {
        throw NameError(e.what());
    }
}

// Settings given as keyword arguments over the system's own.
struct Overrides {
    std::optional<std::string> solver;
    std::optional<double> dt, t_end, interval, rtol, atol;
    // Refuses a setting no run can use, naming it (ValueError), before anything is built.
    void check() const {
        auto positive = [](const char* name, const std::optional<double>& v) {
            if (v && !(*v > 0 && std::isfinite(*v))) throw std::invalid_argument(std::string(name) + " must be a finite number > 0, got " + std::to_string(*v));
        };
        positive("dt", dt);
        positive("interval", interval);
        positive("rtol", rtol);
        positive("atol", atol);
        if (t_end && !(*t_end >= 0 && std::isfinite(*t_end))) throw std::invalid_argument("t_end must be a finite number >= 0, got " + std::to_string(*t_end));
    }
    RunSettings applied_to(RunSettings s) const {
        if (solver) s.solver = *solver;
        if (dt) s.dt = *dt;
        if (t_end) s.t_end = *t_end;
        if (interval) s.interval = *interval;
        if (rtol) s.rtol = *rtol;
        if (atol) s.atol = *atol;
        return s;
    }
};

// A Python number as a double; anything else (None, a complex, a list) is a TypeError naming `what`.
double number(const py::handle& value, const std::string& what) {
    if (!py::isinstance<py::str>(value)) try {
            return value.cast<double>();
        } catch (const py::cast_error&) {
        }
    throw py::type_error(what + ": expected a number, got " + std::string(py::str(value.get_type().attr("__name__"))));
}

// A list, a list of rows or a numpy array of 1 or 2 dimensions as a vector or matrix parameter.
bool is_array_value(const py::handle& value) {
    return !py::isinstance<py::str>(value) && (py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value) || py::isinstance<py::array>(value));
}
ArrayParameter array_value(const py::handle& value, const std::string& what) {
    py::array_t<double, py::array::c_style | py::array::forcecast> a;
    try {
        a = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(value);
    } catch (const py::error_already_set&) {
    }
    if (!a) throw py::type_error(what + ": expected a list of numbers or a list of rows of equal length (a vector or a matrix)");
    if (a.ndim() == 1) return ArrayParameter::vector(std::vector<double>(a.data(), a.data() + a.size()));
    if (a.ndim() == 2)
        return ArrayParameter::matrix(static_cast<std::size_t>(a.shape(0)), static_cast<std::size_t>(a.shape(1)),
                                      std::vector<double>(a.data(), a.data() + a.size()));
    throw py::type_error(what + ": expected a vector or a matrix, got an array of " + std::to_string(a.ndim()) + " dimensions");
}
py::array_t<double> array_of(const ArrayParameter& a) {
    if (!a.is_matrix()) return py::array_t<double>(static_cast<py::ssize_t>(a.size()), a.data());
    return py::array_t<double>({static_cast<py::ssize_t>(a.rows()), static_cast<py::ssize_t>(a.cols())}, a.data());
}
bool is_array_parameter(const Simulator& sim, const std::string& name) {
    const auto& arrays = sim.model().arrays;
    return std::any_of(arrays.begin(), arrays.end(), [&](const ArrayParameterInfo& a) { return a.path == name; });
}

// {"p2.dp_ref": 3000, "p1.medium": "Water", "lti.A": [[0, 1], [-1, 0]]} as `lied run --set` takes them: numbers in
// full precision, names as text, vectors and matrices as lists.
std::vector<std::pair<std::string, std::string>> assignments(const py::dict& values) {
    std::vector<std::pair<std::string, std::string>> out;
    for (auto [key, value] : values) {
        const std::string name = py::str(key);
        if (is_array_value(value)) {
            out.emplace_back(name, array_value(value, name).text());
        } else if (py::isinstance<py::str>(value)) {
            out.emplace_back(name, value.cast<std::string>());
        } else {
            std::ostringstream text;
            text.precision(17);
            text << number(value, name + " (a number for a parameter, a text for a choice)");
            out.emplace_back(name, text.str());
        }
    }
    return out;
}

// An input table from Python: the path of a CSV file, or a dict {"time": [...], "<input>": [...], ...} of equal lengths.
components::InputTable input_table(const py::object& table) {
    if (py::isinstance<py::str>(table)) return components::read_input_table(table.cast<std::string>());
    if (!py::isinstance<py::dict>(table)) throw py::type_error("an input table is the path of a CSV file or a dict of arrays, got a " +
                                                               std::string(py::str(table.get_type().attr("__name__"))));
    const py::dict columns = table.cast<py::dict>();
    if (!columns.contains("time")) throw std::invalid_argument("an input table's dict has a 'time' array (s) and one array per input");
    components::InputTable t;
    t.source = "the table given";
    auto numbers = [](const py::handle& column, const std::string& name) {
        try {
            return column.cast<std::vector<double>>();
        } catch (const py::cast_error&) {
            throw std::invalid_argument("input table: '" + name + "' is not a sequence of numbers");
        }
    };
    t.time = numbers(columns["time"], "time");
    for (auto [key, value] : columns) {
        const std::string name = py::str(key);
        if (name == "time") continue;
        t.names.push_back(name);
        t.values.push_back(numbers(value, name));
        if (t.values.back().size() != t.time.size())
            throw std::invalid_argument("input table: '" + name + "' has " + std::to_string(t.values.back().size()) + " values for " +
                                        std::to_string(t.time.size()) + " times");
    }
    if (t.time.empty() || t.names.empty()) throw std::invalid_argument("input table: no rows, or no input");
    for (std::size_t i = 0; i < t.time.size(); ++i)
        if (!std::isfinite(t.time[i]) || (i > 0 && t.time[i] < t.time[i - 1]))
            throw std::invalid_argument("input table: time[" + std::to_string(i) + "] = " + std::to_string(t.time[i]) +
                                        " is not finite or comes before the time before it");
    return t;
}

// One run's results: the table `lied run` writes, as numpy columns.
class Results {
public:
    explicit Results(ResultTable table, std::string error = {}) : table_(std::move(table)), error_(std::move(error)) {}
    py::array_t<double> time() const { return py::array_t<double>(static_cast<py::ssize_t>(table_.times.size()), table_.times.data()); }
    std::vector<std::string> names() const {
        std::vector<std::string> n;
        for (auto& v : table_.series) n.push_back(v.name);
        return n;
    }
    py::array_t<double> column(const std::string& name) const {
        const std::size_t i = by_name([&] { return table_.series_index(name); });
        py::array_t<double> out(static_cast<py::ssize_t>(table_.rows.size()));
        auto v = out.mutable_unchecked<1>();
        for (std::size_t k = 0; k < table_.rows.size(); ++k) v(static_cast<py::ssize_t>(k)) = table_.rows[k][i];
        return out;
    }
    bool contains(const std::string& name) const {
        return std::any_of(table_.series.begin(), table_.series.end(), [&](auto& v) { return v.name == name; });
    }
    std::string unit(const std::string& name) const {
        return by_name([&] { return table_.series[table_.series_index(name)].unit; });
    }
    py::dict units() const {
        py::dict d;
        for (auto& v : table_.series) d[py::str(v.name)] = v.unit;
        return d;
    }
    py::dict parameters() const {
        py::dict d;
        for (std::size_t i = 0; i < table_.constants.size(); ++i) d[py::str(table_.constants[i].name)] = table_.constant_values[i];
        return d;
    }
    py::list segments() const {
        py::list l;
        for (auto& s : table_.segments) l.append(py::dict(py::arg("start") = s.start, py::arg("end") = s.end, py::arg("states") = s.states, py::arg("change") = s.change));
        return l;
    }
    const std::string& error() const { return error_; }
    std::string repr() const {
        std::ostringstream s;
        s << "<lied.Results: " << table_.series.size() << " series, " << table_.times.size() << " samples";
        if (!table_.times.empty()) s << " from t = " << table_.times.front() << " s to " << table_.times.back() << " s";
        if (!error_.empty()) s << "; failed: " << error_;
        s << ">";
        return s.str();
    }

private:
    ResultTable table_;
    std::string error_;
};

// A state to go back to (Simulator::save_state): lied.State in Python; bytes(state) and lied.State(bytes) keep it
// outside the process.
struct SavedRun {
    SimulationState state;
};

// Lets Ctrl-C stop a run that holds no GIL: about every 0.1 s the interpreter is asked for signals; one that
// raised (KeyboardInterrupt) stops the run at its next step (SimulationInterrupted), and the interpreter's
// exception is raised again when the run has returned.
class InterruptWatch {
public:
    Simulator::Progress progress() {
        return [this](double, double) {
            const auto now = std::chrono::steady_clock::now();
            if (now - last_ < std::chrono::milliseconds(100)) return;
            last_ = now;
            py::gil_scoped_acquire locked;
            if (PyErr_CheckSignals() != 0) {
                PyErr_Clear();
                interrupted_ = true;
                request_interrupt();
            }
        };
    }
    // After the run: a KeyboardInterrupt if one stopped it.
    void raise_if_interrupted() {
        if (!interrupted_) return;
        clear_interrupt();
        PyErr_SetNone(PyExc_KeyboardInterrupt);
        throw py::error_already_set();
    }

private:
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
    bool interrupted_ = false;
};

// Runs a simulator to t_end, sampling `recorded` every `interval`. If the run stops (SimulationError) and
// `keep_failure`, the samples so far come back with the error; otherwise it is thrown.
Results record(Simulator& sim, const std::vector<std::string>& recorded, double interval, double t_end, bool keep_failure,
               const Simulator::Progress& progress = {}) {
    Recorder recorder(recorded, interval);
    by_name([&] { sim.attach(recorder); });
    const std::vector<ParameterSnapshot> parameters = snapshot_parameters(sim);
    const double t_start = sim.time();
    std::string error;
    try {
        sim.simulate(t_end, &recorder, progress);
    } catch (const SimulationError& e) {   // the run stopped: its samples so far are results too
        if (!keep_failure) throw;
        error = e.what();
    }
    return Results(result_table(recorder, sim, parameters, t_start), error);
}

// What a system records unless told otherwise: its own list, or every state and variable.
std::vector<std::string> default_recorded(const Simulator& sim, const RunSettings& settings) {
    if (!settings.recorded.empty()) return settings.recorded;
    std::vector<std::string> names;
    for (auto& s : sim.model().states) names.push_back(s.path);
    for (auto& v : sim.model().variables) names.push_back(v.path);
    return names;
}

// lied.SimulationError for a run that stopped, with the samples taken until then as its `results`.
[[noreturn]] void raise_with_results(const std::string& message, Results results) {
    py::object type = py::module_::import("lied").attr("SimulationError");
    py::object error = type(message);
    error.attr("results") = py::cast(std::move(results));
    PyErr_SetObject(type.ptr(), error.ptr());
    throw py::error_already_set();
}

// A system and its simulator, as `lied run` makes them.
class System {
public:
    System(ResolvedSystem resolved, const py::dict& set, const Overrides& overrides) : resolved_(std::move(resolved)) {
        overrides.check();
        settings_ = overrides.applied_to(resolved_.settings);
        sim_ = make_simulation(resolved_, settings_, assignments(set));
    }

    Results run(std::optional<double> t_end, std::optional<double> interval, std::optional<std::vector<std::string>> names) {
        const double end = t_end ? *t_end : settings_.t_end;
        if (!(end >= sim_->time()) || !std::isfinite(end))
            throw std::invalid_argument("run: t_end = " + std::to_string(end) + " s is before the current time, " + std::to_string(sim_->time()) + " s");
        if (interval && !(*interval > 0 && std::isfinite(*interval))) throw std::invalid_argument("run: interval must be a finite number > 0");
        const std::vector<std::string> recorded = names ? *names : default_recorded(*sim_, settings_);
        std::optional<Results> results;
        InterruptWatch watch;
        {
            py::gil_scoped_release unlocked;
            results.emplace(record(*sim_, recorded, interval ? *interval : settings_.interval, end, true, watch.progress()));
        }
        watch.raise_if_interrupted();
        if (!results->error().empty()) {
            const std::string message = results->error();   // copied before the results move into the exception
            raise_with_results(message, std::move(*results));
        }
        return std::move(*results);
    }
    // Advances by dt with the system's own solver and step (several steps if dt is larger), as run() does.
    void step(double dt) {
        if (!(dt > 0) || !std::isfinite(dt)) throw std::invalid_argument("step: dt must be a finite number > 0, got " + std::to_string(dt));
        InterruptWatch watch;
        try {
            py::gil_scoped_release unlocked;
            sim_->simulate(sim_->time() + dt, nullptr, watch.progress());
        } catch (const SimulationInterrupted&) {
            watch.raise_if_interrupted();
            throw;
        }
    }
    // One thread at a time: a run releases the GIL, and another thread must not change the simulator meanwhile.
    std::mutex& in_use() { return in_use_; }
    double value(const std::string& name) const {
        return by_name([&] { return sim_->value(name); });
    }
    // The name must be a parameter (a choice, a state): else a KeyError with the engine's suggestion.
    void require_parameter(const std::string& name) const {
        by_name([&] { sim_->parameter(name); });
    }
    void require_choice(const std::string& name) const {
        by_name([&] { sim_->choice(name); });
    }
    void require_state(const std::string& name) const {
        const std::vector<std::string> names = state_names();
        if (std::find(names.begin(), names.end(), name) == names.end())
            throw NameError("'" + name + "' is no state" + did_you_mean(name, names));
    }
    std::string unit(const std::string& name) const {
        value(name);   // a KeyError for a name that is not there
        return sim_->unit(name);
    }
    py::array_t<double> states() const {
        return py::array_t<double>(static_cast<py::ssize_t>(sim_->states().size()), sim_->states().data());
    }
    std::vector<std::string> state_names() const {
        std::vector<std::string> n;
        for (auto& s : sim_->model().states) n.push_back(s.path);
        return n;
    }
    // The system's inputs by name: unit, start, range, description, the value now, whether a table drives it.
    py::dict inputs() const {
        py::dict d;
        for (auto& in : sim_->inputs()) {
            py::dict e;
            e["unit"] = in.unit;
            e["start"] = *in.start;
            e["min"] = *in.min;
            e["max"] = *in.max;
            e["description"] = in.description;
            e["value"] = *in.current();
            e["table"] = in.driven_by_table;
            d[py::str(in.path)] = e;
        }
        return d;
    }
    py::dict outputs() const {
        py::dict d;
        for (auto& out : sim_->outputs()) {
            py::dict e;
            e["value"] = out.target;
            e["unit"] = sim_->unit(out.path);
            e["description"] = out.description;
            d[py::str(out.path)] = e;
        }
        return d;
    }
    // An unknown input is a KeyError (with the nearest name), a value the input refuses a ValueError saying why.
    void set_input(const std::string& name, double value) {
        by_name([&] { sim_->input(name); });   // an unknown input: KeyError
        sim_->set_input(name, value);          // a refused value: ValueError with the rule
    }
    // Tables drive the named inputs from now on (rows at absolute times); the structure is built again, states kept.
    void drive_inputs(const components::InputTable& table, const std::string& interpolation) {
        const components::Input::Interpolation mode = components::interpolation_named(interpolation);   // else ValueError
        // The inputs' tables as they are: a table whose rows the inputs refuse (outside a range) is undone.
        std::vector<std::pair<components::Input*, std::vector<std::pair<double, double>>>> before;
        for (auto& in : sim_->inputs())
            if (auto* input = dynamic_cast<components::Input*>(sim_->model().components[static_cast<std::size_t>(in.component)].component))
                before.emplace_back(input, input->table);
        by_name([&] { components::drive_inputs(*resolved_.root, table, mode); });
        try {
            sim_->rebuild();
        } catch (...) {
            for (auto& [input, rows] : before) input->table = rows;
            sim_->rebuild();
            throw;
        }
    }
    void apply(StructuralChange& change) { sim_->apply(change); }
    void schedule(double t, StructuralChange change) { sim_->schedule(t, std::move(change)); }
    SavedRun save() {
        SavedRun s;
        sim_->save_state(s.state);
        return s;
    }
    Simulator& sim() { return *sim_; }
    const RunSettings& settings() const { return settings_; }
    const std::string& name() const { return resolved_.name; }

private:
    ResolvedSystem resolved_;
    RunSettings settings_;
    std::unique_ptr<Simulator> sim_;
    std::mutex in_use_;
};

// Every call on a System holds it: a second thread gets a UsageError instead of changing it under a running run.
struct Hold {
    std::unique_lock<std::mutex> lock;
    explicit Hold(System& s) : lock(s.in_use(), std::try_to_lock) {
        if (!lock.owns_lock()) throw UsageError("this lied.System is busy in another thread (a System is used by one thread at a time)");
    }
};

// A structural change built in Python; components are made by type name from the registry.
struct Change {
    explicit Change(std::string description) : change(std::move(description)) {}
    Change(const Change&) = delete;   // it owns the components it brings
    Change& operator=(const Change&) = delete;
    StructuralChange change;
    bool spent = false;
    // A change is made once: applying or scheduling it hands its components over (a refused one may be tried again).
    StructuralChange& unspent() {
        if (spent) throw std::invalid_argument("this change was applied or scheduled already; make a new lied.Change");
        return change;
    }
};

// A component of a registered type with its parameters (numbers) and choices (text) set, checked as a system file's.
std::unique_ptr<Component> make_component(const std::string& type, const py::dict& parameters) {
    const ComponentRegistry& registry = ComponentRegistry::instance();
    const ComponentType* t = registry.find(type);
    if (!t) throw NameError("unknown component type '" + type + "'" + did_you_mean(type, registry.names()));
    std::unique_ptr<Component> c = t->make();
    if (parameters.empty()) return c;
    Model m = describe(*c);
    std::vector<std::string> known;
    for (auto& p : m.parameters)
        if (p.array < 0) known.push_back(p.path);
    for (auto& a : m.arrays) known.push_back(a.path);
    for (auto& ch : m.choices) known.push_back(ch.path);
    for (auto [key, value] : parameters) {
        const std::string name = py::str(key);
        auto array = std::find_if(m.arrays.begin(), m.arrays.end(), [&](auto& a) { return a.path == name; });
        if (array != m.arrays.end()) {
            const ArrayParameter v = array->spec.with_rank_of_empty(array_value(value, type + "." + name));
            if (const std::string why = array->spec.refusal(v); !why.empty()) throw std::invalid_argument(type + "." + name + " " + why);
            if (array->value->same_shape(v)) {
                array->value->assign_values(v);   // the elements keep their addresses
            } else {
                *array->value = v;
                m = describe(*c);   // the next names ("A[2,1]") refer to the new shape's elements
            }
            continue;
        }
        auto parameter = std::find_if(m.parameters.begin(), m.parameters.end(), [&](auto& p) { return p.path == name; });
        auto choice = std::find_if(m.choices.begin(), m.choices.end(), [&](auto& ch) { return ch.path == name; });
        if (choice != m.choices.end() && py::isinstance<py::str>(value)) {
            const std::string option = value.cast<std::string>();
            if (!choice->spec->admits(option))
                throw std::invalid_argument(type + "." + name + " = '" + option + "' is not one of its options (" + choice->spec->options_text() + ")");
            *choice->value = option;
        } else if (parameter != m.parameters.end()) {
            const double v = number(value, type + "." + name);
            if (!parameter->spec.admits(v)) {
                std::ostringstream s;
                s << type << '.' << name << " = " << v << ' ' << parameter->spec.refusal_text(v);
                throw std::invalid_argument(s.str());
            }
            if (parameter->system_default) *parameter->system_default = v;
            else *parameter->value = v;
        } else {
            throw NameError("unknown parameter '" + name + "' of " + type + did_you_mean(name, known));
        }
    }
    return c;
}

Overrides overrides_from(std::optional<std::string> solver, std::optional<double> dt, std::optional<double> t_end, std::optional<double> interval,
                         std::optional<double> rtol, std::optional<double> atol) {
    return {std::move(solver), dt, t_end, interval, rtol, atol};
}

std::shared_ptr<System> load(const std::string& system, const py::dict& set, std::optional<std::string> solver, std::optional<double> dt,
                             std::optional<double> t_end, std::optional<double> interval, std::optional<double> rtol, std::optional<double> atol) {
    return std::make_shared<System>(resolve_system(system), set, overrides_from(std::move(solver), dt, t_end, interval, rtol, atol));
}

// The text of a system file (YAML, or JSON from a dict), its paths resolved from `directory`.
std::shared_ptr<System> compose(const py::object& description, const std::string& directory, const py::dict& set, std::optional<std::string> solver,
                                std::optional<double> dt, std::optional<double> t_end, std::optional<double> interval, std::optional<double> rtol,
                                std::optional<double> atol) {
    // numpy numbers in the dict become plain numbers (their .item()).
    const py::cpp_function plain([](const py::object& o) -> py::object {
        if (py::hasattr(o, "item")) return o.attr("item")();
        throw py::type_error("compose: a " + std::string(py::str(o.get_type().attr("__name__"))) + " has no place in a system file");
    });
    const std::string text = py::isinstance<py::str>(description)
                                 ? description.cast<std::string>()
                                 : py::module_::import("json").attr("dumps")(description, py::arg("default") = plain).cast<std::string>();
    return std::make_shared<System>(resolve_system_text(text, "<python>", directory), set, overrides_from(std::move(solver), dt, t_end, interval, rtol, atol));
}

// Many runs of one system, each with its own values, on `jobs` threads. Each case loads the system afresh (the
// values may change its structure); a failed case keeps its samples and its message (Results.error).
std::vector<Results> sweep(const std::string& system, const std::vector<py::dict>& cases, std::optional<std::vector<std::string>> names,
                           std::optional<double> t_end, std::optional<double> interval, std::optional<int> jobs) {
    if (jobs && (*jobs < 1 || *jobs > 1024)) throw std::invalid_argument("sweep: jobs must be from 1 to 1024, got " + std::to_string(*jobs));
    Overrides{{}, {}, t_end, interval, {}, {}}.check();
    std::vector<std::vector<std::pair<std::string, std::string>>> values;
    std::vector<std::string> tables, interpolations;   // per case: an input table (a CSV path) and how it interpolates
    for (auto& c : cases) {
        py::dict parameters;
        std::string table, interpolation;   // "": the system's own
        for (auto [key, value] : c) {
            const std::string name = py::str(key);
            if (name == "inputs") table = value.cast<std::string>();
            else if (name == "input_interpolation") interpolation = value.cast<std::string>();
            else parameters[key] = value;
        }
        values.push_back(assignments(parameters));
        tables.push_back(table);
        interpolations.push_back(interpolation);
    }
    std::vector<std::optional<Results>> results(cases.size());
    {
        py::gil_scoped_release unlocked;
        std::atomic<std::size_t> next{0};
        auto work = [&] {
            for (std::size_t i = next++; i < values.size(); i = next++) {
                try {
                    ResolvedSystem resolved = resolve_system(system);
                    RunSettings settings = resolved.settings;
                    if (t_end) settings.t_end = *t_end;
                    if (interval) settings.interval = *interval;
                    if (!tables[i].empty()) settings.inputs = tables[i];
                    if (!interpolations[i].empty()) settings.input_interpolation = interpolations[i];
                    auto sim = make_simulation(resolved, settings, values[i]);
                    results[i].emplace(record(*sim, names ? *names : default_recorded(*sim, settings), settings.interval, settings.t_end, true));
                } catch (const std::exception& e) {
                    results[i].emplace(ResultTable{}, e.what());
                } catch (...) {
                    results[i].emplace(ResultTable{}, "the case failed with an exception that is no std::exception");
                }
            }
        };
        const unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
        const std::size_t threads = std::min<std::size_t>(values.size(), jobs ? static_cast<std::size_t>(*jobs) : hardware);
        std::vector<std::thread> pool;
        try {
            for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(work);
        } catch (const std::system_error&) {   // fewer threads than asked: those made, and this one, do the work
        }
        work();
        for (auto& t : pool) t.join();
    }
    std::vector<Results> out;
    for (auto& r : results) out.push_back(std::move(*r));
    return out;
}

Results read_results(const std::string& path) {
    if (!std::filesystem::is_regular_file(path)) throw std::invalid_argument("read_results: '" + path + "' is no file");
    try {
        return Results(is_mat_file_name(path) ? read_mat_results(path) : read_csv_results(path));
    } catch (const std::runtime_error& e) {   // a file that is not what `lied run` writes: the reader says why
        throw UsageError(std::string("read_results: ") + e.what());
    }
}

}  // namespace

PYBIND11_MODULE(lied, m) {
    m.doc() = "Lied: physical systems composed at runtime from precompiled components (docs/user-guide/python.md)";
    spdlog::set_level(spdlog::level::warn);   // quiet by default, as the lied program; lied.verbose(True) for more

    static py::exception<std::runtime_error> error(m, "Error");   // lied.Error: the base of Lied's own errors
    py::register_exception<BuildError>(m, "BuildError", error.ptr());
    py::register_exception<SimulationError>(m, "SimulationError", error.ptr());
    py::register_exception<UsageError>(m, "UsageError", error.ptr());
    py::register_exception<StructuralChangeError>(m, "StructuralChangeError", error.ptr());
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const NameError& e) {
            PyErr_SetString(PyExc_KeyError, e.what());
        }
    });

    py::class_<Results>(m, "Results", "The results of one run: time, series by name (numpy arrays), units, parameters, segments")
        .def_property_readonly("time", &Results::time, "the sample times [s]")
        .def_property_readonly("names", &Results::names, "the recorded series")
        .def("__getitem__", &Results::column, py::arg("name"), "a series as a numpy array (NaN where it did not exist)")
        .def("__contains__", &Results::contains)
        .def("unit", &Results::unit, py::arg("name"))
        .def_property_readonly("units", &Results::units, "unit by series name")
        .def_property_readonly("parameters", &Results::parameters, "the parameters' values at the start of the run")
        .def_property_readonly("segments", &Results::segments, "the structures of the run: start, end, states, change")
        .def_property_readonly("error", &Results::error, "why the run stopped early ('' if it did not): a sweep's case, or a SimulationError's results")
        .def("__repr__", &Results::repr);

    py::class_<SavedRun>(m, "State", "A saved state of a run (System.save_state); bytes(state) and State(bytes) keep it outside")
        .def(py::init([](const py::bytes& b) {
                 const std::string_view v = b;
                 SavedRun s;
                 s.state.assign(std::span<const std::byte>(reinterpret_cast<const std::byte*>(v.data()), v.size()));
                 return s;
             }),
             py::arg("data"))
        .def_property_readonly("time", [](const SavedRun& s) { return s.state.time(); }, "the time it was saved at [s]")
        .def("__bytes__", [](const SavedRun& s) {
            const auto b = s.state.bytes();
            return py::bytes(reinterpret_cast<const char*>(b.data()), b.size());
        });

    py::class_<Change>(m, "Change", "A structural change: edits made together between steps (System.apply or System.schedule)")
        .def(py::init<std::string>(), py::arg("description"))
        .def("add", [](Change& c, const std::string& parent, const std::string& name, const std::string& type, const py::dict& parameters,
                       const std::string& description) -> Change& {
                 c.change.add(parent, name, make_component(type, parameters), description);
                 return c;
             }, py::arg("parent"), py::arg("name"), py::arg("type"), py::arg("parameters") = py::dict(), py::arg("description") = "",
             py::return_value_policy::reference_internal)
        .def("remove", [](Change& c, const std::string& path) -> Change& { c.change.remove(path); return c; }, py::arg("path"),
             py::return_value_policy::reference_internal)
        .def("replace", [](Change& c, const std::string& path, const std::string& type, const py::dict& parameters) -> Change& {
                 c.change.replace(path, make_component(type, parameters));
                 return c;
             }, py::arg("path"), py::arg("type"), py::arg("parameters") = py::dict(), py::return_value_policy::reference_internal)
        .def("connect", [](Change& c, const std::string& a, const std::string& b) -> Change& { c.change.connect(a, b); return c; }, py::arg("a"),
             py::arg("b"), py::return_value_policy::reference_internal)
        .def("disconnect", [](Change& c, const std::string& a, const std::string& b) -> Change& { c.change.disconnect(a, b); return c; },
             py::arg("a"), py::arg("b"), py::return_value_policy::reference_internal)
        .def("set_parameter", [](Change& c, const std::string& name, const py::object& value) -> Change& {
                 if (is_array_value(value)) c.change.set_parameter(name, array_value(value, name));
                 else c.change.set_parameter(name, number(value, name));
                 return c;
             }, py::arg("name"), py::arg("value"), py::return_value_policy::reference_internal)
        .def("start_fresh", [](Change& c, const std::string& path) -> Change& { c.change.start_fresh(path); return c; }, py::arg("path"),
             "every state of the component at `path` starts from its start value instead of carrying over by name",
             py::return_value_policy::reference_internal)
        .def_property_readonly("description", [](const Change& c) { return c.change.description(); });

    py::class_<System, std::shared_ptr<System>>(m, "System", "A system and its simulator (lied.load, lied.compose)")
        .def_property_readonly("name", &System::name)
        .def_property_readonly("time", [](System& s) { Hold hold(s); return s.sim().time(); }, "the current time [s]")
        .def_property_readonly("states", [](System& s) { Hold hold(s); return s.states(); }, "the state vector (a copy)")
        .def_property_readonly("state_names", [](System& s) { Hold hold(s); return s.state_names(); })
        .def_property_readonly("names", [](System& s) { Hold hold(s); return s.sim().value_names(); }, "every state, variable and parameter")
        .def("value", [](System& s, const std::string& name) { Hold hold(s); return s.value(name); }, py::arg("name"), "a state, variable or parameter by name")
        .def("__getitem__", [](System& s, const std::string& name) { Hold hold(s); return s.value(name); }, py::arg("name"))
        .def("unit", [](System& s, const std::string& name) { Hold hold(s); return s.unit(name); }, py::arg("name"))
        .def("parameter", [](System& s, const std::string& name) -> py::object { Hold hold(s);
                 if (is_array_parameter(s.sim(), name)) return array_of(s.sim().array_parameter(name));   // a numpy array of its shape
                 s.require_parameter(name);
                 return py::float_(s.sim().parameter(name));
             }, py::arg("name"))
        .def("set_parameter", [](System& s, const std::string& name, const py::object& v) { Hold hold(s);
                 if (is_array_parameter(s.sim(), name)) {
                     s.sim().set_parameter(name, array_value(v, name));   // a wrong shape: ValueError, or BuildError naming both
                     return;
                 }
                 s.require_parameter(name);
                 s.sim().set_parameter(name, number(v, name));   // outside its range: ValueError
             }, py::arg("name"), py::arg("value"))
        .def("choice", [](System& s, const std::string& name) { Hold hold(s);
                 s.require_choice(name);
                 return s.sim().choice(name);
             }, py::arg("name"))
        .def("set_choice", [](System& s, const std::string& name, const std::string& v) { Hold hold(s);
                 s.require_choice(name);
                 s.sim().set_choice(name, v);   // not one of its options: ValueError
             }, py::arg("name"), py::arg("value"))
        .def("set_state", [](System& s, const std::string& name, double v) { Hold hold(s);
                 s.require_state(name);
                 s.sim().set_state(name, v);
             }, py::arg("name"), py::arg("value"))
        .def("reset", [](System& s) { Hold hold(s); s.sim().reset(); }, "back to t = 0 and the start values")
        .def_property_readonly("inputs", [](System& s) { Hold hold(s); return s.inputs(); },
                               "the inputs by name: unit, start, min, max, description, value, table (driven by a table)")
        .def_property_readonly("outputs", [](System& s) { Hold hold(s); return s.outputs(); }, "the outputs by name: the value each names, unit, description")
        .def("set_input", [](System& s, const std::string& name, double v) { Hold hold(s); s.set_input(name, v); }, py::arg("name"), py::arg("value"),
             "sets an input from the next step on (KeyError: no such input; ValueError: outside its range, or driven by a table)")
        .def("drive_inputs", [](System& s, const py::object& table, const std::string& interpolation) {
                 Hold hold(s);
                 s.drive_inputs(input_table(table), interpolation);
             }, py::arg("table"), py::arg("interpolation") = "linear",
             "a table drives inputs from now on: a CSV path or {'time': [...], name: [...]}; 'linear' or 'hold' between rows")
        .def("run", [](System& s, std::optional<double> t_end, std::optional<double> interval, std::optional<std::vector<std::string>> names) {
                 Hold hold(s);
                 return s.run(t_end, interval, std::move(names));
             }, py::arg("t_end") = py::none(), py::arg("interval") = py::none(), py::arg("record") = py::none(),
             "runs to t_end (the system's own by default), sampling `record` (its own list, or every state and variable) every interval")
        .def("step", [](System& s, double dt) { Hold hold(s); s.step(dt); }, py::arg("dt"), "one step of dt; raises SimulationError naming what went wrong")
        .def("steady_state", [](System& s) { Hold hold(s); s.sim().initialize_steady_state(); }, "moves the states to a steady state")
        .def("apply", [](System& s, Change& c) { Hold hold(s);
                 s.apply(c.unspent());
                 c.spent = true;
             }, py::arg("change"), "makes the change now; raises StructuralChangeError (the previous structure runs on)")
        .def("schedule", [](System& s, double t, Change& c) {
                 Hold hold(s);
                 s.schedule(t, std::move(c.unspent()));
                 c.spent = true;
             }, py::arg("t"), py::arg("change"))
        .def_property_readonly("segments", [](System& s) { Hold hold(s);
            py::list l;
            for (auto& seg : s.sim().segments()) l.append(py::dict(py::arg("start") = seg.start, py::arg("change") = seg.change, py::arg("states") = seg.states));
            return l;
        })
        .def("save_state", [](System& s) { Hold hold(s); return s.save(); }, "the state of the run, to restore_state later (here or in a System of the same structure)")
        .def("restore_state", [](System& s, const SavedRun& state) { Hold hold(s); s.sim().restore_state(state.state); }, py::arg("state"))
        .def("__repr__", [](System& s) { Hold hold(s);
            std::ostringstream o;
            o << "<lied.System " << s.name() << " at t = " << s.sim().time() << " s, " << s.sim().model().states.size() << " states, solver "
              << s.sim().integrator().name() << ">";
            return o.str();
        });

    m.def("load", &load, py::arg("system"), py::arg("set") = py::dict(), py::arg("solver") = py::none(), py::arg("dt") = py::none(),
          py::arg("t_end") = py::none(), py::arg("interval") = py::none(), py::arg("rtol") = py::none(), py::arg("atol") = py::none(),
          "a built-in system by name or a system file (.yaml, .json), with parameters and choices set and run settings overridden");
    m.def("compose", &compose, py::arg("description"), py::arg("directory") = ".", py::arg("set") = py::dict(), py::arg("solver") = py::none(),
          py::arg("dt") = py::none(), py::arg("t_end") = py::none(), py::arg("interval") = py::none(), py::arg("rtol") = py::none(),
          py::arg("atol") = py::none(), "a system from the text of a system file, or from a dict in its layout");
    m.def("sweep", &sweep, py::arg("system"), py::arg("cases"), py::arg("record") = py::none(), py::arg("t_end") = py::none(),
          py::arg("interval") = py::none(), py::arg("jobs") = py::none(),
          "runs the system once per case (a dict of parameters and choices) on threads; a list of Results, failed cases with .error");
    m.def("read_results", &read_results, py::arg("path"), "results written by lied run (MAT or CSV)");
    m.def("systems", [] { return SystemRegistry::instance().names(); }, "the built-in systems");
    m.def("component_types", [] { return ComponentRegistry::instance().names(); }, "every component type by name");
    m.def("verbose", [](bool on) { spdlog::set_level(on ? spdlog::level::debug : spdlog::level::warn); }, py::arg("on") = true,
          "the engine's log on stderr: debug messages (True) or warnings only (False, the default)");
}
