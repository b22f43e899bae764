#pragma once
// The object behind an fmi2Component or fmi3Instance: a Lied system built from the FMU's resources, stepped by
// Lied's own solver (Co-Simulation) or by the importer's integrator (Model Exchange), with the FMI modes and their
// rules. Statuses are FMI 2's enumeration, which FMI 3 numbers the same way.
#include "core/simulation/simulation_state.h"
#include "systems/fmu/fmi2.h"
#include "systems/fmu/fmu_model.h"

#include <functional>
#include <memory>
#include <limits>
#include <string>
#include <vector>

namespace lied {
class Component;
class Simulator;
}  // namespace lied

namespace lied::systems {

class FmuInstance {
public:
    // Passes a message to the importer's logger (never as a format).
    using Logger = std::function<void(fmi2Status, const char* category, const std::string& message)>;
    // Throws std::runtime_error naming what is wrong (resources, GUID or instantiation token, the system does
    // not build). `resources` is the folder itself.
    FmuInstance(std::string name, fmi2Type type, const std::string& token, const std::string& resources, Logger logger, bool logging);
    // "file:///a/b%20c/resources" (or file:/a/..., file://localhost/a/...) → "/a/b c/resources" (FMI 2).
    static std::string path_of_uri(const std::string& uri);
    ~FmuInstance();

    // Every function returns its status and logs the reason of anything but fmi2OK through the importer's logger.
    // The tolerance applies to Co-Simulation's adaptive solvers (as the relative tolerance); the stop time is enforced.
    fmi2Status setup_experiment(bool tolerance_defined, double tolerance, double start_time, bool stop_time_defined = false,
                                double stop_time = 0);
    fmi2Status enter_initialization();
    fmi2Status exit_initialization();
    fmi2Status terminate();
    fmi2Status reset();
    fmi2Status get_real(const fmi2ValueReference vr[], std::size_t n, fmi2Real value[]);
    fmi2Status set_real(const fmi2ValueReference vr[], std::size_t n, const fmi2Real value[]);
    // FMI 3's Float64 access, where a value reference may stand for an array parameter's nv values.
    fmi2Status get_float64(const fmi2ValueReference vr[], std::size_t n, fmi2Real values[], std::size_t nv);
    fmi2Status set_float64(const fmi2ValueReference vr[], std::size_t n, const fmi2Real values[], std::size_t nv);
    fmi2Status set_array(const FmuVariable& v, const fmi2Real values[], const char* function);
    // Integer and Boolean variables (counts, truth values, choices): T is int (FMI 2's Integer and Boolean, FMI 3's
    // Int32) or bool (FMI 3's Boolean). `function` names the caller in messages. A variable of another type is an
    // error naming the function that reads it.
    template <class T>
    fmi2Status get_discrete(const fmi2ValueReference vr[], std::size_t n, T value[], FmuVariable::Type type, const char* function);
    template <class T>
    fmi2Status set_discrete(const fmi2ValueReference vr[], std::size_t n, const T value[], FmuVariable::Type type, const char* function);
    fmi2Status no_variables_of_type(std::size_t n, const char* type, const char* function);
    fmi2Status unsupported(const char* function);
    // Σ_k ∂unknown/∂known_k · seed_k for each unknown (a derivative or an output), the knowns being states (Model
    // Exchange) and inputs: a central difference along the seed, the instance put back exactly afterwards (its saved
    // state). `function` names the caller in messages.
    fmi2Status directional_derivative(const unsigned unknowns[], std::size_t n_unknowns, const unsigned knowns[], std::size_t n_knowns,
                                      const double seed[], double sensitivity[], const char* function);
    // Model Exchange.
    fmi2Status enter_event_mode();
    fmi2Status new_discrete_states(fmi2EventInfo* info);
    fmi2Status enter_continuous_time_mode();
    fmi2Status completed_integrator_step(fmi2Boolean* enter_event_mode, fmi2Boolean* terminate);
    fmi2Status set_time(double t);
    fmi2Status set_continuous_states(const fmi2Real x[], std::size_t n);
    fmi2Status get_derivatives(fmi2Real dx[], std::size_t n);
    fmi2Status get_event_indicators(fmi2Real g[], std::size_t n);
    fmi2Status get_continuous_states(fmi2Real x[], std::size_t n);
    fmi2Status get_nominals(fmi2Real x[], std::size_t n);
    // Co-Simulation.
    fmi2Status do_step(double t, double h);
    fmi2Status get_status(fmi2StatusKind kind, fmi2Status* status);
    fmi2Status get_real_status(fmi2StatusKind kind, fmi2Real* value);
    // FMU states (FMI 2.0 §2.1.8, FMI 3.0 §2.3.4): everything the next calls depend on — the simulator's saved state
    // (core/simulation/simulation_state.h) and the instance's mode and times. A state fits every instance of the
    // same FMU and type (Model Exchange or Co-Simulation) whose structure it was saved from; the bytes of a
    // serialized state are checked before they are used.
    struct SavedState;
    fmi2Status get_state(void** state);   // *state null: a new state; else that state is overwritten
    fmi2Status set_state(const void* state);
    fmi2Status free_state(void** state);
    fmi2Status serialized_size(const void* state, std::size_t* size);
    fmi2Status serialize(const void* state, char bytes[], std::size_t size);
    fmi2Status deserialize(const char bytes[], std::size_t size, void** state);

