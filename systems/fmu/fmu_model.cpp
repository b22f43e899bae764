#include "systems/fmu/fmu_model.h"

#include "core/build/jacobian_pattern.h"
#include "systems/fmu/base_unit.h"
#include "core/simulation/simulator.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iomanip>
#include <map>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace lied::systems {
namespace {

// Text in an XML attribute: the five special characters escaped, control characters dropped.
std::string xml(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default:
                if (static_cast<unsigned char>(c) >= 0x20) out += c;
        }
    }
    return out;
}

std::string number(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

// The attributes of the type element: unit, min and max where the range is bounded, a state's nominal value (what
// an importer checks and scales by), the start value. Integers carry no unit or nominal and only bounds an int
// holds; Booleans only their start.
void type_attributes(std::ostream& x, const FmuVariable& v) {
    const bool real = v.type == FmuVariable::Type::Real;
    if (real && !v.unit.empty()) x << " unit=\"" << xml(v.unit) << "\"";
    if (v.type != FmuVariable::Type::Boolean) {
        const double lowest = real ? -std::numeric_limits<double>::infinity() : std::numeric_limits<int>::min();
        const double highest = real ? std::numeric_limits<double>::infinity() : std::numeric_limits<int>::max();
        if (std::isfinite(v.min) && v.min >= lowest) x << " min=\"" << number(v.min) << "\"";
        if (std::isfinite(v.max) && v.max <= highest) x << " max=\"" << number(v.max) << "\"";
    }
    if (real && v.nominal > 0 && std::isfinite(v.nominal)) x << " nominal=\"" << number(v.nominal) << "\"";
    if (v.has_start) x << " start=\"" << (v.type == FmuVariable::Type::Boolean ? (v.start != 0 ? "true" : "false") : number(v.start)) << "\"";
}

// The element naming a variable's type: FMI 2's Real/Integer/Boolean, FMI 3's Float64/Int32/Boolean.
const char* type_element(FmuVariable::Type type, int fmi_version) {
    if (type == FmuVariable::Type::Boolean) return "Boolean";
    if (type == FmuVariable::Type::Integer) return fmi_version == 3 ? "Int32" : "Integer";
    return fmi_version == 3 ? "Float64" : "Real";
}

}  // namespace

void store_solver_settings(const RunSettings& from, FmuConfig& into) {
    into.solver = from.solver;
    into.dt = from.dt;
    into.rtol = from.rtol;
    into.atol = from.atol;
    into.max_step = from.max_step;
}

void restore_solver_settings(const FmuConfig& from, RunSettings& into) {
    into.solver = from.solver;
    into.dt = from.dt;
    into.rtol = from.rtol;
    into.atol = from.atol;
    into.max_step = from.max_step;
    into.steady_state = false;   // an FMU starts from its start values
}

std::string write_fmu_config(const FmuConfig& c) {
    std::ostringstream s;
    s << "lied_fmu 1\n"
      << "fmi " << c.fmi_version << '\n'
      << "system " << (c.builtin ? "builtin " : "file ") << c.system << '\n'
      << "model " << c.model_name << '\n'
      << "guid " << c.guid << '\n'
      << "solver " << c.solver << '\n'
      << "dt " << number(c.dt) << '\n'
      << "rtol " << number(c.rtol) << '\n'
      << "atol " << number(c.atol) << '\n'
      << "max_step " << number(c.max_step) << '\n';
    for (auto& [name, value] : c.sets) s << "set " << name << '=' << value << '\n';
    for (auto& o : c.outputs) s << "output " << o << '\n';
    return s.str();
}

