#pragma once
// A caller's hold on one system input (core/model/system_io.h), for setting it between steps without looking up
// its name each time: a hard real-time loop takes a handle once and sets through it at every tick. set() allocates,
// logs and throws nothing. After a rebuild (a structural change) the handle finds its input again by name; if the
// input is gone, set() refuses.
#include <cstddef>
#include <string>

namespace lied {

class Simulator;

class InputHandle {
public:
    // Sets the input to `value` from the next step on. False, and the input unchanged, if the value is not finite,
    // lies outside the input's range, the input follows a time table, or the structure no longer has the input;
    // Simulator::input_refusal says which.
    bool set(double value) noexcept;
    double value() const noexcept;   // NaN if the input is gone
    const std::string& name() const { return name_; }

private:
    friend class Simulator;
    InputHandle(Simulator& simulator, std::string name, std::size_t index, long generation)
        : simulator_(&simulator), name_(std::move(name)), index_(index), generation_(generation) {}
    std::size_t index() const noexcept;   // into Simulator::inputs(), found again after a rebuild
    Simulator* simulator_;
    std::string name_;
    mutable std::size_t index_;
    mutable long generation_;
};

}  // namespace lied
