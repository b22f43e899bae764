#include "systems/io/system_loading.h"

#include "components/input_table.h"

#include "core/model/introspection.h"
#include "core/support/closest_name.h"
#include "systems/io/array_values.h"
#include "systems/io/system_file.h"

#include <charconv>
#include <cmath>
#include <filesystem>

namespace lied::systems {
namespace {

const SystemEntry& find_system(const std::string& name) {
    const auto& registry = SystemRegistry::instance();
    if (const SystemEntry* e = registry.find(name)) return *e;
    throw UsageError("unknown system '" + name + "'" + did_you_mean(name, registry.names()) + "; `lied list` shows them");
}

bool is_choice(const Model& m, const std::string& name) {
    for (auto& c : m.choices)
        if (c.path == name) return true;
    return false;
}

}  // namespace

// A finite number: inf and nan are never valid settings.
double parse_number(const std::string& option, const std::string& text) {
    double v = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || ptr != end || text.empty())
        throw UsageError(option + " expects a number, got '" + text + "'");
    if (!std::isfinite(v)) throw UsageError(option + " expects a finite number, got '" + text + "'");
    return v;
}

namespace {
// The data files a component tree reads (a time table's CSV): its choices that are file paths.
void add_data_files(Component& component, std::vector<std::string>& files) {
    const Model m = describe(component);
    for (auto& c : m.choices)
        if (c.spec->file_path && !c.value->empty()) files.push_back(*c.value);
}
}  // namespace

namespace {
// A loaded file as a system to run; `source` names it in messages (a path, or what the text came from).
ResolvedSystem resolved_from(LoadedSystem loaded, const std::string& source) {
    if (!loaded.exposed.empty()) {
        std::string names;
        for (auto& n : loaded.exposed) names += (names.empty() ? "" : ", ") + n;
        throw UsageError(source + " is a subsystem (it exposes " + names + " for another file to connect); use it as a component of a system file: {file: " +
                         std::filesystem::path(source).filename().string() + "}");
    }
    // No output may overwrite a file the run reads: the system files, and the data files of the system and of the
    // components its actions bring.
    add_data_files(*loaded.root, loaded.files);
    for (auto& action : loaded.actions) action.second.for_each_new_component([&](Component& c) { add_data_files(c, loaded.files); });
    for (auto& action : loaded.event_actions) action.second.for_each_new_component([&](Component& c) { add_data_files(c, loaded.files); });
    // The file's actions are scheduled on the simulator that runs it (once: they own their components).
    auto actions = std::make_shared<std::vector<std::pair<double, StructuralChange>>>(std::move(loaded.actions));
    auto on_event = std::make_shared<std::vector<std::pair<std::string, StructuralChange>>>(std::move(loaded.event_actions));
    auto prepare = [actions, on_event](Simulator& sim) {
        for (auto& [at, change] : *actions) sim.schedule(at, std::move(change));
        for (auto& [event, change] : *on_event) sim.schedule_on_event(event, std::move(change));
        actions->clear();
        on_event->clear();
    };
    return {loaded.name, loaded.description, std::move(loaded.root), loaded.settings, loaded.files, prepare};
}
}  // namespace

ResolvedSystem resolve_system(const std::string& argument) {
    if (is_system_file_name(argument)) {
        try {
            return resolved_from(load_system_file(argument), argument);
        } catch (const SystemFileError& e) {
            throw UsageError(e.what());
        }
    }
    const SystemEntry& e = find_system(argument);
    return {e.name, e.description, e.make(), e.defaults, {}, e.prepare};
}

ResolvedSystem resolve_system_text(const std::string& text, const std::string& source, const std::string& directory) {
    try {
        return resolved_from(parse_system_text(text, source, directory), source);
    } catch (const SystemFileError& e) {
        throw UsageError(e.what());
    }
}

void drive_inputs_from_table(ResolvedSystem& system, const RunSettings& settings) {
    if (settings.inputs.empty()) return;
    try {
        components::drive_inputs(*system.root, components::read_input_table(settings.inputs), components::interpolation_named(settings.input_interpolation));
    } catch (const std::invalid_argument& e) {
        throw UsageError(std::string("--inputs: ") + e.what());
    }
    if (std::find(system.files.begin(), system.files.end(), settings.inputs) == system.files.end()) system.files.push_back(settings.inputs);
}

std::unique_ptr<Simulator> make_simulation(ResolvedSystem& system, const RunSettings& settings,
                                           const std::vector<std::pair<std::string, std::string>>& sets) {
    SimulatorOptions options;
    options.solver = settings.solver;
    options.dt = settings.dt;
    options.tolerances = {settings.rtol, settings.atol, settings.max_step};
    options.jacobian_interval = settings.jacobian_interval;
    options.step_monitor.mode = settings.step_check;
    options.balance.mode = settings.balance_check;
    drive_inputs_from_table(system, settings);
    auto sim = std::make_unique<Simulator>(*system.root, options);
    if (system.prepare) system.prepare(*sim);
    // Choices (a medium, a loss law) first: each rebuilds, and the numbers then go to the final structure.
    for (auto& [name, value] : sets) {
        if (!is_choice(sim->model(), name)) continue;
        try {
            sim->set_choice(name, value);
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    }
    // Vectors and matrices together, built once: shapes that must agree (A and x_start) change together. A shape the
    // component refuses is a BuildError, as any build's.
    std::vector<std::pair<std::string, ArrayParameter>> arrays;
    for (auto& [name, text] : sets) {
        if (is_choice(sim->model(), name) || !looks_like_array(text)) continue;
        try {
            arrays.emplace_back(name, array_from_text(text));   // --set 'lti.A=[[0, 1], [-1, -0.1]]'
        } catch (const std::invalid_argument& e) {
            throw UsageError("--set " + name + ": " + e.what());
        }
    }
    if (!arrays.empty()) try {
            sim->set_parameters(arrays);
        } catch (const std::invalid_argument& e) {   // an unknown name, a vector for a matrix, an element out of range
            throw UsageError(std::string("--set: ") + e.what());
        }
    for (auto& [name, text] : sets) {
        if (is_choice(sim->model(), name) || looks_like_array(text)) continue;
        const double value = parse_number("--set " + name, text);
        try {
            sim->set_parameter(name, value);
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    }
    sim->reset();   // start values may depend on the parameters just set
    if (settings.steady_state) {
        try {
            sim->initialize_steady_state(settings.steady_states);
        } catch (const std::invalid_argument& e) {   // a name that is not a state
            throw UsageError(e.what());
        }
    }
    return sim;
}

}  // namespace lied::systems