FmuConfig read_fmu_config(const std::string& text) {
    FmuConfig c;
    std::istringstream in(text);
    std::string line;
    int n = 0;
    bool seen_header = false, seen_system = false;
    while (std::getline(in, line)) {
        ++n;
        if (line.empty()) continue;
        const auto space = line.find(' ');
        const std::string key = line.substr(0, space), value = space == std::string::npos ? "" : line.substr(space + 1);
        auto fail = [&](const std::string& why) { throw std::runtime_error("lied_fmu.txt:" + std::to_string(n) + ": " + why); };
        auto as_number = [&]() {
            try {
                std::size_t used = 0;
                const double v = std::stod(value, &used);
                if (used != value.size()) fail("'" + value + "' is not a number");
                return v;
            } catch (const std::logic_error&) {
                fail("'" + value + "' is not a number");
            }
            return 0.0;
        };
        if (key == "lied_fmu") {
            if (value != "1") fail("format version " + value + " is not 1 (an FMU exported by another Lied)");
            seen_header = true;
        } else if (key == "system") {
            if (value.rfind("builtin ", 0) == 0) c.builtin = true, c.system = value.substr(8);
            else if (value.rfind("file ", 0) == 0) c.builtin = false, c.system = value.substr(5);
            else fail("expected 'system builtin NAME' or 'system file PATH'");
            seen_system = true;
        } else if (key == "fmi") {
            if (value != "2" && value != "3") fail("FMI version " + value + " is neither 2 nor 3");
            c.fmi_version = value == "3" ? 3 : 2;
        } else if (key == "model") c.model_name = value;
        else if (key == "guid") c.guid = value;
        else if (key == "solver") c.solver = value;
        else if (key == "dt") c.dt = as_number();
        else if (key == "rtol") c.rtol = as_number();
        else if (key == "atol") c.atol = as_number();
        else if (key == "max_step") c.max_step = as_number();
        else if (key == "set") {
            const auto eq = value.find('=');
            if (eq == std::string::npos || eq == 0) fail("expected 'set NAME=VALUE'");
            c.sets.emplace_back(value.substr(0, eq), value.substr(eq + 1));
        } else if (key == "output") c.outputs.push_back(value);
        else fail("unknown key '" + key + "'");
    }
    if (!seen_header || !seen_system) throw std::runtime_error("lied_fmu.txt: not a Lied FMU configuration (no 'lied_fmu 1' or no 'system')");
    return c;
}

std::string fmu_binary_folder(int fmi_version) { return fmi_version == 3 ? "binaries/x86_64-linux" : "binaries/linux64"; }

namespace {

// What each output and derivative depends on among the knowns (states, inputs), from the block graph
// (core/build/jacobian_pattern.h): a path of blocks from the known's signal to the unknown's, directly or through L.
void add_dependencies(const Simulator& sim, std::vector<FmuVariable>& v) {
    const Model& m = sim.model();
    std::map<const double*, int> signal_at;   // a real signal's value address → its signal index
    for (std::size_t i = 0; i < m.links.size(); ++i)
        if (m.links[i].real) signal_at.emplace(m.links[i].real, static_cast<int>(i));
    const double* states = sim.states().data();
    const auto n = static_cast<std::size_t>(sim.states().size());
    // The signal holding a value, or -1: a state's value signal, else the Out whose value it is.
    auto signal_of = [&](const double* value) {
        if (!value) return -1;
        if (value >= states && value < states + n) return m.state_value_signal(static_cast<std::size_t>(value - states));
        const auto it = signal_at.find(value);
        return it == signal_at.end() ? -1 : it->second;
    };
    std::vector<int> sources, sinks;
    std::vector<unsigned> source_vr;
    std::vector<std::size_t> sink_variable;
    std::vector<std::size_t> no_known;   // unknowns no known can change (an output naming a parameter)
    for (std::size_t i = 0; i < v.size(); ++i) {
        FmuVariable& x = v[i];
        if (x.kind == FmuVariable::Kind::State) {
            sources.push_back(m.state_value_signal(static_cast<std::size_t>(x.state)));
            source_vr.push_back(x.value_reference);
        } else if (x.kind == FmuVariable::Kind::Input) {
            sources.push_back(m.signal_index(m.inputs[static_cast<std::size_t>(x.state)].value));
            source_vr.push_back(x.value_reference);
        }
        if (x.kind == FmuVariable::Kind::Derivative) {
            sinks.push_back(m.state_derivative_signal(static_cast<std::size_t>(x.state)));
            sink_variable.push_back(i);
        } else if (x.causality == "output") {
            const double* value = sim.find_value(x.name);
            const int sig = signal_of(value);
            if (sig >= 0) {
                sinks.push_back(sig);
                sink_variable.push_back(i);
            } else if (value) {
                bool parameter = false;
                for (auto& p : m.parameters) parameter |= p.value == value;
                if (parameter) no_known.push_back(i);
            }
        }
    }
    const auto reached = signal_dependencies(m, sim.schedule(), sources, sinks);
    for (std::size_t k : sink_variable) v[k].has_dependencies = true;
    for (std::size_t k : no_known) v[k].has_dependencies = true;
    for (std::size_t j = 0; j < sources.size(); ++j)
        for (int s : reached[j]) v[sink_variable[static_cast<std::size_t>(s)]].dependencies.push_back(source_vr[j]);
    for (auto& x : v) std::sort(x.dependencies.begin(), x.dependencies.end());
}

}  // namespace

