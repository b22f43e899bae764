#pragma once
// A parameter whose default is set once per system (ThermofluidStream's DropOfCommons: the inertance L,
// p_min, m_flow_reg, g). The component declares it with a key; a provider component anywhere in the system
// (e.g. a DropOfCommons) supplies the value for its own subtree, the nearest provider up the tree wins (as
// Modelica's inner/outer). A value set on the component itself (in C++, in a file or with --set) overrides it.
#include <string>

namespace lied {

class SystemDefault {
public:
    explicit SystemDefault(double fallback) : value_(fallback), fallback_(fallback) {}
    // Setting it (in C++, or by name from a file or --set) overrides the system default.
    SystemDefault& operator=(double v) {
        value_ = v;
        overridden_ = true;
        return *this;
    }
    operator double() const { return value_; }
    double value() const { return value_; }
    bool overridden() const { return overridden_; }
    // Back to following the system default.
    void follow_default() { overridden_ = false; }

    // The value in force: the component's own if overridden, else the provider's (nullptr: none in scope).
    void resolve(const double* provided) {
        if (!overridden_) value_ = provided ? *provided : fallback_;
    }
    double fallback() const { return fallback_; }
    double* storage() { return &value_; }

private:
    double value_;
    double fallback_;           // used when no provider is in scope
    bool overridden_ = false;
};

}  // namespace lied
