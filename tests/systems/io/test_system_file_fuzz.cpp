// Property test over many mutated system files: the loader either accepts a file or rejects it with a
// SystemFileError; whatever it accepts either builds or fails with a BuildError; what builds steps without
// crashing. Never another exception, a crash or a hang. Seeded, so a failure reproduces.
#include "core/model/build_error.h"
#include "core/simulation/simulator.h"
#include "systems/io/system_file.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

using namespace lied;
using namespace lied::systems;
namespace fs = std::filesystem;

namespace {
const fs::path kFiles = fs::path(LIED_SOURCE_DIR) / "systems" / "examples" / "files";

std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const std::vector<std::string> kTokens{"{", "}", "[", "]", ":", ",", "-", "\n", " ", "\"", "'", "#", "&a", "*a", "!!str", "0", "-1",
                                       "1e308", ".nan", ".inf", "p1", "t1.outlet", "inlet", "type", "file", "parameters", "OutTank",
                                       "PressureDrop", "valve_tank.yaml", "com_vessels.yaml", "expose", "run", "\t", "|", ">", "?", "%"};

std::string mutate(std::string text, std::mt19937& rng) {
    auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n ? n - 1 : 0)(rng); };
    const int edits = 1 + static_cast<int>(pick(4));
    for (int e = 0; e < edits && !text.empty(); ++e) {
        const std::size_t at = pick(text.size());
        switch (pick(7)) {
            case 0: text.erase(at, 1 + pick(8)); break;                                           // delete a few characters
            case 1: text.insert(at, kTokens[pick(kTokens.size())]); break;                        // insert a token
            case 2: text[at] = static_cast<char>(32 + pick(95)); break;                           // replace a character
            case 3: {                                                                              // duplicate a line
                const std::size_t begin = text.rfind('\n', at), end = text.find('\n', at);
                const std::size_t b = begin == std::string::npos ? 0 : begin + 1;
                text.insert(b, text.substr(b, (end == std::string::npos ? text.size() : end + 1) - b));
                break;
            }
            case 4: text.resize(at); break;                                                        // truncate
            case 5: {                                                                              // swap two characters
                const std::size_t other = pick(text.size());
                std::swap(text[at], text[other]);
                break;
            }
            default: text.insert(at, std::string(1 + pick(3), static_cast<char>(pick(2) ? '{' : '['))); break;   // unbalanced brackets
        }
    }
    return text;
}
}  // namespace

TEST_CASE("mutated system files are accepted or rejected cleanly") {
    std::mt19937 rng(20261121);
    std::vector<std::string> seeds;
    for (const char* f : {"com_vessels.yaml", "com_vessels.json", "com_vessels_subsystems.yaml", "valve_tank.yaml"}) seeds.push_back(read(kFiles / f));
    int rejected = 0, build_errors = 0, built = 0;
    for (int i = 0; i < 3000; ++i) {
        const std::string text = mutate(seeds[static_cast<std::size_t>(i) % seeds.size()], rng);
        CAPTURE(i);
        CAPTURE(text);
        try {
            LoadedSystem loaded = parse_system_text(text, "mutant.yaml", kFiles.string());
            try {
                Simulator sim(*loaded.root);
                for (int k = 0; k < 5; ++k)
                    if (sim.step(0.01) != StepStatus::Ok) break;
                ++built;
            } catch (const BuildError&) {
                ++build_errors;
            }
        } catch (const SystemFileError& e) {
            CHECK(std::string(e.what()).rfind("mutant.yaml", 0) == 0);   // every message names the file
            ++rejected;
        }
    }
    MESSAGE("rejected " << rejected << ", build errors " << build_errors << ", built " << built);
    CHECK(rejected > 1000);   // the mutations really do break files...
    CHECK(built > 100);       // ...and some survive (comments, whitespace, equivalent values)
}

TEST_CASE("pathological inputs: deep nesting, empty, binary") {
    for (const std::string& text : {std::string(100000, '['), std::string(50000, '{'), std::string(), std::string("\0\1\2\3", 4),
                                    std::string("components: ") + std::string(3000, '[')}) {
        CHECK_THROWS_AS(parse_system_text(text, "mutant.yaml", kFiles.string()), SystemFileError);
    }
}