std::string type_phrase(FmuVariable::Type type, int fmi_version) {
    if (type == FmuVariable::Type::Boolean) return "a Boolean variable";
    if (type == FmuVariable::Type::Integer) return fmi_version == 3 ? "an Int32 variable" : "an Integer variable";
    return fmi_version == 3 ? "a Float64 variable" : "a Real variable";
}

std::string options_by_position(const std::vector<std::string>& options) {
    std::string text;
    for (std::size_t k = 0; k < options.size(); ++k) text += (k ? ", " : "") + std::to_string(k) + ": " + options[k];
    return text;
}

namespace {
FmuVariable::Type of_value_type(ValueType type) {
    return type == ValueType::Integer ? FmuVariable::Type::Integer : type == ValueType::Boolean ? FmuVariable::Type::Boolean : FmuVariable::Type::Real;
}
}  // namespace

namespace {
// FMI 3's arrays: each vector or matrix parameter with elements becomes one variable whose value is its elements in
// row-major order (the storage order of ArrayParameter, in which its elements are registered).
void add_array_variables(const Model& m, std::vector<FmuVariable>& v, unsigned& vr) {
    std::vector<std::vector<std::size_t>> elements(m.arrays.size());
    std::map<std::string, std::size_t> by_name;
    for (std::size_t i = 0; i < v.size(); ++i)
        if (v[i].kind == FmuVariable::Kind::Parameter) by_name.emplace(v[i].name, i);
    for (const ParameterInfo& p : m.parameters)
        if (p.array >= 0)
            if (auto found = by_name.find(p.path); found != by_name.end()) elements[static_cast<std::size_t>(p.array)].push_back(found->second);
    for (std::size_t a = 0; a < m.arrays.size(); ++a) {
        const ArrayParameterInfo& info = m.arrays[a];
        if (elements[a].empty() || elements[a].size() != info.value->size()) continue;   // an empty array has nothing to offer
        const FmuVariable& first = v[elements[a].front()];
        if (first.type != FmuVariable::Type::Real) continue;   // whole numbers (a table's columns) stay Int32 elements
        FmuVariable array{info.path, vr++, FmuVariable::Kind::ArrayParameter, "parameter", first.variability, "exact", false, 0, first.unit,
                          first.description, -1};
        array.min = first.min;
        array.max = first.max;
        array.dimensions = info.value->is_matrix() ? std::vector<std::size_t>{info.value->rows(), info.value->cols()}
                                                   : std::vector<std::size_t>{info.value->rows()};
        const int index = static_cast<int>(v.size());
        for (std::size_t e : elements[a]) {
            array.elements.push_back(v[e].value_reference);
            array.starts.push_back(v[e].start);
            v[e].array = index;
        }
        v.push_back(std::move(array));
    }
}
}  // namespace

