// The FMI 2.0 functions of a Lied FMU: each checks its component and hands over to FmuInstance. Exceptions
// never cross into the importer: they become fmi2Error with a logged message.
#include "systems/fmu/fmi2.h"
#include "systems/fmu/fmu_instance.h"

#include <exception>
#include <string>

using lied::systems::FmuInstance;
using lied::systems::FmuVariable;

namespace {

FmuInstance* instance(fmi2Component c) { return static_cast<FmuInstance*>(c); }

template <class Call>
fmi2Status guarded(fmi2Component c, Call&& call) {
    if (!c) return fmi2Error;
    try {
        return call(*instance(c));
    } catch (const std::exception&) {
        return fmi2Error;
    }
}

}  // namespace

extern "C" {

const char* fmi2GetTypesPlatform(void) { return "default"; }
const char* fmi2GetVersion(void) { return "2.0"; }

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean on, std::size_t n, const fmi2String categories[]) {
    return guarded(c, [&](FmuInstance& i) {
        if (n && !categories) return fmi2Error;
        std::vector<std::string> names;
        for (std::size_t k = 0; k < n; ++k) names.emplace_back(categories[k] ? categories[k] : "");
        return i.set_logging(on != fmi2False, names);
    });
}

fmi2Component fmi2Instantiate(fmi2String name, fmi2Type type, fmi2String guid, fmi2String resources, const fmi2CallbackFunctions* callbacks,
                              fmi2Boolean, fmi2Boolean logging) {
    if (!callbacks || !name || !guid || !resources) return nullptr;
    const fmi2CallbackFunctions cb = *callbacks;
    const std::string instance_name = name;
    auto logger = [cb, instance_name](fmi2Status status, const char* category, const std::string& message) {
        if (cb.logger) cb.logger(cb.componentEnvironment, instance_name.c_str(), status, category, "%s", message.c_str());
    };
    try {
        return new FmuInstance(name, type, guid, FmuInstance::path_of_uri(resources), logger, logging != fmi2False);
    } catch (const std::exception& e) {
        if (callbacks->logger) callbacks->logger(callbacks->componentEnvironment, name, fmi2Error, "logStatusError", "%s", e.what());
        return nullptr;
    }
}

void fmi2FreeInstance(fmi2Component c) { delete instance(c); }

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean tolerance_defined, fmi2Real tolerance, fmi2Real start, fmi2Boolean stop_defined,
                               fmi2Real stop) {
    return guarded(c, [&](FmuInstance& i) { return i.setup_experiment(tolerance_defined != fmi2False, tolerance, start, stop_defined != fmi2False, stop); });
}
fmi2Status fmi2EnterInitializationMode(fmi2Component c) { return guarded(c, [](FmuInstance& i) { return i.enter_initialization(); }); }
fmi2Status fmi2ExitInitializationMode(fmi2Component c) { return guarded(c, [](FmuInstance& i) { return i.exit_initialization(); }); }
fmi2Status fmi2Terminate(fmi2Component c) { return guarded(c, [](FmuInstance& i) { return i.terminate(); }); }
fmi2Status fmi2Reset(fmi2Component c) { return guarded(c, [](FmuInstance& i) { return i.reset(); }); }

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], std::size_t n, fmi2Real v[]) {
    return guarded(c, [&](FmuInstance& i) { return i.get_real(vr, n, v); });
}
fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], std::size_t n, const fmi2Real v[]) {
    return guarded(c, [&](FmuInstance& i) { return i.set_real(vr, n, v); });
}
fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference vr[], std::size_t n, fmi2Integer v[]) {
    return guarded(c, [&](FmuInstance& i) { return i.get_discrete(vr, n, v, FmuVariable::Type::Integer, "fmi2GetInteger"); });
}
fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference vr[], std::size_t n, const fmi2Integer v[]) {
    return guarded(c, [&](FmuInstance& i) { return i.set_discrete(vr, n, v, FmuVariable::Type::Integer, "fmi2SetInteger"); });
}
fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference vr[], std::size_t n, fmi2Boolean v[]) {
    return guarded(c, [&](FmuInstance& i) { return i.get_discrete(vr, n, v, FmuVariable::Type::Boolean, "fmi2GetBoolean"); });
}
fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference vr[], std::size_t n, const fmi2Boolean v[]) {
    return guarded(c, [&](FmuInstance& i) { return i.set_discrete(vr, n, v, FmuVariable::Type::Boolean, "fmi2SetBoolean"); });
}
fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference[], std::size_t n, fmi2String[]) {
    return guarded(c, [&](FmuInstance& i) { return i.no_variables_of_type(n, "String", "fmi2GetString"); });
}
fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference[], std::size_t n, const fmi2String[]) {
    return guarded(c, [&](FmuInstance& i) { return i.no_variables_of_type(n, "String", "fmi2SetString"); });
}

fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate* s) { return guarded(c, [&](FmuInstance& i) { return i.get_state(s); }); }
fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate s) { return guarded(c, [&](FmuInstance& i) { return i.set_state(s); }); }
fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate* s) { return guarded(c, [&](FmuInstance& i) { return i.free_state(s); }); }
fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate s, std::size_t* size) {
    return guarded(c, [&](FmuInstance& i) { return i.serialized_size(s, size); });
}
fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate s, fmi2Byte bytes[], std::size_t size) {
    return guarded(c, [&](FmuInstance& i) { return i.serialize(s, bytes, size); });
}
fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte bytes[], std::size_t size, fmi2FMUstate* s) {
    return guarded(c, [&](FmuInstance& i) { return i.deserialize(bytes, size, s); });
}
fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference unknowns[], std::size_t n_unknowns, const fmi2ValueReference knowns[],
                                        std::size_t n_knowns, const fmi2Real seed[], fmi2Real sensitivity[]) {
    return guarded(c, [&](FmuInstance& i) {
        if ((n_unknowns && (!unknowns || !sensitivity)) || (n_knowns && (!knowns || !seed))) return fmi2Error;
        return i.directional_derivative(unknowns, n_unknowns, knowns, n_knowns, seed, sensitivity, "fmi2GetDirectionalDerivative");
    });
}

fmi2Status fmi2EnterEventMode(fmi2Component c) { return guarded(c, [](FmuInstance& i) { return i.enter_event_mode(); }); }
fmi2Status fmi2NewDiscreteStates(fmi2Component c, fmi2EventInfo* info) {
    return guarded(c, [&](FmuInstance& i) { return info ? i.new_discrete_states(info) : fmi2Error; });
}
fmi2Status fmi2EnterContinuousTimeMode(fmi2Component c) { return guarded(c, [](FmuInstance& i) { return i.enter_continuous_time_mode(); }); }
fmi2Status fmi2CompletedIntegratorStep(fmi2Component c, fmi2Boolean, fmi2Boolean* enter_event_mode, fmi2Boolean* terminate) {
    return guarded(c, [&](FmuInstance& i) { return enter_event_mode && terminate ? i.completed_integrator_step(enter_event_mode, terminate) : fmi2Error; });
}
fmi2Status fmi2SetTime(fmi2Component c, fmi2Real t) { return guarded(c, [&](FmuInstance& i) { return i.set_time(t); }); }
fmi2Status fmi2SetContinuousStates(fmi2Component c, const fmi2Real x[], std::size_t n) {
    return guarded(c, [&](FmuInstance& i) { return i.set_continuous_states(x, n); });
}
fmi2Status fmi2GetDerivatives(fmi2Component c, fmi2Real dx[], std::size_t n) { return guarded(c, [&](FmuInstance& i) { return i.get_derivatives(dx, n); }); }
fmi2Status fmi2GetEventIndicators(fmi2Component c, fmi2Real g[], std::size_t n) {
    return guarded(c, [&](FmuInstance& i) { return i.get_event_indicators(g, n); });
}
fmi2Status fmi2GetContinuousStates(fmi2Component c, fmi2Real x[], std::size_t n) {
    return guarded(c, [&](FmuInstance& i) { return i.get_continuous_states(x, n); });
}
fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component c, fmi2Real x[], std::size_t n) {
    return guarded(c, [&](FmuInstance& i) { return i.get_nominals(x, n); });
}

fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference[], std::size_t n, const fmi2Integer[], const fmi2Real[]) {
    return guarded(c, [&](FmuInstance& i) { return i.no_variables_of_type(n, "input", "fmi2SetRealInputDerivatives"); });
}
fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference[], std::size_t, const fmi2Integer[], fmi2Real[]) {
    return guarded(c, [](FmuInstance& i) { return i.unsupported("fmi2GetRealOutputDerivatives"); });
}
fmi2Status fmi2DoStep(fmi2Component c, fmi2Real t, fmi2Real h, fmi2Boolean) { return guarded(c, [&](FmuInstance& i) { return i.do_step(t, h); }); }
fmi2Status fmi2CancelStep(fmi2Component c) { return guarded(c, [](FmuInstance& i) { return i.unsupported("fmi2CancelStep"); }); }
fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind kind, fmi2Status* s) {
    return guarded(c, [&](FmuInstance& i) { return s ? i.get_status(kind, s) : fmi2Error; });
}
fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind kind, fmi2Real* v) {
    return guarded(c, [&](FmuInstance& i) { return v ? i.get_real_status(kind, v) : fmi2Error; });
}
fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind, fmi2Integer*) {
    return guarded(c, [](FmuInstance& i) { return i.unsupported("fmi2GetIntegerStatus"); });
}
fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind, fmi2Boolean*) {
    return guarded(c, [](FmuInstance& i) { return i.unsupported("fmi2GetBooleanStatus"); });
}
fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind, fmi2String*) {
    return guarded(c, [](FmuInstance& i) { return i.unsupported("fmi2GetStringStatus"); });
}
}
