#include "core/linear_system.h"

#include "core/build_error.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace lied {

void LinearSystem::configure(const Model& model, const Schedule& schedule, LinearPolicy requested) {
    schedule_ = &schedule;
    z_.clear();
    residuals_.clear();
    for (auto& t : model.tearing) z_.push_back(&t.variable->value);
    for (auto& r : model.residuals) residuals_.push_back(&r.residual->value);
    policy_ = requested;
    if (policy_ == LinearPolicy::Automatic)
        policy_ = model.state_dependent_coefficients ? LinearPolicy::ReprobeEveryCall : LinearPolicy::FactorOnChange;
    const auto n = static_cast<Eigen::Index>(z_.size());
    L_.setZero(n, n);
    g_.setZero(n);
    r0_.setZero(n);
    solution_.setZero(n);
    lu_ = Eigen::PartialPivLU<Eigen::MatrixXd>(n);
    factor_valid_ = false;
}

void LinearSystem::run_dependent() const {
    for (const Block& b : schedule_->dependent) b();
}

void LinearSystem::read_residuals(Eigen::VectorXd& r) const {
    for (std::size_t i = 0; i < residuals_.size(); ++i) r[static_cast<Eigen::Index>(i)] = *residuals_[i];
}

void LinearSystem::set_tearing(const Eigen::VectorXd& z) const {
    for (std::size_t j = 0; j < z_.size(); ++j) *z_[j] = z[static_cast<Eigen::Index>(j)];
}

void LinearSystem::probe_columns() {
    for (double* z : z_) *z = 0.0;
    for (std::size_t grp = 0; grp < schedule_->probe_groups.size(); ++grp) {
        const auto& members = schedule_->probe_groups[grp];
        for (int j : members) *z_[static_cast<std::size_t>(j)] = 1.0;
        for (const Block& b : schedule_->probe_blocks[grp]) b();
        for (int j : members) {
            auto col = L_.col(j);
            col.setZero();
            for (int i : schedule_->probe_residuals[static_cast<std::size_t>(j)]) {
                // A change below the rounding of the residuals themselves (pressures of 1e5 Pa change in
                // their 11th digit) is no coefficient: keep it exactly zero, so a lost inertance shows as
                // a singular L instead of a tiny, meaningless pivot.
                const double r = *residuals_[static_cast<std::size_t>(i)];
                const double d = r - r0_[i];
                col[i] = std::abs(d) <= 1e-13 * std::max(std::abs(r), std::abs(r0_[i])) ? 0.0 : d;
            }
            *z_[static_cast<std::size_t>(j)] = 0.0;
        }
        // Later groups read signals this group just changed: restore the base point (z = 0) first. After the
        // last group the final pass of solve() overwrites everything anyway.
        if (grp + 1 < schedule_->probe_groups.size())
            for (const Block& b : schedule_->probe_blocks[grp]) b();
    }
    ++probes_;
}

bool LinearSystem::solve(bool only_derivatives) {
    if (z_.empty()) {
        run_dependent();
        return true;
    }
    for (double* z : z_) *z = 0.0;
    run_dependent();
    read_residuals(r0_);
    if (policy_ == LinearPolicy::ReprobeEveryCall || !factor_valid_) {
        probe_columns();
        lu_.compute(L_);
        // Partial pivoting does not reveal rank, and a zero pivot still gives a finite, meaningless solution
        // for a consistent right-hand side. A pivot 1e14 times smaller than the largest is no pivot.
        const Eigen::VectorXd pivots = lu_.matrixLU().diagonal().cwiseAbs();
        singular_ = !L_.allFinite() || !(pivots.minCoeff() > 1e-14 * pivots.maxCoeff());
        factor_valid_ = true;
    }
    if (singular_) return false;
    g_ = -r0_;
    solution_.noalias() = lu_.solve(g_);
    if (!solution_.allFinite()) return false;
    set_tearing(solution_);
    if (only_derivatives)
        for (const Block& b : schedule_->finish) b();
    else
        run_dependent();
    return true;
}