std::vector<FmuVariable> fmu_variables(const Simulator& sim, const std::vector<std::string>& outputs, int fmi_version) {
    const Model& m = sim.model();
    const std::set<std::string> output_set(outputs.begin(), outputs.end());
    std::vector<FmuVariable> v;
    unsigned vr = 0;
    std::set<const double*> start_parameters;
    for (auto& s : m.states) start_parameters.insert(&s.state->start);
    auto owner = [&](int component) {
        if (component <= 0) return std::string();
        const ComponentInfo& c = m.components[static_cast<std::size_t>(component)];
        return std::string(c.component->type_name()) + (c.description.empty() ? "" : ", " + c.description);
    };
    for (std::size_t i = 0; i < m.states.size(); ++i) {
        const StateInfo& s = m.states[i];
        const bool out = output_set.count(s.path) > 0;
        v.push_back({s.path, vr++, FmuVariable::Kind::State, out ? "output" : "local", "continuous", "calculated", false, 0, s.unit,
                     "state of " + owner(s.component), static_cast<int>(i)});
        v.back().nominal = s.nominal;
    }
    for (std::size_t i = 0; i < m.states.size(); ++i) {
        const StateInfo& s = m.states[i];
        const std::string unit = s.unit.empty() ? "1/s" : s.unit + "/s";
        v.push_back({"der(" + s.path + ")", vr++, FmuVariable::Kind::Derivative, "local", "continuous", "calculated", false, 0, unit,
                     "time derivative of " + s.path, static_cast<int>(i)});
    }
    std::set<std::string> taken;
    for (auto& x : v) taken.insert(x.name);
    for (auto& var : m.variables) {
        if (!taken.insert(var.path).second) continue;   // a variable that is also a state appears once
        const bool out = output_set.count(var.path) > 0;
        const FmuVariable::Type type = of_value_type(var.type);
        // A count or a truth value changes only at events (it lives in a discrete signal).
        v.push_back({var.path, vr++, FmuVariable::Kind::Variable, out ? "output" : "local", type == FmuVariable::Type::Real ? "continuous" : "discrete",
                     "calculated", false, 0, var.unit, "variable of " + owner(var.component), -1});
        v.back().type = type;
    }
    for (auto& p : m.parameters) {
        if (!taken.insert(p.path).second) continue;
        // Start values and parameters read at build are set before initialisation (a rebuild applies them).
        const bool fixed = start_parameters.count(p.value) > 0 || p.spec.structural;
        v.push_back({p.path, vr++, FmuVariable::Kind::Parameter, "parameter", fixed ? "fixed" : "tunable", "exact", true, *p.value, p.spec.unit.str(),
                     p.spec.description.str(), -1});
        FmuVariable& x = v.back();
        if (p.spec.whole) {   // a count: an Integer, its bounds the whole numbers inside the range
            x.type = FmuVariable::Type::Integer;
            x.min = p.spec.min_exclusive ? std::floor(p.spec.min) + 1 : std::ceil(p.spec.min);
            x.max = std::floor(p.spec.max);
        } else {
            if (!p.spec.min_exclusive) x.min = p.spec.min;   // an open bound (> 0) has no FMI attribute
            x.max = p.spec.max;
        }
    }
    for (auto& c : m.choices) {   // fixed: a new option rebuilds the system before initialisation
        if (c.spec->file_path || !taken.insert(c.path).second) continue;
        const std::vector<std::string>& options = c.spec->options;
        // A bool's choice (options "false" and "true", in either order) is a Boolean; its value is the option's name.
        const bool boolean = options.size() == 2 && ((options[0] == "false" && options[1] == "true") || (options[0] == "true" && options[1] == "false"));
        std::string description = c.spec->description.str();
        if (!boolean) description += (description.empty() ? "(" : " (") + options_by_position(options) + ")";
        const double start = boolean ? (*c.value == "true" ? 1.0 : 0.0) : static_cast<double>(c.spec->index_of(*c.value));
        v.push_back({c.path, vr++, FmuVariable::Kind::Choice, "parameter", "fixed", "exact", true, start, "", description, -1});
        FmuVariable& x = v.back();
        x.type = boolean ? FmuVariable::Type::Boolean : FmuVariable::Type::Integer;
        x.options = options;
        if (!boolean) x.min = 0, x.max = static_cast<double>(options.size()) - 1;
    }
    const auto& inputs = sim.inputs();
    for (std::size_t i = 0; i < inputs.size(); ++i) {   // set by the importer, inside their ranges
        const InputInfo& in = inputs[i];
        if (!taken.insert(in.path).second) continue;
        v.push_back({in.path, vr++, FmuVariable::Kind::Input, "input", "continuous", "", true, *in.start, in.unit,
                     in.description.empty() ? "input of the system" : in.description, static_cast<int>(i)});
        v.back().min = *in.min;
        v.back().max = *in.max;
    }
    for (auto& out : sim.outputs()) {
        if (!taken.insert(out.path).second) continue;
        FmuVariable::Type type = FmuVariable::Type::Real;   // an output of a count or a truth value has its type
        for (auto& var : m.variables)
            if (var.path == out.target) type = of_value_type(var.type);
        v.push_back({out.path, vr++, FmuVariable::Kind::Output, "output", type == FmuVariable::Type::Real ? "continuous" : "discrete", "calculated",
                     false, 0, sim.unit(out.path), (out.description.empty() ? "output of the system" : out.description) + " (" + out.target + ")", -1});
        v.back().type = type;
    }
    add_dependencies(sim, v);
    if (fmi_version == 3) {   // FMI 3 names the independent variable and makes event indicators variables
        const unsigned time_vr = vr;
        v.push_back({"time", vr++, FmuVariable::Kind::Time, "independent", "continuous", "", false, 0, "s", "simulation time", -1});
        for (std::size_t i = 0; i < m.zero_crossings.size(); ++i)
            v.push_back({"indicator(" + m.zero_crossings[i].path + ")", vr++, FmuVariable::Kind::EventIndicator, "local", "continuous", "calculated",
                         false, 0, "", "event indicator of the state event " + m.zero_crossings[i].path, static_cast<int>(i)});
        // Time is a known too: every output and derivative is listed as depending on it (a safe over-statement).
        const unsigned time = time_vr;
        for (auto& x : v)
            if (x.has_dependencies) x.dependencies.push_back(time);
        add_array_variables(m, v, vr);
    }
    return v;
}

