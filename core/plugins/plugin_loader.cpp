#include "core/plugins/plugin_loader.h"

#include "core/model/component_registry.h"
#include "core/plugins/plugin.h"

#include <dlfcn.h>

#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>

namespace lied {
namespace {

std::deque<LoadedPlugin>& registry() {
    static std::deque<LoadedPlugin> plugins;   // a deque: references to loaded plugins stay valid
    return plugins;
}

std::string canonical(const std::string& path) {
    std::error_code ec;
    const auto p = std::filesystem::canonical(path, ec);
    return ec ? path : p.string();
}

}  // namespace

const std::deque<LoadedPlugin>& loaded_plugins() { return registry(); }

const LoadedPlugin& load_plugin(const std::string& path) {
    static std::mutex mutex;
    const std::lock_guard lock(mutex);
    const std::string file = canonical(path);
    for (auto& p : registry())
        if (canonical(p.path) == file) return p;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) throw PluginError("plugin '" + path + "': no such file");
    // A path with a slash: dlopen never searches the library path for a file the user named.
    const std::string to_open = std::filesystem::path(file).is_absolute() ? file : "./" + file;
    dlerror();
    void* handle = dlopen(to_open.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        throw PluginError("plugin '" + path + "' cannot be loaded: " + std::string(why ? why : "unknown reason") +
                          " (rule: a plugin is a shared library built against this Lied, linked to lied::plugin)");
    }
    auto close = [handle] { dlclose(handle); };
    using AbiFunction = const PluginAbi* (*)();
    using RegisterFunction = void (*)(PluginRegistrar&);
    auto abi = reinterpret_cast<AbiFunction>(dlsym(handle, "lied_plugin_abi"));
    auto register_types = reinterpret_cast<RegisterFunction>(dlsym(handle, "lied_plugin_register"));
    if (!abi || !register_types) {
        close();
        throw PluginError("plugin '" + path + "' is not a Lied plugin: it lacks the symbol " +
                          std::string(!abi ? "lied_plugin_abi" : "lied_plugin_register") + " (rule: a plugin defines LIED_PLUGIN(registrar) once)");
    }
    const PluginAbi* stamp = abi();
    if (stamp->abi_version != LIED_PLUGIN_ABI_VERSION || std::string(stamp->lied_version) != LIED_VERSION ||
        stamp->compiler_abi != __GXX_ABI_VERSION) {
        const std::string built = "Lied " + std::string(stamp->lied_version) + ", plugin ABI " + std::to_string(stamp->abi_version) +
                                  ", C++ ABI " + std::to_string(stamp->compiler_abi);
        const std::string here = "Lied " + std::string(LIED_VERSION) + ", plugin ABI " + std::to_string(LIED_PLUGIN_ABI_VERSION) +
                                 ", C++ ABI " + std::to_string(__GXX_ABI_VERSION);
        close();
        throw PluginError("plugin '" + path + "' was built against " + built + "; this program is " + here +
                          " (rule: rebuild the plugin against the installed Lied)");
    }
    PluginRegistrar registrar;
    register_types(registrar);
    ComponentRegistry& types = ComponentRegistry::instance();
    for (std::size_t i = 0; i < registrar.types().size(); ++i) {
        const ComponentType& t = registrar.types()[i];
        bool twice = false;
        for (std::size_t j = 0; j < i; ++j) twice |= registrar.types()[j].name == t.name;
        if (types.find(t.name) || twice) {
            // Nothing is registered and the library stays loaded: its code may have run static initialisers.
            throw PluginError("plugin '" + path + "': component type '" + t.name + "' exists already" +
                              (twice ? " in the same plugin" : std::string(" (lied list --components)")) +
                              " (rule: a type name is unique; rename the plugin's type)");
        }
    }
    LoadedPlugin loaded{path, {}};
    for (auto& t : registrar.types()) {
        types.add(t);
        loaded.types.push_back(t.name);
    }
    registry().push_back(std::move(loaded));
    return registry().back();
}

}  // namespace lied
