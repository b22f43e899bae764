#include "thermofluid/media/water_transport.h"

#include <cmath>

namespace lied::thermofluid {
namespace {
constexpr double kTc = 647.096, kRhoc = 322.0;

// Σ_i Σ_j c_ij·(1/T̄ − 1)^i·(ρ̄ − 1)^j over a dense table of i rows and j columns.
template <int Rows, int Columns>
double double_sum(const double (&c)[Rows][Columns], double Tr, double rr) {
    const double x = 1 / Tr - 1, y = rr - 1;
    double sum = 0, xi = 1;
    for (int i = 0; i < Rows; ++i, xi *= x) {
        double row = 0, yj = 1;
        for (int j = 0; j < Columns; ++j, yj *= y) row += c[i][j] * yj;
        sum += xi * row;
    }
    return sum;
}
}  // namespace

double water_viscosity(double rho, double T) {
    const double Tr = T / kTc, rr = rho / kRhoc;
    // μ0: Eq. 11, H_0..H_3.
    const double mu0 = 100 * std::sqrt(Tr) / (1.67752 + 2.20462 / Tr + 0.6366564 / (Tr * Tr) - 0.241605 / (Tr * Tr * Tr));
    // μ1: Eq. 12, H_ij for i = 0..5, j = 0..6 (Table 2).
    static constexpr double H[6][7] = {
        {5.20094e-1, 2.22531e-1, -2.81378e-1, 1.61913e-1, -3.25372e-2, 0, 0},
        {8.50895e-2, 9.99115e-1, -9.06851e-1, 2.57399e-1, 0, 0, 0},
        {-1.08374, 1.88797, -7.72479e-1, 0, 0, 0, 0},
        {-2.89555e-1, 1.26613, -4.89837e-1, 0, 6.98452e-2, 0, -4.35673e-3},
        {0, 0, -2.57040e-1, 0, 0, 8.72102e-3, 0},
        {0, 1.20573e-1, 0, 0, 0, 0, -5.93264e-4}};
    const double mu1 = std::exp(rr * double_sum(H, Tr, rr));
    return 1e-6 * mu0 * mu1;
}

double water_conductivity(double rho, double T) {
    const double Tr = T / kTc, rr = rho / kRhoc;
    // λ0: Eq. 16, L_0..L_4.
    const double lambda0 = std::sqrt(Tr) / (2.443221e-3 + 1.323095e-2 / Tr + 6.770357e-3 / (Tr * Tr) - 3.454586e-3 / (Tr * Tr * Tr) +
                                            4.096266e-4 / (Tr * Tr * Tr * Tr));
    // λ1: Eq. 17, L_ij for i = 0..4, j = 0..5 (Table 2).
    static constexpr double L[5][6] = {
        {1.60397357, -0.646013523, 0.111443906, 0.102997357, -0.0504123634, 0.00609859258},
        {2.33771842, -2.78843778, 1.53616167, -0.463045512, 0.0832827019, -0.00719201245},
        {2.19650529, -4.54580785, 3.55777244, -1.40944978, 0.275418278, -0.0205938816},
        {-1.21051378, 1.60812989, -0.621178141, 0.0716373224, 0, 0},
        {-2.7203370, 4.57586331, -3.18369245, 1.1168348, -0.19268305, 0.012913842}};
    const double lambda1 = std::exp(rr * double_sum(L, Tr, rr));
    return 1e-3 * lambda0 * lambda1;
}

}  // namespace lied::thermofluid
