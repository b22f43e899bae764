#pragma once
// What an FMU of a Lied system is made of, shared by the exporter (`lied export-fmu`) and the runtime inside
// the FMU, so that both number the variables the same way:
//  - the configuration in resources/lied_fmu.txt: which system (built in, or a system file in resources/), the
//    solver settings of Co-Simulation, parameter values set at export, the outputs, the GUID;
//  - the model variables with their value references, causality, variability and units.
#include "systems/io/system_registry.h"

#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace lied {
class Simulator;
}

namespace lied::systems {

struct FmuConfig {
    int fmi_version = 2;          // 2 or 3
    bool builtin = true;
    std::string system;           // a built-in name, or the system file's path inside resources/
    std::string model_name;       // the system's name
    std::string guid;
    std::string solver = "rk4";   // Co-Simulation uses Lied's own solvers
    double dt = 1e-2, rtol = 1e-6, atol = 1e-6, max_step = 0;
    std::vector<std::pair<std::string, std::string>> sets;   // parameters and choices set at export
    std::vector<std::string> outputs;                         // variables with causality "output"
};

// The log categories an FMU declares and fmi2SetDebugLogging takes: name, what it carries.
inline constexpr std::pair<const char*, const char*> kLogCategories[] = {
    {"logEvents", "time, state and sampled events as they fire, with their time"},
    {"logStatusWarning", "a setting the FMU cannot apply, and why"},
    {"logStatusError", "a refused call or a failed step, with the reason (always sent)"},
    {"logAll", "every message"},
};

// The solver settings travel from the run settings at export into the FMU's run settings.
void store_solver_settings(const RunSettings& from, FmuConfig& into);
void restore_solver_settings(const FmuConfig& from, RunSettings& into);

// resources/lied_fmu.txt: one "key value" per line. read throws std::runtime_error naming the line.
std::string write_fmu_config(const FmuConfig& config);
FmuConfig read_fmu_config(const std::string& text);

struct FmuVariable {
    // Choice: a parameter with named options, offered as the option's position (Integer) or as a Boolean where the
    // options are "false" and "true".
    // ArrayParameter: FMI 3 only, a vector or matrix parameter as one variable with its dimensions; its elements stay
    // variables of their own (FMI 2 offers them) but FMI 3's description leaves them out.
    enum class Kind { State, Derivative, Variable, Parameter, Time, EventIndicator, Input, Output, Choice, ArrayParameter };
    // FMI 2's Real, Integer, Boolean; FMI 3's Float64, Int32, Boolean. Integer and Boolean variables are parameters
    // (counts and choices) or change only at events (variability "discrete").
    enum class Type { Real, Integer, Boolean };
    std::string name;
    unsigned value_reference;
    Kind kind;
    std::string causality, variability, initial;   // initial "" when the attribute is left out
    bool has_start = false;
    double start = 0;
    std::string unit, description;
    int state = -1;   // index into the state vector (states and derivatives), or of the event indicator, or of the input
    // The declared range (min, max: written where finite) and a state's nominal value.
    double min = -std::numeric_limits<double>::infinity(), max = std::numeric_limits<double>::infinity();
    double nominal = 0;   // 0: none written
    // An output's or a derivative's knowns (value references of states, inputs and, in FMI 3, time) from the block
    // graph; without them (a value no signal holds) the ModelStructure says it may depend on every known.
    bool has_dependencies = false;
    std::vector<unsigned> dependencies;
    Type type = Type::Real;
    std::vector<std::string> options;   // a choice's options, by position
    // An array parameter (FMI 3): its extents (rows, and columns for a matrix), the value references of its elements
    // in row-major order (the order of FMI 3's serialized arrays), and their start values.
    std::vector<std::size_t> dimensions;
    std::vector<unsigned> elements;
    std::vector<double> starts;
    int array = -1;   // FMI 3: an element's array variable (its index in the list); the description leaves the element out
};

// "a Real variable", "an Integer variable" (FMI 3: "a Float64 variable", "an Int32 variable"), "a Boolean variable".
std::string type_phrase(FmuVariable::Type type, int fmi_version);
// A choice's options by position: "0: linear, 1: parabolic".
std::string options_by_position(const std::vector<std::string>& options);

// The variables in modelDescription order: states, their derivatives "der(x)", variables (counts as Integer and
// truth values as Boolean, both discrete), parameters (whole numbers as Integer), choices (fixed: Boolean for
// false/true, else Integer, the option's position from 0; not file paths), the system's inputs (causality input,
// with their ranges) and declared outputs (causality output, by the output's name); for FMI 3 also the independent
// variable "time", the event indicators (variables there) and each vector or matrix parameter as one array variable
// (its elements, offered one by one in FMI 2, are then left out of the description). States and variables named
// in `outputs` are outputs too; a parameter that is a state's start value is fixed (it acts at initialisation
// only), the others are tunable (Lied takes a new value between steps).
std::vector<FmuVariable> fmu_variables(const Simulator& sim, const std::vector<std::string>& outputs, int fmi_version = 2);

// Where the binary goes inside the FMU: binaries/linux64 (FMI 2) or binaries/x86_64-linux (FMI 3).
std::string fmu_binary_folder(int fmi_version);

// A C identifier from the system's name (the FMU's modelIdentifier and the name of its shared library).
std::string model_identifier(const std::string& name);

// modelDescription.xml (FMI 2.0 or 3.0 as the configuration says, Model Exchange and Co-Simulation).
std::string model_description_xml(const FmuConfig& config, const std::vector<FmuVariable>& variables, std::size_t event_indicators,
                                  double stop_time, const std::string& description);

// "{8-4-4-4-12}" from a hash of what identifies the model (its variables and configuration).
std::string fmu_guid(const FmuConfig& config, const std::vector<FmuVariable>& variables);

}  // namespace lied::systems
