// The Simulator's parameters and choices by name: checked by the name index and the parameter's own range, applied
// at once, or by a rebuild where the value is read at build (a count that sizes the structure, a medium).
#include "core/simulation/simulator.h"

#include "core/support/closest_name.h"

#include <sstream>

namespace lied {

namespace {
// An element of an array that a structural change has given a new shape, before the rebuild: its entry points into
// the old storage. Refused rather than read or written there.
void refuse_reshaped_element(const Model& model, const ParameterInfo& p) {
    if (p.array < 0) return;
    const ArrayParameterInfo& a = model.arrays[static_cast<std::size_t>(p.array)];
    if (a.reshaped())
        throw std::invalid_argument(p.path + ": " + a.path + " was given a new shape earlier in this change (" + a.value->shape_text() +
                                    "); its elements exist once the change is built (set the whole array instead)");
}
}  // namespace

void Simulator::set_parameter(std::string_view name, double value) {
    const ParameterInfo& p = model_.parameters[names_.parameter_index(name)];
    refuse_reshaped_element(model_, p);
    if (!p.spec.admits(value)) {
        std::ostringstream s;
        s << p.path << " = " << value << ' ' << p.spec.refusal_text(value);
        throw std::invalid_argument(s.str());
    }
    if (p.spec.structural) {
        // Read while the components describe themselves: a rebuild applies it (states carried by name; a start value
        // computed from it takes effect at the next reset(), as every start value does).
        double* target = p.system_default ? p.system_default->storage() : p.value;
        const double old = *target;
        const bool followed = p.system_default && !p.system_default->overridden();
        SystemDefault* system_default = p.system_default;
        if (system_default) *system_default = value;
        else *target = value;
        rebuild_for_user([&] {
            if (system_default) {
                *system_default = old;
                if (followed) system_default->follow_default();
            } else {
                *target = old;
            }
        });
        return;
    }
    if (p.system_default) *p.system_default = value;   // set by name: no longer follows the system default
    else *p.value = value;
    model_.apply_system_defaults();                     // a provider's change reaches every follower
    // A provider of the system's scale (a DropOfCommons' m_flow_nominal) moved nominals: the tolerances follow.
    for (const StateInfo& s : model_.states)
        if (s.scale_provider >= 0 && model_.default_providers[static_cast<std::size_t>(s.scale_provider)].value == p.value) {
            configure_integrator();
            break;
        }
    parameter_values_changed();
}

void Simulator::parameter_values_changed() {
    evaluator_.linear_system().invalidate();
    restart_integrator();
    audit_user_change();   // a new area under the same level holds another mass: the user's change
    // Advice is worked out as the components describe themselves: a set that may answer it (a pump's omega_par)
    // describes them again. Only a system that has advice pays for it.
    if (!model_.advice.empty() && !editing_) rebuild();
}

void Simulator::rebuild_for_user(const std::function<void()>& restore_old_value) {
    if (editing_) return;   // a structural change rebuilds once, after all its edits
    struct UserRebuild {
        bool& flag;
        explicit UserRebuild(bool& f) : flag(f) { flag = true; }
        ~UserRebuild() { flag = false; }
    } user_rebuild(user_rebuild_);
    try {
        rebuild();
    } catch (...) {
        restore_old_value();
        rebuild();
        throw;
    }
}

namespace {
ArrayParameterInfo& array_named(Model& model, const NameIndex& names, std::string_view name) {
    for (ArrayParameterInfo& a : model.arrays)
        if (a.path == name) return a;
    if (names.find_parameter(name)) throw std::invalid_argument(std::string(name) + " is a number, not a vector or matrix: set it with a number");
    std::vector<std::string> paths;
    for (const ArrayParameterInfo& a : model.arrays) paths.push_back(a.path);
    std::string hint = did_you_mean(name, paths);
    if (hint.empty()) hint = paths.empty() ? " (this system has none)" : "";
    throw std::invalid_argument("unknown vector or matrix parameter '" + std::string(name) + "'" + hint);
}
}  // namespace

void Simulator::set_parameter(std::string_view name, const ArrayParameter& value) { set_parameters({{std::string(name), value}}); }

void Simulator::set_parameters(const std::vector<std::pair<std::string, ArrayParameter>>& values) {
    std::vector<ArrayParameter> admitted;   // each checked against its spec before any is set
    for (const auto& [name, given] : values) {
        const ArrayParameterInfo& a = array_named(model_, names_, name);
        admitted.push_back(a.spec.with_rank_of_empty(given));
        if (const std::string why = a.spec.refusal(admitted.back()); !why.empty()) throw std::invalid_argument(a.path + " " + why);
    }
    std::vector<std::pair<ArrayParameter*, ArrayParameter>> same_shape;   // the values before, for a failed rebuild
    std::vector<ArrayParameter*> reshaped;
    bool rebuild_needed = false;
    for (std::size_t k = 0; k < values.size(); ++k) {
        const ArrayParameterInfo& a = array_named(model_, names_, values[k].first);
        ArrayParameter& target = *a.value;
        if (target.same_shape(admitted[k])) {
            same_shape.emplace_back(&target, target);
            target.assign_values(admitted[k]);   // the elements keep their addresses
            rebuild_needed |= a.spec.element.structural;
        } else {
            // A new shape: the old storage is kept until a build registers the new one, so that the elements' entries
            // never point into freed memory and an undo can put the same storage back.
            retired_arrays_.emplace_back(&target, std::move(target));
            target = std::move(admitted[k]);
            reshaped.push_back(&target);
            rebuild_needed = true;
        }
    }
    if (!rebuild_needed) {
        parameter_values_changed();
        return;
    }
    // Rebuilt once for all, states carried over by name; if the new structure does not build, every old value is back.
    rebuild_for_user([&] {
        for (auto it = reshaped.rbegin(); it != reshaped.rend(); ++it) undo_array_reshape(**it);
        for (auto& [target, before] : same_shape) target->assign_values(before);
    });
}

bool Simulator::undo_array_reshape(ArrayParameter& target) {
    for (auto it = retired_arrays_.rbegin(); it != retired_arrays_.rend(); ++it) {
        if (it->first != &target) continue;
        target = std::move(it->second);
        retired_arrays_.erase(std::next(it).base());
        return true;
    }
    return false;
}

const ArrayParameter& Simulator::array_parameter(std::string_view name) const {
    return *array_named(const_cast<Model&>(model_), names_, name).value;
}

void Simulator::set_choice(std::string_view name, const std::string& value) {
    const ChoiceInfo& c = names_.choice(name);
    if (!c.spec->admits(value))
        throw std::invalid_argument(c.path + " = '" + value + "' is not one of its options (" + c.spec->options_text() + ")" +
                                    did_you_mean(value, c.spec->options));
    std::string* target = c.value;
    const std::string old = *target;
    *target = value;
    try {
        rebuild();
    } catch (...) {
        *target = old;
        rebuild();
        throw;
    }
}

const std::string& Simulator::choice(std::string_view name) const { return *names_.choice(name).value; }

double Simulator::parameter(std::string_view name) const {
    const ParameterInfo& p = model_.parameters[names_.parameter_index(name)];
    refuse_reshaped_element(model_, p);
    return *p.value;
}

const double* Simulator::find_value(std::string_view name) const { return names_.find_value(name); }

std::string Simulator::unit(std::string_view name) const { return names_.unit(name); }

std::vector<std::string> Simulator::value_names() const { return names_.value_names(); }

double Simulator::value(std::string_view name) const { return names_.value(name); }

}  // namespace lied
