#pragma once
// The C interface of FMI 2.0 (Functional Mock-up Interface, Modelica Association) as far as Lied's FMUs use
// it: the types, the callback and event structs, and the functions an importer looks up by name in the FMU's
// shared library. Declared here from the standard's function list and types (Debian packages no FMI headers).
#include <cstddef>

extern "C" {

using fmi2Component = void*;
using fmi2ComponentEnvironment = void*;
using fmi2FMUstate = void*;
using fmi2ValueReference = unsigned int;
using fmi2Real = double;
using fmi2Integer = int;
using fmi2Boolean = int;
using fmi2Char = char;
using fmi2String = const fmi2Char*;
using fmi2Byte = char;

constexpr fmi2Boolean fmi2True = 1;
constexpr fmi2Boolean fmi2False = 0;

enum fmi2Status { fmi2OK, fmi2Warning, fmi2Discard, fmi2Error, fmi2Fatal, fmi2Pending };
enum fmi2Type { fmi2ModelExchange, fmi2CoSimulation };
enum fmi2StatusKind { fmi2DoStepStatus, fmi2PendingStatus, fmi2LastSuccessfulTime, fmi2Terminated };

using fmi2CallbackLogger = void (*)(fmi2ComponentEnvironment, fmi2String instance, fmi2Status, fmi2String category, fmi2String message, ...);
using fmi2CallbackAllocateMemory = void* (*)(std::size_t count, std::size_t size);
using fmi2CallbackFreeMemory = void (*)(void*);
using fmi2StepFinished = void (*)(fmi2ComponentEnvironment, fmi2Status);

struct fmi2CallbackFunctions {
    fmi2CallbackLogger logger;
    fmi2CallbackAllocateMemory allocateMemory;
    fmi2CallbackFreeMemory freeMemory;
    fmi2StepFinished stepFinished;
    fmi2ComponentEnvironment componentEnvironment;
};

struct fmi2EventInfo {
    fmi2Boolean newDiscreteStatesNeeded;
    fmi2Boolean terminateSimulation;
    fmi2Boolean nominalsOfContinuousStatesChanged;
    fmi2Boolean valuesOfContinuousStatesChanged;
    fmi2Boolean nextEventTimeDefined;
    fmi2Real nextEventTime;
};

#define LIED_FMI2_EXPORT __attribute__((visibility("default")))

// Common to Model Exchange and Co-Simulation.
LIED_FMI2_EXPORT const char* fmi2GetTypesPlatform(void);
LIED_FMI2_EXPORT const char* fmi2GetVersion(void);
LIED_FMI2_EXPORT fmi2Status fmi2SetDebugLogging(fmi2Component, fmi2Boolean, std::size_t, const fmi2String[]);
LIED_FMI2_EXPORT fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type, fmi2String guid, fmi2String resourceLocation,
                                               const fmi2CallbackFunctions*, fmi2Boolean visible, fmi2Boolean loggingOn);
LIED_FMI2_EXPORT void fmi2FreeInstance(fmi2Component);
LIED_FMI2_EXPORT fmi2Status fmi2SetupExperiment(fmi2Component, fmi2Boolean toleranceDefined, fmi2Real tolerance, fmi2Real startTime,
                                                fmi2Boolean stopTimeDefined, fmi2Real stopTime);
