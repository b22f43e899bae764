// The FMI 3.0 functions of a Lied FMU: Model Exchange and Co-Simulation through the same FmuInstance as FMI 2
// (Float64 variables only); Scheduled Execution, clocks and derivatives refuse. Exceptions never cross
// into the importer.
#include "systems/fmu/fmi3.h"
#include "systems/fmu/fmu_instance.h"

#include <exception>
#include <string>

using lied::systems::FmuInstance;
using lied::systems::FmuVariable;

namespace {

FmuInstance* instance(fmi3Instance c) { return static_cast<FmuInstance*>(c); }
fmi3Status status(fmi2Status s) { return static_cast<fmi3Status>(s); }   // the same numbering

template <class Call>
fmi3Status guarded(fmi3Instance c, Call&& call) {
    if (!c) return fmi3Error;
    try {
        return status(call(*instance(c)));
    } catch (const std::exception&) {
        return fmi3Error;
    }
}

fmi3Instance instantiate(fmi3String name, fmi2Type type, fmi3String token, fmi3String resources, bool logging, fmi3InstanceEnvironment env,
                         fmi3LogMessageCallback log) {
    if (!name || !token || !resources) return nullptr;
    auto logger = [env, log](fmi2Status s, const char* category, const std::string& message) {
        if (log) log(env, static_cast<fmi3Status>(s), category, message.c_str());
    };
    try {
        return new FmuInstance(name, type, token, resources, logger, logging);
    } catch (const std::exception& e) {
        if (log) log(env, fmi3Error, "logStatusError", e.what());
        return nullptr;
    }
}

}  // namespace

