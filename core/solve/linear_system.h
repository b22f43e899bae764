#pragma once
// The implicit linear part L·z = g of a LIED model. L and g are found by probing: with all tearing variables
// z = 0 the residuals give r0 = -g; setting z_j = 1 and re-running only the blocks z_j reaches gives column j
// (columns that share no residual are probed in one pass). L is kept in the sparse structure the schedule
// derived and factored densely for small systems, with KLU for large ones.
#include "core/solve/klu_factorization.h"
#include "core/solve/linear_policy.h"
#include "core/model/model.h"
#include "core/build/schedule.h"

#include <Eigen/Dense>
#include <Eigen/SparseCore>

#include <array>

namespace lied {

class StateArchive;

class LinearSystem {
public:
    // Sizes all storage and analyzes the sparse structure; nothing is allocated afterwards.
    // `affine_outputs`: the model's residuals and outputs are known to be affine in z (checked at build), so
    // the state derivatives and indicators after the solve are y(0) + D·z, with D probed next to L.
    void configure(const Model& model, const Schedule& schedule, LinearPolicy requested,
                   LinearSolverKind solver = LinearSolverKind::Automatic, bool affine_outputs = false);

    // Precondition: the independent blocks ran at the current point. Finds z and writes it into the tearing
    // variables. Then all dependent blocks run again at the solution; with `only_derivatives` only the state
    // derivatives and zero-crossing indicators are brought to it (y(0) + D·z, or by re-running the blocks they
    // need), and the other dependent signals stay stale. Returns false (never throws) when L is singular.
    bool solve(bool only_derivatives = false);
    // After solve(true): every dependent block at the solution found, as solve() leaves them.
    void complete() { run_dependent(); }
    // Forces a new probe and factorization at the next solve (parameter change, event).
    void invalidate() {
        factor_valid_ = false;
        at_zero_ = false;
    }
    // A saved run's state (core/support/state_archive.h): L and D as last probed. Probed again at another point
    // they could differ in their last bits; restored, they are factored again, to the same factors.
    void archive(StateArchive& a);

    // Build-time checks at the current point. Both throw BuildError and cost time linear in the blocks probed;
    // only a failed check pays for a dense diagnosis.
    // That L is regular (independent blocks must have run): names the tearing variables L cannot resolve; leaves
    // L factored.
    void check_regular(const Model& model);
    // That check, and (if `affine`) that every output of a dependent block is affine in z, naming the first block
    // that is not, right after a pass that ran every block at the current point with z = 0 (the finiteness check's
    // at the start): r0, y(0) and the affinity check's f(0) are read from that pass, not computed again.
    void check_after_full_pass(const Model& model, bool affine);
    // After check_after_full_pass: z from the L and r0 it left, then every dependent block at the solution (what
    // solve() does, without another z = 0 pass). False if L is singular or z not finite.
    bool solve_after_checks();

    std::size_t size() const { return z_.size(); }
    LinearPolicy policy() const { return policy_; }
    LinearSolverKind solver() const { return dense_ ? LinearSolverKind::Dense : LinearSolverKind::Sparse; }
    std::size_t nonzeros() const { return values_.size(); }
    Eigen::MatrixXd matrix() const;                    // L as last probed, dense (for inspection)
    Eigen::SparseMatrix<double> sparse_matrix() const; // the same in Eigen's compressed columns
    const Eigen::VectorXd& solution() const { return solution_; }
    long probes() const { return probes_; }
    long sparse_analyses() const { return klu_.analyses(); }   // KLU's symbolic analyses of L's pattern so far

private:
    void run_dependent();              // at any z: leaves the blocks off z = 0
    void run_dependent_at_zero();      // precondition z = 0: skips the blocks constant there if they were left at it
    void read_residuals(Eigen::VectorXd& r) const;
    void set_tearing(const Eigen::VectorXd& z) const;
    void probe_columns();              // fills values_ (and D) from the current point; r0_ (and y0_) must be current
    bool factorize();                  // false if singular
    bool solve_factored();             // z = L⁻¹·g into the tearing variables; false if not finite
    // Up to kSmallLimit tearing variables: z = −L⁻¹·r0 from r0_ and, with `update_outputs` (affine outputs, no probe
    // since the z = 0 pass; r0 read from the residuals), y += −D·L⁻¹·r0, with the size known to the compiler.
    bool solve_small(bool update_outputs);
    template <bool UpdateOutputs>
    bool solve_small_sized();
    template <int N, bool UpdateOutputs>
    bool solve_small();
    void fuse_small_affine();          // −D·L⁻¹ for the reached outputs, at factorization
    void read_outputs();               // y0_ from the outputs D acts on
    void write_outputs() const;        // outputs = y0_ + D·z
    [[noreturn]] void explain_singular(const Model& model);
    void probe_and_factor(const Model& model);   // r0_ and y0_ current; throws if L is singular
    void collect_affine_outputs(const Model& model);
    void read_affine_sample(Eigen::Index column);
    void sample_and_compare_affine(const Model& model);   // column 0 (z = 0) read already; throws on the first non-affine output

    const Schedule* schedule_ = nullptr;
    std::vector<double*> z_;
    std::vector<const double*> residuals_;
    LinearPolicy policy_ = LinearPolicy::FactorOnChange;
    bool dense_ = true;
    std::vector<double> values_;       // L in the schedule's compressed-column pattern
    Eigen::MatrixXd L_;                // dense copy for the dense LU
    Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
    // Up to kSmallLimit tearing variables the solve is one product with L⁻¹ (row-major), computed at
    // factorization: no pivoting, no dispatch on a dynamic size in the step.
    static constexpr std::size_t kSmallLimit = 4;
    bool small_ = false;
    Eigen::MatrixXd identity_, inverse_;
    std::array<double, kSmallLimit * kSmallLimit> small_inverse_{};
    std::vector<double> fused_;        // −D·L⁻¹ (reached outputs × n, row-major) when small_ and affine_outputs_
    std::vector<double*> fused_targets_;
    // D = ∂y/∂z for the outputs y (state derivatives, then indicators) in the schedule's output pattern.
    bool affine_outputs_ = false;
    std::vector<double*> outputs_;
    std::vector<int> reached_outputs_; // outputs that some tearing variable reaches (ascending)
    std::vector<double> d_values_, y0_;
    KluFactorization klu_;
    Eigen::VectorXd g_, r0_, solution_;
    bool factor_valid_ = false;
    bool at_zero_ = false;             // the blocks left out of Schedule::dependent_on_point hold their values at z = 0
    bool singular_ = false;
    long probes_ = 0;
    // The affinity check's working memory (every output of a dependent block, sampled at four points), kept for
    // the next rebuild: at 10⁵ components it is megabytes the allocator would map fresh each time.
    struct AffineProbe {
        const double* value;
        int block;
    };
    std::vector<AffineProbe> affine_probes_;
    Eigen::MatrixXd affine_samples_;
    // The doubles each dependent block reads, and per block the largest magnitude among them over the samples:
    // an affine output computed from operands of size M carries rounding of about ε·M, whatever its own size.
    struct Operand {
        const double* first;
        std::size_t doubles;
        int block;
    };
    std::vector<Operand> operands_;
    std::vector<double> operand_scale_;
    std::vector<int> writer_;   // per signal, the block that writes it (−1: none)
    void collect_operands(const Model& model);
    void read_operand_scales();
};

}  // namespace lied
