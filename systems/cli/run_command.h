#pragma once
// `lied run <system>`: simulate, print the final values, write results (CSV or MAT) and a plot.
#include "systems/cli/cli_common.h"

#include <iosfwd>
#include <string>

namespace lied::systems {

struct OutputOptions {
    std::string out;         // .csv or .mat
    std::string plot;        // .png, .svg or .pdf
    std::string plot_vars;   // "a,b;c": the panels of the plot
};

// Returns the exit code: 0 done, 1 the simulation failed, 130 interrupted (results so far written); throws
// UsageError and OutputError for the caller to report.
int run(const std::string& system, const RunOptions& options, const OutputOptions& outputs, bool quiet, std::ostream& out,
        std::ostream& err);

}  // namespace lied::systems
