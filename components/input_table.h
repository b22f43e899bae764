#pragma once
// Values for a system's inputs over time, from a CSV file: a header row naming the columns ("time, heat_load,
// pump_speed": the time in s first, then inputs by name), then rows of numbers with the time non-decreasing (two
// rows at one time make a jump). `lied run --inputs FILE`, the Python module and sweeps drive Input components with it.
#include "components/input.h"

#include <string>
#include <vector>

namespace lied::components {

struct InputTable {
    std::string source;                       // the file (or "table"), for messages
    std::vector<std::string> names;           // the inputs, in column order
    std::vector<double> time;                 // s
    std::vector<std::vector<double>> values;  // per input, one value per time
    std::vector<std::size_t> lines;           // each row's line in the file (empty: a table not read from a file)
};

// Throws std::invalid_argument naming the file, the line and the rule broken.
InputTable read_input_table(const std::string& path);

// Every column drives the Input of that name in `root`'s tree (its path, "heat_load" or "plant.heat_load"), with
// `interpolation`; read when a simulator of the tree is built next. Throws, before any input is changed,
// std::invalid_argument for a column that names no input of the tree (with the nearest name), and BuildError for a
// value outside its input's range (with the file's line, the value, its time and the range).
void drive_inputs(Component& root, const InputTable& table, Input::Interpolation interpolation);

// "linear" or "hold"; anything else is std::invalid_argument naming both.
Input::Interpolation interpolation_named(const std::string& name);

// Every Input of `root`'s tree is set from outside again: its table, if any, is dropped (an FMU's importer drives them).
void release_input_tables(Component& root);

}  // namespace lied::components
