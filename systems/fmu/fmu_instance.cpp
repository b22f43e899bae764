#include "systems/fmu/fmu_instance.h"

#include "components/input_table.h"
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_loading.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace lied::systems {
namespace {

std::string read_text(const std::string& path);

}  // namespace

std::string FmuInstance::path_of_uri(const std::string& uri) {
    std::string p = uri;
    if (p.rfind("file://localhost/", 0) == 0) p = p.substr(16);
    else if (p.rfind("file:///", 0) == 0) p = p.substr(7);
    else if (p.rfind("file:/", 0) == 0) p = p.substr(5);
    else throw std::runtime_error("the resource location '" + uri + "' is not a file:// URI");
    std::string out;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (p[i] == '%' && i + 2 < p.size() && std::isxdigit(static_cast<unsigned char>(p[i + 1])) && std::isxdigit(static_cast<unsigned char>(p[i + 2]))) {
            out += static_cast<char>(std::stoi(p.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += p[i];
        }
    }
    while (out.size() > 1 && out.back() == '/') out.pop_back();
    return out;
}

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read '" + path + "' (the FMU's resources are incomplete)");
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const char* mode_name(int mode) {
    static const char* names[] = {"instantiated", "initialization mode", "step mode", "event mode", "continuous-time mode", "terminated", "error"};
    return names[mode];
}

}  // namespace

FmuInstance::FmuInstance(std::string name, fmi2Type type, const std::string& token, const std::string& resources, Logger logger, bool logging)
    : name_(std::move(name)), type_(type), resources_(resources), logger_(std::move(logger)), logging_(logging) {
    while (resources_.size() > 1 && resources_.back() == '/') resources_.pop_back();
    if (logging_)   // logging on at instantiation: every category
        for (auto& [category, description] : kLogCategories) categories_on_.emplace_back(category);
    config_ = read_fmu_config(read_text(resources_ + "/lied_fmu.txt"));
    const char* what = config_.fmi_version == 3 ? "instantiation token" : "GUID";
    if (config_.guid != token)
        throw std::runtime_error(std::string(what) + " " + token + " is not this FMU's " + config_.guid + " (modelDescription.xml and binary disagree)");
    build();
}

FmuInstance::~FmuInstance() = default;

void FmuInstance::build() {
    ResolvedSystem system = resolve_system(config_.builtin ? config_.system : resources_ + "/" + config_.system);
    RunSettings settings = system.settings;
    restore_solver_settings(config_, settings);
    settings.inputs.clear();   // the importer drives the inputs, as at export
    components::release_input_tables(*system.root);
    sim_ = make_simulation(system, settings, config_.sets);
    root_ = std::move(system.root);
    variables_ = fmu_variables(*sim_, config_.outputs, config_.fmi_version);
    if (fmu_guid(config_, variables_) != config_.guid)
        throw std::runtime_error("the system built from the resources has other variables than when it was exported (GUID " + config_.guid + ")");
    resolve_values();
    sim_->on_event([this](Simulator& s, const std::string& event) {
        log_in("logEvents", fmi2OK, "event " + event + " at t = " + std::to_string(s.time()) + " s");
    });
    mode_ = Mode::Instantiated;
    states_set_.clear();
    inputs_set_.clear();
    dirty_ = true;
}

void FmuInstance::resolve_values() {
    values_.assign(variables_.size(), nullptr);
    for (std::size_t i = 0; i < variables_.size(); ++i)
        if (variables_[i].kind != FmuVariable::Kind::Derivative && variables_[i].kind != FmuVariable::Kind::Choice &&
            variables_[i].kind != FmuVariable::Kind::ArrayParameter)   // an array is read through its elements
            values_[i] = sim_->find_value(variables_[i].name);
    indicators_.assign(sim_->model().zero_crossings.size(), 0.0);
    derivatives_.assign(sim_->model().states.size(), 0.0);
    generation_ = sim_->generation();
    dirty_ = true;
}

namespace {
// The function names of FMI 3 where they differ from FMI 2's, for the messages of an FMI 3 instance.
std::string in_fmi3_terms(std::string message) {
    static const std::pair<const char*, const char*> names[] = {
        {"fmi2SetReal", "fmi3SetFloat64"}, {"fmi2GetReal", "fmi3GetFloat64"}, {"fmi2SetInteger", "fmi3SetInt32"}, {"fmi2GetInteger", "fmi3GetInt32"}, {"fmi2NewDiscreteStates", "fmi3UpdateDiscreteStates"},
        {"fmi2GetDerivatives", "fmi3GetContinuousStateDerivatives"}, {"fmi2SetupExperiment", "fmi3EnterInitializationMode"},
        {"fmi2GetFMUstate", "fmi3GetFMUState"}, {"fmi2SetFMUstate", "fmi3SetFMUState"}, {"fmi2SerializedFMUstateSize", "fmi3SerializedFMUStateSize"},
        {"fmi2SerializeFMUstate", "fmi3SerializeFMUState"}, {"fmi2DeSerializeFMUstate", "fmi3DeserializeFMUState"}};
    for (auto& [two, three] : names)
        for (auto p = message.find(two); p != std::string::npos; p = message.find(two, p)) message.replace(p, std::strlen(two), three);
    for (auto p = message.find("fmi2"); p != std::string::npos; p = message.find("fmi2", p)) message[p + 3] = '3';
    return message;
}
}  // namespace

fmi2Status FmuInstance::log(fmi2Status status, const std::string& raw) {
    log_in(status == fmi2OK ? "logAll" : status == fmi2Warning ? "logStatusWarning" : "logStatusError", status, raw);
    return status;
}

void FmuInstance::log_in(const char* category, fmi2Status status, const std::string& raw) {
    if (!logger_) return;
    const bool error = status == fmi2Error || status == fmi2Fatal;
    auto enabled = [&](const char* c) { return std::find(categories_on_.begin(), categories_on_.end(), c) != categories_on_.end(); };
    const bool on = logging_ && (enabled(category) || enabled("logAll"));
    if (!error && !on) return;
    const std::string message = config_.fmi_version == 3 ? in_fmi3_terms(raw) : raw;
    logger_(status, error ? "logStatusError" : category, message);   // the message is an argument, never the format
}

fmi2Status FmuInstance::set_logging(bool on, const std::vector<std::string>& categories) {
    for (auto& c : categories)
        if (std::none_of(std::begin(kLogCategories), std::end(kLogCategories), [&](const auto& k) { return c == k.first; })) {
            std::string known;
            for (auto& [name, description] : kLogCategories) known += (known.empty() ? "" : ", ") + std::string(name);
            return log(fmi2Error, "fmi2SetDebugLogging: '" + c + "' is no log category of this FMU (" + known + ")");
        }
    // None named: every category on or off. Named: those on or off, the others as they were (FMI 2.0.4 §2.1.5).
    std::vector<std::string> named = categories;
    if (named.empty())
        for (auto& [name, description] : kLogCategories) named.emplace_back(name);
    for (auto& c : named) {
        std::erase(categories_on_, c);
        if (on) categories_on_.push_back(c);
    }
    logging_ = !categories_on_.empty();
    return fmi2OK;
}

fmi2Status FmuInstance::error(const std::string& message) {
    mode_ = Mode::Error;
    return log(fmi2Error, message);
}

fmi2Status FmuInstance::wrong_mode(const char* function) {
    return log(fmi2Error, std::string(function) + " is not allowed in " + mode_name(static_cast<int>(mode_)));
}

bool FmuInstance::check_count(std::size_t n, std::size_t expected, const char* what, const char* function) {
    if (n == expected) return true;
    log(fmi2Error, std::string(function) + ": " + std::to_string(n) + " " + what + " given, the model has " + std::to_string(expected));
    return false;
}

bool FmuInstance::refresh() {
    if (!dirty_) return true;
    if (!sim_->derivatives(sim_->time(), sim_->states().data(), derivatives_.data())) return false;
    sim_->evaluate();
    dirty_ = false;
    return true;
}

fmi2Status FmuInstance::setup_experiment(bool tolerance_defined, double tolerance, double start_time, bool stop_time_defined, double stop_time) {
    if (mode_ != Mode::Instantiated) return wrong_mode("fmi2SetupExperiment");
    if (!std::isfinite(start_time)) return log(fmi2Error, "fmi2SetupExperiment: the start time must be finite");
    if (stop_time_defined && !(stop_time >= start_time)) return log(fmi2Error, "fmi2SetupExperiment: the stop time lies before the start time");
    start_time_ = start_time;
    stop_time_ = stop_time_defined ? stop_time : std::numeric_limits<double>::infinity();
    if (tolerance_defined && type_ == fmi2CoSimulation) {
        if (!(tolerance > 0) || !std::isfinite(tolerance)) return log(fmi2Error, "fmi2SetupExperiment: the tolerance must be a finite number > 0");
        if (sim_->integrator().adaptive()) {   // the importer's relative tolerance replaces the exported one
            sim_->options().tolerances.relative = tolerance;
            sim_->set_solver(sim_->options().solver);
        } else {
            log_in("logStatusWarning", fmi2Warning,
                   "fmi2SetupExperiment: the tolerance " + std::to_string(tolerance) + " does not apply to the fixed-step solver " +
                       sim_->options().solver + ", whose accuracy the step of " + std::to_string(sim_->options().dt) + " s sets");
        }
    }
    return fmi2OK;
}

fmi2Status FmuInstance::enter_initialization() {
    if (mode_ != Mode::Instantiated) return wrong_mode("fmi2EnterInitializationMode");
    mode_ = Mode::Initialization;
    return fmi2OK;
}

fmi2Status FmuInstance::exit_initialization() {
    if (mode_ != Mode::Initialization) return wrong_mode("fmi2ExitInitializationMode");
    try {
        sim_->reset();   // start values from the parameters as set now
        for (auto& [index, value] : inputs_set_) sim_->set_input(index, value);   // set before initialisation ends: they hold
        for (auto& [name, value] : states_set_) sim_->set_state(name, value);
        if (start_time_ != 0) sim_->set_time_and_states(start_time_, sim_->states().data());
        sim_->restart_remembered_pasts();   // a delay's past starts from what the importer set, where it set it
        if (type_ == fmi2CoSimulation) {
            sim_->simulate(start_time_);   // the events due at the start fire
            mode_ = Mode::Step;
        } else {
            mode_ = Mode::Event;
        }
        last_successful_time_ = sim_->time();
        dirty_ = true;
        return refresh() ? fmi2OK : error("the linear system is singular at the start");
    } catch (const std::exception& e) {
        return error(std::string("initialisation failed: ") + e.what());
    }
}

fmi2Status FmuInstance::terminate() {
    if (mode_ == Mode::Instantiated || mode_ == Mode::Terminated) return wrong_mode("fmi2Terminate");
    mode_ = Mode::Terminated;
    return fmi2OK;
}

fmi2Status FmuInstance::reset() {
    try {
        build();
        start_time_ = 0;
        return fmi2OK;
    } catch (const std::exception& e) {
        return error(std::string("fmi2Reset: ") + e.what());
    }
}

fmi2Status FmuInstance::get_real(const fmi2ValueReference vr[], std::size_t n, fmi2Real value[]) {
    if (mode_ == Mode::Error) return wrong_mode("fmi2GetReal");
    if (!refresh()) return error("fmi2GetReal: the linear system is singular at t = " + std::to_string(sim_->time()) + " s");
    for (std::size_t k = 0; k < n; ++k) {
        const FmuVariable* found = variable_of(vr[k], FmuVariable::Type::Real, "fmi2GetReal");
        if (!found) return fmi2Error;
        const FmuVariable& v = *found;
        if (v.kind == FmuVariable::Kind::State) value[k] = sim_->states()[v.state];
        else if (v.kind == FmuVariable::Kind::Derivative) value[k] = derivatives_[static_cast<std::size_t>(v.state)];
        else if (v.kind == FmuVariable::Kind::Time) value[k] = sim_->time();
        else if (v.kind == FmuVariable::Kind::EventIndicator) {
            if (!sim_->event_indicators(indicators_.data())) return error("fmi3GetFloat64: the linear system is singular");
            value[k] = indicators_[static_cast<std::size_t>(v.state)];
        } else value[k] = values_[vr[k]] ? *values_[vr[k]] : std::nan("");
    }
    return fmi2OK;
}

// FMI 3: each value reference stands for one value, or for an array's elements in row-major order; nv must be the
// total. An array is passed on to get_real and set_real as its elements' value references.
template <class Values, class Access>
fmi2Status FmuInstance::with_arrays(const fmi2ValueReference vr[], std::size_t n, Values values, std::size_t nv, const char* function, Access&& access) {
    std::size_t at = 0;
    for (std::size_t k = 0; k < n; ++k) {
        if (vr[k] >= variables_.size()) return log(fmi2Error, std::string(function) + ": no variable has value reference " + std::to_string(vr[k]));
        const FmuVariable& v = variables_[vr[k]];
        const bool array = v.kind == FmuVariable::Kind::ArrayParameter;
        const std::size_t count = array ? v.elements.size() : 1;
        if (at + count > nv)
            return log(fmi2Error, std::string(function) + ": nValues = " + std::to_string(nv) + " is too few for the variables asked for (" + v.name +
                                      (array ? " alone holds " + std::to_string(count) + " values" : "") + ")");
        if (const fmi2Status s = array ? access(v, v.elements.data(), count, values + at) : access(v, &vr[k], 1, values + at); s != fmi2OK) return s;
        at += count;
    }
    if (at != nv)
        return log(fmi2Error, std::string(function) + ": nValues = " + std::to_string(nv) + ", but the variables asked for hold " + std::to_string(at) + " values");
    return fmi2OK;
}

fmi2Status FmuInstance::get_float64(const fmi2ValueReference vr[], std::size_t n, fmi2Real values[], std::size_t nv) {
    return with_arrays(vr, n, values, nv, "fmi3GetFloat64",
                       [&](const FmuVariable&, const fmi2ValueReference* r, std::size_t m, fmi2Real* x) { return get_real(r, m, x); });
}

fmi2Status FmuInstance::set_float64(const fmi2ValueReference vr[], std::size_t n, const fmi2Real values[], std::size_t nv) {
    return with_arrays(vr, n, values, nv, "fmi3SetFloat64", [&](const FmuVariable& v, const fmi2ValueReference* r, std::size_t m, const fmi2Real* x) {
        return v.kind == FmuVariable::Kind::ArrayParameter ? set_array(v, x, "fmi3SetFloat64") : set_real(r, m, x);
    });
}

// A value set on the simulator through `change` (OK, or a refusal before anything changed): where the values live is
// resolved again if it rebuilt, also when it refused (a refused value may still have rebuilt and put the old one back).
template <class Change>
fmi2Status FmuInstance::changing(const char* function, Change&& change) {
    fmi2Status status = fmi2OK;
    try {
        status = change();
    } catch (const std::exception& e) {
        if (sim_->generation() != generation_) resolve_values();
        return log(fmi2Error, std::string(function) + ": " + e.what());
    }
    if (status != fmi2OK) return status;
    if (sim_->generation() != generation_) resolve_values();
    dirty_ = true;
    return fmi2OK;
}

// An array set whole, as one value of its shape: checked and applied at once (one rebuild at most), so that a table's
// grid is never judged half old, half new.
fmi2Status FmuInstance::set_array(const FmuVariable& v, const fmi2Real values[], const char* function) {
    const bool initialising = mode_ == Mode::Instantiated || mode_ == Mode::Initialization;
    const std::string fn(function);
    if (!initialising && v.variability != "tunable")
        return log(fmi2Error, fn + ": " + v.name + " is a fixed parameter (read at build): set it before initialisation ends");
    return changing(function, [&]() -> fmi2Status {
        const ArrayParameter& now = sim_->array_parameter(v.name);
        std::vector<double> given(values, values + v.elements.size());
        ArrayParameter value = now.is_matrix() ? ArrayParameter::matrix(now.rows(), now.cols(), std::move(given)) : ArrayParameter::vector(std::move(given));
        if (value == now) return fmi2OK;   // nothing changes (an array read at build is not rebuilt)
        sim_->set_parameter(v.name, value);
        return fmi2OK;
    });
}

bool FmuInstance::sizes_structure(const std::string& parameter) const {
    for (auto& p : sim_->model().parameters)
        if (p.path == parameter) return p.spec.structural && p.spec.whole;
    return false;
}

fmi2Status FmuInstance::set_real(const fmi2ValueReference vr[], std::size_t n, const fmi2Real value[]) {
    if (mode_ == Mode::Error || mode_ == Mode::Terminated) return wrong_mode("fmi2SetReal");
    for (std::size_t k = 0; k < n; ++k) {
        const FmuVariable* v = variable_of(vr[k], FmuVariable::Type::Real, "fmi2SetReal");
        if (!v) return fmi2Error;
        if (const fmi2Status s = set_value(*v, value[k], "fmi2SetReal"); s != fmi2OK) return s;
    }
    return fmi2OK;
}

const FmuVariable* FmuInstance::variable_of(fmi2ValueReference vr, FmuVariable::Type type, const char* function) {
    if (vr >= variables_.size()) {
        log(fmi2Error, std::string(function) + ": no variable has value reference " + std::to_string(vr));
        return nullptr;
    }
    const FmuVariable& v = variables_[vr];
    if (v.type != type) {
        static const char* const getters[] = {"fmi2GetReal", "fmi2GetInteger", "fmi2GetBoolean"};
        static const char* const setters[] = {"fmi2SetReal", "fmi2SetInteger", "fmi2SetBoolean"};
        const bool getter = std::string_view(function).substr(4, 3) == "Get";   // fmi2Get..., fmi3Get...
        log(fmi2Error, std::string(function) + ": " + v.name + " (value reference " + std::to_string(vr) + ") is " +
                           type_phrase(v.type, config_.fmi_version) + ": use " + (getter ? getters : setters)[static_cast<int>(v.type)]);
        return nullptr;
    }
    return &v;
}

fmi2Status FmuInstance::set_value(const FmuVariable& v, double value, const char* function) {
    const bool initialising = mode_ == Mode::Instantiated || mode_ == Mode::Initialization;
    const std::string fn(function);
    return changing(function, [&]() -> fmi2Status {
        if (v.kind == FmuVariable::Kind::Parameter || v.kind == FmuVariable::Kind::Choice) {
            if (!initialising && v.variability != "tunable")
                return log(fmi2Error, fn + ": " + v.name + " is a fixed parameter (" + (v.kind == FmuVariable::Kind::Choice ? "a choice" : "a start value") +
                                          "): set it before initialisation ends");
        }
        if (v.kind == FmuVariable::Kind::Choice) {
            if (v.type == FmuVariable::Type::Boolean) return set_choice(v, value != 0 ? "true" : "false", function);
            if (!(value >= 0 && value < static_cast<double>(v.options.size())))
                return log(fmi2Error, fn + ": " + std::to_string(static_cast<long long>(value)) + " is no option of " + v.name + " (" +
                                          options_by_position(v.options) + ")");
            return set_choice(v, v.options[static_cast<std::size_t>(value)], function);
        }
        if (v.kind == FmuVariable::Kind::Parameter) {
            if (value == sim_->parameter(v.name)) return fmi2OK;   // nothing changes (a parameter read at build is not rebuilt)
            if (sizes_structure(v.name))
                return log(fmi2Error, fn + ": " + v.name + " sizes the structure, which an FMU's variables fix when it is exported; " +
                                          "export it again with --set " + v.name + "=<value>");
            sim_->set_parameter(v.name, value);   // one read at build rebuilds: where the values live is resolved below
        } else if (v.kind == FmuVariable::Kind::Input) {
            sim_->set_input(v.name, value);   // outside its range: an error naming the range
            if (initialising) inputs_set_.emplace_back(static_cast<std::size_t>(v.state), value);
        } else if (v.kind == FmuVariable::Kind::State && initialising) {
            states_set_.emplace_back(v.name, value);
        } else {
            return log(fmi2Error, fn + ": " + v.name + " is calculated by the model and cannot be set" +
                                      (v.kind == FmuVariable::Kind::State ? " now (states: fmi2SetContinuousStates)" : ""));
        }
        return fmi2OK;
    });
}

bool FmuInstance::fits_variables() const {
    const std::vector<FmuVariable> now = fmu_variables(*sim_, config_.outputs, config_.fmi_version);
    auto same = [](const FmuVariable& a, const FmuVariable& b) {
        return a.name == b.name && a.kind == b.kind && a.type == b.type && a.causality == b.causality && a.variability == b.variability &&
               a.has_dependencies == b.has_dependencies && a.dependencies == b.dependencies;
    };
    return now.size() == variables_.size() && std::equal(now.begin(), now.end(), variables_.begin(), same) &&
           sim_->model().zero_crossings.size() == indicators_.size();
}

fmi2Status FmuInstance::set_choice(const FmuVariable& v, const std::string& option, const char* function) {
    const std::string before = sim_->choice(v.name);
    if (option == before) return fmi2OK;
    sim_->set_choice(v.name, option);   // rebuilds; a structure the build rules refuse throws, the old option back
    if (!fits_variables()) {
        sim_->set_choice(v.name, before);
        resolve_values();
        return log(fmi2Error, std::string(function) + ": " + v.name + " = " + option +
                                  " changes the system's variables, states or events, which the FMU's model description fixes; export it again with --set " +
                                  v.name + "=" + option);
    }
    resolve_values();
    return fmi2OK;
}

template <class T>
fmi2Status FmuInstance::get_discrete(const fmi2ValueReference vr[], std::size_t n, T value[], FmuVariable::Type type, const char* function) {
    if (mode_ == Mode::Error) return wrong_mode(function);
    if (!refresh()) return error(std::string(function) + ": the linear system is singular at t = " + std::to_string(sim_->time()) + " s");
    for (std::size_t k = 0; k < n; ++k) {
        const FmuVariable* v = variable_of(vr[k], type, function);
        if (!v) return fmi2Error;
        double x = 0;
        if (v->kind == FmuVariable::Kind::Choice && type == FmuVariable::Type::Boolean) {   // a bool's choice by its option's name
            x = sim_->choice(v->name) == "true" ? 1.0 : 0.0;
        } else if (v->kind == FmuVariable::Kind::Choice) {   // the option's position
            const auto at = std::find(v->options.begin(), v->options.end(), sim_->choice(v->name));
            x = static_cast<double>(at - v->options.begin());
        } else {
            x = values_[vr[k]] ? *values_[vr[k]] : std::nan("");
        }
        if (type == FmuVariable::Type::Boolean) {
            value[k] = static_cast<T>(x != 0 && !std::isnan(x));
        } else {
            if (!(x >= std::numeric_limits<int>::min() && x <= std::numeric_limits<int>::max()))
                return log(fmi2Error, std::string(function) + ": " + v->name + " = " + std::to_string(x) + " is no 32-bit integer");
            value[k] = static_cast<T>(std::llround(x));
        }
    }
    return fmi2OK;
}

template <class T>
fmi2Status FmuInstance::set_discrete(const fmi2ValueReference vr[], std::size_t n, const T value[], FmuVariable::Type type, const char* function) {
    if (mode_ == Mode::Error || mode_ == Mode::Terminated) return wrong_mode(function);
    for (std::size_t k = 0; k < n; ++k) {
        const FmuVariable* v = variable_of(vr[k], type, function);
        if (!v) return fmi2Error;
        const double x = type == FmuVariable::Type::Boolean ? (value[k] ? 1.0 : 0.0) : static_cast<double>(value[k]);
        if (const fmi2Status s = set_value(*v, x, function); s != fmi2OK) return s;
    }
    return fmi2OK;
}

template fmi2Status FmuInstance::get_discrete<int>(const fmi2ValueReference[], std::size_t, int[], FmuVariable::Type, const char*);
template fmi2Status FmuInstance::get_discrete<bool>(const fmi2ValueReference[], std::size_t, bool[], FmuVariable::Type, const char*);
template fmi2Status FmuInstance::set_discrete<int>(const fmi2ValueReference[], std::size_t, const int[], FmuVariable::Type, const char*);
template fmi2Status FmuInstance::set_discrete<bool>(const fmi2ValueReference[], std::size_t, const bool[], FmuVariable::Type, const char*);

fmi2Status FmuInstance::no_variables_of_type(std::size_t n, const char* type, const char* function) {
    if (n == 0) return fmi2OK;
    return log(fmi2Error, std::string(function) + ": the model has no " + type + " variables");
}

fmi2Status FmuInstance::unsupported(const char* function) {
    return log(fmi2Error, std::string(function) + " is not supported (the capability flags of modelDescription.xml say so)");
}

fmi2Status FmuInstance::enter_event_mode() {
    if (type_ != fmi2ModelExchange || (mode_ != Mode::Continuous && mode_ != Mode::Event)) return wrong_mode("fmi2EnterEventMode");
    mode_ = Mode::Event;
    return fmi2OK;
}

fmi2Status FmuInstance::new_discrete_states(fmi2EventInfo* info) {
    if (mode_ != Mode::Event) return wrong_mode("fmi2NewDiscreteStates");
    bool fired = false;
    const StepStatus status = sim_->fire_events_now(&fired);
    if (status != StepStatus::Ok) return error("fmi2NewDiscreteStates: " + sim_->describe(status));
    if (sim_->generation() != generation_)
        return error("fmi2NewDiscreteStates: an event changed the structure of the system, which an FMU's fixed set of states cannot follow");
    dirty_ = true;
    const double next = sim_->next_time_event();
    info->newDiscreteStatesNeeded = fmi2False;
    info->terminateSimulation = fmi2False;
    info->nominalsOfContinuousStatesChanged = fmi2False;
    info->valuesOfContinuousStatesChanged = fired ? fmi2True : fmi2False;
    info->nextEventTimeDefined = std::isfinite(next) ? fmi2True : fmi2False;
    info->nextEventTime = std::isfinite(next) ? next : 0.0;
    return fmi2OK;
}

fmi2Status FmuInstance::enter_continuous_time_mode() {
    if (mode_ != Mode::Event) return wrong_mode("fmi2EnterContinuousTimeMode");
    mode_ = Mode::Continuous;
    return fmi2OK;
}

fmi2Status FmuInstance::completed_integrator_step(fmi2Boolean* enter_event_mode, fmi2Boolean* terminate) {
    if (mode_ != Mode::Continuous) return wrong_mode("fmi2CompletedIntegratorStep");
    *enter_event_mode = fmi2False;
    *terminate = fmi2False;
    // The importer accepted the step: blocks that remember the past (a transport delay) record it.
    if (sim_->remember_past() != StepStatus::Ok)
        return error("fmi2CompletedIntegratorStep: the model is not finite at t = " + std::to_string(sim_->time()) + " s");
    last_successful_time_ = sim_->time();
    return fmi2OK;
}

fmi2Status FmuInstance::set_time(double t) {
    if (type_ != fmi2ModelExchange || (mode_ != Mode::Event && mode_ != Mode::Continuous)) return wrong_mode("fmi2SetTime");
    sim_->set_time_and_states(t, sim_->states().data());
    dirty_ = true;
    return fmi2OK;
}

fmi2Status FmuInstance::set_continuous_states(const fmi2Real x[], std::size_t n) {
    if (type_ != fmi2ModelExchange || (mode_ != Mode::Continuous && mode_ != Mode::Event)) return wrong_mode("fmi2SetContinuousStates");
    if (!check_count(n, derivatives_.size(), "states", "fmi2SetContinuousStates")) return fmi2Error;
    sim_->set_time_and_states(sim_->time(), x);
    dirty_ = true;
    return fmi2OK;
}

fmi2Status FmuInstance::get_derivatives(fmi2Real dx[], std::size_t n) {
    if (type_ != fmi2ModelExchange || mode_ == Mode::Error) return wrong_mode("fmi2GetDerivatives");
    if (!check_count(n, derivatives_.size(), "derivatives", "fmi2GetDerivatives")) return fmi2Error;
    if (!refresh()) return error("fmi2GetDerivatives: the linear system is singular at t = " + std::to_string(sim_->time()) + " s");
    std::copy(derivatives_.begin(), derivatives_.end(), dx);
    return fmi2OK;
}

fmi2Status FmuInstance::get_event_indicators(fmi2Real g[], std::size_t n) {
    if (type_ != fmi2ModelExchange || mode_ == Mode::Error) return wrong_mode("fmi2GetEventIndicators");
    if (!check_count(n, sim_->model().zero_crossings.size(), "event indicators", "fmi2GetEventIndicators")) return fmi2Error;
    if (!sim_->event_indicators(g)) return error("fmi2GetEventIndicators: the linear system is singular");
    return fmi2OK;
}

fmi2Status FmuInstance::get_continuous_states(fmi2Real x[], std::size_t n) {
    if (type_ != fmi2ModelExchange || mode_ == Mode::Error) return wrong_mode("fmi2GetContinuousStates");
    if (!check_count(n, derivatives_.size(), "states", "fmi2GetContinuousStates")) return fmi2Error;
    for (std::size_t i = 0; i < n; ++i) x[i] = sim_->states()[static_cast<Eigen::Index>(i)];
    return fmi2OK;
}

fmi2Status FmuInstance::get_nominals(fmi2Real x[], std::size_t n) {
    if (type_ != fmi2ModelExchange) return wrong_mode("fmi2GetNominalsOfContinuousStates");
    if (!check_count(n, derivatives_.size(), "states", "fmi2GetNominalsOfContinuousStates")) return fmi2Error;
    for (std::size_t i = 0; i < n; ++i) x[i] = sim_->model().states[i].nominal;
    return fmi2OK;
}

fmi2Status FmuInstance::do_step(double t, double h) {
    if (type_ != fmi2CoSimulation || mode_ != Mode::Step) return wrong_mode("fmi2DoStep");
    const double now = sim_->time();
    if (std::abs(t - now) > 1e-9 * std::max(1.0, std::abs(now)))
        return log(fmi2Error, "fmi2DoStep: the step starts at t = " + std::to_string(t) + " s, but the FMU is at t = " + std::to_string(now) + " s");
    if (!(h > 0) || !std::isfinite(h)) return log(fmi2Error, "fmi2DoStep: the communication step must be > 0");
    if (t + h > stop_time_ + 1e-12 * std::max(1.0, std::abs(stop_time_)))
        return log(fmi2Error, "fmi2DoStep: the step would end at t = " + std::to_string(t + h) + " s, past the stop time " + std::to_string(stop_time_) +
                                  " s the experiment was set up with");
    try {
        // To the master's communication point itself, not to the FMU's time plus h: rounding then never accumulates, and
        // an event at the point fires in this step, as `lied run` fires it before sampling there.
        sim_->simulate(t + h);
    } catch (const std::exception& e) {
        return error("fmi2DoStep: " + std::string(e.what()));
    }
    if (sim_->generation() != generation_) {
        // A scheduled structural change ran: the value references of vanished variables would dangle.
        if (sim_->model().states.size() != derivatives_.size())
            return error("fmi2DoStep: a structural change altered the number of states, which an FMU's fixed variables cannot follow");
        resolve_values();
    }
    last_successful_time_ = sim_->time();
    dirty_ = true;
    return fmi2OK;
}

fmi2Status FmuInstance::directional_derivative(const unsigned unknowns[], std::size_t n_unknowns, const unsigned knowns[], std::size_t n_knowns,
                                               const double seed[], double sensitivity[], const char* function) {
    if (mode_ == Mode::Instantiated || mode_ == Mode::Error || mode_ == Mode::Terminated) return wrong_mode(function);
    const std::string name(function);
    for (std::size_t k = 0; k < n_knowns; ++k) {
        if (knowns[k] >= variables_.size()) return log(fmi2Error, name + ": no variable has value reference " + std::to_string(knowns[k]));
        const FmuVariable& v = variables_[knowns[k]];
        const bool state = v.kind == FmuVariable::Kind::State && type_ == fmi2ModelExchange;
        if (!state && v.kind != FmuVariable::Kind::Input)
            return log(fmi2Error, name + ": " + v.name + " is no known (the knowns are the inputs" +
                                      std::string(type_ == fmi2ModelExchange ? " and the continuous states)" : ")"));
        if (!std::isfinite(seed[k])) return log(fmi2Error, name + ": the seed of " + v.name + " is not finite");
    }
    for (std::size_t u = 0; u < n_unknowns; ++u) {
        if (unknowns[u] >= variables_.size()) return log(fmi2Error, name + ": no variable has value reference " + std::to_string(unknowns[u]));
        const FmuVariable& v = variables_[unknowns[u]];
        const bool derivative = v.kind == FmuVariable::Kind::Derivative && type_ == fmi2ModelExchange;
        if (v.type != FmuVariable::Type::Real)
            return log(fmi2Error, name + ": " + v.name + " is " + type_phrase(v.type, config_.fmi_version) + ", which has no derivative");
        if (!derivative && v.causality != "output") return log(fmi2Error, name + ": " + v.name + " is no unknown (the unknowns are the outputs" +
                                                                             std::string(type_ == fmi2ModelExchange ? " and the state derivatives)" : ")"));
    }
    // The step along the seed: relative to the knowns' size, small enough for the central difference's O(h²), large
    // enough that rounding (about 1e-16/h) stays below it.
    double size = 1.0, direction = 0.0;
    for (std::size_t k = 0; k < n_knowns; ++k) {
        size = std::max(size, std::abs(*values_[knowns[k]]));
        direction = std::max(direction, std::abs(seed[k]));
    }
    if (direction == 0.0) {
        std::fill(sensitivity, sensitivity + n_unknowns, 0.0);
        return fmi2OK;
    }
    const double h = 1e-6 * size / direction;
    try {
        sim_->save_state(around_derivative_);
        const double t = sim_->time();
        std::vector<double> x(sim_->states().data(), sim_->states().data() + sim_->states().size());
        const std::vector<double> x0 = x;
        std::vector<double> plus(n_unknowns), minus(n_unknowns), input_base;   // input_base: the inputs at the point
        bool ok = true;
        // Unknowns at the knowns moved by `step` along the seed; an input moved past its range makes the difference
        // one-sided (false).
        auto at = [&](double step, std::vector<double>& out) {
            x = x0;
            for (std::size_t k = 0; k < n_knowns; ++k) {
                const FmuVariable& v = variables_[knowns[k]];
                if (v.kind == FmuVariable::Kind::State) x[static_cast<std::size_t>(v.state)] += step * seed[k];
            }
            sim_->set_time_and_states(t, x.data());
            for (std::size_t k = 0; k < n_knowns; ++k) {
                const FmuVariable& v = variables_[knowns[k]];
                if (v.kind != FmuVariable::Kind::Input) continue;
                const auto i = static_cast<std::size_t>(v.state);
                const double base = input_base[i];
                if (!sim_->set_input(i, base + step * seed[k])) return false;
            }
            ok = ok && sim_->derivatives(t, x.data(), derivatives_.data());
            sim_->evaluate();
            for (std::size_t u = 0; u < n_unknowns; ++u) {
                const FmuVariable& v = variables_[unknowns[u]];
                out[u] = v.kind == FmuVariable::Kind::Derivative ? derivatives_[static_cast<std::size_t>(v.state)]
                                                                 : (values_[unknowns[u]] ? *values_[unknowns[u]] : std::nan(""));
            }
            return true;
        };
        for (std::size_t i = 0; i < sim_->inputs().size(); ++i) input_base.push_back(sim_->input_value(i));
        std::vector<double> centre(n_unknowns);
        const bool up = at(h, plus), down = at(-h, minus);
        if (!up && !down) {
            sim_->restore_state(around_derivative_);
            dirty_ = true;
            return log(fmi2Error, name + ": an input of the seed cannot move either way inside its range (min = max, or inputs at opposite ends)");
        }
        if (!up || !down) at(0.0, centre);   // at a range's end: one-sided from the point itself
        for (std::size_t u = 0; u < n_unknowns; ++u)
            sensitivity[u] = up && down ? (plus[u] - minus[u]) / (2 * h) : up ? (plus[u] - centre[u]) / h : (centre[u] - minus[u]) / h;
        sim_->restore_state(around_derivative_);
        dirty_ = true;
        if (!ok) return error(name + ": the model cannot be evaluated near t = " + std::to_string(t) + " s (a singular L)");
        return fmi2OK;
    } catch (const std::exception& e) {
        return error(name + ": " + e.what());
    }
}

double FmuInstance::time() const { return sim_->time(); }

std::size_t FmuInstance::event_indicator_count() const { return sim_->model().zero_crossings.size(); }

fmi2Status FmuInstance::get_status(fmi2StatusKind kind, fmi2Status* status) {
    if (kind != fmi2DoStepStatus) return log(fmi2Discard, "fmi2GetStatus: only fmi2DoStepStatus is known (steps are never asynchronous)");
    *status = mode_ == Mode::Error ? fmi2Error : fmi2OK;
    return fmi2OK;
}

fmi2Status FmuInstance::get_real_status(fmi2StatusKind kind, fmi2Real* value) {
    if (kind != fmi2LastSuccessfulTime) return log(fmi2Discard, "fmi2GetRealStatus: only fmi2LastSuccessfulTime is known");
    *value = last_successful_time_;
    return fmi2OK;
}

// ---------------------------------------------------------------- FMU states

struct FmuInstance::SavedState {
    static constexpr std::uint64_t kTag = 0x4c49454446535441ull;   // "LIEDFSTA": a pointer that is no state of ours is refused
    std::uint64_t tag = kTag;
    fmi2Type type = fmi2CoSimulation;
    SimulationState simulation;
    int mode = 0;
    double start_time = 0, last_successful_time = 0;
    std::vector<std::pair<std::string, double>> states_set;   // start values set before initialisation ended
    // What shapes the structure, as the importer may have set it before initialisation: each choice's option and each
    // parameter read at build. A fresh instance takes them before the simulator's state, which fits that structure only.
    std::vector<std::pair<std::string, std::string>> choices;
    std::vector<std::pair<std::string, double>> structural;
};

namespace {

constexpr char kStateMagic[8] = {'L', 'I', 'E', 'D', 'F', 'M', 'U', 'S'};
constexpr std::uint32_t kStateFormat = 2;   // 2: with the choices and the parameters read at build
constexpr int kModes = 7;   // FmuInstance::Mode's enumerators

// The serialized form, written and read field by field; a reader never passes the end of what it was given.
struct ByteWriter {
    std::vector<char>& out;
    void bytes(const void* p, std::size_t n) { out.insert(out.end(), static_cast<const char*>(p), static_cast<const char*>(p) + n); }
    template <class T>
    void value(const T& v) { bytes(&v, sizeof v); }
};
struct ByteReader {
    const char* data;
    std::size_t size, used = 0;
    bool bytes(void* p, std::size_t n) {
        if (n > size - used) return false;
        std::memcpy(p, data + used, n);
        used += n;
        return true;
    }
    template <class T>
    bool value(T& v) { return bytes(&v, sizeof v); }
};

std::vector<char> serialized(const FmuInstance::SavedState& s) {
    std::vector<char> out;
    ByteWriter w{out};
    w.bytes(kStateMagic, sizeof kStateMagic);
    w.value(kStateFormat);
    w.value(static_cast<std::int32_t>(s.type));
    w.value(static_cast<std::int32_t>(s.mode));
    w.value(s.start_time);
    w.value(s.last_successful_time);
    w.value(static_cast<std::uint64_t>(s.states_set.size()));
    auto text = [&](const std::string& t) {
        w.value(static_cast<std::uint64_t>(t.size()));
        w.bytes(t.data(), t.size());
    };
    for (const auto& [name, value] : s.states_set) {
        text(name);
        w.value(value);
    }
    w.value(static_cast<std::uint64_t>(s.choices.size()));
    for (const auto& [name, option] : s.choices) {
        text(name);
        text(option);
    }
    w.value(static_cast<std::uint64_t>(s.structural.size()));
    for (const auto& [name, value] : s.structural) {
        text(name);
        w.value(value);
    }
    const std::span<const std::byte> simulation = s.simulation.bytes();
    w.value(static_cast<std::uint64_t>(simulation.size()));
    w.bytes(simulation.data(), simulation.size());
    return out;
}

}  // namespace

fmi2Status FmuInstance::get_state(void** state) {
    if (!state) return log(fmi2Error, "fmi2GetFMUstate: no place for the state given");
    if (*state && static_cast<SavedState*>(*state)->tag != SavedState::kTag)
        return log(fmi2Error, "fmi2GetFMUstate: the state to overwrite is no FMU state of this FMU");
    try {
        std::unique_ptr<SavedState> made = *state ? nullptr : std::make_unique<SavedState>();
        SavedState* s = made ? made.get() : static_cast<SavedState*>(*state);
        sim_->save_state(s->simulation);
        s->type = type_;
        s->mode = static_cast<int>(mode_);
        s->start_time = start_time_;
        s->last_successful_time = last_successful_time_;
        s->states_set = states_set_;
        s->choices.clear();
        s->structural.clear();
        for (const FmuVariable& v : variables_)
            if (v.kind == FmuVariable::Kind::Choice) s->choices.emplace_back(v.name, sim_->choice(v.name));
        for (const ParameterInfo& p : sim_->model().parameters)
            if (p.spec.structural) s->structural.emplace_back(p.path, *p.value);
        if (made) *state = made.release();
        return fmi2OK;
    } catch (const std::exception& e) {
        return log(fmi2Error, std::string("fmi2GetFMUstate: ") + e.what());
    }
}

fmi2Status FmuInstance::set_state(const void* state) {
    if (!state) return log(fmi2Error, "fmi2SetFMUstate: no state given");
    const auto& s = *static_cast<const SavedState*>(state);
    if (s.tag != SavedState::kTag) return log(fmi2Error, "fmi2SetFMUstate: this is no FMU state of this FMU");
    if (s.type != type_)
        return log(fmi2Error, std::string("fmi2SetFMUstate: the state was saved by a ") + (s.type == fmi2CoSimulation ? "Co-Simulation" : "Model Exchange") +
                                  " instance, this one is " + (type_ == fmi2CoSimulation ? "Co-Simulation" : "Model Exchange"));
    // The structure first: options and values read at build that differ are set, and the simulator starts afresh
    // (its rebuilds are then no part of the run the state continues); undone if the state does not fit after all.
    std::vector<std::pair<std::string, std::string>> choices_before;
    std::vector<std::pair<std::string, double>> structural_before;
    try {
        for (const auto& [name, option] : s.choices)
            if (sim_->choice(name) != option) {
                choices_before.emplace_back(name, sim_->choice(name));
                sim_->set_choice(name, option);
            }
        for (const auto& [name, value] : s.structural)
            if (sim_->parameter(name) != value) {
                structural_before.emplace_back(name, sim_->parameter(name));
                sim_->set_parameter(name, value);
            }
        if (!choices_before.empty() || !structural_before.empty()) {
            if (!fits_variables()) throw std::invalid_argument("the state's options change the FMU's variables, which its model description fixes");
            sim_->reset();
        }
        sim_->restore_state(s.simulation);   // refuses a state of another structure or solver, changing nothing
    } catch (const std::exception& e) {
        try {
            for (const auto& [name, option] : choices_before) sim_->set_choice(name, option);
            for (const auto& [name, value] : structural_before) sim_->set_parameter(name, value);
        } catch (const std::exception&) {
            resolve_values();
            return error(std::string("fmi2SetFMUstate: ") + e.what() + "; the structure it changed could not be put back");
        }
        resolve_values();
        return log(fmi2Error, std::string("fmi2SetFMUstate: ") + e.what());
    }
    mode_ = static_cast<Mode>(s.mode);
    start_time_ = s.start_time;
    last_successful_time_ = s.last_successful_time;
    states_set_ = s.states_set;
    resolve_values();   // after any rebuild, where the values live now
    return fmi2OK;
}

fmi2Status FmuInstance::free_state(void** state) {
    if (!state || !*state) return fmi2OK;
    if (static_cast<SavedState*>(*state)->tag != SavedState::kTag) return log(fmi2Error, "fmi2FreeFMUstate: this is no FMU state of this FMU");
    delete static_cast<SavedState*>(*state);
    *state = nullptr;
    return fmi2OK;
}

fmi2Status FmuInstance::serialized_size(const void* state, std::size_t* size) {
    if (!state || !size) return log(fmi2Error, "fmi2SerializedFMUstateSize: no state or no place for its size given");
    const auto& s = *static_cast<const SavedState*>(state);
    if (s.tag != SavedState::kTag) return log(fmi2Error, "fmi2SerializedFMUstateSize: this is no FMU state of this FMU");
    *size = serialized(s).size();
    return fmi2OK;
}

fmi2Status FmuInstance::serialize(const void* state, char bytes[], std::size_t size) {
    if (!state || !bytes) return log(fmi2Error, "fmi2SerializeFMUstate: no state or no buffer given");
    const auto& s = *static_cast<const SavedState*>(state);
    if (s.tag != SavedState::kTag) return log(fmi2Error, "fmi2SerializeFMUstate: this is no FMU state of this FMU");
    const std::vector<char> out = serialized(s);
    if (size < out.size())
        return log(fmi2Error, "fmi2SerializeFMUstate: the buffer holds " + std::to_string(size) + " bytes, the state needs " + std::to_string(out.size()) +
                                  " (fmi2SerializedFMUstateSize)");
    std::memcpy(bytes, out.data(), out.size());
    return fmi2OK;
}

fmi2Status FmuInstance::deserialize(const char bytes[], std::size_t size, void** state) {
    if (!bytes || !state) return log(fmi2Error, "fmi2DeSerializeFMUstate: no bytes or no place for the state given");
    ByteReader r{bytes, size};
    auto refuse = [&](const std::string& why) { return log(fmi2Error, "fmi2DeSerializeFMUstate: " + why); };
    char magic[sizeof kStateMagic];
    std::uint32_t format = 0;
    std::int32_t type = 0, mode = 0;
    auto saved = std::make_unique<SavedState>();
    if (!r.bytes(magic, sizeof magic) || std::memcmp(magic, kStateMagic, sizeof magic) != 0)
        return refuse("these " + std::to_string(size) + " bytes are no serialized state of a Lied FMU");
    if (!r.value(format) || format != kStateFormat)
        return refuse("the state was serialized in format " + std::to_string(format) + ", this FMU reads format " + std::to_string(kStateFormat));
    std::uint64_t sets = 0;
    if (!r.value(type) || !r.value(mode) || !r.value(saved->start_time) || !r.value(saved->last_successful_time) || !r.value(sets))
        return refuse("the serialized state is cut short");
    // The mode must be one an instance of that type can be in.
    const auto m = static_cast<Mode>(mode);
    const bool fits = mode >= 0 && mode < kModes &&
                      (type == fmi2CoSimulation ? m != Mode::Event && m != Mode::Continuous : type == fmi2ModelExchange && m != Mode::Step);
    if (!fits) return refuse("the serialized state is damaged");
    saved->type = static_cast<fmi2Type>(type);
    saved->mode = mode;
    auto text = [&](std::string& t) {
        std::uint64_t length = 0;
        if (!r.value(length) || length > size - r.used) return false;
        t.assign(length, '\0');
        return r.bytes(t.data(), length);
    };
    auto count = [&](std::uint64_t& n) { return r.value(n) && n <= size - r.used; };   // each entry takes at least a byte
    for (std::uint64_t k = 0; k < sets; ++k) {
        std::string name;
        double value = 0;
        if (!text(name) || !r.value(value)) return refuse("the serialized state is cut short");
        saved->states_set.emplace_back(std::move(name), value);
    }
    std::uint64_t choices = 0, structural = 0;
    if (!count(choices)) return refuse("the serialized state is cut short");
    for (std::uint64_t k = 0; k < choices; ++k) {
        std::string name, option;
        if (!text(name) || !text(option)) return refuse("the serialized state is cut short");
        saved->choices.emplace_back(std::move(name), std::move(option));
    }
    if (!count(structural)) return refuse("the serialized state is cut short");
    for (std::uint64_t k = 0; k < structural; ++k) {
        std::string name;
        double value = 0;
        if (!text(name) || !r.value(value)) return refuse("the serialized state is cut short");
        saved->structural.emplace_back(std::move(name), value);
    }
    std::uint64_t length = 0;
    if (!r.value(length) || length != size - r.used) return refuse("the serialized state is cut short or too long");
    saved->simulation.assign(std::span<const std::byte>(reinterpret_cast<const std::byte*>(bytes + r.used), length));
    // The simulator's part is checked when the state is set (checksum, structure, solver, every length). What *state
    // held on entry is not ours to free: FMI makes a new state here.
    *state = saved.release();
    return fmi2OK;
}

}  // namespace lied::systems
