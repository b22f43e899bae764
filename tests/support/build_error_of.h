#pragma once
// The message of the BuildError that building a simulator of `root` throws, or "<no error>" if it builds.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"

#include <string>

namespace lied::testing {

inline std::string build_error_of(Component& root, SimulatorOptions options = {}) {
    try {
        Simulator sim(root, options);
    } catch (const BuildError& e) {
        return e.what();
    }
    return "<no error>";
}

}  // namespace lied::testing
