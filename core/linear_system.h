#pragma once
// The implicit linear part L·z = g of a LIED model. L and g are found by probing: with all tearing variables
// z = 0 the residuals give r0 = -g; setting z_j = 1 and re-running only the blocks z_j reaches gives column j.
#include "core/linear_policy.h"
#include "core/model.h"
#include "core/schedule.h"

#include <Eigen/Dense>

namespace lied {

class LinearSystem {
public:
    // Sizes all storage; nothing is allocated afterwards.
    void configure(const Model& model, const Schedule& schedule, LinearPolicy requested);

    // Precondition: the independent blocks ran at the current point. Finds z, writes it into the tearing
    // variables and re-runs the dependent blocks at the solution: all of them, or with `only_derivatives`
    // just those the state derivatives need. Returns false (never throws) when L is singular.
    bool solve(bool only_derivatives = false);
    // Forces a new probe and factorization at the next solve (parameter change, event).
    void invalidate() { factor_valid_ = false; }

    // Build-time checks at the current point (independent blocks must have run). Both throw BuildError.
    void check_regular(const Model& model);     // names the tearing variables L cannot resolve
    void check_affine(const Model& model);      // names the first block that is not affine in z

    std::size_t size() const { return z_.size(); }
    LinearPolicy policy() const { return policy_; }
    const Eigen::MatrixXd& matrix() const { return L_; }
    const Eigen::VectorXd& rhs() const { return g_; }
    const Eigen::VectorXd& solution() const { return solution_; }
    long probes() const { return probes_; }

private:
    void run_dependent() const;
    void read_residuals(Eigen::VectorXd& r) const;
    void set_tearing(const Eigen::VectorXd& z) const;
    void probe_columns();              // fills L_ from the current point; r0_ must be current

    const Schedule* schedule_ = nullptr;
    std::vector<double*> z_;
    std::vector<const double*> residuals_;
    LinearPolicy policy_ = LinearPolicy::FactorOnChange;
    Eigen::MatrixXd L_;
    Eigen::VectorXd g_, r0_, solution_;
    Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
    bool factor_valid_ = false;
    bool singular_ = false;
    long probes_ = 0;
};

}  // namespace lied
