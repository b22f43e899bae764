#pragma once
// A continuous state: the integrator owns the value (written into `value` before each evaluation);
// one block of the component writes `der`. `start` is the initial value (often exposed as a parameter).
#include "core/model/signal.h"

namespace lied {

struct State {
    explicit State(double start_value = 0.0) : start(start_value) {}
    Out<double> value;
    Out<double> der;
    double start;
    double operator()() const { return value.value; }
};

}  // namespace lied
