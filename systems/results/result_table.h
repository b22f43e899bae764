#pragma once
// The results of one run as a table, independent of the file format: constants (parameters, one value each),
// time series sampled at common times, and the structure segments of a variable-structure run. Written as CSV
// by the Recorder, as a Modelica-style MAT file by mat_results.h, and read back from either for `lied plot`.
#include <cstddef>
#include <string>
#include <vector>

namespace lied {
class Recorder;
class Simulator;
}  // namespace lied

namespace lied::systems {

struct ResultVariable {
    std::string name;
    std::string description;   // free text, without the unit
    std::string unit;          // "" if none
};

struct ResultSegment {
    double start = 0, end = 0;   // [s]
    std::size_t states = 0;
    std::string change;          // the structural change that began it ("start" for the first)
};

struct ResultTable {
    std::vector<ResultVariable> constants;
    std::vector<double> constant_values;
    std::vector<ResultVariable> series;
    std::vector<double> times;
    std::vector<std::vector<double>> rows;   // rows[k][i]: series i at times[k]; NaN where it did not exist
    std::vector<ResultSegment> segments;
    double t_start = 0, t_end = 0;           // the simulated interval [s]

    // Series i as one column; throws std::invalid_argument for an unknown name (with a suggestion).
    std::size_t series_index(const std::string& name) const;
};

// The recorder's samples, the parameters of the structure at the start with their values then, and the
// simulator's segments. `initial_parameters` are (name, value) pairs taken before the run.
struct ParameterSnapshot {
    ResultVariable variable;
    double value;
};
std::vector<ParameterSnapshot> snapshot_parameters(const Simulator& sim);
ResultTable result_table(const Recorder& recorder, const Simulator& sim, const std::vector<ParameterSnapshot>& parameters,
                         double t_start);

// A CSV as `lied run` writes it (header `time,<names>`, empty cells where a variable did not exist). A header
// cell of the form `name [unit]` gives the unit. Throws std::runtime_error naming the file, line and rule.
ResultTable read_csv_results(const std::string& path);

}  // namespace lied::systems
