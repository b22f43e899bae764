#pragma once
// Thrown when a composition cannot be built. The message names the component path, the port or signal,
// and the rule that was broken; `rule` holds the rule alone so tests and tools can match on it.
#include <stdexcept>
#include <string>

namespace lied {

class BuildError : public std::runtime_error {
public:
    BuildError(const std::string& what, std::string rule) : std::runtime_error(what), rule_(std::move(rule)) {}
    const std::string& rule() const { return rule_; }

private:
    std::string rule_;
};

// Errors that happen during a run (non-finite state, singular L at some time), raised outside the step path.
class SimulationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A run stopped because it was asked to (core/support/interrupt.h: SIGINT, SIGTERM); the samples so far are kept.
class SimulationInterrupted : public SimulationError {
public:
    using SimulationError::SimulationError;
};

}  // namespace lied
