#include "components/table_interpolation.h"

#include <cmath>
#include <limits>

namespace lied::components {

std::size_t interval_of(std::span<const double> x, double u, std::size_t& last) {
    const std::size_t n = x.size();
    std::size_t i = last < n - 1 ? last : n - 2;
    while (i + 1 < n - 1 && u >= x[i + 1]) ++i;
    while (i > 0 && u < x[i]) --i;
    last = i;
    return i;
}

double wrapped(std::span<const double> x, double u) {
    const double first = x.front(), end = x.back(), period = end - first;
    if (!std::isfinite(u)) return u;   // NaN or ±inf: no period brings it inside (the caller's output is not finite)
    // Whole periods at once by fmod (a loop of single periods would take long far out, and never end where u − T == u),
    // then Modelica's rule at the ends: x[0] + k·T is the first value for k ≤ 0, the last for k ≥ 1.
    if (u < first) {
        const double r = std::fmod(first - u, period);
        return r == 0.0 ? first : end - r;
    }
    if (u > end) {
        const double r = std::fmod(u - first, period);
        return r == 0.0 ? end : first + r;
    }
    return u;
}

namespace {

double secant(std::span<const double> x, std::span<const double> y, std::size_t i) { return (y[i + 1] - y[i]) / (x[i + 1] - x[i]); }

// Akima's slopes, plain (modified = false) or modified ("makima"), from the secants m[0..n−2] padded with two
// phantom secants at each end: m[−1] = 2m[0] − m[1], m[−2] = 3m[0] − 2m[1], and mirrored on the right.
void akima_slopes(const std::vector<double>& m, bool modified, std::vector<double>& t) {
    const long n = static_cast<long>(m.size()) + 1;   // nodes
    auto secant_at = [&](long j) {
        if (j >= 0 && j <= n - 2) return m[static_cast<std::size_t>(j)];
        if (j == -1) return 2 * m[0] - m[1];
        if (j == -2) return 3 * m[0] - 2 * m[1];
        if (j == n - 1) return 2 * m[static_cast<std::size_t>(n - 2)] - m[static_cast<std::size_t>(n - 3)];
        return 3 * m[static_cast<std::size_t>(n - 2)] - 2 * m[static_cast<std::size_t>(n - 3)];   // j == n
    };
    for (long j = 0; j < n; ++j) {
        const double m2 = secant_at(j - 2), m1 = secant_at(j - 1), m0 = secant_at(j), p1 = secant_at(j + 1);
        double w1 = std::abs(p1 - m0), w2 = std::abs(m1 - m2);
        if (modified) {
            w1 += std::abs(p1 + m0) / 2;
            w2 += std::abs(m1 + m2) / 2;
        }
        const double sum = w1 + w2;
        t[static_cast<std::size_t>(j)] = sum > 0 ? (w1 * m1 + w2 * m0) / sum : (modified ? 0.0 : (m1 + m0) / 2);
    }
}

// Fritsch–Butland (steffen = false) or Steffen slopes: the end secants at the ends; 0 at a node where the secants
// beside it are zero or change sign (so the spline stays monotone).
void monotone_slopes(std::span<const double> x, const std::vector<double>& m, bool steffen, std::vector<double>& t) {
    const std::size_t n = m.size() + 1;
    t[0] = m[0];
    t[n - 1] = m[n - 2];
    for (std::size_t j = 1; j + 1 < n; ++j) {
        const double a = m[j - 1], b = m[j], ha = x[j] - x[j - 1], hb = x[j + 1] - x[j];
        if (a == 0.0 || b == 0.0 || (a > 0) != (b > 0)) {
            t[j] = 0.0;
        } else if (!steffen) {
            t[j] = 3 * (ha + hb) / ((ha + 2 * hb) / a + (hb + 2 * ha) / b);
        } else {
            const double p = (a * hb + b * ha) / (ha + hb);
            t[j] = std::abs(p) / 2 > std::abs(a) || std::abs(p) / 2 > std::abs(b) ? 2 * (a > 0 ? 1.0 : -1.0) * std::min(std::abs(a), std::abs(b)) : p;
        }
    }
}

}  // namespace

void Interpolant1D::prepare(std::span<const double> x, std::span<const double> y, Smoothness smoothness) {
    x_ = x;
    y_ = y;
    const std::size_t n = x.size();
    // Two rows: every spline is the line through them (Modelica).
    const bool spline = smoothness != Smoothness::LinearSegments && smoothness != Smoothness::ConstantSegments;
    smoothness_ = spline && n <= 2 ? Smoothness::LinearSegments : smoothness;
    t_.assign(n, 0.0);
    if (n < 2) return;
    std::vector<double> m(n - 1);
    for (std::size_t i = 0; i + 1 < n; ++i) m[i] = secant(x, y, i);
    switch (smoothness_) {
        case Smoothness::ContinuousDerivative: akima_slopes(m, false, t_); break;
        case Smoothness::ModifiedContinuousDerivative: akima_slopes(m, true, t_); break;
        case Smoothness::MonotoneContinuousDerivative1: monotone_slopes(x, m, false, t_); break;
        case Smoothness::MonotoneContinuousDerivative2: monotone_slopes(x, m, true, t_); break;
        default:   // linear and constant segments: the secants, the last one at the last node
            for (std::size_t i = 0; i + 1 < n; ++i) t_[i] = m[i];
            t_[n - 1] = m[n - 2];
    }
}

double Interpolant1D::inside(double u, std::size_t& last) const {
    const std::size_t i = interval_of(x_, u, last);
    const double h = x_[i + 1] - x_[i], v = u - x_[i];
    switch (smoothness_) {
        case Smoothness::LinearSegments: return y_[i] + (y_[i + 1] - y_[i]) * v / h;
        case Smoothness::ConstantSegments: return u >= x_[i + 1] ? y_[i + 1] : y_[i];   // the value at or below u
        default: {   // cubic Hermite: y(x_i) = y_i, y'(x_i) = t_i at both ends of the interval
            const double m = (y_[i + 1] - y_[i]) / h;
            const double c1 = (3 * m - 2 * t_[i] - t_[i + 1]) / h, c0 = (t_[i] + t_[i + 1] - 2 * m) / (h * h);
            return y_[i] + v * (t_[i] + v * (c1 + v * c0));
        }
    }
}

double Interpolant1D::operator()(double u, Extrapolation extrapolation, std::size_t& last) const {
    const std::size_t n = x_.size();
    if (n == 1) return y_[0];   // one row: its value everywhere
    const bool left = u < x_[0], right = u > x_[n - 1];
    if (!left && !right) return inside(u, last);
    switch (extrapolation) {
        case Extrapolation::HoldLastPoint: return left ? y_[0] : y_[n - 1];
        case Extrapolation::Periodic: return inside(wrapped(x_, u), last);
        case Extrapolation::NoExtrapolation: return std::numeric_limits<double>::quiet_NaN();
        case Extrapolation::LastTwoPoints: break;
    }
    // A line: through the two end points for linear and constant segments, with the spline's end slope for a spline.
    const bool spline = smoothness_ != Smoothness::LinearSegments && smoothness_ != Smoothness::ConstantSegments;
    if (left) return y_[0] + (spline ? t_[0] : secant(x_, y_, 0)) * (u - x_[0]);
    return y_[n - 1] + (spline ? t_[n - 1] : secant(x_, y_, n - 2)) * (u - x_[n - 1]);
}

}  // namespace lied::components
