#include "core/solve/coloured_jacobian.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lied {

void ColouredJacobian::configure(SparsityPattern pattern, const std::vector<double>& nominal) {
    pattern_ = std::move(pattern);
    groups_ = colour_columns(pattern_);
    const auto n = static_cast<std::size_t>(pattern_.columns);
    scale_.assign(n, 1.0);
    for (std::size_t j = 0; j < n && j < nominal.size(); ++j)
        if (nominal[j] > 0 && std::isfinite(nominal[j])) scale_[j] = nominal[j];
    x_.assign(n, 0.0);
    f_.assign(static_cast<std::size_t>(pattern_.rows), 0.0);
    delta_.assign(n, 0.0);
}

bool ColouredJacobian::compute(OdeFunction& f, double t, const double* x, const double* f0, double* values) {
    // Forward differences with δ = √ε·max(|x|, nominal): the truncation and rounding errors balance there.
    static const double root_eps = std::sqrt(std::numeric_limits<double>::epsilon());
    std::copy(x, x + x_.size(), x_.begin());
    for (const auto& group : groups_) {
        for (int j : group) {
            const auto k = static_cast<std::size_t>(j);
            double d = root_eps * std::max(std::abs(x[k]), scale_[k]);
            d = (x[k] + d) - x[k];   // a step that is exactly representable
            delta_[k] = d;
            x_[k] = x[k] + d;
        }
        const bool ok = f.derivatives(t, x_.data(), f_.data());
        for (int j : group) x_[static_cast<std::size_t>(j)] = x[static_cast<std::size_t>(j)];
        if (!ok) return false;
        for (int j : group) {
            const auto k = static_cast<std::size_t>(j);
            for (int p = pattern_.start[k]; p < pattern_.start[k + 1]; ++p) {
                const auto i = static_cast<std::size_t>(pattern_.row_index[static_cast<std::size_t>(p)]);
                values[p] = (f_[i] - f0[i]) / delta_[k];
            }
        }
    }
    return true;
}

}  // namespace lied
