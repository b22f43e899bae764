#pragma once
// Component plugins: a shared library of component types, compiled once against the installed Lied and loaded
// by `lied` at run time (`--plugin libx.so`, or `plugins: [libx.so]` in a system file), so that a new
// component type needs no rebuild of Lied. In the plugin, once:
//
//     #include "core/plugins/plugin.h"
//     LIED_PLUGIN(registrar) {
//         registrar.add<Heater>("Heater", "electric heater with a thermostat");
//     }
//
// The loader (core/plugins/plugin_loader.h) checks the ABI stamp before it calls anything else, and registers the types
// only if none of their names exists yet.
#include "core/model/component.h"
#include "core/model/component_registry.h"

#include <memory>
#include <string>
#include <vector>

// Raised whenever a change to core/ breaks plugins built before it (class layouts, the registrar). 2: an In's read
// address moved into InBase (pass-throughs), Model counts cut offers (Meta::offer_cut). 3: parameter and range
// texts are SpecText, Meta::choice keeps the spec's address. 4: SpecText owns its text in a buffer of its own
// (32 instead of 48 bytes; its literal constructor is consteval). 5: the Model holds the system's inputs and outputs
// (Meta::input, Meta::output), a variable has a value type (Meta::variable with ValueType), the model holds advice
// (Meta::advise). 6: the Model holds starts by derivative (Meta::start_derivative), Medium names its mass fraction,
// thermofluid components that own a flow hold how it starts (FlowStartChoice). 7: an Out's value is reached through
// value() only (its member is private, the first step to values the engine lays out), signals lost their loop rule,
// conflict and fallback members (Plug::loop_rule instead), the model holds after-step handlers (Meta::after_step).
#define LIED_PLUGIN_ABI_VERSION 7

namespace lied {

class PluginRegistrar {
public:
    template <class Type>
    void add(std::string name, std::string description) {
        types_.push_back({std::move(name), std::move(description), [] { return std::make_unique<Type>(); }});
    }
    const std::vector<ComponentType>& types() const { return types_; }

private:
    std::vector<ComponentType> types_;
};

// What a plugin was built against; compared with the loading program's own stamp.
struct PluginAbi {
    int abi_version;          // LIED_PLUGIN_ABI_VERSION
    const char* lied_version; // LIED_VERSION of the headers
    int compiler_abi;         // __GXX_ABI_VERSION: the C++ library's ABI
};

}  // namespace lied

#ifndef LIED_VERSION
#error "LIED_VERSION is not defined: link the plugin to lied::plugin (find_package(lied)), which defines it"
#endif

#define LIED_PLUGIN(registrar)                                                                                      \
    extern "C" __attribute__((visibility("default"))) const ::lied::PluginAbi* lied_plugin_abi() {                 \
        static const ::lied::PluginAbi abi{LIED_PLUGIN_ABI_VERSION, LIED_VERSION, __GXX_ABI_VERSION};              \
        return &abi;                                                                                               \
    }                                                                                                              \
    static void lied_plugin_register_body(::lied::PluginRegistrar& registrar);                                     \
    extern "C" __attribute__((visibility("default"))) void lied_plugin_register(::lied::PluginRegistrar& r) {     \
        lied_plugin_register_body(r);                                                                              \
    }                                                                                                              \
    static void lied_plugin_register_body(::lied::PluginRegistrar& registrar)
