#pragma once
// Results as a MAT v4 file in the layout Dymola and OpenModelica write ("Atrajectory" 1.1, binTrans), so that
// their result viewers and readers (DyMat, ModelicaRes, OMPython, scipy.io) open it. Written and read through
// matio (Debian libmatio-dev).
//
//   Aclass       char 4×11    "Atrajectory", "1.1", "", "binTrans"
//   name         char L×n     one variable name per column: time, the series, the constants
//   description  char L×n     "what it is [unit]"
//   dataInfo     int32 4×n    per variable: matrix (0 time, 1 data_1, 2 data_2), 1-based row, 0 (linear), -1 or 0
//   data_1       double m×2   row 1 = [t_start, t_end], then one row per constant (its value at both times)
//   data_2       double k×N   row 1 = time, then one row per series; column j = sample j
//
// Variables that exist only in some segments of a variable-structure run hold NaN where they did not exist
// (MAT v4 has no empty cells; NaN is what the viewers draw as a gap, and it is never a made-up number). The
// segments themselves are in two further matrices, which tools that do not know them skip:
//
//   lied_segments         double 3×S   per segment: start [s], end [s], number of states
//   lied_segment_changes  char L×S     the structural change that began each segment
#include "systems/results/result_table.h"

#include <string>

namespace lied::systems {

bool is_mat_file_name(const std::string& path);

// Throws std::runtime_error naming the file and what failed.
void write_mat_results(const std::string& path, const ResultTable& table);

// Reads a Dymola/OpenModelica trajectory file (binTrans or binNormal); the unit of a variable is the trailing
// "[...]" of its description. Throws std::runtime_error naming the file and the broken rule.
ResultTable read_mat_results(const std::string& path);

}  // namespace lied::systems
