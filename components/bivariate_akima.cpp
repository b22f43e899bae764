#include "components/bivariate_akima.h"

#include <array>
#include <cmath>

namespace lied::components {

namespace {

// The grid x[0..n−1] with two ghost abscissas on each side: mirrored spacings (equal ones with two nodes).
std::vector<double> extended_grid(std::span<const double> x) {
    const std::size_t n = x.size();
    std::vector<double> e(n + 4);
    for (std::size_t k = 0; k < n; ++k) e[k + 2] = x[k];
    if (n == 2) {
        e[0] = 3 * x[0] - 2 * x[1], e[1] = 2 * x[0] - x[1];
        e[4] = 2 * x[1] - x[0], e[5] = 3 * x[1] - 2 * x[0];
        return e;
    }
    e[0] = 2 * x[0] - x[2];
    e[1] = x[0] + x[1] - x[2];
    e[n + 2] = x[n - 1] + x[n - 2] - x[n - 3];
    e[n + 3] = 2 * x[n - 1] - x[n - 3];
    return e;
}

// Akima's (1970) end rule: the two ghost values beyond (x1, y1), (x2, y2), (x3, y3) at x4, x5, continuing the slopes
// (2·m_last − m_before, then 3·m_last − 2·m_before). Written in the order ModelicaStandardTables computes it: a tie of
// slopes in tables with repeated values must fall the same way.
std::array<double, 2> ghosts(double x1, double y1, double x2, double y2, double x3, double y3, double x4, double x5) {
    const double a = x2 - x1, b = x3 - x2, c = x4 - x3, d = x5 - x4, e = y2 - y1, f = y3 - y2;
    if (a == 0 || b == 0 || c == 0) return {y3, y3};
    const double y4 = c * (2 * f / b - e / a) + y3;
    return {y4, y4 + d * ((y4 - y3) / c + f / b - e / a)};
}

// A line of n ≥ 2 values at e[2..n+1] (`stride` apart, abscissas xe) gets its four ghosts.
void extend_line(double* e, std::size_t stride, std::size_t n, const std::vector<double>& xe) {
    auto at = [&](std::size_t k) -> double& { return e[k * stride]; };
    if (n == 2) {
        const double y0 = at(2), y1 = at(3);
        at(0) = 3 * y0 - 2 * y1, at(1) = 2 * y0 - y1, at(4) = 2 * y1 - y0, at(5) = 3 * y1 - 2 * y0;
        return;
    }
    const auto right = ghosts(xe[n - 1], at(n - 1), xe[n], at(n), xe[n + 1], at(n + 1), xe[n + 2], xe[n + 3]);
    at(n + 2) = right[0], at(n + 3) = right[1];
    // The left end is the mirror image: from the third real node towards the ghosts.
    const auto left = ghosts(xe[4], at(4), xe[3], at(3), xe[2], at(2), xe[1], xe[0]);
    at(1) = left[0], at(0) = left[1];
}

struct Slope {
    double value, w_left, w_right;   // the node slope, and the weights of the slopes left and right of the node
};

// Akima's node slope from the four slopes m1 … m4 around it (m2 left, m3 right of the node).
Slope akima_slope(double m1, double m2, double m3, double m4) {
    if (m1 == m2 && m3 == m4) return {0.5 * m2 + 0.5 * m3, 0.0, 0.0};
    const double w2 = std::abs(m4 - m3), w3 = std::abs(m2 - m1);
    return {(w2 * m2 + w3 * m3) / (w2 + w3), w2, w3};
}

// The cubic Hermite basis on [0, 1] and its derivative, for value, slope·h, value, slope·h.
void hermite(double s, double h, std::array<double, 4>& basis, std::array<double, 4>& derivative) {
    const double s2 = s * s, s3 = s2 * s;
    basis = {2 * s3 - 3 * s2 + 1, h * (s3 - 2 * s2 + s), -2 * s3 + 3 * s2, h * (s3 - s2)};
    derivative = {(6 * s2 - 6 * s) / h, 3 * s2 - 4 * s + 1, (-6 * s2 + 6 * s) / h, 3 * s2 - 2 * s};
}

}  // namespace

void BivariateAkima::prepare(std::span<const double> a, std::span<const double> b, std::span<const double> z) {
    a_ = a, b_ = b, z_ = z;
    const std::size_t na = a.size(), nb = b.size(), wide = nb + 4;
    nb_ = nb;
    const std::vector<double> xe = extended_grid(a), ye = extended_grid(b);
    std::vector<double> e((na + 4) * wide, 0.0);   // E[I][J] at e[I·wide + J]; node (k, l) at (k + 2, l + 2)
    auto E = [&](std::size_t I, std::size_t J) -> double& { return e[I * wide + J]; };
    for (std::size_t k = 0; k < na; ++k) {
        for (std::size_t l = 0; l < nb; ++l) E(k + 2, l + 2) = z[k * nb + l];
        extend_line(&E(k + 2, 0), 1, nb, ye);   // along u2, each row
    }
    for (std::size_t J = 0; J < wide; ++J) extend_line(&E(0, J), wide, na, xe);   // along u1, every column (corners too)
    zx_.assign(na * nb, 0.0);
    zy_.assign(na * nb, 0.0);
    zxy_.assign(na * nb, 0.0);
    // A cell's twist: the change of its u2 slope from row r to r + 1, per u1.
    auto twist = [&](std::size_t r, std::size_t c) {
        const double dy = ye[c + 1] - ye[c], dx = xe[r + 1] - xe[r];
        return ((E(r + 1, c + 1) - E(r + 1, c)) / dy - (E(r, c + 1) - E(r, c)) / dy) / dx;
    };
    for (std::size_t k = 0; k < na; ++k)
        for (std::size_t l = 0; l < nb; ++l) {
            const std::size_t I = k + 2, J = l + 2;
            auto along_u1 = [&](std::size_t r) { return (E(r + 1, J) - E(r, J)) / (xe[r + 1] - xe[r]); };
            auto along_u2 = [&](std::size_t c) { return (E(I, c + 1) - E(I, c)) / (ye[c + 1] - ye[c]); };
            Slope sx = akima_slope(along_u1(I - 2), along_u1(I - 1), along_u1(I), along_u1(I + 1));
            Slope sy = akima_slope(along_u2(J - 2), along_u2(J - 1), along_u2(J), along_u2(J + 1));
            zx_[k * nb + l] = sx.value;
            zy_[k * nb + l] = sy.value;
            if (sx.w_left == 0 && sx.w_right == 0) sx.w_left = sx.w_right = 1;   // a tie: the twists weigh equally
            if (sy.w_left == 0 && sy.w_right == 0) sy.w_left = sy.w_right = 1;
            const double left = sy.w_left * twist(I - 1, J - 1) + sy.w_right * twist(I - 1, J);
            const double right = sy.w_left * twist(I, J - 1) + sy.w_right * twist(I, J);
            zxy_[k * nb + l] = (sx.w_left * left + sx.w_right * right) / ((sx.w_left + sx.w_right) * (sy.w_left + sy.w_right));
        }
}

BivariateAkima::Point BivariateAkima::patch(std::size_t i, std::size_t j, double p, double q) const {
    const double h1 = a_[i + 1] - a_[i], h2 = b_[j + 1] - b_[j];
    std::array<double, 4> A, dA, B, dB;
    hermite((p - a_[i]) / h1, h1, A, dA);
    hermite((q - b_[j]) / h2, h2, B, dB);
    // F[r][c]: rows (node i's value, its ∂/∂u1, node i+1's value, its ∂/∂u1); columns the same along u2.
    std::array<std::array<double, 4>, 4> F;
    for (std::size_t di = 0; di < 2; ++di)
        for (std::size_t dj = 0; dj < 2; ++dj) {
            const std::size_t node = (i + di) * nb_ + j + dj;
            F[2 * di][2 * dj] = z_[node];
            F[2 * di][2 * dj + 1] = zy_[node];
            F[2 * di + 1][2 * dj] = zx_[node];
            F[2 * di + 1][2 * dj + 1] = zxy_[node];
        }
    Point out{0, 0, 0, 0};
    for (std::size_t r = 0; r < 4; ++r)
        for (std::size_t c = 0; c < 4; ++c) {
            out.value += A[r] * B[c] * F[r][c];
            out.d1 += dA[r] * B[c] * F[r][c];
            out.d2 += A[r] * dB[c] * F[r][c];
            out.d12 += dA[r] * dB[c] * F[r][c];
        }
    return out;
}

}  // namespace lied::components
