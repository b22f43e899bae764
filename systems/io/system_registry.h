#pragma once
// Named example systems with their default run settings. Each system registers itself next to its
// definition (a SystemRegistration object), so `lied list` never misses one.
#include "core/model/component.h"
#include "core/model/named_registry.h"
#include "core/integrators/step_error_monitor.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace lied {
class Simulator;
}

namespace lied::systems {

struct RunSettings {
    double t_end = 10.0;
    double dt = 1e-2;
    std::string solver = "rk4";
    double interval = 0.1;
    std::vector<std::string> recorded;
    double rtol = 1e-6;   // adaptive solvers only (dopri5, cvode-bdf, cvode-adams)
    double atol = 1e-6;
    double max_step = 0;  // adaptive solvers: the largest step [s], 0 for no limit
    int jacobian_interval = 1;   // linearly implicit solvers: a new Jacobian every k steps
    CheckMode step_check = CheckMode::Error;   // fixed-step solvers: what a step too large for the model does
    CheckMode balance_check = CheckMode::Error;   // every solver: what mass or energy appearing or vanishing does
    bool steady_state = false;   // start from a steady state (all derivatives zero, or those of steady_states)
    std::vector<std::string> steady_states{};
    // A CSV table that drives the system's inputs (components/input_table.h), and how: "linear" or "hold".
    std::string inputs{};
    std::string input_interpolation = "linear";
};

struct SystemEntry {
    std::string name;
    std::string description;
    std::function<std::unique_ptr<Component>()> make;
    RunSettings defaults;
    // Run set-up on the built simulator, e.g. the structural changes the system schedules (variable structure).
    std::function<void(Simulator&)> prepare{};
};

class SystemRegistry {
public:
    static SystemRegistry& instance();
    void add(SystemEntry entry) { entries_.add(std::move(entry), "system"); }   // throws for a duplicate
    const SystemEntry* find(const std::string& name) const { return entries_.find(name); }
    std::vector<std::string> names() const { return entries_.names(); }
    const std::vector<SystemEntry>& entries() const { return entries_.entries(); }

private:
    NamedRegistry<SystemEntry> entries_;
};

struct SystemRegistration {
    explicit SystemRegistration(SystemEntry entry) { SystemRegistry::instance().add(std::move(entry)); }
};

}  // namespace lied::systems
