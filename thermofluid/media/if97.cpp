#include "thermofluid/media/if97.h"

#include <array>
#include <cmath>

namespace lied::thermofluid::if97 {
namespace {

// Region 1: γ(π, τ) = Σ n·(7.1 − π)^I·(τ − 1.222)^J, π = p/16.53 MPa, τ = 1386 K/T (IF97 Table 2).
constexpr int kI1[34] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 8, 8, 21, 23, 29, 30, 31, 32};
constexpr int kJ1[34] = {-2, -1, 0, 1, 2, 3, 4, 5, -9, -7, -1, 0, 1, 3, -3, 0, 1, 3, 17, -4, 0, 6, -5, -2, 10, -8, -11, -6, -29, -31, -38, -39, -40, -41};
constexpr double kN1[34] = {
    0.14632971213167, -0.84548187169114, -0.37563603672040e1, 0.33855169168385e1, -0.95791963387872, 0.15772038513228,
    -0.16616417199501e-1, 0.81214629983568e-3, 0.28319080123804e-3, -0.60706301565874e-3, -0.18990068218419e-1,
    -0.32529748770505e-1, -0.21841717175414e-1, -0.52838357969930e-4, -0.47184321073267e-3, -0.30001780793026e-3,
    0.47661393906987e-4, -0.44141845330846e-5, -0.72694996297594e-15, -0.31679644845054e-4, -0.28270797985312e-5,
    -0.85205128120103e-9, -0.22425281908000e-5, -0.65171222895601e-6, -0.14341729937924e-12, -0.40516996860117e-6,
    -0.12734301741641e-8, -0.17424871230634e-9, -0.68762131295531e-18, 0.14478307828521e-19, 0.26335781662795e-22,
    -0.11947622640071e-22, 0.18228094581404e-23, -0.93537087292458e-25};

// Region 2, ideal part: γ° = ln π + Σ n°·τ^J° (Table 10); residual part γʳ = Σ n·π^I·(τ − 0.5)^J (Table 11);
// π = p/1 MPa, τ = 540 K/T.
constexpr int kJ0[9] = {0, 1, -5, -4, -3, -2, -1, 2, 3};
constexpr double kN0[9] = {-0.96927686500217e1, 0.10086655968018e2, -0.56087911283020e-2, 0.71452738081455e-1, -0.40710498223928,
                           0.14240819171444e1, -0.43839511319450e1, -0.28408632460772, 0.21268463753307e-1};
constexpr int kI2[43] = {1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 10, 10, 10, 16, 16, 18, 20, 20, 20, 21, 22, 23, 24, 24, 24};
constexpr int kJ2[43] = {0, 1, 2, 3, 6, 1, 2, 4, 7, 36, 0, 1, 3, 6, 35, 1, 2, 3, 7, 3, 16, 35, 0, 11, 25, 8, 36, 13, 4, 10, 14, 29, 50, 57, 20, 35, 48, 21, 53, 39, 26, 40, 58};
constexpr double kN2[43] = {
    -0.17731742473213e-2, -0.17834862292358e-1, -0.45996013696365e-1, -0.57581259083432e-1, -0.50325278727930e-1,
    -0.33032641670203e-4, -0.18948987516315e-3, -0.39392777243355e-2, -0.43797295650573e-1, -0.26674547914087e-4,
    0.20481737692309e-7, 0.43870667284435e-6, -0.32277677238570e-4, -0.15033924542148e-2, -0.40668253562649e-1,
    -0.78847309559367e-9, 0.12790717852285e-7, 0.48225372718507e-6, 0.22922076337661e-5, -0.16714766451061e-10,
    -0.21171472321355e-2, -0.23895741934104e2, -0.59059564324270e-17, -0.12621808899101e-5, -0.38946842435739e-1,
    0.11256211360459e-10, -0.82311340897998e1, 0.19809712802088e-7, 0.10406965210174e-18, -0.10234747095929e-12,
    -0.10018179379511e-8, -0.80882908646985e-10, 0.10693031879409, -0.33662250574171, 0.89185845355421e-24,
    0.30629316876232e-12, -0.42002467698208e-5, -0.59056029685639e-25, 0.37826947613457e-5, -0.12768608934681e-14,
    0.73087610595061e-28, 0.55414715350778e-16, -0.94369707241210e-6};

// Region 4 (saturation line), Table 34.
constexpr double kN4[11] = {0, 0.11670521452767e4, -0.72421316703206e6, -0.17073846940092e2, 0.12020824702470e5, -0.32325550322333e7,
                            0.14915108613530e2, -0.48232657361591e4, 0.40511340542057e6, -0.23855557567849, 0.65017534844798e3};

// Boundary 2–3, Table 1.
constexpr double kN23[6] = {0, 0.34805185628969e3, -0.11671859879975e1, 0.10192970039326e-2, 0.57254459862746e3, 0.13918839778870e2};

// x^k for the integer exponents Low ≤ k ≤ High a region needs, by repeated multiplication (std::pow is slower).
template <int Low, int High>
struct Powers {
    std::array<double, High - Low + 1> value;
    explicit Powers(double x) {
        // Two interleaved chains (x^k = x^(k−2)·x²) halve the latency of the serial multiplications.
        constexpr int zero = -Low;   // index of x^0
        auto at = [&](int k) -> double& { return value[static_cast<std::size_t>(zero + k)]; };
        const double x2 = x * x, inv = 1.0 / x, inv2 = inv * inv;
        at(0) = 1.0;
        if constexpr (High >= 1) at(1) = x;
        for (int k = 2; k <= High; ++k) at(k) = at(k - 2) * x2;
        if constexpr (Low <= -1) at(-1) = inv;
        for (int k = 2; k <= -Low; ++k) at(-k) = at(-k + 2) * inv2;
    }
    double operator()(int k) const { return value[static_cast<std::size_t>(k - Low)]; }
};

// The point from γ and its derivatives (g_p = ∂γ/∂π etc.), p* and T* of the region.
Point from_gibbs(double p, double T, double p_star, double tau, double g, double g_p, double g_pp, double g_t, double g_tt, double g_pt) {
    Point pt;
    pt.v = R * T * g_p / p_star;
    pt.h = R * T * tau * g_t;
    pt.s = R * (tau * g_t - g);
    pt.cp = -R * tau * tau * g_tt;
    pt.dv_dp_T = R * T * g_pp / (p_star * p_star);
    pt.dv_dT_p = R / p_star * (g_p - tau * g_pt);
    (void)p;
    return pt;
}

}  // namespace