std::string model_identifier(const std::string& name) {
    std::string id;
    for (char c : name) id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0]))) id = "lied_" + id;
    return id;
}

std::string fmu_guid(const FmuConfig& config, const std::vector<FmuVariable>& variables) {
    // FNV-1a over everything that identifies the model, in two independent 64-bit streams.
    std::uint64_t a = 14695981039346656037ull, b = 1099511628211ull * 31;
    auto feed = [&](const std::string& s) {
        for (unsigned char c : s) {
            a = (a ^ c) * 1099511628211ull;
            b = (b ^ (c + 0x9eu)) * 1099511628211ull;
        }
    };
    FmuConfig without_guid = config;
    without_guid.guid.clear();
    feed(write_fmu_config(without_guid));
    for (auto& x : variables)
        feed(x.name + '|' + type_phrase(x.type, 2) + '|' + x.causality + '|' + x.variability + '|' + x.unit + '|' + number(x.start) + ';');
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "{%08x-%04x-%04x-%04x-%012llx}", static_cast<unsigned>(a >> 32), static_cast<unsigned>((a >> 16) & 0xffff),
                  static_cast<unsigned>(a & 0xffff), static_cast<unsigned>(b >> 48), static_cast<unsigned long long>(b & 0xffffffffffffull));
    return buffer;
}

