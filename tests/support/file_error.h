#pragma once
// The message a system file gets, from loading or from building a simulator on it ("no error" if neither fails).
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"

#include <exception>
#include <string>

namespace lied::test {

inline std::string file_error_of(const std::string& text) {
    try {
        systems::LoadedSystem s = systems::parse_system_text(text, "rules.yaml", ".");
        Simulator sim(*s.root);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace lied::test
