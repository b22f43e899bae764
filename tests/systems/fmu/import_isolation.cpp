// An importer that has its own CVODE, KLU and spdlog: this program defines functions of the same names that fail
// loudly, and exports them as an importer's executable or an earlier-loaded library would. Each is one the FMU calls
// on every run (CVODE's and KLU's set-up, spdlog's logger lookup). An FMU whose calls bound to the importer's
// definitions would stop here (a Lied FMU did, at klu_defaults, before it carried its own libraries); a Lied FMU
// calls its own copies. fmt has no stand-in: the imports check (check_fmu_imports.sh) finds any fmt import. Usage:
//   lied_fmu_import_isolation FMU FOLDER: unpacks FMU into FOLDER, co-simulates it for 2 s, exit 0 if all went well.
#include "support/fmi_importer.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {
[[noreturn]] void called_the_importers(const char* name) {
    std::fprintf(stderr, "import_isolation: the FMU called the importer's %s instead of its own\n", name);
    std::_Exit(2);
}
}  // namespace

// Same names and signatures as the libraries' (written out, so that this program does not link them).
extern "C" {
void* CVodeCreate(int) { called_the_importers("CVodeCreate"); }
int CVodeInit(void*, void*, double, void*) { called_the_importers("CVodeInit"); }
int SUNContext_Create(void*, void**) { called_the_importers("SUNContext_Create"); }
int klu_defaults(void*) { called_the_importers("klu_defaults"); }         // the engine's own sparse L
int klu_l_defaults(void*) { called_the_importers("klu_l_defaults"); }     // CVODE's KLU solver (above the dense limit)
}
namespace spdlog {
class logger;
logger* default_logger_raw() { called_the_importers("spdlog::default_logger_raw"); }
}  // namespace spdlog

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s FMU FOLDER\n", argv[0]);
        return 1;
    }
    try {
        lied::testing::FmiImporter fmu(argv[1], argv[2]);
        auto instantiate = fmu.function<decltype(&fmi2Instantiate)>("fmi2Instantiate");
        auto setup = fmu.function<decltype(&fmi2SetupExperiment)>("fmi2SetupExperiment");
        auto enter = fmu.function<decltype(&fmi2EnterInitializationMode)>("fmi2EnterInitializationMode");
        auto exit = fmu.function<decltype(&fmi2ExitInitializationMode)>("fmi2ExitInitializationMode");
        auto get_real = fmu.function<decltype(&fmi2GetReal)>("fmi2GetReal");
        auto do_step = fmu.function<decltype(&fmi2DoStep)>("fmi2DoStep");
        auto free_instance = fmu.function<decltype(&fmi2FreeInstance)>("fmi2FreeInstance");
        const fmi2CallbackFunctions callbacks = fmu.callbacks();
        fmi2Component c = instantiate("isolated", fmi2CoSimulation, fmu.guid.c_str(), fmu.resource_uri().c_str(), &callbacks, fmi2False, fmi2True);
        bool ok = c && setup(c, fmi2False, 0, 0, fmi2False, 0) == fmi2OK && enter(c) == fmi2OK && exit(c) == fmi2OK;
        // The rod's energy before and after 2 s of heating at one end: it must have risen.
        const fmi2ValueReference energy = fmu.vr("rod.U");
        double before = NAN, after = NAN;
        ok = ok && get_real(c, &energy, 1, &before) == fmi2OK;
        for (int k = 0; ok && k < 20; ++k) ok = do_step(c, 0.1 * k, 0.1, fmi2True) == fmi2OK;
        ok = ok && get_real(c, &energy, 1, &after) == fmi2OK && std::isfinite(after) && after > before;
        if (c) free_instance(c);
        for (const auto& line : fmu.log) std::fprintf(stderr, "FMU log: %s\n", line.c_str());
        std::fprintf(stderr, "import_isolation: %s (rod.U from %.9g to %.9g J)\n", ok ? "the FMU ran on its own libraries" : "the FMU failed", before, after);
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "import_isolation: %s\n", e.what());
        return 1;
    }
}