    double time() const;
    std::size_t state_count() const { return derivatives_.size(); }
    std::size_t event_indicator_count() const;
    // fmi2SetDebugLogging: `categories` empty switches every category; a name that is no category (see kLogCategories in
    // fmu_model.h) is an error naming the categories there are.
    fmi2Status set_logging(bool on, const std::vector<std::string>& categories);

private:
    template <class Change>
    fmi2Status changing(const char* function, Change&& change);
    template <class Values, class Access>
    fmi2Status with_arrays(const fmi2ValueReference vr[], std::size_t n, Values values, std::size_t nv, const char* function, Access&& access);
    bool sizes_structure(const std::string& parameter) const;   // a count read at build (a rod's volumes)
    enum class Mode { Instantiated, Initialization, Step, Event, Continuous, Terminated, Error };
    void build();
    fmi2Status log(fmi2Status status, const std::string& message);
    // A message of `category` (kLogCategories), sent when that category is on; errors always go out as logStatusError.
    void log_in(const char* category, fmi2Status status, const std::string& message);
    fmi2Status error(const std::string& message);   // the instance is unusable afterwards
    fmi2Status wrong_mode(const char* function);
    bool check_count(std::size_t n, std::size_t expected, const char* what, const char* function);
    bool refresh();   // evaluates after new time or states, before values are read
    void resolve_values();   // after a build or a rebuild: where each variable's value lives now
    // The variable with value reference `vr` if it is of `type`; else null, the error logged naming `function`.
    const FmuVariable* variable_of(fmi2ValueReference vr, FmuVariable::Type type, const char* function);
    // Sets one parameter, choice, input or (before initialisation ends) state; `function` names the caller.
    fmi2Status set_value(const FmuVariable& v, double value, const char* function);
    // A new option for a choice, before initialisation ends: the system rebuilt with it, refused (the old option
    // kept) if that changes the FMU's variables, which its model description fixes.
    fmi2Status set_choice(const FmuVariable& v, const std::string& option, const char* function);
    // The system as built now has the variables (names, types, causalities, dependencies) and events the model
    // description declares.
    bool fits_variables() const;

    std::string name_;
    fmi2Type type_;
    std::string resources_;
    Logger logger_;
    bool logging_;
    std::vector<std::string> categories_on_;   // the categories switched on
    FmuConfig config_;
    std::unique_ptr<Component> root_;
    std::unique_ptr<Simulator> sim_;
    std::vector<FmuVariable> variables_;
    std::vector<const double*> values_;   // by value reference (states, variables, parameters)
    std::vector<double> derivatives_, indicators_;
    std::vector<std::pair<std::string, double>> states_set_;   // SetReal on states before initialisation ends
    std::vector<std::pair<std::size_t, double>> inputs_set_;    // and on inputs (by index), set again after the reset
    Mode mode_ = Mode::Instantiated;
    double start_time_ = 0, last_successful_time_ = 0;
    double stop_time_ = std::numeric_limits<double>::infinity();   // fmi2SetupExperiment's, if defined
    SimulationState around_derivative_;   // the point a directional derivative starts from, put back after it
    long generation_ = 0;
    bool dirty_ = true;
};

}  // namespace lied::systems