namespace {

// The parts both versions write alike: every unit used, and the default experiment from the run settings.
void units_and_experiment(std::ostream& x, const FmuConfig& config, const std::vector<FmuVariable>& variables, double stop_time) {
    std::set<std::string> units;
    for (auto& v : variables)
        if (!v.unit.empty()) units.insert(v.unit);
    if (!units.empty()) {
        x << "  <UnitDefinitions>\n";
        for (auto& u : units) {
            x << "    <Unit name=\"" << xml(u) << "\"";
            if (const std::optional<BaseUnit> base = base_unit(u)) {   // what it is in SI base units, for the importer's checks
                x << ">\n      <BaseUnit";
                for (std::size_t k = 0; k < base->exponents.size(); ++k)
                    if (base->exponents[k] != 0) x << ' ' << kBaseUnitNames[k] << "=\"" << base->exponents[k] << "\"";
                if (base->factor != 1.0) x << " factor=\"" << number(base->factor) << "\"";
                if (base->offset != 0.0) x << " offset=\"" << number(base->offset) << "\"";
                x << "/>\n    </Unit>\n";
            } else {
                x << "/>\n";
            }
        }
        x << "  </UnitDefinitions>\n";
    }
    x << "  <LogCategories>\n";
    for (auto& [name, description] : kLogCategories) x << "    <Category name=\"" << name << "\" description=\"" << xml(description) << "\"/>\n";
    x << "  </LogCategories>\n";
    x << "  <DefaultExperiment startTime=\"0\" stopTime=\"" << number(stop_time) << "\" tolerance=\"" << number(config.rtol) << "\" stepSize=\""
      << number(config.dt) << "\"/>\n";
}

// FMI 3.0: Float64, Int32 and Boolean elements with their attributes, ModelStructure by value reference, event indicators as variables.
std::string model_description_xml_3(const FmuConfig& config, const std::vector<FmuVariable>& variables, double stop_time,
                                    const std::string& description) {
    const std::string id = model_identifier(config.model_name);
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<fmiModelDescription fmiVersion=\"3.0\" modelName=\"" << xml(config.model_name) << "\" instantiationToken=\"" << config.guid << "\"\n"
      << "  description=\"" << xml(description) << "\" generationTool=\"Lied " << LIED_VERSION << "\" variableNamingConvention=\"flat\">\n"
      << "  <ModelExchange modelIdentifier=\"" << id << "\" canGetAndSetFMUState=\"true\" canSerializeFMUState=\"true\"\n"
      << "    providesDirectionalDerivatives=\"true\"/>\n"
      << "  <CoSimulation modelIdentifier=\"" << id << "\" canHandleVariableCommunicationStepSize=\"true\" canGetAndSetFMUState=\"true\"\n"
      << "    canSerializeFMUState=\"true\" providesDirectionalDerivatives=\"true\"/>\n";
    units_and_experiment(x, config, variables, stop_time);
    x << "  <ModelVariables>\n";
    std::map<int, unsigned> state_vr;
    for (auto& v : variables)
        if (v.kind == FmuVariable::Kind::State) state_vr[v.state] = v.value_reference;
    for (auto& v : variables) {
        if (v.array >= 0) continue;   // an array's element: the array variable stands for it
        x << "    <" << type_element(v.type, 3) << " name=\"" << xml(v.name) << "\" valueReference=\"" << v.value_reference << "\" description=\""
          << xml(v.description) << "\" causality=\"" << v.causality << "\" variability=\"" << v.variability << "\"";
        if (!v.initial.empty()) x << " initial=\"" << v.initial << "\"";
        type_attributes(x, v);
        if (v.kind == FmuVariable::Kind::Derivative) x << " derivative=\"" << state_vr.at(v.state) << "\"";
        if (v.kind != FmuVariable::Kind::ArrayParameter) {
            x << "/>\n";
            continue;
        }
        x << " start=\"";   // an array's start: its elements in row-major order
        for (std::size_t k = 0; k < v.starts.size(); ++k) x << (k ? " " : "") << number(v.starts[k]);
        x << "\">\n";
        for (std::size_t d : v.dimensions) x << "      <Dimension start=\"" << d << "\"/>\n";
        x << "    </" << type_element(v.type, 3) << ">\n";
    }
    x << "  </ModelVariables>\n  <ModelStructure>\n";
    auto dependencies = [&](const FmuVariable& v) {
        if (!v.has_dependencies) return std::string();
        std::string s = " dependencies=\"";
        for (std::size_t d = 0; d < v.dependencies.size(); ++d) s += (d ? " " : "") + std::to_string(v.dependencies[d]);
        return s + "\"";
    };
    for (auto& v : variables)
        if (v.causality == "output") x << "    <Output valueReference=\"" << v.value_reference << "\"" << dependencies(v) << "/>\n";
    for (auto& v : variables)
        if (v.kind == FmuVariable::Kind::Derivative)
            x << "    <ContinuousStateDerivative valueReference=\"" << v.value_reference << "\"" << dependencies(v) << "/>\n";
    for (auto& v : variables)
        if ((v.causality == "output" || v.kind == FmuVariable::Kind::State || v.kind == FmuVariable::Kind::Derivative) && v.initial == "calculated")
            x << "    <InitialUnknown valueReference=\"" << v.value_reference << "\"/>\n";
    for (auto& v : variables)
        if (v.kind == FmuVariable::Kind::EventIndicator) x << "    <EventIndicator valueReference=\"" << v.value_reference << "\"/>\n";
    x << "  </ModelStructure>\n</fmiModelDescription>\n";
    return x.str();
}

}  // namespace

