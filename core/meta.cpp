#include "core/meta.h"

namespace lied {

std::string Meta::join(std::string_view name) const {
    if (path_.empty()) return std::string(name);
    std::string s = path_;
    s += '.';
    s += name;
    return s;
}

void Meta::component(Component& child, std::string_view name, std::string_view description) {
    const int index = static_cast<int>(model_.components.size());
    model_.components.push_back({join(name), &child, std::string(description)});
    Meta child_meta(model_, join(name), index);
    child.metainfo(child_meta);
}

void Meta::plug(Plug& plug, std::string_view name) {
    const std::string plug_path = join(name);
    model_.plugs.push_back({plug_path, &plug, component_});
    plug.members([&](SignalBase& s, std::string_view member) {
        model_.signals.push_back({plug_path + "." + std::string(member), &s, component_});
    });
}

void Meta::signal(SignalBase& signal, std::string_view name) {
    model_.signals.push_back({join(name), &signal, component_});
}

void Meta::add_block(Block block, std::string_view name, Reads reads, Writes writes) {
    model_.blocks.push_back({join(name), block, std::vector<const SignalBase*>(reads),
                             std::vector<const OutBase*>(writes), component_});
}

void Meta::add_block(Block block, std::string_view name, std::vector<const SignalBase*> reads, std::vector<const OutBase*> writes) {
    model_.blocks.push_back({join(name), block, std::move(reads), std::move(writes), component_});
}

void Meta::state(State& state, std::string_view name, double nominal, std::string_view unit) {
    model_.states.push_back({join(name), &state, nominal, std::string(unit), component_});
    signal(state.value, name);
    signal(state.der, "der(" + std::string(name) + ")");
}

void Meta::tearing(Out<double>& variable, std::string_view name) {
    model_.tearing.push_back({join(name), &variable, component_});
    signal(variable, name);
}

void Meta::residual(Out<double>& residual, std::string_view name) {
    model_.residuals.push_back({join(name), &residual, component_});
    signal(residual, name);
}

void Meta::parameter(double& value, std::string_view name, ParameterSpec spec) {
    model_.parameters.push_back({join(name), &value, std::move(spec), component_});
}

void Meta::parameter(SystemDefault& value, std::string_view name, std::string_view key, ParameterSpec spec) {
    spec.description += (spec.description.empty() ? "" : "; ") + std::string("system default ") + std::string(key);
    model_.parameters.push_back({join(name), value.storage(), std::move(spec), component_, &value});
    model_.system_defaults.push_back({join(name), &value, std::string(key), component_});
}

void Meta::provide_default(double& value, std::string_view name, std::string_view key, ParameterSpec spec) {
    spec.description += (spec.description.empty() ? "" : "; ") + std::string("sets the system default ") + std::string(key);
    model_.parameters.push_back({join(name), &value, std::move(spec), component_});
    const auto dot = path_.rfind('.');
    const std::string scope = dot == std::string::npos ? std::string() : path_.substr(0, dot);
    model_.default_providers.push_back({join(name), scope, std::string(key), &value, component_});
}

void Meta::variable(const double& value, std::string_view name, std::string_view unit) {
    model_.variables.push_back({join(name), &value, std::string(unit), component_});
}

}  // namespace lied
