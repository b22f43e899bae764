#pragma once
// System files: compose and run a system without a compiler. YAML (JSON is accepted too, as the subset it
// is) names components from the component registry, sets their parameters, connects plugs and signals,
// may use other files as subsystems, and holds the run settings. Errors name the file, the path inside it
// and the line: "vessels.yaml:7:11: components.p1.type: unknown component type 'PresureDrop' (...)".
#include "core/composite.h"
#include "systems/system_registry.h"

#include <memory>
#include <stdexcept>
#include <string>

namespace lied::systems {

class SystemFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct LoadedSystem {
    std::string name;
    std::string description;
    std::unique_ptr<Composite> root;
    RunSettings settings;
};

// Throws SystemFileError for anything wrong in the file (never another exception type).
LoadedSystem load_system_file(const std::string& path);
// The same from text; `file_name` appears in messages, `directory` resolves the paths of subsystem files.
LoadedSystem parse_system_text(const std::string& text, const std::string& file_name, const std::string& directory);

// True for arguments that name a system file rather than a built-in system (".yaml", ".yml", ".json").
bool is_system_file_name(const std::string& argument);

}  // namespace lied::systems
