#pragma once
// `lied sweep <system> --vary NAME=LO:HI:N ...`: many runs of one system with parameters varied on a grid
// or by Monte Carlo sampling, on all local cores, and across machines with MPI (`mpirun -n 8 lied sweep ...`).
// With --vary-inputs, every case runs once per input table (components/input_table.h), the table named in its row.
// One summary table (case, status, the varied values, the chosen outputs, the message of a failed case); a
// failing case is a row, not the end of the sweep.
#include "systems/cli/cli_common.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace lied::systems {

struct SweepOptions {
    std::vector<std::string> vary;      // NAME=LO:HI:N (grid) or NAME=LO:HI (with --samples)
    std::string samples, seed;          // Monte Carlo: number of cases, seed of the generator
    std::vector<std::string> outputs;   // NAME (its final value) or NAME:final|min|max|mean
    std::string out;                    // the summary table (.csv)
    std::string case_results;           // a folder for each case's results (case_0001.csv, or .mat)
    std::string case_format = "csv";
    std::string jobs;                   // threads per process
    std::vector<std::string> input_tables;   // each case runs with each of these input tables (an outer dimension)
};
void add_sweep_options(CLI::App& command, SweepOptions& options);

// One varied parameter.
struct Variation {
    std::string name;
    double low, high;
    int count;   // grid points; 0 under Monte Carlo
};
// Parses "NAME=LO:HI:N" (grid) or "NAME=LO:HI" (Monte Carlo); throws UsageError naming the rule.
Variation parse_variation(const std::string& text, bool monte_carlo);
// The cases: the grid's Cartesian product (the first variation slowest), or `samples` uniform draws from the
// ranges by a 64-bit Mersenne twister seeded with `seed` (the same cases on any number of processes).
std::vector<std::vector<double>> sweep_cases(const std::vector<Variation>& variations, long samples, unsigned long seed);

// The statistic of a recorded column: "final", "min", "max" or "mean" (over the output samples).
struct SweepOutput {
    std::string name, statistic;
    std::string header() const { return statistic == "final" ? name : statistic + "(" + name + ")"; }
};
SweepOutput parse_sweep_output(const std::string& text);

int sweep_command(const std::string& system, const RunOptions& run_options, const SweepOptions& options, bool quiet, std::ostream& out,
                  std::ostream& err);

}  // namespace lied::systems
