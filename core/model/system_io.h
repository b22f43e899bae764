#pragma once
// A system's inputs and outputs: what the outside may set between steps and what it reads back. An input is a
// discrete signal the engine writes on the user's behalf (Simulator::input, an FMU importer, `lied run --inputs`),
// inside its declared range; an output is a name for one of the system's values. Both are declared in metainfo()
// (Meta::input, Meta::output); the Input component (components/input.h) is the usual way to declare an input.
#include "core/model/signal.h"

#include <string>
#include <string_view>

namespace lied {

// What a component says about an input it holds. The pointers are its own members, read whenever the engine needs
// them: a new start, min or max (parameters) counts from the next set or reset().
struct InputDeclaration {
    const double* seen;         // what the model reads: the set value, or the table's (the input's value by its name)
    const double* start;        // the value at t = 0 (Simulator::reset puts it back)
    const double* min;          // the range a set value must lie in (inclusive)
    const double* max;
    std::string_view unit;
    std::string_view description;
    bool driven_by_table = false;   // follows a time table instead: a set is refused
};

struct InputInfo {
    std::string path;          // the input's name: its component's path ("heat_load")
    Out<double>* value;        // what a set writes
    const double* seen;        // what the model reads (a table-driven input's table value)
    const double* start;
    const double* min;
    const double* max;
    std::string unit;
    std::string description;
    bool driven_by_table;
    int component;
    // The input's value by its name: the value set (at once, before the next evaluation), or the table's.
    const double* current() const { return driven_by_table ? seen : &value->value(); }
};

struct OutputInfo {
    std::string path;          // the output's name ("T_coolant", "sub.T_coolant" inside a subsystem)
    std::string target;        // the value it names, a full path ("T_coolant.value")
    std::string description;
    int component;
};

}  // namespace lied
