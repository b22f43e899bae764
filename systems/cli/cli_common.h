#pragma once
// What the `lied` subcommands share beyond systems/io/system_loading.h: their errors (each with its exit code),
// output files, and the run options of `run` and `sweep`.
#include "systems/io/system_loading.h"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace CLI {
class App;
}

namespace lied::systems {

struct OutputError : std::runtime_error {  // a file that cannot be read or written: exit code 3
    using std::runtime_error::runtime_error;
};
struct Interrupted : std::runtime_error {  // SIGINT/SIGTERM during a run: exit code 130
    using std::runtime_error::runtime_error;
};

// While it lives, SIGINT and SIGTERM request an interrupt (core/support/interrupt.h) instead of killing the process:
// runs and sweeps stop cleanly, write what they finished and exit 130. The previous handlers come back after it.
class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

private:
    void (*previous_int_)(int);
    void (*previous_term_)(int);
};

// Two paths name the same file (existing or not): the same canonical path, or hard links of one file.
bool same_file(const std::string& a, const std::string& b);

// Creates the folder an output file goes into; throws OutputError naming the folder and the file.
void create_folder_for(const std::string& path);
// Throws OutputError unless `path` can be written; an existing file stays as it is, a new one is not left behind.
void check_writable(const std::string& path);

// A name padded to a column of `width`, and at least one space after a longer name.
std::string name_column(const std::string& name, std::size_t width = 14);


// The options of a run as typed (numbers as text, so that their errors name the option).
struct RunOptions {
    std::string t_end, dt, interval, solver, rtol, atol, max_step, jacobian_every, step_check, balance_check, inputs, input_interpolation;
    bool steady_state = false;
    std::vector<std::string> steady, sets, records;
};
void add_run_options(CLI::App& command, RunOptions& options);

// The system's defaults with the options applied and checked (ranges, step counts, solver kind).
RunSettings run_settings(const RunSettings& defaults, const RunOptions& options);
// "NAME=VALUE" pairs; throws UsageError for a malformed one.
std::vector<std::pair<std::string, std::string>> parse_assignments(const std::vector<std::string>& sets);


}  // namespace lied::systems
