#pragma once
// Base of every model component. A component describes itself (subcomponents, plugs, blocks, states,
// tearing pairs, parameters, variables) in metainfo(); the crawler calls it after composition.
#include <string>

namespace lied {

class Meta;

class Component {
public:
    Component() = default;
    Component(const Component&) = delete;
    Component& operator=(const Component&) = delete;
    virtual ~Component() = default;
    virtual void metainfo(Meta& meta) = 0;
    // Type name used by `lied info` and error messages.
    virtual const char* type_name() const = 0;

private:
    friend class Simulator;
    // On a root: the simulator that built this tree last. Another simulator built on the same tree takes it
    // over; the first refuses to step until it rebuilds (components hold one set of signal values).
    const void* built_by_ = nullptr;
};

}  // namespace lied
