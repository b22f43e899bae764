#pragma once
// An example's system file against its C++ class: both run with the same options to each of the times, where each
// named value must agree within its relative epsilon.
#include "components/input_table.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <initializer_list>

namespace lied::testing {

struct Agreement {
    const char* name;
    double epsilon = 1e-12;
};

// A file whose run drives its inputs from a table (run.inputs), driven as `lied run` drives it.
inline void drive_file_inputs(systems::LoadedSystem& loaded) {
    if (loaded.settings.inputs.empty()) return;
    components::drive_inputs(*loaded.root, components::read_input_table(loaded.settings.inputs),
                             components::interpolation_named(loaded.settings.input_interpolation));
}

inline void check_file_twin(Component& cpp, const char* file, const SimulatorOptions& options, std::initializer_list<double> times,
                            std::initializer_list<Agreement> values) {
    systems::LoadedSystem loaded = systems::load_system_file((std::filesystem::path(LIED_SOURCE_DIR) / "systems/examples/files" / file).string());
    drive_file_inputs(loaded);
    Simulator a(cpp, options), b(*loaded.root, options);
    for (double t : times) {
        a.simulate(t);
        b.simulate(t);
        for (const Agreement& value : values) {
            CAPTURE(t);
            CAPTURE(value.name);
            CHECK(a.value(value.name) == doctest::Approx(b.value(value.name)).epsilon(value.epsilon));
        }
    }
}

}  // namespace lied::testing
