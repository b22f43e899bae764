#include "systems/cli/export_fmu_command.h"

#include "components/input_table.h"
#include "core/simulation/simulator.h"
#include "systems/fmu/fmu_model.h"
#include "systems/io/system_file.h"

#include <zip.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <ostream>
#include <sstream>
#include <unistd.h>

namespace lied::systems {
namespace fs = std::filesystem;
namespace {

// An archive being written; discarded (no file left behind) unless close() succeeds.
class ZipWriter {
public:
    explicit ZipWriter(const std::string& path) : path_(path) {
        int error = 0;
        zip_ = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
        if (!zip_) {
            zip_error_t e;
            zip_error_init_with_code(&e, error);
            const std::string why = zip_error_strerror(&e);
            zip_error_fini(&e);
            throw OutputError("cannot write '" + path + "': " + why);
        }
    }
    ~ZipWriter() {
        if (zip_) zip_discard(zip_);
    }
    void add_text(const std::string& name, std::string text) {
        texts_.push_back(std::make_unique<std::string>(std::move(text)));   // zip reads the buffer at close()
        zip_source_t* source = zip_source_buffer(zip_, texts_.back()->data(), texts_.back()->size(), 0);
        add(name, source);
    }
    void add_file(const std::string& name, const std::string& file) { add(name, zip_source_file(zip_, file.c_str(), 0, -1)); }
    void close() {
        if (zip_close(zip_) != 0) throw OutputError("error while writing '" + path_ + "': " + zip_strerror(zip_));
        zip_ = nullptr;
    }

private:
    void add(const std::string& name, zip_source_t* source) {
        if (!source || zip_file_add(zip_, name.c_str(), source, ZIP_FL_OVERWRITE | ZIP_FL_ENC_UTF_8) < 0) {
            if (source) zip_source_free(source);
            throw OutputError("cannot add '" + name + "' to '" + path_ + "': " + zip_strerror(zip_));
        }
    }
    std::string path_;
    zip_t* zip_ = nullptr;
    std::vector<std::unique_ptr<std::string>> texts_;
};

std::string executable_folder() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : self.parent_path().string();
}

}  // namespace

std::string fmu_runtime_path() {
    const std::string here = executable_folder();
    std::vector<fs::path> candidates;
    if (!here.empty()) candidates = {fs::path(here) / "../lib/lied/liblied_fmu.so", fs::path(here) / "fmu/liblied_fmu.so"};
#ifdef LIED_FMU_RUNTIME_BUILD
    candidates.emplace_back(LIED_FMU_RUNTIME_BUILD);
#endif
    for (auto& c : candidates) {
        std::error_code ec;
        if (fs::is_regular_file(c, ec)) return fs::weakly_canonical(c, ec).string();
    }
    throw OutputError("the FMU runtime liblied_fmu.so is not next to this lied (build the target lied_fmu, or install Lied)");
}

