#include "core/solve/linear_system.h"

#include "core/model/build_error.h"
#include "core/model/value_layout.h"
#include "core/support/state_archive.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <sstream>

namespace lied {

void LinearSystem::configure(const Model& model, const Schedule& schedule, LinearPolicy requested, LinearSolverKind solver,
                             bool affine_outputs) {
    schedule_ = &schedule;
    z_.clear();
    residuals_.clear();
    outputs_.clear();
    for (auto& t : model.tearing) z_.push_back(&t.variable->value());
    for (auto& r : model.residuals) residuals_.push_back(&r.residual->value());
    for (auto& st : model.states) outputs_.push_back(&st.state->der.value());
    for (auto& zc : model.zero_crossings) outputs_.push_back(&zc.indicator->value());
    affine_outputs_ = affine_outputs && schedule.outputs_by_map;
    reached_outputs_.clear();   // without affinity checked, D is neither read nor probed
    if (affine_outputs_) reached_outputs_.assign(schedule.output_rows.begin(), schedule.output_rows.end());
    std::sort(reached_outputs_.begin(), reached_outputs_.end());
    reached_outputs_.erase(std::unique(reached_outputs_.begin(), reached_outputs_.end()), reached_outputs_.end());
    d_values_.assign(schedule.output_rows.size(), 0.0);
    y0_.assign(outputs_.size(), 0.0);
    policy_ = requested;
    if (policy_ == LinearPolicy::Automatic)
        policy_ = model.state_dependent_coefficients ? LinearPolicy::ReprobeEveryCall : LinearPolicy::FactorOnChange;
    const std::size_t n = z_.size();
    dense_ = solver == LinearSolverKind::Dense || (solver == LinearSolverKind::Automatic && n <= kDenseLimit);
    values_.assign(schedule.nonzeros(), 0.0);
    const auto dense_n = static_cast<Eigen::Index>(dense_ ? n : 0);
    L_.setZero(dense_n, dense_n);
    lu_ = Eigen::PartialPivLU<Eigen::MatrixXd>(dense_n);
    small_ = dense_ && n <= kSmallLimit && policy_ == LinearPolicy::FactorOnChange;   // re-probed: the LU is cheaper than L⁻¹
    identity_ = Eigen::MatrixXd::Identity(small_ ? dense_n : 0, small_ ? dense_n : 0);
    inverse_.setZero(identity_.rows(), identity_.cols());
    const bool fused = small_ && affine_outputs_;
    fused_.assign(fused ? reached_outputs_.size() * n : 0, 0.0);
    fused_targets_.clear();
    if (fused)
        for (int k : reached_outputs_) fused_targets_.push_back(outputs_[static_cast<std::size_t>(k)]);
    if (!dense_ && n > 0) klu_.analyze(static_cast<int>(n), schedule.pattern_start.data(), schedule.pattern_rows.data());
    const auto en = static_cast<Eigen::Index>(n);
    g_.setZero(en);
    r0_.setZero(en);
    solution_.setZero(en);
    factor_valid_ = false;
    at_zero_ = false;
}

void LinearSystem::run_dependent() {
    for (const Block& b : schedule_->dependent) b();
    at_zero_ = false;
}

void LinearSystem::run_dependent_at_zero() {
    for (const Block& b : at_zero_ ? schedule_->dependent_on_point : schedule_->dependent) b();
    at_zero_ = true;
}

void LinearSystem::read_residuals(Eigen::VectorXd& r) const {
    for (std::size_t i = 0; i < residuals_.size(); ++i) r[static_cast<Eigen::Index>(i)] = *residuals_[i];
}

void LinearSystem::set_tearing(const Eigen::VectorXd& z) const {
    for (std::size_t j = 0; j < z_.size(); ++j) *z_[j] = z[static_cast<Eigen::Index>(j)];
}

void LinearSystem::read_outputs() {
    for (int k : reached_outputs_) y0_[static_cast<std::size_t>(k)] = *outputs_[static_cast<std::size_t>(k)];
}

void LinearSystem::write_outputs() const {
    const auto& s = *schedule_;
    for (int k : reached_outputs_) *outputs_[static_cast<std::size_t>(k)] = y0_[static_cast<std::size_t>(k)];
    for (std::size_t j = 0; j < z_.size(); ++j) {
        const double z = *z_[j];
        for (int e = s.output_start[j]; e < s.output_start[j + 1]; ++e)
            *outputs_[static_cast<std::size_t>(s.output_rows[static_cast<std::size_t>(e)])] += d_values_[static_cast<std::size_t>(e)] * z;
    }
}

namespace {
void run_positions(const Schedule& s, std::span<const int> positions) {
    for (int p : positions) s.by_order[static_cast<std::size_t>(p)]();
}
// The blocks at the positions of either ascending list, each once, in schedule order.
void run_union(const Schedule& s, std::span<const int> a, std::span<const int> b) {
    auto i = a.begin(), j = b.begin();
    while (i != a.end() && j != b.end()) {
        const int p = std::min(*i, *j);
        i += *i == p;
        j += *j == p;
        s.by_order[static_cast<std::size_t>(p)]();
    }
    run_positions(s, {i, a.end()});
    run_positions(s, {j, b.end()});
}
}  // namespace

void LinearSystem::probe_columns() {
    const auto& s = *schedule_;
    for (double* z : z_) *z = 0.0;
    for (std::size_t grp = 0; grp < s.probe_groups.size(); ++grp) {
        const auto& members = s.probe_groups[grp];
        for (int j : members) *z_[static_cast<std::size_t>(j)] = 1.0;
        // One pass takes the blocks from the previous group's probe to this one's: those either group reaches, each
        // once, in schedule order (the previous group's own blocks return to z = 0). Separate passes to restore
        // and to probe would cost twice; on a tree, where neighbouring groups share their path to the root, the
        // union is barely larger than one of them.
        if (grp == 0) run_positions(s, s.probe_blocks(grp));
        else run_union(s, s.probe_blocks(grp - 1), s.probe_blocks(grp));
        for (int j : members) {
            for (int e = s.output_start[static_cast<std::size_t>(j)]; affine_outputs_ && e < s.output_start[static_cast<std::size_t>(j) + 1]; ++e) {
                const auto k = static_cast<std::size_t>(s.output_rows[static_cast<std::size_t>(e)]);
                const double y = *outputs_[k];
                const double d = y - y0_[k];
                // Rounding of y itself is no dependence (as for L below).
                d_values_[static_cast<std::size_t>(e)] = std::abs(d) <= 1e-13 * std::max(std::abs(y), std::abs(y0_[k])) ? 0.0 : d;
            }
            for (int k = s.pattern_start[static_cast<std::size_t>(j)]; k < s.pattern_start[static_cast<std::size_t>(j) + 1]; ++k) {
                // A change below the rounding of the residuals themselves (pressures of 1e5 Pa change in
                // their 11th digit) is no coefficient: keep it exactly zero, so a lost inertance shows as
                // a singular L instead of a tiny, meaningless pivot.
                const int i = s.pattern_rows[static_cast<std::size_t>(k)];
                const double r = *residuals_[static_cast<std::size_t>(i)];
                const double d = r - r0_[i];
                values_[static_cast<std::size_t>(k)] = std::abs(d) <= 1e-13 * std::max(std::abs(r), std::abs(r0_[i])) ? 0.0 : d;
            }
            *z_[static_cast<std::size_t>(j)] = 0.0;
        }
    }   // the last group's blocks stay at its probe: the final pass of solve() overwrites them
    at_zero_ = false;
    ++probes_;
}

void LinearSystem::archive(StateArchive& a) {
    a.values(values_.data(), values_.size());
    a.values(d_values_.data(), d_values_.size());
    bool probed = factor_valid_;
    a.flag(probed);
    if (!a.restoring()) return;
    at_zero_ = false;
    factor_valid_ = probed && !z_.empty();
    if (factor_valid_) singular_ = !factorize();
}

bool LinearSystem::factorize() {
    bool finite = true;
    for (double v : values_) finite &= std::isfinite(v);
    if (!finite) return false;
    if (!dense_) return klu_.factor(values_.data());
    L_.setZero();
    const auto& s = *schedule_;
    for (std::size_t j = 0; j < z_.size(); ++j)
        for (int k = s.pattern_start[j]; k < s.pattern_start[j + 1]; ++k)
            L_(s.pattern_rows[static_cast<std::size_t>(k)], static_cast<Eigen::Index>(j)) = values_[static_cast<std::size_t>(k)];
    lu_.compute(L_);
    // Partial pivoting does not reveal rank, and a zero pivot still gives a finite, meaningless solution
    // for a consistent right-hand side. A pivot 1e14 times smaller than the largest is no pivot.
    const auto pivots = lu_.matrixLU().diagonal().cwiseAbs();
    if (!(pivots.minCoeff() > kSingularPivotRatio * pivots.maxCoeff())) return false;
    if (small_) {
        inverse_.noalias() = lu_.solve(identity_);
        const auto n = static_cast<Eigen::Index>(z_.size());
        for (Eigen::Index i = 0; i < n; ++i)
            for (Eigen::Index j = 0; j < n; ++j) small_inverse_[static_cast<std::size_t>(i * n + j)] = inverse_(i, j);
        if (!fused_.empty()) fuse_small_affine();
    }
    return true;
}

void LinearSystem::fuse_small_affine() {
    const auto& s = *schedule_;
    const std::size_t n = z_.size();
    std::fill(fused_.begin(), fused_.end(), 0.0);
    for (std::size_t j = 0; j < n; ++j)
        for (int e = s.output_start[j]; e < s.output_start[j + 1]; ++e) {
            const int k = s.output_rows[static_cast<std::size_t>(e)];
            const auto row = static_cast<std::size_t>(std::lower_bound(reached_outputs_.begin(), reached_outputs_.end(), k) - reached_outputs_.begin());
            const double d = d_values_[static_cast<std::size_t>(e)];
            for (std::size_t i = 0; i < n; ++i) fused_[row * n + i] += d * small_inverse_[j * n + i];
        }
}

template <int N, bool UpdateOutputs>
bool LinearSystem::solve_small() {
    double r[N];   // the integrator's path reads r0 where the blocks left it; the others read it into r0_ before
    for (int i = 0; i < N; ++i) r[i] = UpdateOutputs ? *residuals_[static_cast<std::size_t>(i)] : r0_.data()[i];
    bool finite = true;
    for (int j = 0; j < N; ++j) {   // z = L⁻¹·g = −L⁻¹·r0, straight into the tearing variables
        double z = 0.0;
        for (int i = 0; i < N; ++i) z -= small_inverse_[static_cast<std::size_t>(j * N + i)] * r[i];
        solution_.data()[j] = z;
        *z_[static_cast<std::size_t>(j)] = z;
        finite &= std::isfinite(z);
    }
    if constexpr (!UpdateOutputs) return finite;
    const double* c = fused_.data();
    for (double* y : fused_targets_) {   // y(0) − D·L⁻¹·r0
        double v = *y;
        for (int i = 0; i < N; ++i) v -= c[i] * r[i];
        *y = v;
        c += N;
    }
    return finite;
}

template <bool UpdateOutputs>
bool LinearSystem::solve_small_sized() {
    static_assert(kSmallLimit == 4, "the dispatch below covers sizes 1 to kSmallLimit");
    switch (z_.size()) {
        case 1: return solve_small<1, UpdateOutputs>();
        case 2: return solve_small<2, UpdateOutputs>();
        case 3: return solve_small<3, UpdateOutputs>();
        default: return solve_small<4, UpdateOutputs>();
    }
}

bool LinearSystem::solve_small(bool update_outputs) {
    return update_outputs ? solve_small_sized<true>() : solve_small_sized<false>();
}

bool LinearSystem::solve_factored() {
    if (small_) return solve_small(/*update_outputs=*/false);
    g_ = -r0_;
    if (dense_) {
        solution_.noalias() = lu_.solve(g_);
    } else {
        solution_ = g_;
        klu_.solve(solution_.data());
    }
    if (!solution_.allFinite()) return false;
    set_tearing(solution_);
    return true;
}

bool LinearSystem::solve(bool only_derivatives) {
    if (z_.empty()) {
        run_dependent();
        return true;
    }
    for (double* z : z_) *z = 0.0;
    run_dependent_at_zero();
    const bool reprobe = policy_ == LinearPolicy::ReprobeEveryCall || !factor_valid_;
    if (!reprobe && singular_) return false;
    // The outputs still hold y(0) from the z = 0 pass: add −D·L⁻¹·r0 in place, nothing to save first.
    if (!reprobe && only_derivatives && !fused_.empty()) return solve_small(/*update_outputs=*/true);
    read_residuals(r0_);
    read_outputs();
    if (reprobe) {
        probe_columns();
        singular_ = !factorize();
        factor_valid_ = true;
    }
    if (singular_) return false;
    if (!solve_factored()) return false;
    if (!only_derivatives) run_dependent();
    else if (affine_outputs_) write_outputs();
    else {
        for (const Block& b : schedule_->finish) b();
        at_zero_ = false;
    }
    return true;
}

Eigen::SparseMatrix<double> LinearSystem::sparse_matrix() const {
    const auto n = static_cast<Eigen::Index>(z_.size());
    Eigen::SparseMatrix<double> L(n, n);
    std::vector<Eigen::Triplet<double>> entries;
    const auto& s = *schedule_;
    for (std::size_t j = 0; j < z_.size(); ++j)
        for (int k = s.pattern_start[j]; k < s.pattern_start[j + 1]; ++k)
            entries.emplace_back(s.pattern_rows[static_cast<std::size_t>(k)], static_cast<int>(j), values_[static_cast<std::size_t>(k)]);
    L.setFromTriplets(entries.begin(), entries.end());
    return L;
}

Eigen::MatrixXd LinearSystem::matrix() const { return Eigen::MatrixXd(sparse_matrix()); }

void LinearSystem::check_regular(const Model& model) {
    if (z_.empty()) return;
    for (double* z : z_) *z = 0.0;
    run_dependent();
    read_residuals(r0_);
    read_outputs();
    probe_and_factor(model);
}

void LinearSystem::probe_and_factor(const Model& model) {
    probe_columns();
    if (factorize()) {   // the next solve at this structure may use it (re-probed anyway if L depends on the point)
        singular_ = false;
        factor_valid_ = true;
        return;
    }
    explain_singular(model);
}

void LinearSystem::check_after_full_pass(const Model& model, bool affine) {
    if (z_.empty()) return;
    read_residuals(r0_);
    read_outputs();
    if (affine) {
        collect_affine_outputs(model);
        read_affine_sample(0);   // f(0), before the probes move the dependent blocks off z = 0
    }
    probe_and_factor(model);
    if (affine) sample_and_compare_affine(model);
}

bool LinearSystem::solve_after_checks() {
    if (z_.empty()) {
        run_dependent();
        return true;
    }
    if (singular_ || !solve_factored()) return false;   // r0_ is still the z = 0 pass's: the checks leave it
    run_dependent();
    return true;
}

namespace {
// Beyond this size a dense rank-revealing LU of L (n³) would take longer than the user waits for an error.
constexpr std::size_t kDenseDiagnosisLimit = 1500;
}  // namespace

void LinearSystem::explain_singular(const Model& model) {
    const Eigen::SparseMatrix<double> L = sparse_matrix();
    const auto n = L.rows();
    std::vector<double> row_max(static_cast<std::size_t>(n), 0.0);
    double l_max = 1.0;
    for (Eigen::Index j = 0; j < n; ++j)
        for (Eigen::SparseMatrix<double>::InnerIterator it(L, j); it; ++it) {
            row_max[static_cast<std::size_t>(it.row())] = std::max(row_max[static_cast<std::size_t>(it.row())], std::abs(it.value()));
            l_max = std::max(l_max, std::abs(it.value()));
        }
    const bool dense_diagnosis = static_cast<std::size_t>(n) <= kDenseDiagnosisLimit;
    Eigen::FullPivLU<Eigen::MatrixXd> full;
    if (dense_diagnosis) full.compute(Eigen::MatrixXd(L));
    std::ostringstream rank;
    if (dense_diagnosis) rank << "rank " << full.rank() << " of " << n;
    else if (const int j = klu_.singular_column(); j >= 0 && j < n) rank << "size " << n << ", no usable pivot in the column of " << model.tearing[static_cast<std::size_t>(j)].path;
    else rank << "size " << n << ", smallest pivot " << klu_.pivot_ratio() << " times the largest";

    std::ostringstream s;
    // A probe changes the residuals by L·e_j; next to residuals of order 1e16·|L| that change is lost to
    // rounding, and L only looks singular: say so instead of blaming a missing inertance.
    Eigen::Index largest = 0;
    const double r_max = r0_.cwiseAbs().maxCoeff(&largest);
    if (r_max * 1e-13 > l_max) {
        s << "the residual " << model.residuals[static_cast<std::size_t>(largest)].path << " = " << r0_[largest]
          << " at the initial point is so large that probing L loses its change to rounding (L looks singular, " << rank.str()
          << "); a parameter or start value is far outside any physical range "
          << "(rule: values stay within the range where double precision resolves the model)";
        throw BuildError(s.str(), "resolvable values");
    }
    s << "L is singular at the initial point (" << rank.str() << ")";
    if (dense_diagnosis) {
        const Eigen::MatrixXd kernel = full.kernel();
        const double scale = kernel.cwiseAbs().maxCoeff();
        s << "; the tearing variable(s)";
        for (Eigen::Index j = 0; j < kernel.rows(); ++j)
            if (kernel.row(j).cwiseAbs().maxCoeff() > 1e-9 * scale) s << ' ' << model.tearing[static_cast<std::size_t>(j)].path;
        s << " are not determined by the residuals";
    }
    for (Eigen::Index j = 0; j < n && !dense_diagnosis; ++j)   // the kernel named them already
        if (L.col(j).cwiseAbs().sum() == 0.0) s << "; tearing variable " << model.tearing[static_cast<std::size_t>(j)].path << " acts on no residual";
    for (Eigen::Index i = 0; i < n; ++i)
        if (row_max[static_cast<std::size_t>(i)] == 0.0) s << "; residual " << model.residuals[static_cast<std::size_t>(i)].path << " does not depend on any tearing variable";
    const std::string rule = "every tearing variable acts on its residual through an inertance or mass (no inertance/mass on this path)";
    s << " (rule: " << rule << ")";
    throw BuildError(s.str(), rule);
}

void LinearSystem::collect_affine_outputs(const Model& model) {
    // Every double-valued Out written by a dependent block, with its block, in crawl order: the flat per-block
    // lists in the order they lie in memory (in schedule order every block was a cache miss at 10⁴ components).
    // Not a skipped pass-through's: run_dependent leaves its copy as whatever ran it last (a probe), and its source
    // is checked.
    std::vector<AffineProbe>& outs = affine_probes_;
    outs.clear();
    const Schedule& s = *schedule_;
    for (std::size_t b = 0; b < s.order.size(); ++b) {
        if (!s.is_dependent[b] || s.crawl_order_skipped[b]) continue;
        for (int w : model.write_indices(b))
            if (const double* value = model.links[static_cast<std::size_t>(w)].real) outs.push_back({value, static_cast<int>(b)});
    }
    affine_samples_.resize(static_cast<Eigen::Index>(outs.size()), 4);   // the same size again: no new memory
    collect_operands(model);
}

void LinearSystem::collect_operands(const Model& model) {
    operands_.clear();
    operand_scale_.assign(model.blocks.size(), 0.0);
    const Schedule& s = *schedule_;
    // Which block writes each signal: rounding travels with the values, so a block inherits its inputs' scale.
    writer_.assign(model.links.size(), -1);
    for (std::size_t b = 0; b < s.order.size(); ++b)
        for (int w : model.write_indices(b))
            if (w >= 0) writer_[static_cast<std::size_t>(w)] = static_cast<int>(b);
    for (std::size_t b = 0; b < s.order.size(); ++b) {
        if (!s.is_dependent[b] || s.crawl_order_skipped[b]) continue;
        for (const SignalBase* read : model.blocks[b].reads) {
            const ValueLayout* layout = find_value_layout(read->type_name());
            if (!layout) continue;   // not a record of doubles (an enumeration, a medium): no rounding to speak of
            const void* address = read->is_in() ? static_cast<const InBase*>(read)->read_address() : static_cast<const OutBase*>(read)->value_address();
            if (address) operands_.push_back({static_cast<const double*>(address), layout->doubles, static_cast<int>(b)});
        }
    }
}

void LinearSystem::read_operand_scales() {
    for (const Operand& o : operands_) {
        double& scale = operand_scale_[static_cast<std::size_t>(o.block)];
        for (std::size_t i = 0; i < o.doubles; ++i)
            if (std::isfinite(o.first[i])) scale = std::max(scale, std::abs(o.first[i]));
    }
}

void LinearSystem::read_affine_sample(Eigen::Index column) {
    for (std::size_t k = 0; k < affine_probes_.size(); ++k) affine_samples_(static_cast<Eigen::Index>(k), column) = *affine_probes_[k].value;
    read_operand_scales();
}

void LinearSystem::sample_and_compare_affine(const Model& model) {
    const std::vector<AffineProbe>& outs = affine_probes_;
    const auto n = static_cast<Eigen::Index>(z_.size());
    auto sample = [&](const Eigen::VectorXd& z, Eigen::Index column) {
        set_tearing(z);
        run_dependent();
        read_affine_sample(column);
    };
    // An affine f has f(z) + f(−z) = 2·f(0) (no even part: squares, products, |z|) and f(2z) − f(0) =
    // 2·(f(z) − f(0)) (no odd nonlinear part: cubes, sines). A point off the axes with unequal components
    // exposes products of tearing variables. Three passes here (f(0) is the caller's), linear in the size of the system.
    Eigen::VectorXd zt(n);
    for (Eigen::Index j = 0; j < n; ++j) zt[j] = (j % 2 ? -1.0 : 1.0) * (2.0 + 0.37 * static_cast<double>(j % 17));
    sample(zt, 1);
    sample(-zt, 2);
    sample(2.0 * zt, 3);
    for (double* z : z_) *z = 0.0;
    const auto v0 = affine_samples_.col(0), vp = affine_samples_.col(1), vm = affine_samples_.col(2), v2 = affine_samples_.col(3);

    // Relative to the output's own size and changes, and to the size of what its block computed it from: p_a − p_b
    // with both near 1e5 Pa is zero at the origin and still carries rounding of 1e-11 Pa. The rounding allowance is
    // ~10⁴·ε of the operands: room for a chain of blocks, yet a z² of coefficient 1e-9 relative to the operands shows.
    constexpr double kRelative = 1e-7, kRounding = 1e-12;
    for (int b : schedule_->order) {   // in schedule order: each block after the blocks it reads from
        double& scale = operand_scale_[static_cast<std::size_t>(b)];
        for (int r : model.read_indices(static_cast<std::size_t>(b)))
            if (r >= 0 && writer_[static_cast<std::size_t>(r)] >= 0) scale = std::max(scale, operand_scale_[static_cast<std::size_t>(writer_[static_cast<std::size_t>(r)])]);
    }
    auto affine = [&](std::size_t k) {
        const auto i = static_cast<Eigen::Index>(k);
        const double rounding = kRounding * operand_scale_[static_cast<std::size_t>(outs[k].block)];
        const double scale = std::abs(v0[i]) + std::abs(vp[i] - v0[i]) + std::abs(vm[i] - v0[i]) + 1e-12;
        return std::abs(vp[i] + vm[i] - 2.0 * v0[i]) <= kRelative * scale + rounding &&
               std::abs((v2[i] - v0[i]) - 2.0 * (vp[i] - v0[i])) <= kRelative * (scale + std::abs(v2[i] - v0[i])) + rounding;
    };
    std::size_t first = outs.size();
    for (std::size_t k = 0; k < outs.size() && first == outs.size(); ++k)
        if (!affine(k)) first = k;
    if (first == outs.size()) return;
    // The outputs lie in crawl order; the culprit is the first non-affine one in schedule order (later ones inherit
    // it). Found only when one fails.
    const Schedule& s = *schedule_;
    std::vector<int> position(s.order.size());
    for (std::size_t p = 0; p < s.order.size(); ++p) position[static_cast<std::size_t>(s.order[p])] = static_cast<int>(p);
    for (std::size_t k = first + 1; k < outs.size(); ++k)
        if (position[static_cast<std::size_t>(outs[k].block)] < position[static_cast<std::size_t>(outs[first].block)] && !affine(k)) first = k;
    {
        const std::size_t k = first;
        const auto& block = model.blocks[static_cast<std::size_t>(outs[k].block)];
        const std::string rule = "residuals are affine in the tearing variables (LIED: all nonlinearity stays explicit)";
        std::string signal_name = "?";
        for (auto* w : block.writes)
            if (w->real_value() == outs[k].value) signal_name = model.signal_name(w);
        throw BuildError(model.components[static_cast<std::size_t>(block.component)].path + ": block " + block.path + " computes " +
                             signal_name + " as a nonlinear function of the tearing variables (rule: " + rule + ")",
                         rule);
    }
}

}  // namespace lied
