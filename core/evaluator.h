#pragma once
// f(t, x) of a built model: states in, explicit blocks, probe and solve L·z = g, dependent blocks, ẋ out.
// Allocation-free: every buffer was sized by configure().
#include "core/linear_system.h"
#include "core/ode_function.h"

namespace lied {

class Evaluator final : public OdeFunction {
public:
    void configure(const Model& model, const Schedule& schedule, Out<double>& time, LinearPolicy policy);
    std::size_t size() const override { return values_.size(); }
    bool derivatives(double t, const double* x, double* xdot) override;
    // Runs every block at (t, x) so that all signals and variables are consistent with that point.
    bool evaluate(double t, const double* x);
    // Writes t and x and runs only the blocks independent of the tearing variables (for build-time checks).
    void prepare(double t, const double* x);

    LinearSystem& linear_system() { return linear_; }
    const LinearSystem& linear_system() const { return linear_; }

private:
    const Schedule* schedule_ = nullptr;
    Out<double>* time_ = nullptr;
    std::vector<double*> values_;
    std::vector<const double*> derivatives_;
    LinearSystem linear_;
};

}  // namespace lied
