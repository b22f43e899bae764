#pragma once
// f(t, x) of a built model: states in, explicit blocks, probe and solve L·z = g, dependent blocks, ẋ out.
// Allocation-free: every buffer was sized by configure().
#include "core/solve/linear_system.h"
#include "core/solve/ode_function.h"

#include <vector>

namespace lied {

class Evaluator final : public OdeFunction {
public:
    void configure(const Model& model, const Schedule& schedule, Out<double>& time, LinearPolicy policy,
                   LinearSolverKind solver = LinearSolverKind::Automatic, bool affine_outputs = false);
    std::size_t size() const override { return values_.size(); }
    // False when L·z = g cannot be solved or a derivative is not finite; the point is kept for diagnosis.
    bool derivatives(double t, const double* x, double* xdot) override;
    // Runs every block at (t, x) so that all signals and variables are consistent with that point.
    bool evaluate(double t, const double* x);
    // The same at the start of a structure, after every block ran at (t, x) with z = 0 and
    // LinearSystem::check_after_full_pass probed L from that pass: solves and runs only the dependent blocks.
    bool evaluate_after_checks(double t, const double* x);
    // evaluate(), and the derivatives it computed kept: the next derivatives() at exactly (t, x), with no evaluation
    // at another point in between, returns them without evaluating again (the books read the model at a step's end,
    // where the next step's first stage starts). The signals then still hold that point, so readers of signals (the
    // zero crossings) see what an evaluation would give. forget_kept() after anything that changes the model at the
    // same (t, x): event handlers, parameters, a new structure.
    bool evaluate_and_keep(double t, const double* x);
    // derivatives(), kept the same way without completing the rest of the model (the zero crossings read a step's
    // end, where the next step's first stage or the books' evaluation starts).
    bool derivatives_and_keep(double t, const double* x, double* xdot);
    void forget_kept() { kept_ = false; }
    // Writes t and x and runs only the blocks independent of the tearing variables (for build-time checks).
    void prepare(double t, const double* x);
    // Writes t and x into the time signal and the states, and runs nothing (for diagnosis block by block).
    void set_point(double t, const double* x);

    // Where the last failed evaluation happened (an integrator stage may be off the accepted trajectory).
    double failed_time() const { return failed_time_; }
    const std::vector<double>& failed_point() const { return failed_x_; }
    // How many evaluations failed so far: a solver that retried past a failed point (CVODE shrinks its step) leaves
    // the count higher than before its step.
    long failures() const { return failures_; }

    // Evaluations of the model (derivatives() and evaluate()) since the last clear.
    long evaluations() const { return evaluations_; }
    void clear_evaluations() { evaluations_ = 0; }

    LinearSystem& linear_system() { return linear_; }
    const LinearSystem& linear_system() const { return linear_; }

private:
    bool fail(double t, const double* x);

    const Schedule* schedule_ = nullptr;
    Out<double>* time_ = nullptr;
    std::vector<double*> values_;
    std::vector<double*> derivatives_;
    std::vector<double*> indicators_;   // the zero-crossing indicators (evaluate_and_keep leaves them as a stage would)
    LinearSystem linear_;
    std::vector<double> failed_x_;
    double failed_time_ = 0.0;
    long failures_ = 0;
    long evaluations_ = 0;
    bool is_kept(double t, const double* x) const;
    bool kept_ = false;             // kept_x_/kept_xdot_ are the derivatives at (kept_t_, kept_x_), and the signals hold that point
    double kept_t_ = 0.0;
    std::vector<double> kept_x_, kept_xdot_, kept_g_;
};

}  // namespace lied