LIED_FMI2_EXPORT fmi2Status fmi2EnterInitializationMode(fmi2Component);
LIED_FMI2_EXPORT fmi2Status fmi2ExitInitializationMode(fmi2Component);
LIED_FMI2_EXPORT fmi2Status fmi2Terminate(fmi2Component);
LIED_FMI2_EXPORT fmi2Status fmi2Reset(fmi2Component);
LIED_FMI2_EXPORT fmi2Status fmi2GetReal(fmi2Component, const fmi2ValueReference[], std::size_t, fmi2Real[]);
LIED_FMI2_EXPORT fmi2Status fmi2GetInteger(fmi2Component, const fmi2ValueReference[], std::size_t, fmi2Integer[]);
LIED_FMI2_EXPORT fmi2Status fmi2GetBoolean(fmi2Component, const fmi2ValueReference[], std::size_t, fmi2Boolean[]);
LIED_FMI2_EXPORT fmi2Status fmi2GetString(fmi2Component, const fmi2ValueReference[], std::size_t, fmi2String[]);
LIED_FMI2_EXPORT fmi2Status fmi2SetReal(fmi2Component, const fmi2ValueReference[], std::size_t, const fmi2Real[]);
LIED_FMI2_EXPORT fmi2Status fmi2SetInteger(fmi2Component, const fmi2ValueReference[], std::size_t, const fmi2Integer[]);
LIED_FMI2_EXPORT fmi2Status fmi2SetBoolean(fmi2Component, const fmi2ValueReference[], std::size_t, const fmi2Boolean[]);
LIED_FMI2_EXPORT fmi2Status fmi2SetString(fmi2Component, const fmi2ValueReference[], std::size_t, const fmi2String[]);
LIED_FMI2_EXPORT fmi2Status fmi2GetFMUstate(fmi2Component, fmi2FMUstate*);
LIED_FMI2_EXPORT fmi2Status fmi2SetFMUstate(fmi2Component, fmi2FMUstate);
LIED_FMI2_EXPORT fmi2Status fmi2FreeFMUstate(fmi2Component, fmi2FMUstate*);
LIED_FMI2_EXPORT fmi2Status fmi2SerializedFMUstateSize(fmi2Component, fmi2FMUstate, std::size_t*);
LIED_FMI2_EXPORT fmi2Status fmi2SerializeFMUstate(fmi2Component, fmi2FMUstate, fmi2Byte[], std::size_t);
LIED_FMI2_EXPORT fmi2Status fmi2DeSerializeFMUstate(fmi2Component, const fmi2Byte[], std::size_t, fmi2FMUstate*);
LIED_FMI2_EXPORT fmi2Status fmi2GetDirectionalDerivative(fmi2Component, const fmi2ValueReference[], std::size_t, const fmi2ValueReference[],
                                                         std::size_t, const fmi2Real[], fmi2Real[]);
// Model Exchange.
LIED_FMI2_EXPORT fmi2Status fmi2EnterEventMode(fmi2Component);
LIED_FMI2_EXPORT fmi2Status fmi2NewDiscreteStates(fmi2Component, fmi2EventInfo*);
LIED_FMI2_EXPORT fmi2Status fmi2EnterContinuousTimeMode(fmi2Component);
LIED_FMI2_EXPORT fmi2Status fmi2CompletedIntegratorStep(fmi2Component, fmi2Boolean noSetFMUStatePriorToCurrentPoint, fmi2Boolean* enterEventMode,
                                                        fmi2Boolean* terminateSimulation);
LIED_FMI2_EXPORT fmi2Status fmi2SetTime(fmi2Component, fmi2Real);
LIED_FMI2_EXPORT fmi2Status fmi2SetContinuousStates(fmi2Component, const fmi2Real[], std::size_t);
LIED_FMI2_EXPORT fmi2Status fmi2GetDerivatives(fmi2Component, fmi2Real[], std::size_t);
LIED_FMI2_EXPORT fmi2Status fmi2GetEventIndicators(fmi2Component, fmi2Real[], std::size_t);
LIED_FMI2_EXPORT fmi2Status fmi2GetContinuousStates(fmi2Component, fmi2Real[], std::size_t);
LIED_FMI2_EXPORT fmi2Status fmi2GetNominalsOfContinuousStates(fmi2Component, fmi2Real[], std::size_t);
// Co-Simulation.
LIED_FMI2_EXPORT fmi2Status fmi2SetRealInputDerivatives(fmi2Component, const fmi2ValueReference[], std::size_t, const fmi2Integer[], const fmi2Real[]);
LIED_FMI2_EXPORT fmi2Status fmi2GetRealOutputDerivatives(fmi2Component, const fmi2ValueReference[], std::size_t, const fmi2Integer[], fmi2Real[]);
LIED_FMI2_EXPORT fmi2Status fmi2DoStep(fmi2Component, fmi2Real currentCommunicationPoint, fmi2Real communicationStepSize,
                                       fmi2Boolean noSetFMUStatePriorToCurrentPoint);
LIED_FMI2_EXPORT fmi2Status fmi2CancelStep(fmi2Component);
LIED_FMI2_EXPORT fmi2Status fmi2GetStatus(fmi2Component, const fmi2StatusKind, fmi2Status*);
LIED_FMI2_EXPORT fmi2Status fmi2GetRealStatus(fmi2Component, const fmi2StatusKind, fmi2Real*);
LIED_FMI2_EXPORT fmi2Status fmi2GetIntegerStatus(fmi2Component, const fmi2StatusKind, fmi2Integer*);
LIED_FMI2_EXPORT fmi2Status fmi2GetBooleanStatus(fmi2Component, const fmi2StatusKind, fmi2Boolean*);
LIED_FMI2_EXPORT fmi2Status fmi2GetStringStatus(fmi2Component, const fmi2StatusKind, fmi2String*);
}