Point region1(double p, double T) {
    const double p_star = 16.53e6, pi = p / p_star, tau = 1386.0 / T;
    const Powers<-2, 32> a(7.1 - pi);       // exponents I, I − 1, I − 2
    const Powers<-43, 17> b(tau - 1.222);   // exponents J, J − 1, J − 2
    double g = 0, g_p = 0, g_pp = 0, g_t = 0, g_tt = 0, g_pt = 0;
    for (int k = 0; k < 34; ++k) {
        const int I = kI1[k], J = kJ1[k];
        const double n = kN1[k];
        g += n * a(I) * b(J);
        g_p -= n * I * a(I - 1) * b(J);
        g_pp += n * I * (I - 1) * a(I - 2) * b(J);
        g_t += n * a(I) * J * b(J - 1);
        g_tt += n * a(I) * J * (J - 1) * b(J - 2);
        g_pt -= n * I * a(I - 1) * J * b(J - 1);
    }
    return from_gibbs(p, T, p_star, tau, g, g_p, g_pp, g_t, g_tt, g_pt);
}

Point region2(double p, double T) {
    const double p_star = 1e6, pi = p / p_star, tau = 540.0 / T;
    double g = std::log(pi), g_p = 1 / pi, g_pp = -1 / (pi * pi), g_t = 0, g_tt = 0, g_pt = 0;
    const Powers<-7, 3> t0(tau);            // exponents J°, J° − 1, J° − 2
    for (int k = 0; k < 9; ++k) {
        const int J = kJ0[k];
        g += kN0[k] * t0(J);
        g_t += kN0[k] * J * t0(J - 1);
        g_tt += kN0[k] * J * (J - 1) * t0(J - 2);
    }
    const Powers<-1, 24> a(pi);
    const Powers<-2, 58> b(tau - 0.5);
    for (int k = 0; k < 43; ++k) {
        const int I = kI2[k], J = kJ2[k];
        const double n = kN2[k];
        g += n * a(I) * b(J);
        g_p += n * I * a(I - 1) * b(J);
        g_pp += n * I * (I - 1) * a(I - 2) * b(J);
        g_t += n * a(I) * J * b(J - 1);
        g_tt += n * a(I) * J * (J - 1) * b(J - 2);
        g_pt += n * I * a(I - 1) * J * b(J - 1);
    }
    return from_gibbs(p, T, p_star, tau, g, g_p, g_pp, g_t, g_tt, g_pt);
}

double saturation_pressure(double T) {
    const double theta = T + kN4[9] / (T - kN4[10]);
    const double A = theta * theta + kN4[1] * theta + kN4[2];
    const double B = kN4[3] * theta * theta + kN4[4] * theta + kN4[5];
    const double C = kN4[6] * theta * theta + kN4[7] * theta + kN4[8];
    const double x = 2 * C / (-B + std::sqrt(B * B - 4 * A * C));
    return 1e6 * x * x * x * x;
}

double saturation_temperature(double p) {
    const double beta = std::sqrt(std::sqrt(p / 1e6));
    const double E = beta * beta + kN4[3] * beta + kN4[6];
    const double F = kN4[1] * beta * beta + kN4[4] * beta + kN4[7];
    const double G = kN4[2] * beta * beta + kN4[5] * beta + kN4[8];
    const double D = 2 * G / (-F - std::sqrt(F * F - 4 * E * G));
    return 0.5 * (kN4[10] + D - std::sqrt((kN4[10] + D) * (kN4[10] + D) - 4 * (kN4[9] + kN4[10] * D)));
}

double b23_pressure(double T) { return 1e6 * (kN23[1] + kN23[2] * T + kN23[3] * T * T); }
double b23_temperature(double p) { return kN23[4] + std::sqrt((p / 1e6 - kN23[5]) / kN23[3]); }

}  // namespace lied::thermofluid::if97
