#pragma once
// An FMI importer as a co-simulation master or a Model Exchange solver would be: unpacks an FMU (libzip), loads
// its binary (binaries/linux64 for FMI 2, binaries/x86_64-linux for FMI 3) with dlopen, looks the functions up by
// name, and finds value references by variable name in modelDescription.xml. Used by the FMU tests only.
#include "systems/fmu/fmi2.h"

#include <dlfcn.h>
#include <cstdarg>
#include <cstdio>
#include <zip.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace lied::testing {

inline void unzip(const std::string& archive, const std::filesystem::path& into) {
    int error = 0;
    zip_t* z = zip_open(archive.c_str(), ZIP_RDONLY, &error);
    if (!z) throw std::runtime_error("cannot open " + archive);
    for (zip_int64_t i = 0; i < zip_get_num_entries(z, 0); ++i) {
        const std::string name = zip_get_name(z, static_cast<zip_uint64_t>(i), 0);
        zip_stat_t st;
        zip_stat_index(z, static_cast<zip_uint64_t>(i), 0, &st);
        std::string data(st.size, '\0');
        zip_file_t* f = zip_fopen_index(z, static_cast<zip_uint64_t>(i), 0);
        zip_fread(f, data.data(), st.size);
        zip_fclose(f);
        const auto path = into / name;
        std::filesystem::create_directories(path.parent_path());
        std::ofstream(path, std::ios::binary) << data;
    }
    zip_close(z);
}

struct FmiImporter {
    std::filesystem::path root;
    std::string xml, guid, identifier;   // guid: FMI 2's guid or FMI 3's instantiationToken
    int version = 2;
    void* library = nullptr;
    std::vector<std::string> log;   // what the FMU's logger said

    template <class F>
    F function(const char* name) {
        auto f = reinterpret_cast<F>(dlsym(library, name));
        if (!f) throw std::runtime_error(std::string("the FMU lacks ") + name);
        return f;
    }

    FmiImporter(const std::string& fmu, const std::filesystem::path& folder) : root(folder) {
        unzip(fmu, root);
        std::ifstream in(root / "modelDescription.xml");
        std::stringstream s;
        s << in.rdbuf();
        xml = s.str();
        std::smatch m;
        version = xml.find("fmiVersion=\"3.0\"") != std::string::npos ? 3 : 2;
        if (!std::regex_search(xml, m, std::regex(version == 3 ? "instantiationToken=\"([^\"]+)\"" : "guid=\"([^\"]+)\"")))
            throw std::runtime_error("no guid or instantiation token");
        guid = m[1];
        if (!std::regex_search(xml, m, std::regex("modelIdentifier=\"([^\"]+)\""))) throw std::runtime_error("no modelIdentifier");
        identifier = m[1];
        const auto so = root / "binaries" / (version == 3 ? "x86_64-linux" : "linux64") / (identifier + ".so");
        library = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!library) throw std::runtime_error(dlerror());
    }
    ~FmiImporter() {
        if (library) dlclose(library);
    }

    // The FMI 2 functions a test calls, looked up once.
    struct Fmi2 {
        decltype(&fmi2Instantiate) instantiate;
        decltype(&fmi2SetupExperiment) setup;
        decltype(&fmi2EnterInitializationMode) enter;
        decltype(&fmi2ExitInitializationMode) exit;
        decltype(&fmi2SetReal) set_real;
        decltype(&fmi2GetReal) get_real;
        decltype(&fmi2GetRealStatus) get_real_status;
        decltype(&fmi2DoStep) do_step;
        decltype(&fmi2NewDiscreteStates) new_discrete;
        decltype(&fmi2EnterContinuousTimeMode) enter_continuous;
        decltype(&fmi2SetContinuousStates) set_states;
        decltype(&fmi2GetContinuousStates) get_states;
        decltype(&fmi2GetDirectionalDerivative) directional;
        decltype(&fmi2SetDebugLogging) debug;
        decltype(&fmi2FreeInstance) free_instance;
    };
    Fmi2 fmi2() {
        return {function<decltype(&fmi2Instantiate)>("fmi2Instantiate"), function<decltype(&fmi2SetupExperiment)>("fmi2SetupExperiment"),
                function<decltype(&fmi2EnterInitializationMode)>("fmi2EnterInitializationMode"),
                function<decltype(&fmi2ExitInitializationMode)>("fmi2ExitInitializationMode"), function<decltype(&fmi2SetReal)>("fmi2SetReal"),
                function<decltype(&fmi2GetReal)>("fmi2GetReal"), function<decltype(&fmi2GetRealStatus)>("fmi2GetRealStatus"),
                function<decltype(&fmi2DoStep)>("fmi2DoStep"), function<decltype(&fmi2NewDiscreteStates)>("fmi2NewDiscreteStates"),
                function<decltype(&fmi2EnterContinuousTimeMode)>("fmi2EnterContinuousTimeMode"),
                function<decltype(&fmi2SetContinuousStates)>("fmi2SetContinuousStates"),
                function<decltype(&fmi2GetContinuousStates)>("fmi2GetContinuousStates"),
                function<decltype(&fmi2GetDirectionalDerivative)>("fmi2GetDirectionalDerivative"),
                function<decltype(&fmi2SetDebugLogging)>("fmi2SetDebugLogging"), function<decltype(&fmi2FreeInstance)>("fmi2FreeInstance")};
    }
    // An instance of `type` named `name`, with the test's logger; null if the FMU refuses it.
    fmi2Component instantiate(const Fmi2& f, const char* name, fmi2Type type) {
        callbacks_ = callbacks();
        return f.instantiate(name, type, guid.c_str(), resource_uri().c_str(), &callbacks_, fmi2False, fmi2False);
    }

    fmi2ValueReference vr(const std::string& name) const {
        const std::string key = "name=\"" + name + "\" valueReference=\"";
        const auto p = xml.find(key);
        if (p == std::string::npos) throw std::runtime_error("no variable " + name);
        return static_cast<fmi2ValueReference>(std::stoul(xml.substr(p + key.size())));
    }
    std::string resource_uri() const { return "file://" + std::filesystem::absolute(root / "resources").string(); }
    std::string resource_path() const { return std::filesystem::absolute(root / "resources").string() + "/"; }   // FMI 3

    static void logger(fmi2ComponentEnvironment env, fmi2String, fmi2Status, fmi2String, fmi2String message, ...) {
        // Lied passes its text as the argument of "%s".
        va_list args;
        va_start(args, message);
        char buffer[2048];
        std::vsnprintf(buffer, sizeof buffer, message, args);
        va_end(args);
        static_cast<FmiImporter*>(env)->log.emplace_back(buffer);
    }
    static void log_message(void* env, int, const char*, const char* message) { static_cast<FmiImporter*>(env)->log.emplace_back(message); }
    fmi2CallbackFunctions callbacks() { return {&FmiImporter::logger, nullptr, nullptr, nullptr, this}; }
    fmi2CallbackFunctions callbacks_{};   // what instantiate() passes (the FMU keeps its address)
};

}  // namespace lied::testing