std::string model_description_xml(const FmuConfig& config, const std::vector<FmuVariable>& variables, std::size_t event_indicators,
                                  double stop_time, const std::string& description) {
    if (config.fmi_version == 3) return model_description_xml_3(config, variables, stop_time, description);
    const std::string id = model_identifier(config.model_name);
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<fmiModelDescription fmiVersion=\"2.0\" modelName=\"" << xml(config.model_name) << "\" guid=\"" << config.guid << "\"\n"
      << "  description=\"" << xml(description) << "\" generationTool=\"Lied " << LIED_VERSION << "\"\n"
      << "  variableNamingConvention=\"flat\" numberOfEventIndicators=\"" << event_indicators << "\">\n"
      << "  <ModelExchange modelIdentifier=\"" << id << "\" canNotUseMemoryManagementFunctions=\"true\" canGetAndSetFMUstate=\"true\"\n"
      << "    canSerializeFMUstate=\"true\" providesDirectionalDerivative=\"true\"/>\n"
      << "  <CoSimulation modelIdentifier=\"" << id << "\" canHandleVariableCommunicationStepSize=\"true\" canNotUseMemoryManagementFunctions=\"true\"\n"
      << "    canGetAndSetFMUstate=\"true\" canSerializeFMUstate=\"true\" providesDirectionalDerivative=\"true\"/>\n";
    units_and_experiment(x, config, variables, stop_time);
    x << "  <ModelVariables>\n";
    std::map<int, std::size_t> state_index;   // state → its 1-based position in ModelVariables
    for (std::size_t i = 0; i < variables.size(); ++i)
        if (variables[i].kind == FmuVariable::Kind::State) state_index[variables[i].state] = i + 1;
    for (std::size_t i = 0; i < variables.size(); ++i) {
        const FmuVariable& v = variables[i];
        x << "    <!-- " << i + 1 << " -->\n"
          << "    <ScalarVariable name=\"" << xml(v.name) << "\" valueReference=\"" << v.value_reference << "\" description=\"" << xml(v.description)
          << "\" causality=\"" << v.causality << "\" variability=\"" << v.variability << "\"";
        if (!v.initial.empty()) x << " initial=\"" << v.initial << "\"";
        x << ">\n      <" << type_element(v.type, 2);
        type_attributes(x, v);
        if (v.kind == FmuVariable::Kind::Derivative) x << " derivative=\"" << state_index.at(v.state) << "\"";
        x << "/>\n    </ScalarVariable>\n";
    }
    x << "  </ModelVariables>\n  <ModelStructure>\n";
    std::vector<std::size_t> outputs, derivatives, initial;
    std::map<std::size_t, const FmuVariable*> by_index;   // 1-based position → variable, for the dependencies
    for (std::size_t i = 0; i < variables.size(); ++i) {
        const FmuVariable& v = variables[i];
        by_index[i + 1] = &v;
        if (v.causality == "output") outputs.push_back(i + 1);
        if (v.kind == FmuVariable::Kind::Derivative) derivatives.push_back(i + 1);
        // Outputs, states and derivatives that are calculated at initialisation.
        if ((v.causality == "output" || v.kind == FmuVariable::Kind::State || v.kind == FmuVariable::Kind::Derivative) &&
            v.initial == "calculated")
            initial.push_back(i + 1);
    }
    // Value references are the variables' 0-based positions: a known's index is its value reference + 1.
    auto list = [&](const char* tag, const std::vector<std::size_t>& indices, bool with_dependencies) {
        if (indices.empty()) return;
        x << "    <" << tag << ">\n";
        for (std::size_t k : indices) {
            x << "      <Unknown index=\"" << k << "\"";
            const FmuVariable& v = *by_index.at(k);
            if (with_dependencies && v.has_dependencies) {
                x << " dependencies=\"";
                for (std::size_t d = 0; d < v.dependencies.size(); ++d) x << (d ? " " : "") << v.dependencies[d] + 1;
                x << "\"";
            }
            x << "/>\n";
        }
        x << "    </" << tag << ">\n";
    };
    list("Outputs", outputs, true);
    list("Derivatives", derivatives, true);
    list("InitialUnknowns", initial, false);
    x << "  </ModelStructure>\n</fmiModelDescription>\n";
    return x.str();
}

}  // namespace lied::systems