void LinearSystem::check_regular(const Model& model) {
    if (z_.empty()) return;
    for (double* z : z_) *z = 0.0;
    run_dependent();
    read_residuals(r0_);
    probe_columns();
    Eigen::FullPivLU<Eigen::MatrixXd> full(L_);
    if (full.rank() == L_.rows()) return;

    std::ostringstream s;
    // A probe changes the residuals by L·e_j; next to residuals of order 1e16·|L| that change is lost to
    // rounding, and L only looks singular: say so instead of blaming a missing inertance.
    Eigen::Index largest = 0;
    const double r_max = r0_.cwiseAbs().maxCoeff(&largest);
    const double l_max = std::max(L_.cwiseAbs().maxCoeff(), 1.0);
    if (r_max * 1e-13 > l_max) {
        s << "the residual " << model.residuals[static_cast<std::size_t>(largest)].path << " = " << r0_[largest]
          << " at the initial point is so large that probing L loses its change to rounding (L looks singular, rank "
          << full.rank() << " of " << L_.rows() << "); a parameter or start value is far outside any physical range "
          << "(rule: values stay within the range where double precision resolves the model)";
        throw BuildError(s.str(), "resolvable values");
    }
    s << "L is singular at the initial point (rank " << full.rank() << " of " << L_.rows() << ")";
    const Eigen::MatrixXd kernel = full.kernel();
    const double scale = kernel.cwiseAbs().maxCoeff();
    s << "; the tearing variable(s)";
    for (Eigen::Index j = 0; j < kernel.rows(); ++j)
        if (kernel.row(j).cwiseAbs().maxCoeff() > 1e-9 * scale) s << ' ' << model.tearing[static_cast<std::size_t>(j)].path;
    s << " are not determined by the residuals";
    for (Eigen::Index i = 0; i < L_.rows(); ++i)
        if (L_.row(i).cwiseAbs().maxCoeff() == 0.0) s << "; residual " << model.residuals[static_cast<std::size_t>(i)].path << " does not depend on any tearing variable";
    const std::string rule = "every tearing variable acts on its residual through an inertance or mass (no inertance/mass on this path)";
    s << " (rule: " << rule << ")";
    throw BuildError(s.str(), rule);
}

void LinearSystem::check_affine(const Model& model) {
    if (z_.empty()) return;
    // Every double-valued Out written by a dependent block, in schedule order, with its block.
    struct Probe { const double* value; int block; };
    std::vector<Probe> outs;
    for (std::size_t b = 0; b < model.blocks.size(); ++b) {
        if (!schedule_->is_dependent[b]) continue;
        for (auto* w : model.blocks[b].writes)
            if (auto* d = dynamic_cast<const Out<double>*>(w)) outs.push_back({&d->value, static_cast<int>(b)});
    }
    const std::size_t n = z_.size();
    auto sample = [&](const Eigen::VectorXd& z) {
        set_tearing(z);
        run_dependent();
        Eigen::VectorXd v(static_cast<Eigen::Index>(outs.size()));
        for (std::size_t k = 0; k < outs.size(); ++k) v[static_cast<Eigen::Index>(k)] = *outs[k].value;
        return v;
    };
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(n));
    const Eigen::VectorXd v0 = sample(zero);
    Eigen::MatrixXd slopes(v0.size(), static_cast<Eigen::Index>(n));
    for (std::size_t j = 0; j < n; ++j) slopes.col(static_cast<Eigen::Index>(j)) = sample(Eigen::VectorXd::Unit(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(j))) - v0;
    // A point off the axes: a product or square of tearing variables shows up here.
    Eigen::VectorXd zt(static_cast<Eigen::Index>(n));
    for (std::size_t j = 0; j < n; ++j) zt[static_cast<Eigen::Index>(j)] = (j % 2 ? -1.0 : 1.0) * (2.0 + 0.37 * static_cast<double>(j));
    const Eigen::VectorXd vt = sample(zt);
    for (double* z : z_) *z = 0.0;

    // Schedule order: the first non-affine output is the culprit, later ones inherit it.
    std::vector<int> position(model.blocks.size());
    for (std::size_t i = 0; i < schedule_->order.size(); ++i) position[static_cast<std::size_t>(schedule_->order[i])] = static_cast<int>(i);
    int worst = -1;
    for (Eigen::Index k = 0; k < v0.size(); ++k) {
        const double predicted = v0[k] + slopes.row(k).dot(zt);
        const double scale = std::abs(v0[k]) + (slopes.row(k).cwiseAbs() * zt.cwiseAbs()).sum() + 1e-12;
        if (std::abs(vt[k] - predicted) <= 1e-7 * scale) continue;
        if (worst < 0 || position[static_cast<std::size_t>(outs[static_cast<std::size_t>(k)].block)] < position[static_cast<std::size_t>(outs[static_cast<std::size_t>(worst)].block)]) worst = static_cast<int>(k);
    }
    if (worst < 0) return;
    const auto& probe = outs[static_cast<std::size_t>(worst)];
    const auto& block = model.blocks[static_cast<std::size_t>(probe.block)];
    const std::string rule = "residuals are affine in the tearing variables (LIED: all nonlinearity stays explicit)";
    std::string signal_name = "?";
    for (auto* w : block.writes)
        if (auto* d = dynamic_cast<const Out<double>*>(w); d && &d->value == probe.value) signal_name = model.signal_name(w);
    throw BuildError(model.components[static_cast<std::size_t>(block.component)].path + ": block " + block.path + " computes " +
                         signal_name + " as a nonlinear function of the tearing variables (rule: " + rule + ")",
                     rule);
}

}  // namespace lied
