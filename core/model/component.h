#pragma once
// Base of every model component. A component describes itself (subcomponents, plugs, blocks, states,
// tearing pairs, parameters, variables) in metainfo(); the crawler calls it after composition.
#include <string>

namespace lied {

class Meta;
class PreviousValues;
class Simulator;

class Component {
public:
    Component() = default;
    Component(const Component&) = delete;
    Component& operator=(const Component&) = delete;
    virtual ~Component() = default;
    virtual void metainfo(Meta& meta) = 0;
    // Type name used by `lied info` and error messages.
    virtual const char* type_name() const = 0;
    // Called at a rebuild after a structural change, before the new structure's checks: a component whose states
    // changed in number or meaning (a refined discretisation) sets them (sim.set_state(path + ".T[3]", v)) from the
    // previous structure's states, which `previous` has by full name. States matched by name already carry over.
    virtual void take_over(const PreviousValues& previous, const std::string& path, Simulator& sim) {
        (void)previous, (void)path, (void)sim;
    }

    // On a root, for the engine: the simulator that built this tree last. Another simulator built on the same tree
    // takes it over; the first refuses to step until it rebuilds (components hold one set of signal values).
    const Simulator* claimed_by() const { return claimed_by_; }
    void claim(const Simulator* simulator) { claimed_by_ = simulator; }

private:
    const Simulator* claimed_by_ = nullptr;
};

}  // namespace lied
