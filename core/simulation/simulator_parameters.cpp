// The Simulator's parameters and choices by name: checked by the name index and the parameter's own range, applied
// at once, or by a rebuild where the value is read at build (a count that sizes the structure, a medium).
#include "core/simulation/simulator.h"

#include "core/support/closest_name.h"

#include <sstream>

namespace lied {

void Simulator::set_parameter(std::string_view name, double value) {
    const ParameterInfo& p = model_.parameters[names_.parameter_index(name)];
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
        if (editing_) return;
        struct UserRebuild {
            bool& flag;
            explicit UserRebuild(bool& f) : flag(f) { flag = true; }
            ~UserRebuild() { flag = false; }
        } user_rebuild(user_rebuild_);
        try {
            rebuild();
        } catch (...) {
            if (system_default) {
                *system_default = old;
                if (followed) system_default->follow_default();
            } else {
                *target = old;
            }
            rebuild();
            throw;
        }
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
    evaluator_.linear_system().invalidate();
    restart_integrator();
    audit_user_change();   // a new area under the same level holds another mass: the user's change
    // Advice is worked out as the components describe themselves: a set that may answer it (a pump's omega_par)
    // describes them again. Only a system that has advice pays for it.
    if (!model_.advice.empty() && !editing_) rebuild();
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

double Simulator::parameter(std::string_view name) const { return *model_.parameters[names_.parameter_index(name)].value; }

const double* Simulator::find_value(std::string_view name) const { return names_.find_value(name); }

std::string Simulator::unit(std::string_view name) const { return names_.unit(name); }

std::vector<std::string> Simulator::value_names() const { return names_.value_names(); }

double Simulator::value(std::string_view name) const { return names_.value(name); }

}  // namespace lied