#define LIED_FMI3_NO_GETTER(Name, Type)                                                                                      \
    fmi3Status fmi3Get##Name(fmi3Instance c, const fmi3ValueReference[], std::size_t n, Type[], std::size_t) {               \
        return guarded(c, [&](FmuInstance& i) { return i.no_variables_of_type(n, #Name, "fmi3Get" #Name); });                \
    }
#define LIED_FMI3_NO_SETTER(Name, Type)                                                                                      \
    fmi3Status fmi3Set##Name(fmi3Instance c, const fmi3ValueReference[], std::size_t n, const Type[], std::size_t) {         \
        return guarded(c, [&](FmuInstance& i) { return i.no_variables_of_type(n, #Name, "fmi3Set" #Name); });                \
    }
#define LIED_FMI3_REFUSES(Call, ...)                                                                                         \
    fmi3Status Call(fmi3Instance c, __VA_ARGS__) {                                                                           \
        return guarded(c, [](FmuInstance& i) { return i.unsupported(#Call); });                                              \
    }

extern "C" {

const char* fmi3GetVersion(void) { return "3.0"; }

fmi3Status fmi3SetDebugLogging(fmi3Instance c, fmi3Boolean on, std::size_t n, const fmi3String categories[]) {
    return guarded(c, [&](FmuInstance& i) {
        if (n && !categories) return fmi2Error;
        std::vector<std::string> names;
        for (std::size_t k = 0; k < n; ++k) names.emplace_back(categories[k] ? categories[k] : "");
        return i.set_logging(on, names);
    });
}

fmi3Instance fmi3InstantiateModelExchange(fmi3String name, fmi3String token, fmi3String resources, fmi3Boolean, fmi3Boolean logging,
                                          fmi3InstanceEnvironment env, fmi3LogMessageCallback log) {
    return instantiate(name, fmi2ModelExchange, token, resources, logging, env, log);
}

fmi3Instance fmi3InstantiateCoSimulation(fmi3String name, fmi3String token, fmi3String resources, fmi3Boolean, fmi3Boolean logging,
                                         fmi3Boolean event_mode_used, fmi3Boolean, const fmi3ValueReference[], std::size_t,
                                         fmi3InstanceEnvironment env, fmi3LogMessageCallback log, fmi3IntermediateUpdateCallback) {
    if (event_mode_used) {   // hasEventMode is false in the model description
        if (log) log(env, fmi3Error, "logStatusError", "event mode in Co-Simulation is not supported: instantiate with eventModeUsed = false");
        return nullptr;
    }
    return instantiate(name, fmi2CoSimulation, token, resources, logging, env, log);
}

fmi3Instance fmi3InstantiateScheduledExecution(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean, fmi3InstanceEnvironment env,
                                               fmi3LogMessageCallback log, fmi3ClockUpdateCallback, fmi3LockPreemptionCallback,
                                               fmi3UnlockPreemptionCallback) {
    if (log) log(env, fmi3Error, "logStatusError", "Scheduled Execution is not supported by Lied FMUs");
    return nullptr;
}

void fmi3FreeInstance(fmi3Instance c) { delete instance(c); }

fmi3Status fmi3EnterInitializationMode(fmi3Instance c, fmi3Boolean tolerance_defined, fmi3Float64 tolerance, fmi3Float64 start, fmi3Boolean stop_defined,
                                       fmi3Float64 stop) {
    return guarded(c, [&](FmuInstance& i) {
        const fmi2Status s = i.setup_experiment(tolerance_defined, tolerance, start, stop_defined, stop);
        return s == fmi2OK ? i.enter_initialization() : s;
    });
}
fmi3Status fmi3ExitInitializationMode(fmi3Instance c) { return guarded(c, [](FmuInstance& i) { return i.exit_initialization(); }); }
fmi3Status fmi3EnterEventMode(fmi3Instance c) { return guarded(c, [](FmuInstance& i) { return i.enter_event_mode(); }); }
fmi3Status fmi3Terminate(fmi3Instance c) { return guarded(c, [](FmuInstance& i) { return i.terminate(); }); }
fmi3Status fmi3Reset(fmi3Instance c) { return guarded(c, [](FmuInstance& i) { return i.reset(); }); }

fmi3Status fmi3GetFloat64(fmi3Instance c, const fmi3ValueReference vr[], std::size_t n, fmi3Float64 v[], std::size_t nv) {
    return guarded(c, [&](FmuInstance& i) { return i.get_float64(vr, n, v, nv); });
}
fmi3Status fmi3SetFloat64(fmi3Instance c, const fmi3ValueReference vr[], std::size_t n, const fmi3Float64 v[], std::size_t nv) {
    return guarded(c, [&](FmuInstance& i) { return i.set_float64(vr, n, v, nv); });
}
// Counts and choices are Int32, truth values Boolean (fmu_model.h); arrays are Float64 only (vector and matrix parameters).
#define LIED_FMI3_DISCRETE(Name, CType, Kind)                                                                                    \
    fmi3Status fmi3Get##Name(fmi3Instance c, const fmi3ValueReference vr[], std::size_t n, CType v[], std::size_t nv) {             \
        return guarded(c, [&](FmuInstance& i) {                                                                                   \
            return nv == n ? i.get_discrete(vr, n, v, FmuVariable::Type::Kind, "fmi3Get" #Name)                                 \
                           : i.no_variables_of_type(1, "array", "fmi3Get" #Name);                                                  \
        });                                                                                                                        \
    }                                                                                                                              \
    fmi3Status fmi3Set##Name(fmi3Instance c, const fmi3ValueReference vr[], std::size_t n, const CType v[], std::size_t nv) {       \
        return guarded(c, [&](FmuInstance& i) {                                                                                   \
            return nv == n ? i.set_discrete(vr, n, v, FmuVariable::Type::Kind, "fmi3Set" #Name)                                 \
                           : i.no_variables_of_type(1, "array", "fmi3Set" #Name);                                                  \
        });                                                                                                                        \
    }
LIED_FMI3_DISCRETE(Int32, fmi3Int32, Integer)
LIED_FMI3_DISCRETE(Boolean, fmi3Boolean, Boolean)
LIED_FMI3_NO_GETTER(Float32, fmi3Float32)
LIED_FMI3_NO_GETTER(Int8, fmi3Int8)
LIED_FMI3_NO_GETTER(UInt8, fmi3UInt8)
LIED_FMI3_NO_GETTER(Int16, fmi3Int16)
LIED_FMI3_NO_GETTER(UInt16, fmi3UInt16)
LIED_FMI3_NO_GETTER(UInt32, fmi3UInt32)
LIED_FMI3_NO_GETTER(Int64, fmi3Int64)
LIED_FMI3_NO_GETTER(UInt64, fmi3UInt64)
LIED_FMI3_NO_GETTER(String, fmi3String)
LIED_FMI3_NO_SETTER(Float32, fmi3Float32)
LIED_FMI3_NO_SETTER(Int8, fmi3Int8)
LIED_FMI3_NO_SETTER(UInt8, fmi3UInt8)
LIED_FMI3_NO_SETTER(Int16, fmi3Int16)
LIED_FMI3_NO_SETTER(UInt16, fmi3UInt16)
LIED_FMI3_NO_SETTER(UInt32, fmi3UInt32)
LIED_FMI3_NO_SETTER(Int64, fmi3Int64)
LIED_FMI3_NO_SETTER(UInt64, fmi3UInt64)
LIED_FMI3_NO_SETTER(String, fmi3String)
fmi3Status fmi3GetBinary(fmi3Instance c, const fmi3ValueReference[], std::size_t n, std::size_t[], fmi3Binary[], std::size_t) {
    return guarded(c, [&](FmuInstance& i) { return i.no_variables_of_type(n, "Binary", "fmi3GetBinary"); });
}
fmi3Status fmi3SetBinary(fmi3Instance c, const fmi3ValueReference[], std::size_t n, const std::size_t[], const fmi3Binary[], std::size_t) {
    return guarded(c, [&](FmuInstance& i) { return i.no_variables_of_type(n, "Binary", "fmi3SetBinary"); });
}
fmi3Status fmi3GetClock(fmi3Instance c, const fmi3ValueReference[], std::size_t n, fmi3Clock[]) {
    return guarded(c, [&](FmuInstance& i) { return i.no_variables_of_type(n, "Clock", "fmi3GetClock"); });
}
fmi3Status fmi3SetClock(fmi3Instance c, const fmi3ValueReference[], std::size_t n, const fmi3Clock[]) {
    return guarded(c, [&](FmuInstance& i) { return i.no_variables_of_type(n, "Clock", "fmi3SetClock"); });
}

LIED_FMI3_REFUSES(fmi3GetNumberOfVariableDependencies, fmi3ValueReference, std::size_t*)
LIED_FMI3_REFUSES(fmi3GetVariableDependencies, fmi3ValueReference, std::size_t[], fmi3ValueReference[], std::size_t[], fmi3DependencyKind[], std::size_t)
fmi3Status fmi3GetFMUState(fmi3Instance c, fmi3FMUState* s) { return guarded(c, [&](FmuInstance& i) { return i.get_state(s); }); }
fmi3Status fmi3SetFMUState(fmi3Instance c, fmi3FMUState s) { return guarded(c, [&](FmuInstance& i) { return i.set_state(s); }); }
fmi3Status fmi3FreeFMUState(fmi3Instance c, fmi3FMUState* s) { return guarded(c, [&](FmuInstance& i) { return i.free_state(s); }); }
fmi3Status fmi3SerializedFMUStateSize(fmi3Instance c, fmi3FMUState s, std::size_t* size) {
    return guarded(c, [&](FmuInstance& i) { return i.serialized_size(s, size); });
}
fmi3Status fmi3SerializeFMUState(fmi3Instance c, fmi3FMUState s, fmi3Byte bytes[], std::size_t size) {
    return guarded(c, [&](FmuInstance& i) { return i.serialize(s, reinterpret_cast<char*>(bytes), size); });
}
fmi3Status fmi3DeserializeFMUState(fmi3Instance c, const fmi3Byte bytes[], std::size_t size, fmi3FMUState* s) {
    return guarded(c, [&](FmuInstance& i) { return i.deserialize(reinterpret_cast<const char*>(bytes), size, s); });
}
fmi3Status fmi3GetDirectionalDerivative(fmi3Instance c, const fmi3ValueReference unknowns[], std::size_t n_unknowns, const fmi3ValueReference knowns[],
                                        std::size_t n_knowns, const fmi3Float64 seed[], std::size_t n_seed, fmi3Float64 sensitivity[],
                                        std::size_t n_sensitivity) {
    return guarded(c, [&](FmuInstance& i) {
        if (n_seed != n_knowns || n_sensitivity != n_unknowns || (n_unknowns && (!unknowns || !sensitivity)) || (n_knowns && (!knowns || !seed)))
            return fmi2Error;   // one seed per known and one sensitivity per unknown
        return i.directional_derivative(unknowns, n_unknowns, knowns, n_knowns, seed, sensitivity, "fmi3GetDirectionalDerivative");
    });
}
LIED_FMI3_REFUSES(fmi3GetAdjointDerivative, const fmi3ValueReference[], std::size_t, const fmi3ValueReference[], std::size_t, const fmi3Float64[],
                  std::size_t, fmi3Float64[], std::size_t)
fmi3Status fmi3EnterConfigurationMode(fmi3Instance c) { return guarded(c, [](FmuInstance& i) { return i.unsupported("fmi3EnterConfigurationMode"); }); }
fmi3Status fmi3ExitConfigurationMode(fmi3Instance c) { return guarded(c, [](FmuInstance& i) { return i.unsupported("fmi3ExitConfigurationMode"); }); }
LIED_FMI3_REFUSES(fmi3GetIntervalDecimal, const fmi3ValueReference[], std::size_t, fmi3Float64[], fmi3IntervalQualifier[])
LIED_FMI3_REFUSES(fmi3GetIntervalFraction, const fmi3ValueReference[], std::size_t, fmi3UInt64[], fmi3UInt64[], fmi3IntervalQualifier[])
LIED_FMI3_REFUSES(fmi3GetShiftDecimal, const fmi3ValueReference[], std::size_t, fmi3Float64[])
LIED_FMI3_REFUSES(fmi3GetShiftFraction, const fmi3ValueReference[], std::size_t, fmi3UInt64[], fmi3UInt64[])
LIED_FMI3_REFUSES(fmi3SetIntervalDecimal, const fmi3ValueReference[], std::size_t, const fmi3Float64[])
LIED_FMI3_REFUSES(fmi3SetIntervalFraction, const fmi3ValueReference[], std::size_t, const fmi3UInt64[], const fmi3UInt64[])
LIED_FMI3_REFUSES(fmi3SetShiftDecimal, const fmi3ValueReference[], std::size_t, const fmi3Float64[])
LIED_FMI3_REFUSES(fmi3SetShiftFraction, const fmi3ValueReference[], std::size_t, const fmi3UInt64[], const fmi3UInt64[])
fmi3Status fmi3EvaluateDiscreteStates(fmi3Instance c) { return guarded(c, [](FmuInstance& i) { return i.unsupported("fmi3EvaluateDiscreteStates"); }); }

fmi3Status fmi3UpdateDiscreteStates(fmi3Instance c, fmi3Boolean* need_update, fmi3Boolean* terminate, fmi3Boolean* nominals_changed,
                                    fmi3Boolean* values_changed, fmi3Boolean* next_defined, fmi3Float64* next_time) {
    return guarded(c, [&](FmuInstance& i) {
        fmi2EventInfo info{};
        const fmi2Status s = i.new_discrete_states(&info);
        if (need_update) *need_update = info.newDiscreteStatesNeeded;
        if (terminate) *terminate = info.terminateSimulation;
        if (nominals_changed) *nominals_changed = info.nominalsOfContinuousStatesChanged;
        if (values_changed) *values_changed = info.valuesOfContinuousStatesChanged;
        if (next_defined) *next_defined = info.nextEventTimeDefined;
        if (next_time) *next_time = info.nextEventTime;
        return s;
    });
}

fmi3Status fmi3EnterContinuousTimeMode(fmi3Instance c) { return guarded(c, [](FmuInstance& i) { return i.enter_continuous_time_mode(); }); }
fmi3Status fmi3CompletedIntegratorStep(fmi3Instance c, fmi3Boolean, fmi3Boolean* enter_event_mode, fmi3Boolean* terminate) {
    return guarded(c, [&](FmuInstance& i) {
        fmi2Boolean e = fmi2False, t = fmi2False;
        const fmi2Status s = i.completed_integrator_step(&e, &t);
        if (enter_event_mode) *enter_event_mode = e;
        if (terminate) *terminate = t;
        return s;
    });
}
fmi3Status fmi3SetTime(fmi3Instance c, fmi3Float64 t) { return guarded(c, [&](FmuInstance& i) { return i.set_time(t); }); }
fmi3Status fmi3SetContinuousStates(fmi3Instance c, const fmi3Float64 x[], std::size_t n) {
    return guarded(c, [&](FmuInstance& i) { return i.set_continuous_states(x, n); });
}
fmi3Status fmi3GetContinuousStateDerivatives(fmi3Instance c, fmi3Float64 dx[], std::size_t n) {
    return guarded(c, [&](FmuInstance& i) { return i.get_derivatives(dx, n); });
}
fmi3Status fmi3GetEventIndicators(fmi3Instance c, fmi3Float64 g[], std::size_t n) {
    return guarded(c, [&](FmuInstance& i) { return i.get_event_indicators(g, n); });
}
fmi3Status fmi3GetContinuousStates(fmi3Instance c, fmi3Float64 x[], std::size_t n) {
    return guarded(c, [&](FmuInstance& i) { return i.get_continuous_states(x, n); });
}
fmi3Status fmi3GetNominalsOfContinuousStates(fmi3Instance c, fmi3Float64 x[], std::size_t n) {
    return guarded(c, [&](FmuInstance& i) { return i.get_nominals(x, n); });
}
fmi3Status fmi3GetNumberOfEventIndicators(fmi3Instance c, std::size_t* n) {
    return guarded(c, [&](FmuInstance& i) {
        if (n) *n = i.event_indicator_count();
        return n ? fmi2OK : fmi2Error;
    });
}
fmi3Status fmi3GetNumberOfContinuousStates(fmi3Instance c, std::size_t* n) {
    return guarded(c, [&](FmuInstance& i) {
        if (n) *n = i.state_count();
        return n ? fmi2OK : fmi2Error;
    });
}

fmi3Status fmi3EnterStepMode(fmi3Instance c) { return guarded(c, [](FmuInstance& i) { return i.unsupported("fmi3EnterStepMode (no event mode in Co-Simulation)"); }); }
LIED_FMI3_REFUSES(fmi3GetOutputDerivatives, const fmi3ValueReference[], std::size_t, const fmi3Int32[], fmi3Float64[], std::size_t)
fmi3Status fmi3DoStep(fmi3Instance c, fmi3Float64 t, fmi3Float64 h, fmi3Boolean, fmi3Boolean* event_handling_needed, fmi3Boolean* terminate,
                      fmi3Boolean* early_return, fmi3Float64* last_successful_time) {
    return guarded(c, [&](FmuInstance& i) {
        const fmi2Status s = i.do_step(t, h);
        if (event_handling_needed) *event_handling_needed = false;
        if (terminate) *terminate = false;
        if (early_return) *early_return = false;
        if (last_successful_time) *last_successful_time = i.time();
        return s;
    });
}
LIED_FMI3_REFUSES(fmi3ActivateModelPartition, fmi3ValueReference, fmi3Float64)
}
