#pragma once
// What an integrator needs: ẋ = f(t, x). The engine's evaluator is one; tests use plain ODEs.
#include <cstddef>

namespace lied {

class OdeFunction {
public:
    virtual ~OdeFunction() = default;
    virtual std::size_t size() const = 0;
    // Writes ẋ. Returns false (never throws) when the point cannot be evaluated (singular L).
    virtual bool derivatives(double t, const double* x, double* xdot) = 0;
};

}  // namespace lied
