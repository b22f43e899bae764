#pragma once
// A continuous state: the integrator owns the value (written into `value` before each evaluation);
// one block of the component writes `der`. `start` is the initial value (often exposed as a parameter).
#include "core/model/signal.h"

#include <string_view>

namespace lied {

// A state's nominal value taken from the system's own scale: `factor` times the value of the nearest provider of the
// system default `key` (a DropOfCommons' m_flow_nominal), or times `fallback` where none is in scope. So a system whose
// flows are grams per second, and says so once, gets tolerances that fit them (core/model/system_default.h).
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
    double operator()() const { return value.value; }
};

}  // namespace lied
