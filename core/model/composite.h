#pragma once
// A component assembled at runtime from named children (what a system file builds). It may expose chosen
// plugs, signals and parameters of its children under its own names, so it can be used as a subsystem.
#include "core/model/array_parameter.h"
#include "core/model/component.h"
#include "core/model/parameter_spec.h"
#include "core/model/system_default.h"
#include "core/model/plug.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace lied {

class Composite final : public Component {
public:
    explicit Composite(std::string type_name) : type_name_(std::move(type_name)) {}

    // Throws std::invalid_argument if the name is taken.
    Component& add(const std::string& name, std::unique_ptr<Component> child, std::string description = {});
    Component* child(const std::string& name) const;
    // Structural change: takes a child out (its connections are the caller's business) and puts one back
    // at a position in the order. take() throws std::invalid_argument for an unknown name.
    struct Taken {
        std::unique_ptr<Component> component;
        std::string description;
        std::size_t position;
    };
    Taken take(const std::string& name);
    Component& insert(const std::string& name, std::unique_ptr<Component> child, std::string description, std::size_t position);
    std::vector<std::string> child_names() const;   // in crawl order

    void expose_plug(const std::string& name, Plug& plug) { plugs_[name] = &plug; }
    void expose_signal(const std::string& name, SignalBase& signal) { signals_[name] = &signal; }
    // `follower` is set when the child's parameter follows a system default: setting the alias overrides it.
    void expose_parameter(const std::string& name, double& value, ParameterSpec spec, SystemDefault* follower = nullptr) {
        parameters_[name] = {&value, std::move(spec), follower};
    }
    struct ExposedParameter {
        double* value;
        ParameterSpec spec;
        SystemDefault* follower = nullptr;
    };
    // A child's vector or matrix parameter under this composite's name too: "plant.A" and "plant.lti.A" are one array,
    // and so are their elements ("plant.A[2,1]").
    void expose_array(const std::string& name, ArrayParameter& value, ArraySpec spec) { arrays_[name] = {&value, std::move(spec)}; }
    struct ExposedArray {
        ArrayParameter* value;
        ArraySpec spec;
    };
    // A system output (Meta::output): `name` names the value `value_path` of a child ("radiator.T_outA").
    void add_output(const std::string& name, std::string value_path, std::string description = {}) {
        outputs_.push_back({name, std::move(value_path), std::move(description)});
    }
    struct Output {
        std::string name, value_path, description;
    };
    const std::vector<Output>& outputs() const { return outputs_; }
    const std::map<std::string, Plug*>& exposed_plugs() const { return plugs_; }
    const std::map<std::string, SignalBase*>& exposed_signals() const { return signals_; }
    const std::map<std::string, ExposedParameter>& exposed_parameters() const { return parameters_; }
    const std::map<std::string, ExposedArray>& exposed_arrays() const { return arrays_; }

    void metainfo(Meta& meta) override;
    const char* type_name() const override { return type_name_.c_str(); }

private:
    struct Child {
        std::unique_ptr<Component> component;
        std::string description;
    };
    std::string type_name_;
    std::map<std::string, Child> children_;
    // The children in crawl order, as pointers to their map entries (map nodes do not move): metainfo walks these
    // instead of looking up each name, which on a network of 10⁴ children cost a tenth of a rebuild.
    std::vector<const std::pair<const std::string, Child>*> ordered_;
    std::map<std::string, Plug*> plugs_;
    std::map<std::string, SignalBase*> signals_;
    std::map<std::string, ExposedArray> arrays_;
    std::map<std::string, ExposedParameter> parameters_;
    std::vector<Output> outputs_;
};

}  // namespace lied
