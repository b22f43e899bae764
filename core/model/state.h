#pragma once
// A continuous state: the integrator owns the value (written into `value` before each evaluation);
// one block of the component writes `der`. `start` is the initial value (often exposed as a parameter).
#include "core/model/signal.h"

#include <string_view>

namespace lied {

// A state's nominal value taken from the system's own scale: `factor` times the value of the nearest provider of the
// system default `key` (a DropOfCommons' m_flow_nominal) where that value is set (> 0). Where no provider in scope
// sets it, the Simulator takes the scale from the system itself at each reset: the largest |value| / factor of the
// states that share the key and provider once they settle with every other state held at its start (the flows the
// start drives), at most `fallback` (why: core/simulation/nominal_scales.cpp); a system at rest there keeps `fallback`.
// So the solvers' absolute tolerances fit a system of grams per second without its author saying so.
struct NominalScale {
    std::string_view key;   // a literal, e.g. "thermofluid.m_flow_nominal"; empty: a fixed nominal
    double factor = 1.0;
    double fallback = 1.0;
};

struct State {
    explicit State(double start_value = 0.0) : start(start_value) {}
    Out<double> value;
    Out<double> der;
    double start;
    double operator()() const { return value.value(); }
};

}  // namespace lied
