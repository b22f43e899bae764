#pragma once
// Loads component plugins (core/plugins/plugin.h) into the running program and registers their types. Plugins stay
// loaded for the life of the process: the components they make use their code.
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

namespace lied {

struct PluginError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct LoadedPlugin {
    std::string path;                 // as given
    std::vector<std::string> types;   // the component types it registered
};

// Loads `path` (a second load of the same file does nothing) and returns what it registered. Throws PluginError
// naming the file and the broken rule: the file cannot be loaded (with the loader's message: a missing file, a
// symbol the program does not have), it is not a Lied plugin, it was built against another Lied or C++ ABI, or
// a type name it brings exists already (then none of its types is registered).
const LoadedPlugin& load_plugin(const std::string& path);

const std::deque<LoadedPlugin>& loaded_plugins();

}  // namespace lied
