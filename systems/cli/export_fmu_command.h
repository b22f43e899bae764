#pragma once
// `lied export-fmu <system> -o X.fmu [--fmi-version 2|3]`: an FMI 2.0 (or 3.0) FMU for Model Exchange and Co-Simulation of a built-in system
// or a system file. The FMU holds modelDescription.xml, the Lied runtime as binaries/linux64/<model>.so (the
// engine and every component type; binaries/x86_64-linux for FMI 3), and in resources/ the system file with the files it reads.
#include "systems/cli/cli_common.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace lied::systems {

struct ExportOptions {
    std::string out;                    // X.fmu
    std::vector<std::string> outputs;   // variables with causality "output" (default: the system's recorded ones)
    std::string fmi_version = "2";      // "2" or "3"
};

int export_fmu_command(const std::string& system, const RunOptions& run_options, const ExportOptions& options, std::ostream& out);

// The runtime library copied into every FMU: next to an installed lied, or in the build tree.
std::string fmu_runtime_path();

}  // namespace lied::systems
