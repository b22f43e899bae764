#pragma once
// The C interface of FMI 3.0 (Modelica Association) as far as Lied's FMUs use it: the types, the callbacks and
// the functions an importer looks up by name in the FMU's shared library. Declared here from the standard's
// function list and types (Debian packages no FMI headers). Lied implements Model Exchange and Co-Simulation;
// the other functions exist and refuse.
#include <cstddef>
#include <cstdint>

extern "C" {

using fmi3Instance = void*;
using fmi3InstanceEnvironment = void*;
using fmi3FMUState = void*;
using fmi3ValueReference = std::uint32_t;
using fmi3Float32 = float;
using fmi3Float64 = double;
using fmi3Int8 = std::int8_t;
using fmi3UInt8 = std::uint8_t;
using fmi3Int16 = std::int16_t;
using fmi3UInt16 = std::uint16_t;
using fmi3Int32 = std::int32_t;
using fmi3UInt32 = std::uint32_t;
using fmi3Int64 = std::int64_t;
using fmi3UInt64 = std::uint64_t;
using fmi3Boolean = bool;
using fmi3Char = char;
using fmi3String = const fmi3Char*;
using fmi3Byte = std::uint8_t;
using fmi3Binary = const fmi3Byte*;
using fmi3Clock = bool;

enum fmi3Status { fmi3OK, fmi3Warning, fmi3Discard, fmi3Error, fmi3Fatal };
enum fmi3DependencyKind { fmi3Independent, fmi3Constant, fmi3Fixed, fmi3Tunable, fmi3Discrete, fmi3Dependent };
enum fmi3IntervalQualifier { fmi3IntervalNotYetKnown, fmi3IntervalUnchanged, fmi3IntervalChanged };

using fmi3LogMessageCallback = void (*)(fmi3InstanceEnvironment, fmi3Status, fmi3String category, fmi3String message);
using fmi3ClockUpdateCallback = void (*)(fmi3InstanceEnvironment);
using fmi3IntermediateUpdateCallback = void (*)(fmi3InstanceEnvironment, fmi3Float64 time, fmi3Boolean setRequested, fmi3Boolean getAllowed,
                                                fmi3Boolean stepFinished, fmi3Boolean canReturnEarly, fmi3Boolean* earlyReturnRequested,
                                                fmi3Float64* earlyReturnTime);
using fmi3LockPreemptionCallback = void (*)(void);
using fmi3UnlockPreemptionCallback = void (*)(void);

#define LIED_FMI3_EXPORT __attribute__((visibility("default")))
#define LIED_FMI3_GETTER(Name, Type) \
    LIED_FMI3_EXPORT fmi3Status fmi3Get##Name(fmi3Instance, const fmi3ValueReference[], std::size_t, Type[], std::size_t)
#define LIED_FMI3_SETTER(Name, Type) \
    LIED_FMI3_EXPORT fmi3Status fmi3Set##Name(fmi3Instance, const fmi3ValueReference[], std::size_t, const Type[], std::size_t)

LIED_FMI3_EXPORT const char* fmi3GetVersion(void);
LIED_FMI3_EXPORT fmi3Status fmi3SetDebugLogging(fmi3Instance, fmi3Boolean, std::size_t, const fmi3String[]);
LIED_FMI3_EXPORT fmi3Instance fmi3InstantiateModelExchange(fmi3String name, fmi3String token, fmi3String resourcePath, fmi3Boolean visible,
                                                           fmi3Boolean loggingOn, fmi3InstanceEnvironment, fmi3LogMessageCallback);
LIED_FMI3_EXPORT fmi3Instance fmi3InstantiateCoSimulation(fmi3String name, fmi3String token, fmi3String resourcePath, fmi3Boolean visible,
                                                          fmi3Boolean loggingOn, fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed,
                                                          const fmi3ValueReference requiredIntermediateVariables[], std::size_t n,
                                                          fmi3InstanceEnvironment, fmi3LogMessageCallback, fmi3IntermediateUpdateCallback);
LIED_FMI3_EXPORT fmi3Instance fmi3InstantiateScheduledExecution(fmi3String, fmi3String, fmi3String, fmi3Boolean, fmi3Boolean, fmi3InstanceEnvironment,
                                                                fmi3LogMessageCallback, fmi3ClockUpdateCallback, fmi3LockPreemptionCallback,
                                                                fmi3UnlockPreemptionCallback);
LIED_FMI3_EXPORT void fmi3FreeInstance(fmi3Instance);
LIED_FMI3_EXPORT fmi3Status fmi3EnterInitializationMode(fmi3Instance, fmi3Boolean toleranceDefined, fmi3Float64 tolerance, fmi3Float64 startTime,
                                                        fmi3Boolean stopTimeDefined, fmi3Float64 stopTime);
LIED_FMI3_EXPORT fmi3Status fmi3ExitInitializationMode(fmi3Instance);
LIED_FMI3_EXPORT fmi3Status fmi3EnterEventMode(fmi3Instance);
LIED_FMI3_EXPORT fmi3Status fmi3Terminate(fmi3Instance);
LIED_FMI3_EXPORT fmi3Status fmi3Reset(fmi3Instance);
LIED_FMI3_GETTER(Float32, fmi3Float32);
LIED_FMI3_GETTER(Float64, fmi3Float64);
LIED_FMI3_GETTER(Int8, fmi3Int8);
LIED_FMI3_GETTER(UInt8, fmi3UInt8);
LIED_FMI3_GETTER(Int16, fmi3Int16);
LIED_FMI3_GETTER(UInt16, fmi3UInt16);
LIED_FMI3_GETTER(Int32, fmi3Int32);
LIED_FMI3_GETTER(UInt32, fmi3UInt32);
LIED_FMI3_GETTER(Int64, fmi3Int64);
LIED_FMI3_GETTER(UInt64, fmi3UInt64);
LIED_FMI3_GETTER(Boolean, fmi3Boolean);
LIED_FMI3_GETTER(String, fmi3String);
LIED_FMI3_EXPORT fmi3Status fmi3GetBinary(fmi3Instance, const fmi3ValueReference[], std::size_t, std::size_t[], fmi3Binary[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3GetClock(fmi3Instance, const fmi3ValueReference[], std::size_t, fmi3Clock[]);
LIED_FMI3_SETTER(Float32, fmi3Float32);
LIED_FMI3_SETTER(Float64, fmi3Float64);
LIED_FMI3_SETTER(Int8, fmi3Int8);
LIED_FMI3_SETTER(UInt8, fmi3UInt8);
LIED_FMI3_SETTER(Int16, fmi3Int16);
LIED_FMI3_SETTER(UInt16, fmi3UInt16);
LIED_FMI3_SETTER(Int32, fmi3Int32);
LIED_FMI3_SETTER(UInt32, fmi3UInt32);
LIED_FMI3_SETTER(Int64, fmi3Int64);
LIED_FMI3_SETTER(UInt64, fmi3UInt64);
LIED_FMI3_SETTER(Boolean, fmi3Boolean);
LIED_FMI3_SETTER(String, fmi3String);
LIED_FMI3_EXPORT fmi3Status fmi3SetBinary(fmi3Instance, const fmi3ValueReference[], std::size_t, const std::size_t[], const fmi3Binary[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3SetClock(fmi3Instance, const fmi3ValueReference[], std::size_t, const fmi3Clock[]);
LIED_FMI3_EXPORT fmi3Status fmi3GetNumberOfVariableDependencies(fmi3Instance, fmi3ValueReference, std::size_t*);
LIED_FMI3_EXPORT fmi3Status fmi3GetVariableDependencies(fmi3Instance, fmi3ValueReference, std::size_t[], fmi3ValueReference[], std::size_t[],
                                                        fmi3DependencyKind[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3GetFMUState(fmi3Instance, fmi3FMUState*);
LIED_FMI3_EXPORT fmi3Status fmi3SetFMUState(fmi3Instance, fmi3FMUState);
LIED_FMI3_EXPORT fmi3Status fmi3FreeFMUState(fmi3Instance, fmi3FMUState*);
LIED_FMI3_EXPORT fmi3Status fmi3SerializedFMUStateSize(fmi3Instance, fmi3FMUState, std::size_t*);
LIED_FMI3_EXPORT fmi3Status fmi3SerializeFMUState(fmi3Instance, fmi3FMUState, fmi3Byte[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3DeserializeFMUState(fmi3Instance, const fmi3Byte[], std::size_t, fmi3FMUState*);
LIED_FMI3_EXPORT fmi3Status fmi3GetDirectionalDerivative(fmi3Instance, const fmi3ValueReference[], std::size_t, const fmi3ValueReference[], std::size_t,
                                                         const fmi3Float64[], std::size_t, fmi3Float64[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3GetAdjointDerivative(fmi3Instance, const fmi3ValueReference[], std::size_t, const fmi3ValueReference[], std::size_t,
                                                     const fmi3Float64[], std::size_t, fmi3Float64[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3EnterConfigurationMode(fmi3Instance);
LIED_FMI3_EXPORT fmi3Status fmi3ExitConfigurationMode(fmi3Instance);
LIED_FMI3_EXPORT fmi3Status fmi3GetIntervalDecimal(fmi3Instance, const fmi3ValueReference[], std::size_t, fmi3Float64[], fmi3IntervalQualifier[]);
LIED_FMI3_EXPORT fmi3Status fmi3GetIntervalFraction(fmi3Instance, const fmi3ValueReference[], std::size_t, fmi3UInt64[], fmi3UInt64[],
                                                    fmi3IntervalQualifier[]);
LIED_FMI3_EXPORT fmi3Status fmi3GetShiftDecimal(fmi3Instance, const fmi3ValueReference[], std::size_t, fmi3Float64[]);
LIED_FMI3_EXPORT fmi3Status fmi3GetShiftFraction(fmi3Instance, const fmi3ValueReference[], std::size_t, fmi3UInt64[], fmi3UInt64[]);
LIED_FMI3_EXPORT fmi3Status fmi3SetIntervalDecimal(fmi3Instance, const fmi3ValueReference[], std::size_t, const fmi3Float64[]);
LIED_FMI3_EXPORT fmi3Status fmi3SetIntervalFraction(fmi3Instance, const fmi3ValueReference[], std::size_t, const fmi3UInt64[], const fmi3UInt64[]);
LIED_FMI3_EXPORT fmi3Status fmi3SetShiftDecimal(fmi3Instance, const fmi3ValueReference[], std::size_t, const fmi3Float64[]);
LIED_FMI3_EXPORT fmi3Status fmi3SetShiftFraction(fmi3Instance, const fmi3ValueReference[], std::size_t, const fmi3UInt64[], const fmi3UInt64[]);
LIED_FMI3_EXPORT fmi3Status fmi3EvaluateDiscreteStates(fmi3Instance);
LIED_FMI3_EXPORT fmi3Status fmi3UpdateDiscreteStates(fmi3Instance, fmi3Boolean* discreteStatesNeedUpdate, fmi3Boolean* terminateSimulation,
                                                     fmi3Boolean* nominalsChanged, fmi3Boolean* valuesChanged, fmi3Boolean* nextEventTimeDefined,
                                                     fmi3Float64* nextEventTime);
LIED_FMI3_EXPORT fmi3Status fmi3EnterContinuousTimeMode(fmi3Instance);
LIED_FMI3_EXPORT fmi3Status fmi3CompletedIntegratorStep(fmi3Instance, fmi3Boolean, fmi3Boolean* enterEventMode, fmi3Boolean* terminateSimulation);
LIED_FMI3_EXPORT fmi3Status fmi3SetTime(fmi3Instance, fmi3Float64);
LIED_FMI3_EXPORT fmi3Status fmi3SetContinuousStates(fmi3Instance, const fmi3Float64[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3GetContinuousStateDerivatives(fmi3Instance, fmi3Float64[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3GetEventIndicators(fmi3Instance, fmi3Float64[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3GetContinuousStates(fmi3Instance, fmi3Float64[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3GetNominalsOfContinuousStates(fmi3Instance, fmi3Float64[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3GetNumberOfEventIndicators(fmi3Instance, std::size_t*);
LIED_FMI3_EXPORT fmi3Status fmi3GetNumberOfContinuousStates(fmi3Instance, std::size_t*);
LIED_FMI3_EXPORT fmi3Status fmi3EnterStepMode(fmi3Instance);
LIED_FMI3_EXPORT fmi3Status fmi3GetOutputDerivatives(fmi3Instance, const fmi3ValueReference[], std::size_t, const fmi3Int32[], fmi3Float64[], std::size_t);
LIED_FMI3_EXPORT fmi3Status fmi3DoStep(fmi3Instance, fmi3Float64 currentCommunicationPoint, fmi3Float64 communicationStepSize,
                                       fmi3Boolean noSetFMUStatePriorToCurrentPoint, fmi3Boolean* eventHandlingNeeded, fmi3Boolean* terminateSimulation,
                                       fmi3Boolean* earlyReturn, fmi3Float64* lastSuccessfulTime);
LIED_FMI3_EXPORT fmi3Status fmi3ActivateModelPartition(fmi3Instance, fmi3ValueReference, fmi3Float64);
}
