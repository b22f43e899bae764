#pragma once
// System files: compose and run a system without a compiler. YAML (JSON is accepted too, as the subset it
// is) names components from the component registry, sets their parameters, connects plugs and signals,
// may use other files as subsystems, and holds the run settings. Errors name the file, the path inside it
// and the line: "vessels.yaml:7:11: components.p1.type: unknown component type 'PresureDrop' (...)".
#include "core/model/composite.h"
#include "core/simulation/structural_change.h"
#include "systems/io/system_registry.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace lied::systems {

// Limits on what a file may make the loader do: a system file is untrusted input.
inline constexpr std::size_t kMaxSystemFileBytes = 4u << 20;     // one file, 4 MiB
inline constexpr std::size_t kMaxExpandedComponents = 200'000;  // all files together, subsystems expanded

class SystemFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct LoadedSystem {
    std::string name;
    std::string description;
    std::unique_ptr<Composite> root;
    RunSettings settings;
    std::vector<std::string> files;    // every file read (this one and its subsystems), canonical paths
    std::vector<std::string> exposed;  // plugs and signals it exposes: a subsystem, not runnable on its own
    // The file's `actions`: structural changes at given times, to be scheduled on the simulator (in file order).
    std::vector<std::pair<double, StructuralChange>> actions;
    // Actions started by a state event instead of a time: the event's name ("when_1.crossed") and the change.
    std::vector<std::pair<std::string, StructuralChange>> event_actions;
};


// Throws SystemFileError for anything wrong in the file (never another exception type).
// `max_components` caps the components of all files together (tests use a small cap).
LoadedSystem load_system_file(const std::string& path, std::size_t max_components = kMaxExpandedComponents);
// The same from text; `file_name` appears in messages, `directory` resolves the paths of subsystem files.
LoadedSystem parse_system_text(const std::string& text, const std::string& file_name, const std::string& directory,
                               std::size_t max_components = kMaxExpandedComponents);

// What `lied list` shows of a file, read without loading it: no plugin is loaded, no subsystem or data file read,
// no component made. The file obeys the same rules as for loading (a regular file, the size cap).
struct SystemFileHeader {
    std::string name, description;
    bool subsystem = false;   // it exposes plugs for another file to connect
};
SystemFileHeader read_system_file_header(const std::string& path);   // throws SystemFileError

// Paths a system file names (subsystem files, data files, plugins) stay inside the folder tree of the top-level file;
// these folders are allowed besides (`lied --allow-folder DIR`). Process-wide, set before loading.
void allow_folder(const std::string& folder);
void clear_allowed_folders();

// True for arguments that name a system file rather than a built-in system (".yaml", ".yml", ".json").
bool is_system_file_name(const std::string& argument);

}  // namespace lied::systems