int export_fmu_command(const std::string& system, const RunOptions& run_options, const ExportOptions& options, std::ostream& out) {
    if (options.out.empty()) throw UsageError("export-fmu needs -o FILE.fmu");
    if (fs::path(options.out).extension() != ".fmu") throw UsageError("-o '" + options.out + "': an FMU is a .fmu file");
    if (options.fmi_version != "2" && options.fmi_version != "3") throw UsageError("--fmi-version is 2 or 3, got '" + options.fmi_version + "'");
    ResolvedSystem entry = resolve_system(system);
    RunSettings settings = run_settings(entry.settings, run_options);
    // The importer drives the inputs: no time table does in an FMU.
    if (!settings.inputs.empty() && !run_options.inputs.empty())
        throw UsageError("export-fmu: --inputs drives inputs from a table, but an FMU's inputs are set by the importer");
    settings.inputs.clear();
    components::release_input_tables(*entry.root);
    if (settings.steady_state) throw UsageError("export-fmu: an FMU starts from its start values; a steady-state start is not kept in it");
    const auto sets = parse_assignments(run_options.sets);
    const bool builtin = !is_system_file_name(system);
    const std::string description = entry.description, name = entry.name;
    const std::vector<std::string> inputs = entry.files;
    auto sim = make_simulation(entry, settings, sets);
    if (!sim->scheduled_changes().empty() || !sim->event_changes().empty())
        throw UsageError("export-fmu: " + name + " changes its structure while it runs (actions); an FMU has a fixed set of variables, so it "
                         "cannot hold a variable-structure system");

    FmuConfig config;
    config.fmi_version = options.fmi_version == "3" ? 3 : 2;
    config.builtin = builtin;
    config.model_name = name;
    store_solver_settings(settings, config);
    config.sets = sets;
    // The outputs: the system's declared ones, and those named by --output; a system that declares none offers what it
    // records.
    config.outputs = options.outputs.empty() && sim->outputs().empty() ? settings.recorded : options.outputs;
    for (auto& o : config.outputs)
        if (!sim->find_value(o)) throw UsageError("--output: '" + o + "' is not a variable of " + name);

    // A system file goes into resources/ with every file it reads, at the same places relative to it.
    std::vector<std::pair<std::string, std::string>> resources;   // (name in the archive, file)
    if (!builtin) {
        const fs::path folder = fs::weakly_canonical(fs::path(system)).parent_path();
        std::vector<std::string> files = inputs;
        for (auto& c : sim->model().choices)
            if (c.spec->file_path && !c.value->empty()) files.push_back(fs::weakly_canonical(*c.value).string());
        for (auto& f : files) {
            if (fs::path(f).extension() == ".so")
                throw UsageError("export-fmu: '" + f + "' is a plugin; an FMU cannot load plugins yet (its engine exports no symbols to them)");
            const fs::path relative = fs::path(f).lexically_relative(folder);
            if (relative.empty() || *relative.begin() == "..")
                throw UsageError("export-fmu: '" + f + "' is outside the folder of " + system +
                                 " (rule: an FMU's resources hold the system file and the files it reads, below its folder)");
            const std::string archived = "resources/system/" + relative.generic_string();
            if (std::find_if(resources.begin(), resources.end(), [&](auto& r) { return r.first == archived; }) == resources.end())
                resources.emplace_back(archived, f);
        }
        config.system = "system/" + fs::path(system).filename().generic_string();
    } else {
        config.system = name;
    }
    const std::vector<FmuVariable> variables = fmu_variables(*sim, config.outputs, config.fmi_version);
    config.guid = fmu_guid(config, variables);
    const std::string xml = model_description_xml(config, variables, sim->model().zero_crossings.size(), settings.t_end, description);

    const std::string runtime = fmu_runtime_path();
    create_folder_for(options.out);
    for (auto& in : inputs)
        if (same_file(options.out, in)) throw UsageError("-o '" + options.out + "' is an input file; choose another name");
    ZipWriter zip(options.out);
    zip.add_text("modelDescription.xml", xml);
    zip.add_file(fmu_binary_folder(config.fmi_version) + "/" + model_identifier(name) + ".so", runtime);
    // The libraries the runtime carries beside it (yaml-cpp under its soname), which it finds next to itself.
    for (const char* library : {LIED_FMU_CARRIED_LIBRARIES}) {
        const fs::path beside = fs::path(runtime).parent_path() / library;
        if (!fs::is_regular_file(beside)) throw OutputError("the FMU runtime's " + std::string(library) + " is not beside " + runtime);
        zip.add_file(fmu_binary_folder(config.fmi_version) + "/" + library, beside.string());
    }
    zip.add_text("resources/lied_fmu.txt", write_fmu_config(config));
    for (auto& [archived, file] : resources) zip.add_file(archived, file);
    zip.close();
    out << "FMU: " << options.out << " (FMI " << config.fmi_version << ".0, Model Exchange and Co-Simulation; " << sim->model().states.size() << " states, "
        << sim->model().zero_crossings.size() << " event indicators, " << variables.size() << " variables, model identifier "
        << model_identifier(name) << ")\n";
    return 0;
}

}  // namespace lied::systems
